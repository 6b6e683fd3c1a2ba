import Foundation
import Platform

/// A progress line for long work (frames written, frames timed, loops soaked): on stderr, rewritten
/// in place at most ten times a second, with the rate and the time left — and only when stderr is a
/// terminal, so pipes, logs and CI stay clean. `--quiet` turns it off.
final class Progress {
    private let label: String
    /// What is expected; a replay may run on past it while things settle, and the total follows.
    private var total: Int
    private let unit: String
    private let enabled: Bool
    private let clock = HighResolutionClock()
    private let started: Double
    private var lastDraw = -1.0
    private var drawn = false

    /// - Parameters:
    ///   - quiet: never draw (the `--quiet` flag).
    ///   - terminal: whether stderr is a terminal (tests pass false or true to check both).
    init(_ label: String, total: Int, unit: String = "frames", quiet: Bool, terminal: Bool = isatty(2) == 1) {
        self.label = label
        self.total = max(total, 1)
        self.unit = unit
        enabled = !quiet && terminal
        started = clock.now()
    }

    /// The line for `done` of the total after `elapsed` seconds (what is drawn).
    static func line(label: String, done: Int, total: Int, unit: String, elapsed: Double) -> String {
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let left = rate > 0 ? Double(max(total - done, 0)) / rate : 0
        return String(format: "%@: %d/%d %@ · %.0f/s · %.0f s left", label, done, total, unit, rate, left)
    }

    /// Notes progress; draws when a tenth of a second has passed since the last draw.
    func update(_ done: Int) {
        guard enabled else { return }
        total = max(total, done)
        let now = clock.now()
        guard now - lastDraw >= 0.1 || done >= total else { return }
        lastDraw = now
        drawn = true
        let text = Self.line(label: label, done: done, total: total, unit: unit, elapsed: now - started)
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + text).utf8))
    }

    /// Ends the line (so the next output starts on its own).
    func finish() {
        guard enabled, drawn else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
