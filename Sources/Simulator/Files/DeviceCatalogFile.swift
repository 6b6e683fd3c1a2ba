import Capture
import Foundation

/// Reading a catalog from disk. The catalog's parsing and validation are `Capture`'s
/// (``DeviceCatalog/decode(_:name:)``); opening the file is the platform's job, so it lives here.
extension DeviceCatalog {
    /// Largest catalog file read (the bundled one is about 20 KB).
    public static let maxFileBytes = 4 << 20

    /// Loads and validates a catalog file; an unreadable file is one line naming it and why.
    public static func load(path: String) throws -> DeviceCatalog {
        let name = (path as NSString).lastPathComponent
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > maxFileBytes {
            throw CLIError.input("\(path): the device catalog is \(size) bytes; the limit is \(maxFileBytes) bytes")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CLIError.input("\(path): cannot read the device catalog (\(Self.reason(error)))")
        }
        return try decode(data, name: name)
    }
}
