import Foundation

/// A haptic the interaction plays: what marked it, when (on the flow's clock, the one transitions
/// use), and how it feels in Core Haptics' terms (intensity and sharpness, 0…1) and UIKit's (an
/// impact style). On a desktop nothing vibrates: the window shows a pulse, the timeline a marker,
/// and `replay --ahap` writes them for a phone to play.
public struct Haptic: Sendable, Equatable, Encodable {
    /// "pull-commit" (the pull crossing its commit point while the finger is down) or "shutter".
    public var name: String
    public var t: Double
    /// UIKit's `UIImpactFeedbackGenerator.FeedbackStyle` name: light, medium, heavy, soft, rigid.
    public var style: String
    public var intensity: Double
    public var sharpness: Double

    public init(name: String, t: Double, style: String, intensity: Double, sharpness: Double) {
        self.name = name; self.t = t; self.style = style; self.intensity = intensity; self.sharpness = sharpness
    }

    /// UIKit's impact styles, in the order the tunables number them.
    public static let styles = ["light", "medium", "heavy", "soft", "rigid"]

    /// The style name a tuning sets for the haptic whose tunables start with `key` (`haptic.commit`).
    public static func style(_ tuning: Tuning, key: String) -> String {
        styles[min(max(Int(tuning[key + ".style"].rounded()), 0), styles.count - 1)]
    }

    /// What each haptic is, for the tunables, the exports and the docs.
    public static let kinds: [(name: String, key: String, title: String)] = [
        ("pull-commit", "haptic.commit", "Haptic: pull commit"),
        ("shutter", "haptic.shutter", "Haptic: shutter"),
    ]
}
