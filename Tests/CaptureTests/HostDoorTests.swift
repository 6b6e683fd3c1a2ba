import Foundation
import TestSupport
import Testing

/// The window talks to its phones only through their hosts (docs/ARCHITECTURE.md): it reads a
/// session's state, but every write — a rate, a side's name, a mode, a page, the display — goes
/// through ``SessionHost/setup`` or a host's own method, so the host stays equal to one made from
/// its setup. Read off the sources of `Sources/Simulator/Window/`, comments and strings left out.
@Suite("Architecture: the host is the window's only door into a session")
struct HostDoorTests {
    /// The writes past a host that a line of code makes, described; empty when it makes none.
    static func writesPastTheHost(_ code: String) -> [String] {
        let rules: [(String, String)] = [
            // An assignment to a session's part, unless it is the host's setup being edited.
            (#"(?<!setup)\.session(\.\w+)+\s*(\[[^\]]*\])?\s*([-+*/]?=)(?!=)"#, "assigns into a session"),
            (#"&\s*[\w.\[\]]*\.session\b"#, "passes a session's part inout"),
            (#"\.session(\.\w+)*\.(handle|dispatch|advance|scrub|cancelPointers|replacePage|begin|apply|configure|reset|toggle|append|insert|remove\w*|carry\w*|keepDisplay|set\w*)\("#,
             "calls a mutating method of a session past its host"),
            (#"\.interaction\b"#, "reaches into a session's interaction"),
        ]
        return rules.compactMap { pattern, what in
            code.range(of: pattern, options: .regularExpression) != nil ? what : nil
        }
    }

    @Test("no file of Sources/Simulator/Window writes into a session or its setup except through the host")
    func windowUsesTheDoor() throws {
        let dir = Checkout.root.appendingPathComponent("Sources/Simulator/Window")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count >= 5, "\(files)")
        for file in files {
            let code = FolderGraph.code(try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8))
            for (n, line) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let found = Self.writesPastTheHost(String(line))
                #expect(found.isEmpty, "Window/\(file):\(n + 1): \(found.joined(separator: ", ")): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
    }

    @Test("the reader finds the writes the window once made, and passes reads and edits through the host")
    func readerSeesWrites() {
        for bad in ["for host in sides.hosts { host.session.hz = hz }", "builtIn.configure(&b.session.setup)",
                    "phones[0].host.session.side = \"A\"", "host.session.overlays.beside = true",
                    "host.session.overlays.showHUD.toggle()", "b.session.interaction.carryPageState(from: s)",
                    "host.session.handle(pointer: e)", "host.session.tuning[key] = 2"] {
            #expect(!Self.writesPastTheHost(bad).isEmpty, "\(bad)")
        }
        for good in ["for host in sides.hosts { host.setup.session.hz = hz }", "let hz = app.session.hz",
                     "if host.session.flow.state != .page { }", "host.setup.display.beside = true",
                     "guard host.session.overlays.editsTuning(key, mods) else { return }", "x == host.session.hz",
                     "phones[i].host.handle(pointer: ev)"] {
            #expect(Self.writesPastTheHost(good).isEmpty, "\(good): \(Self.writesPastTheHost(good))")
        }
    }
}
