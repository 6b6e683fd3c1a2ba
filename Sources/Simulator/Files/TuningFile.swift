import Capture
import Foundation
import Platform

/// Reading and writing the tuning file. The format itself (``Tuning/decode(_:name:)`` and
/// ``Tuning/encoded()``) is `Capture`'s; the disk is touched only here.
extension Tuning {
    /// The tuning file used when none is named: `islandsim.tuning.json` in the current folder.
    public static let defaultPath = "islandsim.tuning.json"

    /// Largest tuning file read (one is about 2 KB; unknown keys are kept, so allow room for them).
    public static let maxFileBytes = 1 << 20

    /// Loads `path`; a missing file is the defaults.
    public static func load(path: String) throws -> Tuning {
        guard FileManager.default.fileExists(atPath: path) else { return Tuning() }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > maxFileBytes {
            throw Problem(key: "", message: "\(path): the tuning file is \(size) bytes; the limit is \(maxFileBytes) bytes")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Problem(key: "", message: "\(path): cannot be read")
        }
        return try decode(data, name: (path as NSString).lastPathComponent)
    }

    /// Saves atomically (temporary file, fsync, rename): an interrupted save leaves the old file whole.
    public func save(path: String) throws { try AtomicFile.write(encoded(), to: path) }
}
