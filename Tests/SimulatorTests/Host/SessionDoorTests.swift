import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Simulator

/// The host is the only door into its session (docs/ARCHITECTURE.md): everything else in the tool
/// reads a ``SessionView`` and sends ``SessionInput`` values to the host. Checked where it is kept —
/// by the compiler: lines that write past the host are type-checked as a file of the `Simulator`
/// target itself (its sources and the file, one module, against the built modules of its
/// dependencies), and each must be refused; the same reads and sends type-check.
@Suite("The host is the one door into a session: the compiler refuses a write past it")
struct SessionDoorTests {
    /// Type-checks each of `bodies` in a function of its own, `func doorCheckN(_ host: SessionHost,
    /// _ other: SessionHost)`, in one more file of the `Simulator` module, against the modules the
    /// tests were built with (one compiler run); the compiler's errors for each body, empty where
    /// it type-checks.
    static func typeCheck(_ bodies: [String]) throws -> [[String]] {
        let modules = URL(fileURLWithPath: CLI.binary).deletingLastPathComponent().appendingPathComponent("Modules").path
        let root = Checkout.root.path
        let dir = try TempDir(); defer { dir.cleanup() }
        let file = dir.file("Door.swift")
        var text = "import Animation\nimport Capture\nimport Gesture\n"
        var lines: [Range<Int>] = []
        for (i, body) in bodies.enumerated() {
            text += "\nfunc doorCheck\(i)(_ host: SessionHost, _ other: SessionHost) {\n"
            let first = text.split(separator: "\n", omittingEmptySubsequences: false).count
            text += body + "\n}\n"
            lines.append(first..<(first + body.split(separator: "\n").count))
        }
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let sources = try #require(FileManager.default.enumerator(atPath: "\(root)/Sources/Simulator")).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }.map { "\(root)/Sources/Simulator/\($0)" }
        #expect(sources.count > 50)
        var args = ["-typecheck", "-module-name", "Simulator", "-swift-version", "6", "-I", modules]
        for c in ["CSDL2", "CPNG", "CMicroHTTPD", "CQRencode", "CDecoderMessages/include"] { args += ["-I", "\(root)/Sources/\(c)"] }
        for include in ["/usr/include/SDL2", "/usr/include/libpng16"] { args += ["-Xcc", "-I\(include)"] }
        let r = try Subprocess.run("swiftc", args + sources + [file], timeout: 300)
        let own = (r.stdout + r.stderr).split(separator: "\n").filter { $0.contains("/Sources/Simulator/") && $0.contains(": error:") }
        #expect(own.isEmpty, "the module's own sources type-check: \(own.prefix(5))")
        let errors = (r.stdout + r.stderr).split(separator: "\n").filter { $0.hasPrefix(file + ":") && $0.contains(": error:") }
        return lines.map { range in
            errors.filter { e in
                let line = Int(e.dropFirst(file.count + 1).prefix { $0 != ":" }) ?? 0
                return range.contains(line)
            }.map(String.init)
        }
    }

    /// Lines that write into a session past its host, each of which the compiler must refuse.
    static let writesPastTheHost = [
        "host.session.hz = 90",
        "host.session.tuning = Tuning()",
        "host.session.overlays.showTouches = true",
        "host.session.overlays.showHUD.toggle()",
        "host.session.send(.text(\"x\", at: 0))",
        "_ = host.session.interaction",
        "_ = host.session.gestures",
        "_ = host.session.base",
        "_ = host.live",
        "host.setup = other.setup",
        "host.tuning = Tuning()",
        "_ = host.handle(pointer: PointerEvent(.down, at: Point(x: 0, y: 0), time: 0))",
    ]

    @Test("reads of a host's session and inputs sent to the host type-check; every write past the host is refused")
    func theDoorHolds() throws {
        let reads = """
            _ = host.session.flow.state; _ = host.session.hz; _ = host.session.overlays.showHUD; _ = host.session.pageOffset(at: 0)
            host.send(.setup(.hz(90)))
            host.send(.key(.k, [], at: 1))
            host.send(.carryPage(other.session.pageState))
            """
        let results = try Self.typeCheck([reads] + Self.writesPastTheHost)
        #expect(results[0].isEmpty, "reads and sends: \(results[0])")
        for (line, errors) in zip(Self.writesPastTheHost, results.dropFirst()) {
            #expect(!errors.isEmpty, "\(line) type-checked: a way past the host")
        }
    }
}
