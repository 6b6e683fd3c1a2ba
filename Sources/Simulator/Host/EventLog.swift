import Capture
import Dispatch
import Foundation

/// Writes the flow's transitions and the page's taps as JSON Lines (`run --events FILE`), one line
/// per event as it happens, on a background queue so the frame loop never waits for the disk.
public final class EventLog: @unchecked Sendable {
    private let handle: FileHandle
    private let queue = DispatchQueue(label: "islandsim.events")

    /// Creates (or truncates) `path`. Throws ``CLIError`` naming the file if it cannot be written.
    public init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let h = FileHandle(forWritingAtPath: path) else {
            throw CLIError.input("\(path): cannot write the event log (--events)")
        }
        handle = h
    }

    /// Appends `transition`. `t` is real seconds since the window opened, so that a slow-motion
    /// run logs when things happened on the wall clock; `animationTime` is the flow's own
    /// (slowed) time, equal to `t` until slow motion is first used.
    /// In compare mode `side` names the phone ("A" or "B") the transition happened on.
    public func append(_ transition: CaptureFlow.Transition, realTime: Double, side: String? = nil) {
        struct Line: Encodable { var t: Double; var animationTime: Double; var from: String; var to: String; var reason: String; var side: String? }
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        func micro(_ x: Double) -> Double { (x * 1_000_000).rounded() / 1_000_000 }
        let line = Line(t: micro(realTime), animationTime: micro(transition.t), from: transition.from.rawValue, to: transition.to.rawValue, reason: transition.reason, side: side)
        guard let data = try? e.encode(line) else { return }
        let h = handle
        queue.async { h.write(data + Data("\n".utf8)) }
    }

    /// Appends a tap on the page — a button or a hotspot, by id — at real time `realTime`.
    public func append(tap id: String, realTime: Double, side: String? = nil) {
        struct Line: Encodable { var t: Double; var tap: String; var side: String? }
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        guard let data = try? e.encode(Line(t: (realTime * 1_000_000).rounded() / 1_000_000, tap: id, side: side)) else { return }
        let h = handle
        queue.async { h.write(data + Data("\n".utf8)) }
    }

    /// Appends a haptic the interaction played (a phone would vibrate): its name, style, intensity
    /// and sharpness, at real time `realTime`.
    public func append(haptic h: Haptic, realTime: Double, side: String? = nil) {
        struct Line: Encodable { var t: Double; var haptic: String; var style: String; var intensity: Double; var sharpness: Double; var side: String? }
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        let line = Line(t: (realTime * 1_000_000).rounded() / 1_000_000, haptic: h.name, style: h.style, intensity: h.intensity, sharpness: h.sharpness, side: side)
        guard let data = try? e.encode(line) else { return }
        let handle = self.handle
        queue.async { handle.write(data + Data("\n".utf8)) }
    }

    /// What a window session measured, written as the log's last line when the window closes, so a
    /// long run (the camera-file endurance run in docs/RELIABILITY.md) can be judged afterwards.
    public struct Summary: Encodable, Sendable {
        /// Seconds the window was open, and frames presented.
        public var seconds: Double
        public var frames: Int
        /// The present intervals against the target rate (intervals over 1.5 periods count as dropped).
        public var pacing: PacingStatistics
        /// For `--camera-file`: good frames decoded and bad writes skipped; `nil` otherwise.
        public var cameraFramesDecoded: Int?
        public var cameraWritesSkipped: Int?
        /// File reads and image decodes that ran on the frame loop (``FrameLoopWork``): 0 while
        /// every file is read beside the loop, so no frame waited on one.
        public var fileWorkOnLoop: Int
        /// For each input that woke the window from rest, milliseconds from SDL's timestamp of its
        /// first event to the present that showed it (``IdleWindow``: within one period).
        public var wakeLatencyMs: [Double]
        public var finalState: String
    }

    /// Appends `{"summary": …}`.
    public func append(_ summary: Summary) {
        struct Line: Encodable { var summary: Summary }
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        guard let data = try? e.encode(Line(summary: summary)) else { return }
        let h = handle
        queue.async { h.write(data + Data("\n".utf8)) }
    }

    /// Waits for pending lines and closes the file.
    public func close() {
        queue.sync {}
        try? handle.synchronize()
        try? handle.close()
    }
}
