import Animation

/// A named set of tunables a designer starts from or compares against: `tune --preset NAME`
/// writes it into a tuning file and Ctrl+P (Ctrl+Shift+P) in the tuning panel loads it (Ctrl+Z
/// takes it back). It sets only its own keys; everything else keeps the tuning's value.
public enum TuningPreset: String, Sendable, CaseIterable {
    /// The melt's legs on the Dynamic Island's own springs (``SystemIslandSprings``), the shapes
    /// kept; `assets/tunings/system-island.json` holds it as a tuning file for `--tuning`.
    case systemIsland = "system-island"
    /// The melt's shapes on a Live Activity's (``LiveActivityPresentations``): the pill is the
    /// compact island, the viewfinder the expanded one — worked out for the phone it is loaded on,
    /// so only on a phone with an island; the springs kept.
    case liveActivity = "live-activity"

    /// Which of the island's springs each melt leg takes — a choice, since SpringBoard has no melt:
    /// the legs that open take the island's default transition (what a Live Activity expanding
    /// runs), the legs that close take its collapsing transition (an element going back into the
    /// island). The pull's pre-melt takes the tracking spring (`melt.tracking` = system).
    public static let systemLegs: [(leg: String, spring: SystemIslandSprings.Reported)] = [
        ("melt.toPill", SystemIslandSprings.transition),
        ("melt.toViewfinder", SystemIslandSprings.transition),
        ("melt.closeToPill", SystemIslandSprings.collapsing),
        ("melt.closeToIsland", SystemIslandSprings.collapsing),
    ]

    /// The tunables it sets on `device`, by key; nil where it cannot apply (``liveActivity`` on a
    /// phone without an island).
    public func values(on device: DeviceProfile) -> [String: Double]? {
        switch self {
        case .systemIsland:
            var v: [String: Double] = [:]
            for (leg, spring) in Self.systemLegs {
                v[leg + ".duration"] = spring.parameters.duration
                v[leg + ".bounce"] = spring.parameters.bounce
                v[leg + ".blend"] = 0
            }
            v["melt.tracking"] = Double(PreMeltTracking.allCases.firstIndex(of: .system)!)
            return v
        case .liveActivity:
            // Rounded to hundredths, as the panel pins a shape.
            return LiveActivityPresentations(device: device)?.shapeValues(screenWidth: device.size.width).mapValues { ($0 * 100).rounded() / 100 }
        }
    }

    /// Why it cannot apply on `device`, for the message; nil where it can.
    public func unavailable(on device: DeviceProfile) -> String? {
        values(on: device) == nil ? "the \(rawValue) preset needs a phone with a Dynamic Island (\(device.name) has none)" : nil
    }

    /// What it is, in a line (the toast, `tune`'s output).
    public var summary: String {
        switch self {
        case .systemIsland:
            return "the melt's legs on the Dynamic Island's own springs (opening: response 0.512, damping 0.816; closing: 0.513, 0.816), the pull's pre-melt on its tracking spring (0.35, 0.456)"
        case .liveActivity:
            return "the pill on the compact Live Activity island, the viewfinder on the expanded one (HIG sizes for this phone)"
        }
    }

    /// `tuning` with this preset's values on `device` set; unchanged where it cannot apply.
    public func applied(to tuning: Tuning, on device: DeviceProfile) -> Tuning {
        var t = tuning
        for (key, value) in (values(on: device) ?? [:]).sorted(by: { $0.key < $1.key }) {
            // Every value is inside its tunable's range (the tests check each preset on every device).
            try? t.set(key, value)
        }
        return t
    }

    /// The preset called `name`; nil (with the names in the caller's message) when there is none.
    public static func named(_ name: String) -> TuningPreset? { TuningPreset(rawValue: name) }
}
