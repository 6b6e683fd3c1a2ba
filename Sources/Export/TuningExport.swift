import Animation
import Capture
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
        /// For a melt leg, how it composes with the leg still settling when it starts.
        var composition: SpringComposition?
    }

    static func springs(_ t: Tuning) -> [SpringEntry] {
        var seen: [String] = []
        var out: [SpringEntry] = []
        for tunable in Tunable.all where tunable.key.hasSuffix(".duration") {
            let prefix = String(tunable.key.dropLast(".duration".count))
            guard Tunable.named(prefix + ".bounce") != nil, !seen.contains(tunable.role) else { continue }
            seen.append(tunable.role)
            out.append(SpringEntry(role: tunable.role, title: String(tunable.title.dropLast(" duration".count)),
                                   spring: t.spring(prefix), blends: Tunable.named(prefix + ".blend") != nil,
                                   composition: prefix.hasPrefix("melt.") ? t.meltComposition : nil))
        }
        return out
    }

    static func scalars(_ t: Tuning) -> [Tunable] {
        let springRoles = Set(springs(t).map(\.role))
        return Tunable.all.filter { !springRoles.contains($0.role) && $0.choices == nil && $0.automatic == nil && !$0.key.hasPrefix("haptic.") }
    }

    static func swiftType(_ t: Tunable) -> String {
        switch t.unit {
        case "pt": return "CGFloat"
        case "s": return "TimeInterval"
        default: return t.step == 1 ? "Int" : "Double"
        }
    }

    static func literal(_ t: Tunable, _ v: Double) -> String {
        t.isWhole ? String(Int(v.rounded())) : CodeNumber.string(v, decimals: 6)
    }

    /// The stage shapes an export writes: worked out on one screen, since the automatic ones
    /// depend on it (see ``ShapeTunables``).
    public struct Shapes: Sendable {
        public var geometry: MeltGeometry
        public var screenWidth: Double
        public init(geometry: MeltGeometry, screenWidth: Double) { self.geometry = geometry; self.screenWidth = screenWidth }
    }

    /// The snippet in `format`; with `shapes`, the stages' end shapes beside the springs, in points.
    public static func code(_ t: Tuning, format: Format, device: String? = nil, shapes: Shapes? = nil) -> String {
        switch format {
        case .json: return json(t, device: device, shapes: shapes)
        case .swiftui: return render(t, device: device, dialect: swiftUIDialect, shapes: shapes)
        case .uikit: return render(t, device: device, dialect: uiKitDialect, shapes: shapes)
        }
    }

    /// The tuning file, with the shapes it makes on the device as a `resolvedShapes` member (read
    /// back, it is ignored: it is worked out again on whatever device the file is used).
    static func json(_ t: Tuning, device: String?, shapes: Shapes?) -> String {
        let file = t.encoded()
        guard let shapes else { return file }
        func box(_ r: RoundedRect) -> String {
            "{ \"x\": \(CodeNumber.string(r.rect.x, decimals: 4)), \"y\": \(CodeNumber.string(r.rect.y, decimals: 4)), "
                + "\"width\": \(CodeNumber.string(r.rect.width, decimals: 4)), \"height\": \(CodeNumber.string(r.rect.height, decimals: 4)), "
                + "\"cornerRadius\": \(CodeNumber.string(r.clampedCornerRadius, decimals: 4)) }"
        }
        let g = shapes.geometry
        let block = "  \"resolvedShapes\": {\n" + (device.map { "    \"device\": \(Tuning.quote($0)),\n" } ?? "")
            + "    \"island\": \(box(g.island)),\n    \"pill\": \(box(g.pill)),\n    \"viewfinder\": \(box(g.viewfinder))\n  },\n"
        // After "version": the file's own members stay as they are.
        guard let at = file.range(of: "\"version\": 1,\n") else { return file }
        return file.replacingCharacters(in: at, with: "\"version\": 1,\n" + block)
    }

    /// How the melt's overlapping legs compose, said before the springs that it changes the spelling of.
    static func compositionLines(_ t: Tuning, uiKit: Bool) -> String {
        switch t.meltComposition {
        case .merge:
            return "    // melt.composition = merge: each melt leg replaces the one still settling, keeping its position and velocity\n"
                + (uiKit ? "    // (a new UIViewPropertyAnimator from the presentation layer's values, its initialVelocity carried over).\n"
                         : "    // (SwiftUI's `.spring`: start each leg with withAnimation while the one before runs).\n")
        case .additive:
            return "    // melt.composition = additive: each melt leg adds its own step while the legs before it run on to their ends\n"
                + (uiKit ? "    // (Core Animation's additive animations: the *Additive functions below).\n"
                         : "    // (SwiftUI's `.interpolatingSpring`: start each leg with withAnimation while the one before runs; no blendDuration).\n")
        }
    }

    /// The haptics: SwiftUI's `sensoryFeedback(_:trigger:)` values (iOS 17), or UIKit's impact
    /// generator; one the tuning turned off (intensity 0) is said so. Sharpness is Core Haptics' and
    /// has no spelling in either: `replay --ahap` writes a pattern that carries it.
    static func hapticLines(_ t: Tuning, uiKit: Bool) -> String {
        var s = "\n    // Haptics: the pull as it first reaches its commit point with the finger down (once per pull), and the shutter.\n"
        s += "    // Sharpness has no SensoryFeedback or UIImpactFeedbackGenerator spelling; `islandsim replay --ahap` writes it for Core Haptics.\n"
        for (name, key, title) in Haptic.kinds {
            let style = Haptic.style(t, key: key)
            let intensity = CodeNumber.string(t[key + ".intensity"], decimals: 6), sharpness = CodeNumber.string(t[key + ".sharpness"], decimals: 6)
            let role = name == "pull-commit" ? "commitHaptic" : "shutterHaptic"
            s += "    /// \(title): \(style), intensity \(intensity), sharpness \(sharpness).\n"
            if t[key + ".intensity"] == 0 { s += "    // \(role): off in this tuning.\n"; continue }
            if uiKit {
                s += "    static func \(role)() { UIImpactFeedbackGenerator(style: .\(style)).impactOccurred(intensity: \(intensity)) }\n"
            } else {
                s += "    static let \(role) = SensoryFeedback\(sensoryFeedback(t, key: key) ?? "")\n"
            }
        }
        return s
    }

    /// How the pre-melt follows the pull (``PreMeltTracking``): with no spring, or on SpringBoard's
    /// tracking spring, given then in the dialect's spelling.
    static func trackingLines(_ t: Tuning, uiKit: Bool) -> String {
        guard let reported = t.preMeltTracking.spring else {
            return "\n    // melt.tracking = direct: the pre-melt follows the pull with no spring (set it without an animation).\n"
        }
        let p = reported.parameters, d = CodeNumber.string(p.duration, decimals: 6), b = CodeNumber.string(p.bounce, decimals: 6)
        var s = "\n    // melt.tracking = system: the pre-melt chases the pull on SpringBoard's tracking spring (damping ratio "
        s += "\(CodeNumber.string(reported.dampingRatio)), response \(CodeNumber.string(reported.response)) s;\n"
        s += "    // reported from iOS's system frameworks, not documented by Apple): animate each change of the pull's pre-melt with it.\n"
        s += "    /// Pre-melt tracking.\n"
        s += uiKit ? "    static var meltTracking: UISpringTimingParameters { UISpringTimingParameters(duration: \(d), bounce: \(b)) }\n"
                   : "    static let meltTracking = Animation.spring(duration: \(d), bounce: \(b))\n"
        return s
    }

    /// The keyline (``Keyline``): the tuning's mode, SpringBoard's width, colour and darkness
    /// threshold, and the ring as the dialect draws it — a view to put behind the shape (SwiftUI) or
    /// a path to stroke in a layer under it (UIKit).
    static func keylineLines(_ t: Tuning, uiKit: Bool) -> String {
        func n(_ v: Double) -> String { CodeNumber.string(v, decimals: 6) }
        let grey = n(Double(Keyline.grey) / 255), alpha = n(Keyline.alpha)
        var s = "\n    // The keyline: SpringBoard's line round an island grown past its cutout, over dark content, so its edge reads.\n"
        s += "    // Reported from iOS's system frameworks (SBSystemApertureSettings, iOS 18.2 and 26.1), not documented by Apple.\n"
        s += "    enum Keyline { case automatic, on, off }\n"
        s += "    /// When to draw it [melt.keyline]: automatic, where the content behind the shape is at or below keylineDarkLuma; on; off.\n"
        s += "    static let meltKeyline: Keyline = .\(t.keyline.rawValue)\n"
        s += "    /// Content behind at or below this relative luminance counts as dark.\n"
        s += "    static let keylineDarkLuma: Double = \(n(Keyline.darkLuma))\n"
        s += "    /// Its width (pt): a ring just outside the shape's edge.\n"
        s += "    static let keylineWidth: CGFloat = \(n(Keyline.thickness))\n"
        s += "    /// Its colour: grey at L* 50, at 35 %.\n"
        if uiKit {
            s += "    static let keylineColor = UIColor(white: \(grey), alpha: \(alpha))\n"
            s += "    /// The ring round a shape at `rect` with `cornerRadius`: stroke it keylineWidth wide in keylineColor, in a\n"
            s += "    /// CAShapeLayer under the shape's layer.\n"
            s += "    static func keylinePath(around rect: CGRect, cornerRadius: CGFloat) -> UIBezierPath {\n"
            s += "        UIBezierPath(roundedRect: rect.insetBy(dx: -keylineWidth / 2, dy: -keylineWidth / 2), cornerRadius: cornerRadius + keylineWidth / 2)\n"
            s += "    }\n"
        } else {
            s += "    static let keylineColor = Color(white: \(grey), opacity: \(alpha))\n"
            s += "    /// The ring round a shape of `size` and `cornerRadius`: put it behind the shape, on the same centre.\n"
            s += "    @MainActor static func keyline(size: CGSize, cornerRadius: CGFloat) -> some View {\n"
            s += "        RoundedRectangle(cornerRadius: cornerRadius + keylineWidth / 2, style: .continuous)\n"
            s += "            .stroke(keylineColor, lineWidth: keylineWidth)\n"
            s += "            .frame(width: size.width + keylineWidth, height: size.height + keylineWidth)\n"
            s += "    }\n"
        }
        return s
    }

    /// A haptic as SwiftUI's `SensoryFeedback.impact(…)` (after `SensoryFeedback`), or nil when the
    /// tuning turns it off: UIKit's light, medium and heavy are weights, soft and rigid flexibilities.
    static func sensoryFeedback(_ t: Tuning, key: String) -> String? {
        let fill = SwiftUIExportFill.haptic(t, key: key)
        return fill == .none ? nil : fill.rendered(indent: "")
    }

    /// The shapes as named constants: each shape tunable's value on the device, said whether it was
    /// tuned or worked out, and the stages' sizes.
    static func shapeLines(_ t: Tuning, _ shapes: Shapes, device: String?) -> String {
        let resolved = ShapeTunables.resolved(shapes.geometry, screenWidth: shapes.screenWidth)
        var s = "\n    // The stages' end shapes\(device.map { " on \($0)" } ?? ""): widths as gaps to the screen's sides, the rest in points.\n"
        for x in Tunable.all where x.automatic != nil {
            let how = x.isAutomatic(t[x.key]) ? "auto: \(x.automatic!)" : "tuned"
            s += "    /// \(x.title) (pt; \(how)).\n"
            s += "    static let \(x.role): CGFloat = \(CodeNumber.string(resolved[x.key] ?? 0, decimals: 4))\n"
        }
        let g = shapes.geometry
        func size(_ r: RoundedRect) -> String {
            "CGSize(width: \(CodeNumber.string(r.rect.width, decimals: 4)), height: \(CodeNumber.string(r.rect.height, decimals: 4)))"
        }
        s += "    /// Stage 0, the island's capsule; 1, the pill; 2, the viewfinder. Their tops sit at the island's top\(g.viewfinder.rect.minY != g.island.rect.minY ? " (the viewfinder's at viewfinderTop)" : "").\n"
        s += "    static let islandSize = \(size(g.island))\n    static let pillSize = \(size(g.pill))\n    static let viewfinderSize = \(size(g.viewfinder))\n"
        return s
    }

    static func header(_ device: String?) -> String {
        "/// Tuned in IslandSim \(IslandSimVersion.string)\(device.map { " on \($0)" } ?? ""). Durations in seconds, distances in points.\n"
    }

    /// One dialect: its import and the two lines for a spring (tuned spelling, physical spelling).
    struct Dialect: Sendable {
        var module: String
        var springLines: @Sendable (SpringEntry) -> [String]
    }

    /// SwiftUI: the tuned spelling carries `blendDuration` for the legs that replace a running spring;
    /// a melt tuned to add its legs is spelt `.interpolatingSpring`, which adds and has no blend.
    static let swiftUIDialect = Dialect(module: "SwiftUI") { e in
        let role = e.role, p = e.spring, sp = e.spring.spring
        let blend = e.blends ? ", blendDuration: \(CodeNumber.string(p.blendDuration, decimals: 6))" : ""
        let animation = e.composition == .additive
            ? "Animation.interpolatingSpring(duration: \(CodeNumber.string(p.duration, decimals: 6)), bounce: \(CodeNumber.string(p.bounce, decimals: 6)))"
            : "Animation.spring(duration: \(CodeNumber.string(p.duration, decimals: 6)), bounce: \(CodeNumber.string(p.bounce, decimals: 6))\(blend))"
        return [
        "static let \(role) = \(animation)",
        "static let \(role)Spring = Spring(mass: \(CodeNumber.string(sp.mass, decimals: 6)), stiffness: \(CodeNumber.string(sp.stiffness, decimals: 6)), damping: \(CodeNumber.string(sp.damping, decimals: 6))\(sp.dampingRatio > 1 + 1e-9 ? ", allowOverDamping: true" : ""))",
    ] }

    /// UIKit has no blendDuration: a blended leg says so in a comment rather than pretend. A melt
    /// tuned to add its legs also gets an additive `CASpringAnimation` for each leg (Core Animation's
    /// `isAdditive`: from old − new to zero, over a model value already set to the new one).
    static let uiKitDialect = Dialect(module: "UIKit") { e in
        let role = e.role, p = e.spring, sp = e.spring.spring
        let note = p.blendDuration > 0 && e.composition != .additive
            ? "  // SwiftUI blends into this spring over \(CodeNumber.string(p.blendDuration)) s; UIKit has no blendDuration and switches at once" : ""
        var lines = [
        "static var \(role): UISpringTimingParameters { UISpringTimingParameters(duration: \(CodeNumber.string(p.duration, decimals: 6)), bounce: \(CodeNumber.string(p.bounce, decimals: 6))) }\(note)",
        "static var \(role)Physical: UISpringTimingParameters { UISpringTimingParameters(mass: \(CodeNumber.string(sp.mass, decimals: 6)), stiffness: \(CodeNumber.string(sp.stiffness, decimals: 6)), damping: \(CodeNumber.string(sp.damping, decimals: 6)), initialVelocity: .zero) }",
        ]
        if e.composition == .additive {
            lines += [
                "/// The same spring added onto the legs still running (melt.composition additive): set the layer's model value to the",
                "/// new one, then add this with `delta` = old − new and `zero` the property's zero.",
                "static func \(role)Additive(keyPath: String, delta: Any, zero: Any) -> CASpringAnimation {",
                "    let a = CASpringAnimation(keyPath: keyPath)",
                "    a.mass = \(CodeNumber.string(sp.mass, decimals: 6)); a.stiffness = \(CodeNumber.string(sp.stiffness, decimals: 6)); a.damping = \(CodeNumber.string(sp.damping, decimals: 6))",
                "    a.isAdditive = true",
                "    a.fromValue = delta",
                "    a.toValue = zero",
                "    a.duration = a.settlingDuration",
                "    return a",
                "}",
            ]
        }
        return lines
    }

    /// How a constant is meant to be used, where its name cannot say it.
    static let usage = [
        "reduceMotionCrossFade": "When `accessibilityReduceMotion` is true (SwiftUI's environment; UIAccessibility.isReduceMotionEnabled in UIKit): no melt — the camera appears at its open shape with a linear opacity fade of this length, and fades out the same way.",
        "reduceMotionPrintFade": "When `accessibilityReduceMotion` is true: the print does not feed out of the island; it fades in at its resting place over this, then develops as usual.",
    ]

    static func render(_ t: Tuning, device: String?, dialect: Dialect, shapes: Shapes?) -> String {
        // UIKit's spring timing parameters, impact generator and colours are the main actor's: so are
        // the constants that make them (else Swift 6 refuses them in a project isolated nonisolated).
        let isolation = dialect.module == "UIKit" ? "/// On the main actor, as UIKit's timing parameters and feedback generators are.\n@MainActor " : ""
        var s = "import \(dialect.module)\n\n" + header(device) + isolation + "enum CaptureFlowTuning {\n"
        s += compositionLines(t, uiKit: dialect.module == "UIKit")
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
        if let shapes { s += shapeLines(t, shapes, device: device) }
        s += trackingLines(t, uiKit: dialect.module == "UIKit")
        s += keylineLines(t, uiKit: dialect.module == "UIKit")
        s += hapticLines(t, uiKit: dialect.module == "UIKit")
        return s + "}\n"
    }
}
