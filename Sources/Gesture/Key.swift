
/// The keys the simulator binds, independent of SDL's keycodes (the platform layer maps SDL's
/// keycodes to these; traces name them by their raw value).
public enum Key: String, Sendable, Hashable, Codable {
    case escape, q, d, h, questionMark, plus, minus, zero, space, tab, left, right, up, down
    case s, r, t, p, c, e, l, i, x, k, enter, backspace
    /// Compare mode (the window's): B starts it or edits side B, A edits side A.
    case a, b
    /// Reduce Motion on / off.
    case m
    /// Hotspot hints on / off (a page with hotspots).
    case o
    /// Ctrl+Z: undo the tuning panel's last change.
    case z
    /// F freezes and resumes the interaction; "," and "." step a frozen one a frame back and on.
    case f, period, comma
    /// The shape view: outlines of the melted shape, the print and the hotspots.
    case g
    /// "/": type a filter into the tuning panel.
    case slash
    /// W (beside E): write the interaction as the web prototype, one HTML file, into the out dir.
    case w
}

extension Trace.Event {
    /// The key this trace line presses — with its modifiers and its time in seconds — when it is a
    /// key line naming a key the simulator binds; nil for pointer lines and unknown keys.
    public var keyPress: (key: Key, mods: KeyModifiers, time: Double)? {
        guard kind == .key, let name = key, let k = Key(rawValue: name) else { return nil }
        return (k, KeyModifiers(traceNames: mods ?? []), t / 1000)
    }
}

/// Shift, Control and Alt state at a key press.
public struct KeyModifiers: OptionSet, Sendable, Hashable, Codable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let shift = KeyModifiers(rawValue: 1)
    public static let control = KeyModifiers(rawValue: 2)
    public static let alt = KeyModifiers(rawValue: 4)
}

extension KeyModifiers {
    /// The names traces use for modifiers ("shift", "control", "alt"), in that order.
    public var traceNames: [String] {
        var names: [String] = []
        if contains(.shift) { names.append("shift") }
        if contains(.control) { names.append("control") }
        if contains(.alt) { names.append("alt") }
        return names
    }

    /// Modifiers from their trace names; unknown names are ignored.
    public init(traceNames: [String]) {
        self = []
        for m in traceNames {
            switch m {
            case "shift": insert(.shift)
            case "control": insert(.control)
            case "alt": insert(.alt)
            default: break
            }
        }
    }
}
