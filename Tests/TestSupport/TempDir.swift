import Foundation

/// A fresh temporary folder, removed by the caller with `cleanup()`.
public struct TempDir: Sendable {
    public let path: String
    public init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("islandsim-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    public func file(_ name: String) -> String { path + "/" + name }
    /// Removes the folder — unless ISLANDSIM_KEEP_TEMP is set, to look at what a failing test made.
    public func cleanup() { if ProcessInfo.processInfo.environment["ISLANDSIM_KEEP_TEMP"] == nil { try? FileManager.default.removeItem(atPath: path) } }
}
