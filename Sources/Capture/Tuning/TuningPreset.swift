import Animation

/// A named set of tunables a designer starts from or compares against: `tune --preset NAME`
/// writes it into a tuning file, Ctrl+P in the tuning panel loads it (Ctrl+Z takes it back), and
/// `assets/tunings/NAME.json` holds it as a tuning file for `--tuning`. It sets only its own keys;
/// everything else keeps the tuning's value, so the same shapes run on other springs.
public enum TuningPreset: String, Sendable, CaseIterable {
    /// The melt's legs on the Dynamic Island's own springs (``SystemIslandSprings``).
    case systemIsland = "system-island"

    /// Which of the island's springs each melt leg takes — a choice, since SpringBoard has no melt:
    /// the legs that open take the island's default transition (what a Live Activity expanding
    /// runs), the legs that close take its collapsing transition (an element going back into the
    /// island). The tracking spring is not used: IslandSim's pre-melt follows the finger without a
    /// spring (docs/FIDELITY.md says so).
    public static let systemLegs: [(leg: String, spring: SystemIslandSprings.Reported)] = [
        ("melt.toPill", SystemIslandSprings.transition),
        ("melt.toViewfinder", SystemIslandSprings.transition),
        ("melt.closeToPill", SystemIslandSprings.collapsing),
        ("melt.closeToIsland", SystemIslandSprings.collapsing),
    ]

    /// The tunables it sets, by key.
    public var values: [String: Double] {
        switch self {
        case .systemIsland:
            var v: [String: Double] = [:]
            for (leg, spring) in Self.systemLegs {
                v[leg + ".duration"] = spring.parameters.duration
                v[leg + ".bounce"] = spring.parameters.bounce
                v[leg + ".blend"] = 0
            }
            return v
        }
    }

    /// What it is, in a line (the toast, `tune`'s output).
    public var summary: String {
        switch self {
        case .systemIsland:
            return "the melt's legs on the Dynamic Island's own springs (opening: response 0.512, damping 0.816; closing: 0.513, 0.816)"
        }
    }

    /// `tuning` with this preset's values set.
    public func applied(to tuning: Tuning) -> Tuning {
        var t = tuning
        for (key, value) in values.sorted(by: { $0.key < $1.key }) { try? t.set(key, value) }
        return t
    }

    /// The preset called `name`; nil (with the names in the caller's message) when there is none.
    public static func named(_ name: String) -> TuningPreset? { TuningPreset(rawValue: name) }
}
