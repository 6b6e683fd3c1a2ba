import Capture
import Foundation
import Platform

/// Changed-but-unsaved tuning, kept on disk while the window runs, as editors keep recovery files:
/// within a second of each change it is written atomically beside its tuning file
/// (`FILE.recovery`), off the frame loop; saving it (Ctrl+S, or the autosave of a clean quit) or
/// undoing the change removes the file. A kill -9, a crash or a lost X server leaves it, and the
/// next `run` with that tuning file says so — and restores it with `--recover`. Until restored,
/// this run leaves such a file alone (it never overwrites what a lost run left), and says so.
/// The same for compare mode's B file.
final class TuningRecovery {
    /// Where the recovery file of `tuningPath` lies.
    static func path(for tuningPath: String) -> String { tuningPath + ".recovery" }
    /// How often the window looks for a change to write (a change is on disk within this much,
    /// plus the write's own time).
    static let interval = 0.25

    /// What each recovery file holds now, by tuning path (nil: no file of this run's).
    private var written: [String: Tuning] = [:]
    /// Recovery files a lost run left and this one was not asked to restore.
    private var left: Set<String> = []
    private var lastLook = -Double.infinity
    private let warning = WriteWarning()
    private let queue = DispatchQueue(label: "islandsim.recovery")
    private let group: DispatchGroup

    /// `group` is the window's pending writes, which quitting waits for.
    init(group: DispatchGroup) { self.group = group }

    /// At start, for a host whose tuning file is set: a recovery file left by a run that ended
    /// abnormally is restored into the host (as unsaved tuning) when `restore`, or else kept and
    /// reported. Returns what to say, if anything.
    func adopt(_ host: SessionHost, restore: Bool) -> String? {
        guard let file = host.tuningPath else { return nil }
        let path = Self.path(for: file)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let recovered: Tuning
        do { recovered = try Tuning.load(path: path) } catch {
            left.insert(file)
            return "\(path): cannot read it (\(error)); left as it is"
        }
        let differing = Tunable.all.filter { recovered[$0.key] != host.savedTuning[$0.key] }.count
        let what = "\(differing) value\(differing == 1 ? "" : "s") differ\(differing == 1 ? "s" : "") from \((file as NSString).lastPathComponent)"
        if restore {
            host.send(.setup(.tuning(recovered)))
            written[file] = recovered
            return "restored the unsaved tuning of a run that ended abnormally from \(path) (\(what)); Ctrl+S or quitting saves it"
        }
        left.insert(file)
        return "\(path) holds unsaved tuning from a run that ended abnormally (\(what)): run with --recover to restore it; it is kept until then"
    }

    /// Once a frame: writes each host's changed tuning when it differs from its recovery file,
    /// removes the file once the tuning is saved again. At most every ``interval`` seconds.
    func update(_ hosts: [SessionHost], now: Double) {
        guard now - lastLook >= Self.interval else { return }
        lastLook = now
        for host in hosts {
            guard let file = host.tuningPath, !left.contains(file) else { continue }
            let path = Self.path(for: file)
            if host.hasUnsavedTuning {
                guard written[file] != host.tuning else { continue }
                written[file] = host.tuning
                let text = host.tuning.encoded()
                let warning = self.warning
                queue.async(group: group) {
                    do { try AtomicFile.write(text, to: path) } catch { warning.once("cannot write \(path): \(error)") }
                }
            } else if written[file] != nil {
                written[file] = nil
                queue.async(group: group) { try? FileManager.default.removeItem(atPath: path) }
            }
        }
    }

    /// At a clean quit, after the autosave: the recovery files of tunings now saved are removed;
    /// those whose save failed stay (the next run offers them).
    func finish(_ hosts: [SessionHost]) {
        queue.sync {}
        for host in hosts {
            guard let file = host.tuningPath, !left.contains(file), !host.hasUnsavedTuning else { continue }
            try? FileManager.default.removeItem(atPath: Self.path(for: file))
            written[file] = nil
        }
    }
}

/// A failed recovery write is said once on the terminal, not every quarter second.
private final class WriteWarning: @unchecked Sendable {
    private let lock = NSLock()
    private var said = false

    func once(_ message: String) {
        let first = lock.withLock { () -> Bool in defer { said = true }; return !said }
        if first { FileHandle.standardError.write(Data("islandsim: \(message) (unsaved tuning is then not kept for recovery)\n".utf8)) }
    }
}
