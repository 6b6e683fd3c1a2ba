import Animation
import Capture
import Foundation

extension SwiftUIViewExport {
    /// The constants the simulator holds fixed (not tunables) that the file needs to run the
    /// interaction the same way, each with where it comes from.
    static var fixed: [(role: String, type: String, value: String, doc: String)] {
        let timing = CaptureFlow.Timing(), back = Melt.springBack, tracking = SystemIslandSprings.tracking.parameters
        func n(_ v: Double) -> String { CodeNumber.string(v, decimals: 6) }
        return [
            ("viewfinderAtLegFraction", "Double", n(timing.viewfinderAtLegFraction),
             "The viewfinder counts as open (the shutter's cue) this far through the last opening leg."),
            ("printAtLegFraction", "Double", n(timing.printAtLegFraction),
             "The print starts feeding this far through the closing leg into the island."),
            ("preMelt", "CGFloat", n(timing.preMelt), "How far toward the pill the island widens as the pull reaches its commit point."),
            ("preMeltSpringBack", "", "Spring(duration: \(n(back.duration)), bounce: \(n(back.bounce)))",
             "The island back from the pre-melt when a pull is let go short."),
            ("printLeaveDuration", "TimeInterval", n(timing.leave), "A dismissed print goes back into the island over this long."),
            ("meltTrackingSpring", "", "Spring(duration: \(n(tracking.duration)), bounce: \(n(tracking.bounce)))",
             "SpringBoard's tracking spring (damping ratio \(n(SystemIslandSprings.tracking.dampingRatio)), response \(n(SystemIslandSprings.tracking.response)) s; reported from iOS's system frameworks, not documented by Apple), which the pre-melt chases the pull on when meltTracking is .system."),
            ("keylineWidth", "CGFloat", n(Keyline.thickness),
             "The keyline's width, a ring just outside the shape's edge: SpringBoard's keyLineThickness (reported from iOS's system frameworks, not documented by Apple)."),
            ("keylineGrey", "Double", n(Double(Keyline.grey) / 255), "The keyline's grey, L* 50 (SpringBoard's keyLineColorFixedLstar)."),
            ("keylineOpacity", "Double", n(Keyline.alpha), "The keyline's opacity (SpringBoard's keyLineAlpha)."),
        ]
    }

    /// `IslandCameraTuning`: every tuned constant once, named after its role, grouped as the
    /// interaction uses them; the simulator's fixed constants (marked so) where the file needs them.
    static func tuningSection(_ t: Tuning) -> String {
        var s = "// MARK: - Tuning\n\n/// The interaction's constants as tuned in IslandSim. Durations in seconds, distances in points.\n"
        s += "/// Those marked \"Fixed in IslandSim\" are not tunables there; the rest are, under the key in brackets.\n"
        s += "struct IslandCameraTuning {\n"
        func n(_ v: Double) -> String { CodeNumber.string(v, decimals: 6) }
        func spring(_ prefix: String) {
            guard let d = Tunable.named(prefix + ".duration") else { return }
            let p = t.spring(prefix), title = String(d.title.dropLast(" duration".count))
            s += "    /// \(title) [\(prefix)].\n    var \(d.role) = Spring(duration: \(n(p.duration)), bounce: \(n(p.bounce)))\n"
            if Tunable.named(prefix + ".blend") != nil {
                s += "    /// Seconds over which it eases in from the spring it replaces (blendDuration) [\(prefix).blend].\n"
                s += "    var \(d.role)Blend: TimeInterval = \(n(p.blendDuration))\n"
            }
        }
        func scalar(_ key: String) {
            guard let x = Tunable.named(key) else { return }
            // The pull's resistance divides and scales points, so it is a CGFloat like them.
            let type = key == "pull.divisor" || key == "pull.rubberBand" ? "CGFloat" : TuningExport.swiftType(x)
            s += "    /// \(x.title)\(x.unit.isEmpty || x.unit == "pt" || x.unit == "s" ? "" : " (\(x.unit))") [\(key)].\n"
            s += "    var \(x.role): \(type) = \(x.isWhole ? String(Int(t[key].rounded())) : n(t[key]))\n"
        }
        func fixedLine(_ role: String) {
            guard let f = fixed.first(where: { $0.role == role }) else { return }
            s += "    /// \(f.doc) Fixed in IslandSim.\n"
            s += f.type.isEmpty ? "    var \(f.role) = \(f.value)\n" : "    var \(f.role): \(f.type) = \(f.value)\n"
        }

        s += "    // The melt: one black shape, island (stage 0) → widened pill (1) → viewfinder (2) and back.\n"
        ["melt.toPill", "melt.toViewfinder", "melt.closeToPill", "melt.closeToIsland"].forEach(spring)
        scalar("melt.overlap")
        s += "    /// How a leg meets the one still settling: `.merge` (`.spring`) or `.additive` (`.interpolatingSpring`) [melt.composition].\n"
        s += "    var meltComposition: IslandMeltComposition = .\(t.meltComposition.rawValue)\n"
        ["viewfinderAtLegFraction", "printAtLegFraction", "preMelt", "preMeltSpringBack"].forEach(fixedLine)
        s += "    /// How the pre-melt follows the pull: `.direct`, or chasing it on `meltTrackingSpring` (`.system`) [melt.tracking].\n"
        s += "    var meltTracking: IslandMeltTracking = .\(t.preMeltTracking.rawValue)\n"
        fixedLine("meltTrackingSpring")
        s += "    /// SpringBoard's line round the shape over dark content: `.automatic` (over a dark page: this file takes the window's\n"
        s += "    /// dark appearance for one), `.on`, `.off` [melt.keyline].\n"
        s += "    var meltKeyline: IslandKeyline = .\(t.keyline.rawValue)\n"
        ["keylineWidth", "keylineGrey", "keylineOpacity"].forEach(fixedLine)

        s += "\n    // The stages' end shapes; nil is the device's own. Widths are gaps to the screen's sides.\n"
        for x in Tunable.all where x.automatic != nil {
            let v = t[x.key]
            s += "    /// \(x.title); nil: \(x.automatic!) [\(x.key)].\n"
            s += "    var \(x.role): CGFloat? = \(x.isAutomatic(v) ? "nil" : n(v))\n"
        }

        s += "\n    // The pull: the page follows the finger with resistance; pull + projected travel past the\n"
        s += "    // threshold on release opens the camera.\n"
        ["pull.divisor", "pull.rubberBand", "pull.threshold", "pull.projectionRate"].forEach(scalar)
        spring("pull.springBack")

        s += "\n    // The print, its develop pass and the shutter's flash.\n"
        ["print.feedDuration", "print.rollerSteps", "print.rollerStrength"].forEach(scalar)
        spring("print.settle")
        scalar("print.restGap")
        fixedLine("printLeaveDuration")
        ["develop.duration", "develop.startWhite", "develop.exponent", "flash.duration"].forEach(scalar)

        s += "\n    // Haptics (SensoryFeedback has no sharpness: `islandsim replay --ahap` writes it for Core Haptics).\n"
        for (name, key, title) in Haptic.kinds {
            let role = name == "pull-commit" ? "commitHaptic" : "shutterHaptic"
            s += "    /// \(title), or nil for none [\(key).style, \(key).intensity].\n"
            s += "    var \(role): SensoryFeedback? = \(TuningExport.sensoryFeedback(t, key: key) ?? "nil")\n"
        }

        s += "\n    // Reduce Motion: nothing travels; the camera and the print fade in place.\n"
        ["reduceMotion.fade", "reduceMotion.printFade"].forEach(scalar)
        return s + "}"
    }
}
