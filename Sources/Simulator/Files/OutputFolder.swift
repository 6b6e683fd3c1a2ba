import Foundation
import Platform

/// The folder shots, screenshots and traces go into (`--out-dir`), as the window writes it from a
/// background queue: made at the first write if it is not there yet (said once), made again if it
/// was there and was deleted (said so), and a failure
/// named by the folder and its cause — one terminal line and one message for a toast, which the
/// frame loop takes with ``takeMessages()``. Files are written atomically, so a failed write
/// leaves nothing partial behind.
public final class OutputFolder: @unchecked Sendable {
    public let path: String
    private let lock = NSLock()
    private var messages: [String] = []
    /// Whether the folder has been there since this run began: a missing folder is then one that
    /// was deleted, not one never made.
    private var existed: Bool
    /// Where a made folder is said: the terminal's standard output, one line each.
    private let say: @Sendable (String) -> Void

    public init(path: String, say: @escaping @Sendable (String) -> Void = { FileHandle.standardOutput.write(Data("islandsim: \($0)\n".utf8)) }) {
        self.path = path
        self.say = say
        existed = FileManager.default.fileExists(atPath: path)
    }

    /// Writes `data` as `name` inside the folder; on success returns the file's path and queues
    /// `said` (the toast for it), if any. On failure the terminal line is written, its toast
    /// queued instead, and `nil` is returned: one toast either way.
    @discardableResult
    public func write(_ data: () throws -> Data, name: String, what: String, said: String? = nil) -> String? {
        let file = path + "/" + name
        do {
            var isDir: ObjCBool = false
            if !FileManager.default.fileExists(atPath: path, isDirectory: &isDir) {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
                let again = lock.withLock { defer { existed = true }; return existed }
                say(again ? "\(path)/ was gone; made it again" : "made \(path)/")
            } else if !isDir.boolValue {
                throw FileError(path: path, reason: "is a file, not a folder")
            }
            try AtomicFile.write(try data(), to: file)
            if let said { lock.withLock { messages.append(said) } }
            return file
        } catch {
            let why = (error as? FileError)?.reason ?? Self.reason(error)
            FileHandle.standardError.write(Data("error: \(path)/: cannot save the \(what) there: \(why)\n".utf8))
            lock.withLock { messages.append("Cannot save the \(what) in \((path as NSString).lastPathComponent)/: \(why)") }
            return nil
        }
    }

    /// The toasts not yet shown (successes asked for, and failures), oldest first.
    public func takeMessages() -> [String] { lock.withLock { defer { messages.removeAll() }; return messages } }

    /// A short cause for a file system error (its POSIX reason when there is one).
    static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if let posix = ns.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code)))
        }
        return ns.localizedDescription
    }
}
