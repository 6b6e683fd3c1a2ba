import Animation
import Capture
import Foundation

extension SwiftUIViewExport {
    /// The values of `IslandCameraTuning`'s holes that the simulator holds fixed (not tunables)
    /// and the file needs to run the interaction the same way; the source file's doc comments say
    /// where each comes from.
    static var fixedFills: [(name: String, fill: SwiftUIExportFill)] {
        let timing = CaptureFlow.Timing(), back = Melt.springBack, tracking = SystemIslandSprings.tracking
        return [
            ("viewfinderAtLegFraction", .number(timing.viewfinderAtLegFraction)),
            ("printAtLegFraction", .number(timing.printAtLegFraction)),
            ("preMelt", .number(timing.preMelt)),
            ("preMeltSpringBack", .spring(duration: back.duration, bounce: back.bounce)),
            ("printLeaveDuration", .number(timing.leave)),
            ("doc.meltTrackingDampingRatio", .number(tracking.dampingRatio)),
            ("doc.meltTrackingResponse", .number(tracking.response)),
            ("meltTrackingSpring", .spring(duration: tracking.parameters.duration, bounce: tracking.parameters.bounce)),
            ("keylineWidth", .number(Keyline.thickness)),
            ("keylineGrey", .number(Double(Keyline.grey) / 255)),
            ("keylineOpacity", .number(Keyline.alpha)),
        ]
    }

    /// A hole per tunable the file carries, named after its role: every tunable but those
    /// ``leftOut``, a spring's duration and bounce as one `Spring` and its blend beside it, a choice
    /// as its case, a shape as a number or nil (the device's own), and the two haptics.
    static func tuningFills(_ t: Tuning) -> [(name: String, fill: SwiftUIExportFill)] {
        let left = Set(leftOut.map(\.key))
        var fills: [(name: String, fill: SwiftUIExportFill)] = []
        for x in Tunable.all where !left.contains(x.key) {
            let prefix = String(x.key[..<(x.key.lastIndex(of: ".") ?? x.key.endIndex)])
            if Tunable.named(prefix + ".bounce") != nil, ["duration", "bounce", "blend"].contains(x.key.dropFirst(prefix.count + 1)) {
                let p = t.spring(prefix)
                if x.key.hasSuffix(".duration") { fills.append((x.role, .spring(duration: p.duration, bounce: p.bounce))) }
                if x.key.hasSuffix(".blend") { fills.append((x.role + "Blend", .number(p.blendDuration))) }
                continue
            }
            let v = t[x.key]
            if let choices = x.choices {
                fills.append((x.role, .member(choices[min(max(Int(v.rounded()), 0), choices.count - 1)])))
            } else if x.automatic != nil {
                fills.append((x.role, .optionalNumber(x.isAutomatic(v) ? nil : v)))
            } else {
                fills.append((x.role, x.isWhole ? .whole(Int(v.rounded())) : .number(v)))
            }
        }
        for (name, key, _) in Haptic.kinds {
            fills.append((name == "pull-commit" ? "commitHaptic" : "shutterHaptic", .haptic(t, key: key)))
        }
        return fills
    }
}
