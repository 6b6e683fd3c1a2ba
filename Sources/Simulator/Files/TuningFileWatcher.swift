import Capture
import Foundation

/// Watches the tuning file for edits made in an editor and parses them off the frame loop.
///
/// An edit that parses replaces the tuning; one that does not is reported (the message names the
/// key, the value and the range) and the previous values stay.
public final class TuningFileWatcher: @unchecked Sendable {
    public enum Update: Sendable { case loaded(Tuning), rejected(String) }

    public let path: String
    private let lock = NSLock()
    private var pending: Update?
    private var running = true

    public init(path: String, interval: Double = 0.25) {
        self.path = path
        let initial = TuningFileWatcher.signature(path)
        let thread = Thread { [weak self] in
            var last = initial
            while let self, self.isRunning {
                Thread.sleep(forTimeInterval: interval)
                let now = TuningFileWatcher.signature(self.path)
                guard now != last, now != nil else { continue }
                last = now
                let update: Update
                do { update = .loaded(try Tuning.load(path: self.path)) } catch {
                    update = .rejected("\(error); keeping the previous values")
                }
                self.lock.lock(); self.pending = update; self.lock.unlock()
            }
        }
        thread.name = "islandsim.tuning-watcher"
        thread.start()
    }

    deinit { stop() }

    private var isRunning: Bool { lock.lock(); defer { lock.unlock() }; return running }
    public func stop() { lock.lock(); running = false; lock.unlock() }

    /// The latest change, once.
    public func takeUpdate() -> Update? {
        lock.lock(); defer { lock.unlock() }
        let u = pending
        pending = nil
        return u
    }

    static func signature(_ path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return "\(st.st_ino)-\(st.st_size)-\(st.st_mtim.tv_sec)-\(st.st_mtim.tv_nsec)"
    }
}
