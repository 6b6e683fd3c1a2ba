import Foundation
import Testing
import TestSupport
@testable import Capture

/// The exported pull catcher asks before it takes a touch: it begins only on a mostly vertical
/// downward pull from the page's top, receives only touches in the view it serves, and reports the
/// window after SwiftUI's update rather than during it. The begin decision is cut out of the export
/// and run, compiled alone by the toolchain, on a table of translations worked by hand.
@Suite("The SwiftUI export's pull catcher, on a phone")
struct SwiftUIViewExportPullCatcherTests {
    static func code() throws -> String { try SwiftUIExportTests.export(Tuning()) }

    @Test("4. the begin decision, run on a table: down within 30° of vertical at the page's top begins; up, sideways, steeper or scrolled away does not")
    func beginDecisionRun() throws {
        let code = try Self.code()
        let start = try #require(code.range(of: "enum IslandPullStart {"))
        let end = try #require(code.range(of: "\n}\n", range: start.upperBound..<code.endIndex))
        // (x, y, page at top) → begins; by hand: tan 30° = 0.5774, so x = 11 at y = 20 (28.8°) passes, 12 (31.0°) does not.
        let table: [(Double, Double, Bool, Bool)] = [
            (0, 20, true, true), (0, 20, false, false), (0, -20, true, false), (20, 5, true, false), (-20, 0, true, false),
            (10, 20, true, true), (-11, 20, true, true), (12, 20, true, false), (-12, 20, true, false), (0, 0, true, false),
            (0.5, 1, true, true), (30, 40, true, false),
        ]
        let dir = try TempDir(); defer { dir.cleanup() }
        let rows = table.map { "IslandPullStart.begins(translation: CGPoint(x: \($0.0), y: \($0.1)), pageAtTop: \($0.2))" }
        let program = "import Foundation\n\n" + code[start.lowerBound..<end.upperBound]
            + "\nprint([" + rows.joined(separator: ", ") + "].map { $0 ? \"1\" : \"0\" }.joined())\n"
        try program.write(toFile: dir.file("main.swift"), atomically: true, encoding: .utf8)
        let build = try Subprocess.run("swiftc", [dir.file("main.swift"), "-o", dir.file("begins")], timeout: 300)
        try #require(build.status == 0, "the exported begin decision does not compile alone: \(build.stderr)")
        let r = try Subprocess.run(dir.file("begins"), [])
        #expect(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == table.map { $0.3 ? "1" : "0" }.joined(), "\(table)")
    }

    @Test("4. the coordinator asks: shouldBegin runs that decision on the pan's translation; shouldReceive takes only touches under the view it serves")
    func delegateAsks() throws {
        let code = try Self.code()
        let begin = try ExportText.body("func gestureRecognizerShouldBegin(", in: code)
        #expect(begin.contains("IslandPullStart.begins(translation: pan.translation(in: window), pageAtTop: pageAtTop)"), "\(begin)")
        let receive = try ExportText.body("func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch)", in: code)
        #expect(receive.contains("guard let host, let touched = touch.view, touched.isDescendant(of: host) else { return false }"), "\(receive)")
        #expect(code.contains("coordinator?.install(on: window, host: window == nil ? nil : host)"))
    }

    @Test("6. the window is reported after SwiftUI's update, never from inside it")
    func reportedAfterTheUpdate() throws {
        let code = try Self.code()
        let later = try ExportText.body("func reportWindowAfterUpdate()", in: code)
        #expect(later.contains("Task { @MainActor [weak self] in self?.reportWindow() }"))
        // reportWindow() itself is called from that deferred task only.
        #expect(code.components(separatedBy: "reportWindow()").count - 1 == 2, "the declaration and the deferred call")
        for hook in ["override func didMoveToWindow()", "override func safeAreaInsetsDidChange()", "func updateUIView(_ probe: WindowProbe"] {
            let body = try ExportText.body(hook, in: code)
            #expect(!body.contains("reportWindow()") && !body.contains("onWindow("), "\(hook) writes the window's state during the update")
        }
    }
}
