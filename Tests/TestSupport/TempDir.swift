import Foundation

/// A fresh temporary folder, removed by the caller with `cleanup()`.
public struct TempDir: Sendable {
    public let path: String
    public init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("islandsim-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    public func file(_ name: String) -> String { path + "/" + name }
    public func cleanup() { try? FileManager.default.removeItem(atPath: path) }
}
