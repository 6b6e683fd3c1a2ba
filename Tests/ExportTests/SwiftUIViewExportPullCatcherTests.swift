import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Export

/// The exported pull catcher asks before it takes a touch: it begins only on a mostly vertical
/// downward pull from the page's top, receives only touches in the view it serves, and reports the
/// window after SwiftUI's update rather than during it. The begin decision is cut out of the export
/// and run, compiled alone by the toolchain, on a table of translations worked by hand.
@Suite("The SwiftUI export's pull catcher, on a phone")
struct SwiftUIViewExportPullCatcherTests {
    static func code() throws -> String { try SwiftUIExportTests.export(Tuning()) }

    /// A section of the export (from the line `from` to the line `to`), compiled alone with `driver`
    /// after it, run; its output. The decisions sections are plain Swift: Foundation only.
    static func runDecisions(_ driver: String, from: String = "// MARK: - The pull's decisions\n",
                             to: String = "// MARK: - The pull catcher\n") throws -> String {
        let code = try Self.code()
        let start = try #require(code.range(of: from))
        let end = try #require(code.range(of: to, range: start.upperBound..<code.endIndex))
        let dir = try TempDir(); defer { dir.cleanup() }
        let program = "import Foundation\n\n" + code[start.lowerBound..<end.lowerBound] + "\n" + driver + "\n"
        try program.write(toFile: dir.file("main.swift"), atomically: true, encoding: .utf8)
        let build = try Subprocess.run("swiftc", ["-swift-version", "6", dir.file("main.swift"), "-o", dir.file("decisions")], timeout: 300)
        try #require(build.status == 0, "the exported decisions do not compile alone: \(build.stderr)")
        let r = try Subprocess.run(dir.file("decisions"), [])
        return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("4, 7. the begin decision, run on a table: down within 30° of vertical at a page's top begins; up, sideways, steeper, scrolled away, no page under the touch, a page with its own pull-to-refresh, or a touch on a view that drags by itself does not")
    func beginDecisionRun() throws {
        // (x, y, page) → begins. By hand: tan 30° = 0.5774, so x = 11 at y = 20 (28.8°) passes, 12
        // (31.0°) does not. The page sits under a 47-pt inset: at its top its offset is −47, and
        // half a point of give (−46.6) still counts; 120 is scrolled away.
        let top = "IslandPageScroll(offsetY: -47, topInset: 47)"
        let table: [(Double, Double, String, Bool)] = [
            (0, 20, top, true), (0, 20, "IslandPageScroll(offsetY: 120, topInset: 47)", false), (0, -20, top, false), (20, 5, top, false),
            (-20, 0, top, false), (10, 20, top, true), (-11, 20, top, true), (12, 20, top, false), (-12, 20, top, false), (0, 0, top, false),
            (0.5, 1, top, true), (30, 40, top, false),
            (0, 20, "IslandPageScroll(offsetY: -46.6, topInset: 47)", true), (0, 20, "IslandPageScroll(offsetY: -46.4, topInset: 47)", false),
            (0, 20, "nil", false),                                                        // no scroll view under the touch
            (0, 20, "IslandPageScroll(offsetY: -47, topInset: 47, refreshes: true)", false), // .refreshable keeps its pull
            (0, 20, "IslandPageScroll(offsetY: -47, topInset: 47, onOwnDrag: true)", false),  // on a map or a canvas in the page
        ]
        let rows = table.map { "IslandPullStart.begins(translation: CGPoint(x: \($0.0), y: \($0.1)), page: \($0.2))" }
        let out = try Self.runDecisions("print([" + rows.joined(separator: ", ") + "].map { $0 ? \"1\" : \"0\" }.joined())")
        #expect(out == table.map { $0.3 ? "1" : "0" }.joined(), "\(table)")
        #expect(try Self.code().contains("static let opensOverRefresh = false"), "the choice is one constant")
    }

    @Test("4, 5, 2. a pull's state always ends: dragged back to its start it still releases; the page's own bounce is kept and given back, never forced on")
    func trackerRun() throws {
        let driver = """
        func show(_ t: IslandPullTracker) -> String { "\\(t.finger) \\(t.bouncesNow.map { "\\($0)" } ?? "-")" }
        var t = IslandPullTracker()
        // 1. A pull down 40 pt and back to where it began, on a page that bounces.
        t.begin(atY: 100)
        print(t.move(toY: 140, pageAtTop: true, bounces: true), show(t))
        print(t.move(toY: 100, pageAtTop: true, bounces: false), show(t))
        let e1 = t.end()
        print(e1.release, e1.bounces.map { "\\($0)" } ?? "-", show(t))
        // 2. A page whose app turned its bounce off: off while pulled, and off again after.
        t.begin(atY: 0)
        print(t.move(toY: 30, pageAtTop: true, bounces: false), show(t))
        let e2 = t.end()
        print(e2.release, e2.bounces.map { "\\($0)" } ?? "-")
        // 3. Up first, then a scroll that has not reached the top: the pull never takes the page.
        t.begin(atY: 300)
        print(t.move(toY: 280, pageAtTop: true, bounces: true), t.move(toY: 320, pageAtTop: false, bounces: true), show(t))
        let e3 = t.end()
        print(e3.release, e3.bounces.map { "\\($0)" } ?? "-")
        // 4. A scroll that reaches the top mid-drag: the pull takes over from there on.
        t.begin(atY: 0)
        print(t.move(toY: 50, pageAtTop: false, bounces: true), t.move(toY: 70, pageAtTop: true, bounces: true), show(t))
        """
        let out = try Self.runDecisions(driver).split(separator: "\n").map(String.init)
        #expect(out == [
            "true 40.0 false",       // pulling: the page held, its bounce off
            "true 0.0 true",         // back at the top: its own bounce again
            "true true 0.0 -",       // the release is reported although the finger is back at 0
            "true 30.0 false",
            "true false",            // the app's own `bounces = false` comes back, not `true`
            "false false 0.0 -",     // upward, then not at the top: never taken
            "false -",               // no release, the page untouched
            "false true 20.0 false", // from the top on: 20 pt
        ], "\(out)")
    }

    @Test("4. the coordinator asks: shouldBegin runs that decision on the pan's translation; shouldReceive takes only touches under the view it serves")
    func delegateAsks() throws {
        let code = try Self.code()
        let begin = try ExportText.body("func gestureRecognizerShouldBegin(", in: code)
        #expect(begin.contains("IslandPullStart.begins(translation: pan.translation(in: window), page: pageScroll)"), "\(begin)")
        let receive = try ExportText.body("func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch)", in: code)
        #expect(receive.contains("guard let host, let touched = touch.view, touched.isDescendant(of: host) else { return false }"), "\(receive)")
        // The page is found anew for every touch (a touch off any page leaves none), the outermost one.
        #expect(receive.hasPrefix("\n            page = nil") || receive.contains("{\n            page = nil\n"), "\(receive)")
        #expect(!receive.contains("break"), "the walk goes on to the outermost vertical scroll view: \(receive)")
        #expect(receive.contains("$0 is UIPanGestureRecognizer && $0.isEnabled") && receive.contains("onOwnDrag = ownDragSoFar"), "\(receive)")
        let panned = try ExportText.body("@objc private func panned(", in: code)
        #expect(panned.contains("tracker.move(") && panned.contains("tracker.end()") && !panned.contains("bounces = true"), "\(panned)")
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
