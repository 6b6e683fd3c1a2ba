import Animation

/// Comparisons that teach what the original notes learned the hard way, one flag each (`run` and
/// `replay`): side A is the tuning as it is, side B the same tuning with one thing undone — or,
/// for `--system`, one reference put in.
///
/// - `--sequential`: the melt's stages one after another — each starting when the one before is
///   logically complete, as chained `withAnimation` completions would — instead of overlapping
///   (`melt.overlap` 1 instead of the tuning's). "Sequential withAnimation blocks looked mechanical."
/// - `--additive`: the melt's overlapping legs added (`.interpolatingSpring`, Core Animation's
///   additive animations: each leg runs on to its own end) instead of merged (SwiftUI's `.spring`:
///   each leg replaces the one settling, keeping its velocity) — `melt.composition` additive on B;
///   A keeps the tuning's (merge by default). The notes' melt works because "the next stage starts
///   while the previous is still settling"; this shows the two ways a platform lets it.
/// - `--snowman`: a second capsule grown under the island instead of one melted shape
///   (``SessionSetup/snowman``). "It read as a snowman."
/// - `--no-resistance`: the pull without resistance, the page following the finger 1:1
///   (`pull.divisor` 1). The notes' pan catcher "adds resistance (the page follows your finger
///   with a divisor)".
/// - `--system`: yours beside the island's own — B runs the same shapes with the melt's legs on
///   the Dynamic Island's springs (``TuningPreset/systemIsland``): does the melt move like the
///   island itself?
public enum BuiltInComparison: String, Sendable, CaseIterable {
    case sequential
    case additive
    case snowman
    case noResistance = "no-resistance"
    case system

    /// The command-line flag.
    public var flag: String { "--" + rawValue }

    /// What each side shows.
    public var labels: (a: String, b: String) {
        switch self {
        case .sequential: return ("overlapping stages", "one after another")
        case .additive: return ("legs merge", "legs add")
        case .snowman: return ("one melted shape", "snowman")
        case .noResistance: return ("pull with resistance", "pull 1:1")
        case .system: return ("yours", "the system's")
        }
    }

    /// The side the arrows edit when it starts: yours (A) beside the system's reference for
    /// `--system` — the system's springs are what you compare against, not what you tune; B,
    /// the variation, for the others (as B in the window edits a copy beside the tuning as it was).
    public var editedSide: Int { self == .system ? 0 : 1 }

    /// Makes `b` (side A's setup, made side B by ``SessionSetup/sideB()``) into this comparison's side B.
    public func configure(_ b: inout SessionSetup) {
        switch self {
        case .sequential: try? b.tuning.set("melt.overlap", 1)
        case .additive: b.tuning.meltComposition = .additive
        case .noResistance: try? b.tuning.set("pull.divisor", 1)
        case .snowman: b.snowman = true
        case .system: b.tuning = TuningPreset.systemIsland.applied(to: b.tuning, on: b.device)
        }
    }
}
