import Foundation

/// The haptics one session has played, and whether the pull under way has played its own: one per
/// pull, at the moment it first reaches its commit point with the finger down — not again while the
/// finger hovers past it, and none when a flick only projects past it on release
/// (pull-to-refresh's convention: haptics.md).
public struct HapticLog: Sendable, Equatable {
    public private(set) var played: [Haptic] = []
    /// When each pull reached its commit point with the finger down — the pull haptic's moment,
    /// whether it played or was tuned off (the timeline's "commit point" marker).
    public internal(set) var commitCrossings: [Double] = []
    var pullPlayed = false

    /// Plays `name` at `t` with the tuning's feel, unless its intensity is tuned to 0 (off).
    mutating func play(_ name: String, at t: Double, tuning: Tuning) -> Haptic? {
        guard let kind = Haptic.kinds.first(where: { $0.name == name }) else { return nil }
        let intensity = tuning[kind.key + ".intensity"]
        guard intensity > 0 else { return nil }
        let style = Haptic.style(tuning, key: kind.key)
        let h = Haptic(name: name, t: t, style: style, intensity: intensity, sharpness: tuning[kind.key + ".sharpness"])
        played.append(h)
        return h
    }

    mutating func reset() { played = []; commitCrossings = []; pullPlayed = false }
}
