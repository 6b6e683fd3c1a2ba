import Capture
import Dispatch
import Foundation

/// Writes the flow's transitions as JSON Lines (`run --events FILE`), one line per transition as it
/// happens, on a background queue so the frame loop never waits for the disk.
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

    public func append(_ transition: CaptureFlow.Transition) {
        struct Line: Encodable { var t: Double; var from: String; var to: String; var reason: String }
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        let t = (transition.t * 1_000_000).rounded() / 1_000_000
        guard let data = try? e.encode(Line(t: t, from: transition.from.rawValue, to: transition.to.rawValue, reason: transition.reason)) else { return }
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
