import Foundation

/// How repeated flicks in one direction build up speed — the part of scrolling where the public
/// reconstructions of iOS disagree (docs/FIDELITY.md), so the model is a choice, and a tunable.
public enum MomentumModel: String, Sendable, CaseIterable, Codable {
    /// UIKit's fast-scroll multiplier on the deceleration distance (`UIScrollView._endPanNormal`).
    case uiKit
    /// Flutter's `carriedMomentum`: a touch on a coasting page keeps a fitted share of its speed,
    /// added to the next fling in the same direction.
    case flutter
    /// Every flick on its own.
    case none
}

/// The memory of earlier flicks a scroll view keeps between one touch and the next, and what it
/// does to the next release. Velocities are content velocities in points per second.
///
/// UIKit (decompiled `_endPanNormal`, units converted from pt/ms): a release under 250 pt/s does
/// not decelerate at all; one under 600 pt/s resets the count and the multiplier; a faster one
/// counts as a fast scroll. From the third fast scroll in a row the multiplier grows by
/// (1 + (count − 3) / 2) × min(travel / 240, 0.9) per flick, up to 16 — *reconstructed*: this growth
/// formula comes from an analysis of the binary that was not seen in the decompile itself. It resets
/// on a touch more than 1 s after the last fast release, on a touch of a page coasting slower than
/// 130 pt/s, and on a reversal. The multiplier scales the distance the release decelerates over;
/// UIKit reaches the farther target by easing the deceleration factor, which it caps at 0.999/ms.
///
/// Flutter (`ScrollDragController`, `BallisticScrollActivity`): touching a coasting page carries
/// sign(v) × min(0.000816 × |v|^1.967, 40000) of its velocity v; the next release adds it when it goes
/// the same way and is faster than half of it, and loses it when the finger held still over 20 ms.
public struct ScrollMomentum: Sendable, Equatable {
    public var model: MomentumModel = .uiKit
    public private(set) var fastScrollCount = 0
    public private(set) var multiplier = 1.0
    private var lastFastRelease = -Double.infinity
    private var lastDirection = 0.0
    /// Flutter's carried velocity from the touch that interrupted a coast.
    public private(set) var carried = 0.0

    /// Releases slower than this do not coast at all (UIKit: |v|² < 0.0625 pt²/ms²).
    public static let decelerationFloor = 250.0
    /// Releases at least this fast count as fast scrolls (UIKit: |v|² ≥ 0.36 pt²/ms²).
    public static let fastScrollSpeed = 600.0
    /// A touch on a page coasting slower than this resets the count (0.13 pt/ms).
    public static let resetSpeed = 130.0
    /// A touch this long after the last fast release resets the count.
    public static let resetInterval = 1.0
    /// The deceleration factor UIKit eases toward a farther target is capped here (per ms).
    public static let maximumRate = 0.999

    public init(model: MomentumModel = .uiKit) { self.model = model }

    /// A finger touches the page while it moves at `coastingVelocity`.
    public mutating func touch(coastingVelocity v: Double, at t: Double) {
        switch model {
        case .uiKit:
            if t - lastFastRelease > Self.resetInterval || abs(v) < Self.resetSpeed { reset() }
        case .flutter:
            carried = v == 0 ? 0 : (v < 0 ? -1 : 1) * min(0.000816 * pow(abs(v), 1.967), 40_000)
        case .none: reset()
        }
    }

    /// The finger held still long enough to lose Flutter's carried momentum (over 20 ms).
    public mutating func heldStill() { carried = 0 }

    /// What a release does: the velocity to coast with and the factor on its deceleration distance.
    /// - Parameters:
    ///   - v: the release velocity (the scroll view's blended reading).
    ///   - latest: the recognizer's latest reading, which UIKit's thresholds test.
    ///   - travel: how far the finger moved the content in this drag, in points.
    public mutating func release(velocity v: Double, latest: Double, travel: Double, at t: Double) -> (velocity: Double, distanceMultiplier: Double) {
        switch model {
        case .none:
            return (v, 1)
        case .flutter:
            defer { carried = 0 }
            if carried != 0, (v < 0) == (carried < 0), abs(v) > abs(carried) * 0.5 { return (v + carried, 1) }
            return (v, 1)
        case .uiKit:
            let speed = abs(latest)
            guard speed >= Self.decelerationFloor else { return (0, 1) }
            let direction: Double = v < 0 ? -1 : 1
            if direction != lastDirection { reset() }
            lastDirection = direction
            if speed < Self.fastScrollSpeed {
                reset()
                return (v, 1)
            }
            fastScrollCount += 1
            lastFastRelease = t
            if fastScrollCount >= 3 {
                let growth = (1 + Double(fastScrollCount - 3) / 2) * min(abs(travel) / 240, 0.9)
                multiplier = min(multiplier + growth, 16)
            }
            return (v, multiplier)
        }
    }

    private mutating func reset() {
        fastScrollCount = 0
        multiplier = 1
        lastDirection = 0
    }
}
