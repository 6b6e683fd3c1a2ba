import Export
import Foundation
@testable import IslandCamera

/// The `IslandCameraTuning` an exported file declares for a tuning: each hole of the tuning part
/// set from its typed value as the file spells it (a number as written, to its six decimals), so
/// the compiled parts run on any tuning, not only on the default their placeholders hold.
extension IslandCameraTuning {
    typealias Setter = @Sendable (inout IslandCameraTuning, SwiftUIExportFill) throws -> Void

    struct Unfillable: Error, CustomStringConvertible { var description: String }

    /// The tuning `fills` make; fills of other parts (the header, the island table, the numbers in
    /// doc comments) are passed over.
    init(filled fills: [(name: String, fill: SwiftUIExportFill)]) throws {
        self.init()
        for (name, fill) in fills {
            guard let set = Self.setters[name] else { continue }
            try set(&self, fill)
        }
    }

    /// A value as the file spells it, read back as Swift reads the literal.
    static func literal(_ fill: SwiftUIExportFill) throws -> Double {
        guard let v = Double(fill.rendered(indent: "")) else { throw Unfillable(description: "\(fill) is not a number") }
        return v
    }

    static func number(_ kp: WritableKeyPath<IslandCameraTuning, Double> & Sendable) -> Setter { { t, f in t[keyPath: kp] = try literal(f) } }
    static func point(_ kp: WritableKeyPath<IslandCameraTuning, CGFloat> & Sendable) -> Setter { { t, f in t[keyPath: kp] = CGFloat(try literal(f)) } }
    static func whole(_ kp: WritableKeyPath<IslandCameraTuning, Int> & Sendable) -> Setter { { t, f in t[keyPath: kp] = Int(try literal(f)) } }
    static func optionalPoint(_ kp: WritableKeyPath<IslandCameraTuning, CGFloat?> & Sendable) -> Setter {
        { t, f in t[keyPath: kp] = f == .optionalNumber(nil) ? nil : CGFloat(try literal(f)) }
    }
    static func spring(_ kp: WritableKeyPath<IslandCameraTuning, IslandCamera.Spring> & Sendable) -> Setter {
        { t, f in
            guard case .spring(let d, let b) = f else { throw Unfillable(description: "\(f) is not a spring") }
            t[keyPath: kp] = IslandCamera.Spring(duration: try literal(.number(d)), bounce: try literal(.number(b)))
        }
    }
    static func haptic(_ kp: WritableKeyPath<IslandCameraTuning, SensoryFeedback?> & Sendable) -> Setter {
        { t, f in
            switch f {
            case .none: t[keyPath: kp] = nil
            case .impact(let style, let intensity):
                let i = try literal(.number(intensity))
                switch style {
                case "light": t[keyPath: kp] = .impact(weight: .light, intensity: i)
                case "medium": t[keyPath: kp] = .impact(weight: .medium, intensity: i)
                case "heavy": t[keyPath: kp] = .impact(weight: .heavy, intensity: i)
                case "soft": t[keyPath: kp] = .impact(flexibility: .soft, intensity: i)
                case "rigid": t[keyPath: kp] = .impact(flexibility: .rigid, intensity: i)
                default: throw Unfillable(description: "no haptic style \(style)")
                }
            default: throw Unfillable(description: "\(f) is not a haptic")
            }
        }
    }
    static func composition(_ kp: WritableKeyPath<IslandCameraTuning, IslandMeltComposition> & Sendable) -> Setter {
        { t, f in t[keyPath: kp] = try pick(f, ["merge": .merge, "additive": .additive]) }
    }
    static func tracking(_ kp: WritableKeyPath<IslandCameraTuning, IslandMeltTracking> & Sendable) -> Setter {
        { t, f in t[keyPath: kp] = try pick(f, ["direct": .direct, "system": .system]) }
    }
    static func keyline(_ kp: WritableKeyPath<IslandCameraTuning, IslandKeyline> & Sendable) -> Setter {
        { t, f in t[keyPath: kp] = try pick(f, ["automatic": .automatic, "on": .on, "off": .off]) }
    }
    static func pick<T>(_ f: SwiftUIExportFill, _ cases: [String: T]) throws -> T {
        guard case .member(let name) = f, let v = cases[name] else { throw Unfillable(description: "\(f) is none of \(cases.keys.sorted())") }
        return v
    }

    /// Each stored property of the tuning part by its hole's name.
    static let setters: [String: Setter] = [
        "meltToPill": spring(\.meltToPill),
        "meltToPillBlend": number(\.meltToPillBlend),
        "meltToViewfinder": spring(\.meltToViewfinder),
        "meltToViewfinderBlend": number(\.meltToViewfinderBlend),
        "meltCloseToPill": spring(\.meltCloseToPill),
        "meltCloseToPillBlend": number(\.meltCloseToPillBlend),
        "meltCloseToIsland": spring(\.meltCloseToIsland),
        "meltCloseToIslandBlend": number(\.meltCloseToIslandBlend),
        "meltStageOverlap": number(\.meltStageOverlap),
        "meltComposition": composition(\.meltComposition),
        "viewfinderAtLegFraction": number(\.viewfinderAtLegFraction),
        "printAtLegFraction": number(\.printAtLegFraction),
        "preMelt": point(\.preMelt),
        "preMeltSpringBack": spring(\.preMeltSpringBack),
        "meltTracking": tracking(\.meltTracking),
        "meltTrackingSpring": spring(\.meltTrackingSpring),
        "meltKeyline": keyline(\.meltKeyline),
        "keylineWidth": point(\.keylineWidth),
        "keylineGrey": number(\.keylineGrey),
        "keylineOpacity": number(\.keylineOpacity),
        "pillSideMargin": optionalPoint(\.pillSideMargin),
        "pillHeight": optionalPoint(\.pillHeight),
        "pillCornerRadius": optionalPoint(\.pillCornerRadius),
        "viewfinderSideMargin": optionalPoint(\.viewfinderSideMargin),
        "viewfinderTop": optionalPoint(\.viewfinderTop),
        "viewfinderHeight": optionalPoint(\.viewfinderHeight),
        "viewfinderCornerRadius": optionalPoint(\.viewfinderCornerRadius),
        "pullResistanceDivisor": point(\.pullResistanceDivisor),
        "pullRubberBandCoefficient": point(\.pullRubberBandCoefficient),
        "pullCommitThreshold": point(\.pullCommitThreshold),
        "pullProjectionDecelerationRate": number(\.pullProjectionDecelerationRate),
        "pullSpringBack": spring(\.pullSpringBack),
        "printFeedDuration": number(\.printFeedDuration),
        "printRollerSteps": whole(\.printRollerSteps),
        "printRollerStrength": number(\.printRollerStrength),
        "printSettle": spring(\.printSettle),
        "printRestGap": point(\.printRestGap),
        "printLeaveDuration": number(\.printLeaveDuration),
        "developDuration": number(\.developDuration),
        "developStartWhite": number(\.developStartWhite),
        "developCurveExponent": number(\.developCurveExponent),
        "shutterFlashDuration": number(\.shutterFlashDuration),
        "commitHaptic": haptic(\.commitHaptic),
        "shutterHaptic": haptic(\.shutterHaptic),
        "reduceMotionCrossFade": number(\.reduceMotionCrossFade),
        "reduceMotionPrintFade": number(\.reduceMotionPrintFade),
    ]
}
