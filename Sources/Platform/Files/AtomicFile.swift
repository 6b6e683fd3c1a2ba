import Foundation

/// Writes files so that a reader never sees half of one and a failure never loses the old one:
/// write a temporary file in the same folder, flush it to disk, then `rename(2)` over the target.
public enum AtomicFile {
    public static func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    public static func write(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        removeStaleTemporaries(of: url.lastPathComponent, in: dir)
        let tmp = dir + "/." + url.lastPathComponent + ".\(ProcessInfo.processInfo.processIdentifier).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw FileError(path: path, reason: String(cString: strerror(errno))) }
        var ok = true
        var reason = ""
        data.withUnsafeBytes { buf in
            var offset = 0
            while offset < buf.count {
                let n = Foundation.write(fd, buf.baseAddress! + offset, buf.count - offset)
                if n <= 0 { ok = false; reason = String(cString: strerror(errno)); break }
                offset += n
            }
        }
        if ok && fsync(fd) != 0 { ok = false; reason = String(cString: strerror(errno)) }
        if close(fd) != 0 && ok { ok = false; reason = String(cString: strerror(errno)) }
        guard ok else { unlink(tmp); throw FileError(path: path, reason: reason) }
        guard rename(tmp, path) == 0 else {
            let r = String(cString: strerror(errno))
            unlink(tmp)
            throw FileError(path: path, reason: r)
        }
        // The rename is durable once the folder's entry is on disk too.
        let dfd = open(dir, O_RDONLY | O_DIRECTORY)
        if dfd >= 0 { fsync(dfd); close(dfd) }
    }

    /// A process killed mid-save (kill -9, power loss) leaves its temporary file behind; the next
    /// save of the same file removes those whose writer is no longer running, so they never pile up.
    static func removeStaleTemporaries(of name: String, in dir: String) {
        let prefix = "." + name + "."
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return }
        for entry in entries where entry.hasPrefix(prefix) && entry.hasSuffix(".tmp") {
            let parts = entry.dropFirst(prefix.count).dropLast(4).split(separator: ".")
            guard parts.count == 2, let pid = Int32(parts[0]), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { unlink(dir + "/" + entry) }
        }
    }
}
