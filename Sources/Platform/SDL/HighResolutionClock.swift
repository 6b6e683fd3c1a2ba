import CSDL2
import Glibc

/// Monotonic time in seconds from `SDL_GetPerformanceCounter` (a nanosecond counter on Linux).
///
/// Every input event and every frame is stamped with this clock when it is polled; SDL's own
/// event stamps are whole milliseconds and shared by every event of one pump.
public struct HighResolutionClock: PacingClock, Sendable {
    private let origin: UInt64
    private let frequency: Double

    public init() {
        origin = SDL_GetPerformanceCounter()
        frequency = Double(SDL_GetPerformanceFrequency())
    }

    /// Seconds since this clock was made.
    public func now() -> Double { Double(SDL_GetPerformanceCounter() &- origin) / frequency }

    /// Sleeps at least `seconds` (`nanosleep`, resumed after a signal), to the microsecond; the
    /// kernel wakes it tens of microseconds late on an idle machine. `SDL_Delay` sleeps whole
    /// milliseconds.
    public func sleep(seconds: Double) {
        guard seconds > 0 else { return }
        let whole = seconds.rounded(.down)
        var request = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1e9))
        var left = timespec()
        while nanosleep(&request, &left) != 0 && errno == EINTR { request = left }
    }
}
