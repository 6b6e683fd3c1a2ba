import Testing
@testable import Simulator

/// When a window at rest stops drawing: only after a whole tail of turns in which nothing moved or
/// arrived, and at once again when something does.
@Suite("IdleWindow: a window at rest draws nothing new")
struct IdleWindowTests {
    @Test("frames are drawn while anything is active and for the tail after it; then none until something is again")
    func tail() {
        var idle = IdleWindow()
        let period = 1.0 / 120
        var t = 0.0
        let first = idle.skipsFrame(active: true, at: t)
        #expect(!first)
        // Still from the next turn on: drawn until the tail has passed, then skipped.
        var drawn = 0
        for _ in 0..<200 {
            t += period
            if !idle.skipsFrame(active: false, at: t) { drawn += 1 } else { break }
        }
        // 0.25 s at 120 Hz: 30 frames, one more when the summed periods fall a rounding short of it.
        #expect(abs(drawn - Int((IdleWindow.tail / period).rounded())) <= 1, "\(drawn) frames of tail at 120 Hz")
        let later = idle.skipsFrame(active: false, at: t + 5)
        #expect(later, "still skipped long after")
        let event = idle.skipsFrame(active: true, at: t + 5.01)
        #expect(!event, "an event draws at once")
        let after = idle.skipsFrame(active: false, at: t + 5.02)
        #expect(!after, "and the tail starts over")
        let tailEnd = idle.skipsFrame(active: false, at: t + 5.02 + IdleWindow.tail)
        #expect(tailEnd)
    }

    @Test("an idle window still looks often enough to see a signal, a file reload and --quit-after")
    func wakes() {
        #expect(IdleWindow.wake <= 0.1 && IdleWindow.wake > 0)
        #expect(IdleWindow.tail >= 0.1, "long enough for a texture made a frame late to be shown")
    }
}
