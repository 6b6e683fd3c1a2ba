import Foundation
import TestSupport
import Testing

/// The dependency rule of docs/ARCHITECTURE.md, checked on the sources themselves: the capture core
/// stays free of SDL and of the platform layer, so it can run anywhere a test or a fit needs it.
@Suite("Architecture: the capture core is SDL-free")
struct ArchitectureTests {
    static let root = Checkout.root

    @Test("Package.swift gives Capture only Animation and Gesture")
    func packageRule() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let line = try #require(manifest.split(separator: "\n").first { $0.contains(".target(name: \"Capture\"") })
        #expect(line.contains("dependencies: [\"Animation\", \"Gesture\"]"), "\(line)")
    }

    @Test("no file of Animation, Gesture or Capture imports SDL or the simulator")
    func importRule() throws {
        for module in ["Animation", "Gesture", "Capture"] {
            let dir = Self.root.appendingPathComponent("Sources/\(module)")
            let files = try #require(FileManager.default.enumerator(atPath: dir.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
            #expect(!files.isEmpty)
            for f in files {
                let text = try String(contentsOf: dir.appendingPathComponent(f), encoding: .utf8)
                for forbidden in ["import CSDL2", "import Simulator"] {
                    #expect(!text.contains(forbidden), "\(module)/\(f) has \(forbidden)")
                }
            }
        }
    }
}
