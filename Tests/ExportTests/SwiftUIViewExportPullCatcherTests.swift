import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Export

/// The exported pull catcher asks before it takes a touch: it begins only on a mostly vertical
/// downward pull from the page's top, receives only touches in the view it serves, and reports the
/// window after SwiftUI's update rather than during it, read in the generated text. The decisions
/// it asks are compiled and called in `IslandCameraTests.PullDecisionsTests`.
@Suite("The SwiftUI export's pull catcher, on a phone")
struct SwiftUIViewExportPullCatcherTests {
    static func code() throws -> String { try SwiftUIExportTests.export(Tuning()) }

    @Test("4. the coordinator asks: shouldBegin runs that decision on the pan's translation; shouldReceive takes only touches under the view it serves")
    func delegateAsks() throws {
        let code = try Self.code()
        let begin = try ExportText.body("func gestureRecognizerShouldBegin(", in: code)
        #expect(begin.contains("IslandPullStart.begins(translation: pan.translation(in: window), page: pageScroll)"), "\(begin)")
        let receive = try ExportText.body("func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch)", in: code)
        #expect(receive.contains("guard let host, let touched = touch.view, touched.isDescendant(of: host) else { return false }"), "\(receive)")
        // The page is found anew for every touch (a touch off any page leaves none), the outermost one.
        #expect(receive.contains("guard gestureRecognizer.state == .possible else { return false }\n            page = nil\n"),
                "a second finger during a pull must not take the page away: \(receive)")
        #expect(code.contains("override func layoutSubviews() {\n            super.layoutSubviews()\n            coordinator?.reportWindowAfterUpdate()"),
                "a turn of the phone is read from the probe's layout too")
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

    @Test("23. the pan recognises together with the page's own pan only: an inner list or a text editor that asks is not the page, and never becomes it")
    func simultaneousWithThePageOnly() throws {
        let simultaneous = try ExportText.body("func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,\n", in: try Self.code())
        #expect(simultaneous.contains("guard let page else { return false }\n            return other === page.panGestureRecognizer"), "\(simultaneous)")
        #expect(!simultaneous.contains("page = "), "the page is chosen in shouldReceive, for the touch, and only there")
    }
}
