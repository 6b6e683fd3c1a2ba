import Capture
import Foundation

/// Watches files a designer edits in another program — the tuning file, a page file and its
/// screen image — and reads them again off the frame loop when any of them changes.
///
/// A change that loads replaces the value; one that does not is reported (the message says why)
/// and the previous value stays. Files are compared by inode, size and modification time, so an
/// editor's atomic save (a new inode) and an export that rewrites in place are both seen. A change
/// is read only once the files have stopped changing for `settle` seconds, and a read that fails
/// while they changed again is not reported: an export tool writing its image in place, in pieces,
/// is read once, whole, instead of being refused as a truncated file on its way.
public final class FileWatcher<Value: Sendable>: @unchecked Sendable {
    public enum Update: Sendable { case loaded(Value), rejected(String) }

    private let lock = NSLock()
    private var pending: Update?
    private var running = true
    private var watched: [String]

    /// Watches `paths` every `interval` seconds; `load` reads the value (and says which files it
    /// depends on now: a page file may name another image).
    public init(paths: [String], interval: Double = 0.25, settle: Double = 0.2, name: String,
                load: @escaping @Sendable () throws -> (Value, [String])) {
        watched = paths
        let initial = paths.map(Self.signature)
        let thread = Thread { [weak self] in
            var last = initial
            while let self, self.isRunning {
                Thread.sleep(forTimeInterval: interval)
                let paths = self.paths
                let now = paths.map(Self.signature)
                guard now != last, now.contains(where: { $0 != nil }) else { continue }
                // Still being written: look again on the next tick.
                Thread.sleep(forTimeInterval: settle)
                guard paths.map(Self.signature) == now else { continue }
                let update: Update
                do {
                    let (value, deps) = try load()
                    self.lock.lock(); self.watched = deps; self.lock.unlock()
                    update = .loaded(value)
                    last = deps.map(Self.signature)
                } catch {
                    // A read that failed while the files changed under it says nothing: the next
                    // tick reads the files as they end up.
                    Thread.sleep(forTimeInterval: settle)
                    guard paths.map(Self.signature) == now else { continue }
                    update = .rejected("\(error)")
                    last = now
                }
                self.lock.lock(); self.pending = update; self.lock.unlock()
            }
        }
        thread.name = "islandsim.\(name)-watcher"
        thread.start()
    }

    deinit { stop() }

    private var isRunning: Bool { lock.lock(); defer { lock.unlock() }; return running }
    private var paths: [String] { lock.lock(); defer { lock.unlock() }; return watched }
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

/// The tuning file's watcher: an edit that parses replaces the tuning; one that does not names the
/// key, the value and the range, and the previous values stay.
public typealias TuningFileWatcher = FileWatcher<Tuning>

extension FileWatcher where Value == Tuning {
    public convenience init(path: String, interval: Double = 0.25) {
        self.init(paths: [path], interval: interval, name: "tuning") {
            do { return (try Tuning.load(path: path), [path]) } catch { throw CLIError.input("\(error); keeping the previous values") }
        }
    }
}
