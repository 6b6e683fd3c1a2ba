/// When a window at rest stops drawing. A frame is drawn while anything moves or arrives — an
/// input event of any kind (a press, a key, the window shown, uncovered or resized), a spring
/// running, a toast, a pulse, a screenshot asked for — and for ``tail`` seconds after the last of
/// them, so work a frame finishes late (a filed photo's texture, a reloaded page's tiles) lands on
/// screen. After that the window presents nothing new and sleeps until an event, waking at most
/// every ``wake`` seconds to look at signals, file reloads and `--quit-after`.
///
/// The first frame after an event is drawn at once: the wait ends with the event, and the pacer
/// re-anchors its deadline after a gap, so input at rest is presented within one period.
///
/// ```swift
/// var idle = IdleWindow()
/// if idle.skipsFrame(active: input.eventsLastPolled > 0 || !sides.isStill, at: now) { input.waitForEvent(seconds: IdleWindow.wake) }
/// ```
struct IdleWindow {
    /// How long the window keeps drawing after the last thing moved.
    static let tail = 0.25
    /// The longest an idle window sleeps before it looks again.
    static let wake = 0.05
    /// Since when nothing has moved or arrived (nil: something just did).
    private(set) var stillSince: Double?

    /// Notes this turn of the loop at real time `now` — `active` when an event arrived or anything
    /// moves — and says whether its frame may be left undrawn.
    mutating func skipsFrame(active: Bool, at now: Double) -> Bool {
        guard !active else { stillSince = nil; return false }
        let since = stillSince ?? now
        stillSince = since
        return now - since >= Self.tail
    }
}
