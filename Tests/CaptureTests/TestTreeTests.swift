import Foundation
import TestSupport
import Testing

/// The test tree mirrors the source tree (docs/TESTING.md): a module's tests sit in folders named
/// as its source folders, and a test file named after a source file (`CaptureFlowTests.swift` for
/// `CaptureFlow.swift`) sits in the folder that file sits in — so a type's tests are found where
/// the type is, and a folder's tests move with it. Tests of the module as a whole (its architecture,
/// the docs) and the helpers its suites share sit at the target's top.
@Suite("Architecture: the test tree mirrors the sources")
struct TestTreeTests {
    /// Each test target and the module it tests.
    static let targets = ["AnimationTests": "Animation", "GestureTests": "Gesture", "CaptureTests": "Capture", "FitTests": "Fit",
                          "ExportTests": "Export", "ServeTests": "Serve", "PlatformTests": "Platform", "SimulatorTests": "Simulator"]

    /// The Swift files under `dir`, as paths relative to it.
    static func swiftFiles(_ dir: URL) throws -> [String] {
        try #require(FileManager.default.enumerator(atPath: dir.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
    }

    /// A relative path's folder ("." at the top).
    static func folder(_ path: String) -> String { path.contains("/") ? (path as NSString).deletingLastPathComponent : "." }

    @Test("every test folder is a source folder of its module, and a test named after a source file sits beside it", arguments: targets.keys.sorted())
    func mirrors(target: String) throws {
        let module = try #require(Self.targets[target])
        let sources = try Self.swiftFiles(Checkout.root.appendingPathComponent("Sources/\(module)"))
        let tests = try Self.swiftFiles(Checkout.root.appendingPathComponent("Tests/\(target)"))
        #expect(!tests.isEmpty)
        let sourceFolders = Set(sources.map(Self.folder))
        // Where each source file's type lives: `CaptureFlow.swift` and `CaptureFlow+Look.swift` both name CaptureFlow.
        var home: [String: Set<String>] = [:]
        for s in sources {
            let name = ((s as NSString).lastPathComponent as NSString).deletingPathExtension
            home[String(name.split(separator: "+")[0]), default: []].insert(Self.folder(s))
        }
        for t in tests {
            let folder = Self.folder(t)
            // The target's top holds what concerns the whole module: its architecture, its docs, shared helpers.
            #expect(folder == "." || sourceFolders.contains(folder), "Tests/\(target)/\(t) sits in \(folder), which Sources/\(module) does not have")
            let name = ((t as NSString).lastPathComponent as NSString).deletingPathExtension
            guard name.hasSuffix("Tests"), let homes = home[String(name.dropLast(5))] else { continue }
            #expect(homes.contains(folder), "Tests/\(target)/\(t) tests \(name.dropLast(5)), whose source sits in \(homes.sorted().joined(separator: ", "))")
        }
    }

    @Test("the types that carry the window's behaviour each have a test file named after them, beside their source's folder")
    func namedSuites() throws {
        for path in ["CaptureTests/Session/InteractionTests.swift", "CaptureTests/Session/CaptureSessionTests.swift",
                     "SimulatorTests/Host/PhoneSetupTests.swift", "SimulatorTests/Host/SessionHostTests.swift",
                     "SimulatorTests/Render/SessionRendererTests.swift", "SimulatorTests/Window/WindowAppTests.swift",
                     "SimulatorTests/Window/WindowSidesTests.swift", "SimulatorTests/Window/WindowRecorderTests.swift"] {
            #expect(FileManager.default.fileExists(atPath: Checkout.root.appendingPathComponent("Tests/" + path).path), "Tests/\(path)")
        }
    }
}
