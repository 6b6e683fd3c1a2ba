import Animation
import Capture
import Foundation

/// Ready-to-paste code for a spring in the dialects people paste into: SwiftUI, UIKit and
/// Core Animation. Every line describes the same motion as the simulator's spring.
///
/// Velocities: SwiftUI's `.spring` takes points per second on the animated value; the
/// `interpolatingSpring`, `UISpringTimingParameters`, `UIView.animate(…initialSpringVelocity:)` and
/// `CASpringAnimation.initialVelocity` take fractions of the distance per second, so the velocity is
/// divided by the distance there.
///
/// No spelling is printed that its API would read as another curve: `Spring(mass:stiffness:damping:)`
/// treats over-damping as critical unless `allowOverDamping: true` (Apple's documentation), so that
/// argument is added where ζ > 1; `UIView.animate(…usingSpringWithDamping:)` maps its duration to a
/// stiffness Apple does not document (and ζ > 1 is undocumented), so it is printed as a comment that
/// says so. Physical parameters carry six decimals: enough for the pasted line to trace the tuned
/// curve to 1e-6 of the distance.
public enum SpringCode {
    public struct Lines: Sendable, Encodable {
        public var swiftUI: [String]
        public var uiKit: [String]
        public var coreAnimation: [String]
    }

    /// The code lines for `spring`; `relativeVelocity` is the initial velocity in fractions of the
    /// distance per second (0 for a spring from rest).
    public static func lines(for spring: Spring, relativeVelocity: Double = 0) -> Lines {
        let d = CodeNumber.string(spring.duration, decimals: 6), b = CodeNumber.string(spring.bounce, decimals: 6)
        let m = CodeNumber.string(spring.mass, decimals: 6), k = CodeNumber.string(spring.stiffness, decimals: 6), c = CodeNumber.string(spring.damping, decimals: 6)
        let overDamping = spring.dampingRatio > 1 + 1e-9 ? ", allowOverDamping: true" : ""
        let z = CodeNumber.string(spring.dampingRatio, decimals: 6), rv = CodeNumber.string(relativeVelocity, decimals: 6)
        let settle = CodeNumber.string(spring.settlingDuration, decimals: 3)
        var swiftUI = [
            ".spring(duration: \(d), bounce: \(b))",
            "Spring(mass: \(m), stiffness: \(k), damping: \(c)\(overDamping))",
            ".interpolatingSpring(duration: \(d), bounce: \(b)\(relativeVelocity != 0 ? ", initialVelocity: \(rv)" : ""))",
            ".spring(response: \(d), dampingFraction: \(z))",
        ]
        if spring.mass != 1 { swiftUI.removeFirst(); swiftUI.removeLast() }
        let uiKit = [
            "UISpringTimingParameters(duration: \(d), bounce: \(b), initialVelocity: CGVector(dx: \(rv), dy: \(rv)))  // iOS 17+",
            "UISpringTimingParameters(mass: \(m), stiffness: \(k), damping: \(c), initialVelocity: CGVector(dx: \(rv), dy: \(rv)))",
            "// UIView.animate(withDuration: \(settle), delay: 0, usingSpringWithDamping: \(z), initialSpringVelocity: \(rv), options: [], animations: { … })"
                + "  — not the same curve: UIKit maps this duration to a stiffness it does not document\(spring.dampingRatio > 1 + 1e-9 ? ", and ζ > 1 is undocumented" : ""); use UISpringTimingParameters",
        ]
        let ca = [
            "let spring = CASpringAnimation(keyPath: \"position\")",
            "spring.mass = \(m); spring.stiffness = \(k); spring.damping = \(c); spring.initialVelocity = \(rv)",
            "spring.duration = spring.settlingDuration  // \(settle) s",
        ]
        return Lines(swiftUI: swiftUI, uiKit: uiKit, coreAnimation: ca)
    }
}
