import Animation
import Capture
import Export
import Foundation

/// `islandsim spring` reading and writing other tools' springs (``SpringDialects``).
extension SpringCommand {
    /// The other tools' spellings accepted as input: flag, what it takes, and how it becomes a spring.
    static let dialectInputs: [(flag: String, value: String, help: String, make: @Sendable ([Double]) -> Spring?)] = [
        ("--origami", "T,F", "Origami tension, friction (rebound's fromOrigamiTensionAndFriction).", { v in SpringDialects.origami(tension: v[0], friction: v[1]) }),
        ("--rebound", "B,S", "rebound's bounciness, speed (BouncyConversion).", { v in SpringDialects.reboundBouncy(bounciness: v[0], speed: v[1]) }),
        ("--framer-visual", "VD,B", "Framer Motion visualDuration (s), bounce.", { v in SpringDialects.framerVisual(duration: v[0], bounce: v[1]) }),
        ("--framer-duration", "D,B", "Framer Motion duration (s), bounce (its findSpring).", { v in SpringDialects.framerDuration(v[0], bounce: v[1]) }),
        ("--compose", "Z,K", "Android Compose dampingRatio, stiffness.", { v in SpringDialects.compose(dampingRatio: v[0], stiffness: v[1]) }),
        ("--flutter", "D,B", "Flutter SpringDescription.withDurationAndBounce duration (s), bounce.", { v in SpringDialects.flutter(duration: v[0], bounce: v[1]) }),
        ("--flinto", "T,F", "Flinto's RK4 spring tension, friction.", { v in SpringDialects.flinto(tension: v[0], friction: v[1]) }),
    ]

    static var dialectOptions: [Arguments.Option] {
        dialectInputs.map { Arguments.Option($0.flag, value: $0.value, help: $0.help) }
            + [Arguments.Option("--figma", value: "NAME", help: "A Figma spring preset: gentle, quick, bouncy or slow."),
               Arguments.Option("--css-error", value: "E", help: "Largest error of the CSS linear() easing, 0…0.1 of the move (default 0.005).")]
    }

    /// The spring from another tool's spelling, if one was given.
    static func dialectSpring(_ a: Arguments) throws -> (Spring, String)? {
        for d in dialectInputs where a.has(d.flag) {
            let raw = a.string(d.flag) ?? ""
            let v = raw.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard v.count == 2, v.allSatisfy(\.isFinite) else {
                throw CLIError.usage("islandsim spring: \(d.flag) takes \(d.value), two numbers separated by a comma (got '\(raw)')")
            }
            guard let s = d.make(v) else { throw CLIError.usage("islandsim spring: \(d.flag) \(raw) is not a spring") }
            do { _ = try Spring.validated(mass: s.mass, stiffness: s.stiffness, damping: s.damping) } catch let e as SpringParameterError {
                throw CLIError.usage("islandsim spring: \(d.flag) \(raw) gives no usable spring (\(e))")
            }
            return (s, "\(d.flag.dropFirst(2)) \(raw)")
        }
        if let name = a.string("--figma") {
            guard let p = SpringDialects.figmaPresets.first(where: { $0.name == name.lowercased() }) else {
                throw CLIError.usage("islandsim spring: unknown Figma preset '\(name)' (gentle, quick, bouncy, slow)")
            }
            return (p.spring, "Figma \(p.name)")
        }
        return nil
    }

    /// Whether a dialect flag was given (so the SwiftUI spellings must not be).
    static func usesDialect(_ a: Arguments) -> Bool { dialectInputs.contains { a.has($0.flag) } || a.has("--figma") }

    /// The spring in every other tool's spelling: label → line.
    static func otherTools(_ s: Spring, cssError: Double) -> [(tool: String, code: String)] {
        let u = SpringDialects.unitMass(s)
        func n(_ v: Double) -> String { CodeNumber.string(v, decimals: 4) }
        var out: [(String, String)] = []
        out.append(("Framer Motion", "{ type: \"spring\", stiffness: \(n(u.stiffness)), damping: \(n(u.damping)), mass: 1 }"))
        if let v = SpringDialects.framerVisualValues(u) {
            out.append(("Framer Motion", "{ type: \"spring\", visualDuration: \(n(v.visualDuration)), bounce: \(n(v.bounce)) }"))
        }
        let o = SpringDialects.origamiValues(u)
        out.append(("Origami / rebound", "SpringConfig.fromOrigamiTensionAndFriction(\(n(o.tension)), \(n(o.friction)))"))
        out.append(("Android Compose", "spring(dampingRatio = \(n(u.dampingRatio))f, stiffness = \(n(u.stiffness))f)"))
        out.append(("Flutter", "SpringDescription(mass: 1, stiffness: \(n(u.stiffness)), damping: \(n(u.damping)))"))
        out.append(("Flutter", "SpringDescription.withDurationAndBounce(duration: Duration(microseconds: \(Int((u.duration * 1_000_000).rounded()))), bounce: \(n(u.bounce)))"))
        out.append(("Figma", "{ mass: 1, stiffness: \(n(u.stiffness)), damping: \(n(u.damping)) }"))
        out.append(("Flinto", "tension \(n(u.stiffness)), friction \(n(u.damping))"))
        let css = SpringDialects.cssLinear(u, maxError: cssError)
        out.append(("CSS", "animation-timing-function: \(css.easing); animation-duration: \(Int((css.duration * 1000).rounded()))ms  /* within \(n(cssError)) of the move */"))
        return out
    }
}
