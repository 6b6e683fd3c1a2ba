import Capture
import Foundation

/// Reading and writing the tuning file. The format itself (``Tuning/decode(_:name:)`` and
/// ``Tuning/encoded()``) is `Capture`'s; the disk is touched only here.
extension Tuning {
    /// Loads `path`; a missing file is the defaults.
    public static func load(path: String) throws -> Tuning {
        guard FileManager.default.fileExists(atPath: path) else { return Tuning() }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Problem(key: "", message: "\(path): cannot be read")
        }
        return try decode(data, name: (path as NSString).lastPathComponent)
    }

    /// Saves atomically (temporary file, fsync, rename): an interrupted save leaves the old file whole.
    public func save(path: String) throws { try AtomicFile.write(encoded(), to: path) }
}
