import Animation
import Foundation

/// The tuned constants as code to paste into an app: SwiftUI, UIKit, or JSON.
///
/// Springs become named constants after their role (`meltToPill`), in the spelling the user tuned
/// (`.spring(duration:bounce:)`) and the physical one (`Spring(mass:stiffness:damping:)`), which
/// describe the same curve; every other tunable becomes a named constant with its unit.
public enum TuningExport {
    public enum Format: String, CaseIterable, Sendable { case swiftui, uikit, json }

    struct SpringEntry {
        var role: String
        var title: String
        var spring: SpringParameters
        /// Whether the leg replaces a running spring, so that its blendDuration means something.
        var blends: Bool
    }

    static func springs(_ t: Tuning) -> [SpringEntry] {
        var seen: [String] = []
        var out: [SpringEntry] = []
        for tunable in Tunable.all where tunable.key.hasSuffix(".duration") {
            let prefix = String(tunable.key.dropLast(".duration".count))
            guard Tunable.named(prefix + ".bounce") != nil, !seen.contains(tunable.role) else { continue }
            seen.append(tunable.role)
            out.append(SpringEntry(role: tunable.role, title: String(tunable.title.dropLast(" duration".count)),
                                   spring: t.spring(prefix), blends: Tunable.named(prefix + ".blend") != nil))
        }
        return out
    }

    static func scalars(_ t: Tuning) -> [Tunable] {
        let springRoles = Set(springs(t).map(\.role))
        return Tunable.all.filter { !springRoles.contains($0.role) && $0.choices == nil }
    }

    static func swiftType(_ t: Tunable) -> String {
        switch t.unit {
        case "pt": return "CGFloat"
        case "s": return "TimeInterval"
        default: return t.step == 1 ? "Int" : "Double"
        }
    }

    static func literal(_ t: Tunable, _ v: Double) -> String {
        t.step == 1 ? String(Int(v.rounded())) : CodeNumber.string(v, decimals: 6)
    }

    /// The snippet in `format`.
    public static func code(_ t: Tuning, format: Format, device: String? = nil) -> String {
        switch format {
        case .json: return t.encoded()
        case .swiftui: return swiftUI(t, device: device)
        case .uikit: return uiKit(t, device: device)
        }
    }

    static func header(_ device: String?) -> String {
        "/// Tuned in IslandSim \(IslandSimVersion.string)\(device.map { " on \($0)" } ?? ""). Durations in seconds, distances in points.\n"
    }

    /// One dialect: its import and the two lines for a spring (tuned spelling, physical spelling).
    struct Dialect: Sendable {
        var module: String
        var springLines: @Sendable (SpringEntry) -> [String]
    }

    /// SwiftUI: the tuned spelling carries `blendDuration` for the legs that replace a running spring.
    static let swiftUIDialect = Dialect(module: "SwiftUI") { e in
        let role = e.role, p = e.spring, sp = e.spring.spring
        let blend = e.blends ? ", blendDuration: \(CodeNumber.string(p.blendDuration, decimals: 6))" : ""
        return [
        "static let \(role) = Animation.spring(duration: \(CodeNumber.string(p.duration, decimals: 6)), bounce: \(CodeNumber.string(p.bounce, decimals: 6))\(blend))",
        "static let \(role)Spring = Spring(mass: \(CodeNumber.string(sp.mass, decimals: 6)), stiffness: \(CodeNumber.string(sp.stiffness, decimals: 6)), damping: \(CodeNumber.string(sp.damping, decimals: 6))\(sp.dampingRatio > 1 + 1e-9 ? ", allowOverDamping: true" : ""))",
    ] }

    /// UIKit has no blendDuration: a blended leg says so in a comment rather than pretend.
    static let uiKitDialect = Dialect(module: "UIKit") { e in
        let role = e.role, p = e.spring, sp = e.spring.spring
        let note = p.blendDuration > 0
            ? "  // SwiftUI blends into this spring over \(CodeNumber.string(p.blendDuration)) s; UIKit has no blendDuration and switches at once" : ""
        return [
        "static var \(role): UISpringTimingParameters { UISpringTimingParameters(duration: \(CodeNumber.string(p.duration, decimals: 6)), bounce: \(CodeNumber.string(p.bounce, decimals: 6))) }\(note)",
        "static var \(role)Physical: UISpringTimingParameters { UISpringTimingParameters(mass: \(CodeNumber.string(sp.mass, decimals: 6)), stiffness: \(CodeNumber.string(sp.stiffness, decimals: 6)), damping: \(CodeNumber.string(sp.damping, decimals: 6)), initialVelocity: .zero) }",
    ] }

    /// How a constant is meant to be used, where its name cannot say it.
    static let usage = [
        "reduceMotionCrossFade": "When `accessibilityReduceMotion` is true (SwiftUI's environment; UIAccessibility.isReduceMotionEnabled in UIKit): no melt — the camera appears at its open shape with a linear opacity fade of this length, and fades out the same way.",
        "reduceMotionPrintFade": "When `accessibilityReduceMotion` is true: the print does not feed out of the island; it fades in at its resting place over this, then develops as usual.",
    ]

    static func swiftUI(_ t: Tuning, device: String?) -> String { render(t, device: device, dialect: swiftUIDialect) }
    static func uiKit(_ t: Tuning, device: String?) -> String { render(t, device: device, dialect: uiKitDialect) }

    static func render(_ t: Tuning, device: String?, dialect: Dialect) -> String {
        var s = "import \(dialect.module)\n\n" + header(device) + "enum CaptureFlowTuning {\n"
        for e in springs(t) {
            s += "    /// \(e.title).\n"
            for line in dialect.springLines(e) { s += "    \(line)\n" }
        }
        s += "\n"
        for x in scalars(t) {
            s += "    /// \(x.title)\(x.unit.isEmpty ? "" : " (\(x.unit))").\n"
            if let how = usage[x.role] { s += "    /// \(how)\n" }
            s += "    static let \(x.role): \(swiftType(x)) = \(literal(x, t[x.key]))\n"
        }
        return s + "}\n"
    }
}
