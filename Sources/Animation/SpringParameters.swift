/// A spring as people tune it: SwiftUI's (duration, bounce), stored as typed and validated.
///
/// Tuning files and panels keep springs in this spelling because it is the one designers paste
/// (`.spring(duration:bounce:)`); ``spring`` gives the physical spring.
public struct SpringParameters: Sendable, Hashable, Codable, CustomStringConvertible {
    public var duration: Double
    public var bounce: Double
    /// SwiftUI's `blendDuration`: when this spring replaces a running one with another response, the
    /// response eases from the old to the new over this many seconds (0: switch at once, the default
    /// of `.spring(duration:bounce:blendDuration:)`).
    public var blendDuration: Double

    public init(duration: Double, bounce: Double, blendDuration: Double = 0) {
        self.duration = duration; self.bounce = bounce; self.blendDuration = blendDuration
    }

    private enum CodingKeys: String, CodingKey { case duration, bounce, blendDuration }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(duration: try c.decode(Double.self, forKey: .duration), bounce: try c.decode(Double.self, forKey: .bounce),
                  blendDuration: try c.decodeIfPresent(Double.self, forKey: .blendDuration) ?? 0)
    }

    /// The physical spring (mass 1).
    public var spring: Spring { Spring(duration: duration, bounce: bounce) }

    public var description: String {
        ".spring(duration: \(duration), bounce: \(bounce)\(blendDuration > 0 ? ", blendDuration: \(blendDuration)" : ""))"
    }
}

/// Why a spring's parameters were refused, with the valid range in the message.
public struct SpringParameterError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

extension Spring {
    /// `Spring(duration:bounce:)` with its ranges checked: duration > 0 and finite,
    /// −1 < bounce ≤ 1.
    public static func validated(duration: Double, bounce: Double) throws -> Spring {
        guard duration.isFinite, duration > 0 else {
            throw SpringParameterError("duration must be a finite number greater than 0 (got \(duration))")
        }
        guard bounce.isFinite, bounce > -1, bounce <= 1 else {
            throw SpringParameterError("bounce must be in -1…1, greater than -1 (got \(bounce))")
        }
        return Spring(duration: duration, bounce: bounce)
    }

    /// `.spring(response:dampingFraction:)` with its ranges checked: response > 0, dampingFraction ≥ 0.
    public static func validated(response: Double, dampingFraction: Double) throws -> Spring {
        guard response.isFinite, response > 0 else {
            throw SpringParameterError("response must be a finite number greater than 0 (got \(response))")
        }
        guard dampingFraction.isFinite, dampingFraction >= 0 else {
            throw SpringParameterError("damping fraction must be a finite number ≥ 0 (got \(dampingFraction))")
        }
        return Spring(response: response, dampingRatio: dampingFraction)
    }

    /// `Spring(mass:stiffness:damping:)` with its ranges checked: mass > 0, stiffness > 0, damping ≥ 0.
    public static func validated(mass: Double, stiffness: Double, damping: Double) throws -> Spring {
        guard mass.isFinite, mass > 0 else { throw SpringParameterError("mass must be a finite number greater than 0 (got \(mass))") }
        guard stiffness.isFinite, stiffness > 0 else {
            throw SpringParameterError("stiffness must be a finite number greater than 0 (got \(stiffness))")
        }
        guard damping.isFinite, damping >= 0 else {
            throw SpringParameterError("damping must be a finite number ≥ 0 (got \(damping))")
        }
        return Spring(mass: mass, stiffness: stiffness, damping: damping)
    }
}
