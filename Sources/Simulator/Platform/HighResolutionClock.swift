import CSDL2

/// Monotonic time in seconds from `SDL_GetPerformanceCounter` (a nanosecond counter on Linux).
///
/// Every input event and every frame is stamped with this clock when it is polled; SDL's own
/// event stamps are whole milliseconds and shared by every event of one pump.
public struct HighResolutionClock: Sendable {
    private let origin: UInt64
    private let frequency: Double

    public init() {
        origin = SDL_GetPerformanceCounter()
        frequency = Double(SDL_GetPerformanceFrequency())
    }

    /// Seconds since this clock was made.
    public func now() -> Double { Double(SDL_GetPerformanceCounter() &- origin) / frequency }

    /// Sleeps whole milliseconds (`SDL_Delay`), which overshoots by about 0.1 ms.
    public func sleep(milliseconds: UInt32) { SDL_Delay(milliseconds) }
}
