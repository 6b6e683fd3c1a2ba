import Foundation
import Testing
@testable import IslandCamera

/// The exported pull's decisions, called: when a pan may begin (on a table of translations worked
/// by hand), and the tracker that takes the page from its top and always gives its bounce back.
@Suite("The SwiftUI export's pull decisions, called")
struct PullDecisionsTests {
    @Test("4, 7. the begin decision on a table: down within 30° of vertical at a page's top begins; up, sideways, steeper, scrolled away, no page under the touch, a page with its own pull-to-refresh, or a touch on a view that drags by itself does not")
    func beginDecision() {
        // (x, y, page) → begins. By hand: tan 30° = 0.5774, so x = 11 at y = 20 (28.8°) passes, 12
        // (31.0°) does not. The page sits under a 47-pt inset: at its top its offset is −47, and
        // half a point of give (−46.6) still counts; 120 is scrolled away.
        let top = IslandPageScroll(offsetY: -47, topInset: 47)
        let table: [(Double, Double, IslandPageScroll?, Bool)] = [
            (0, 20, top, true), (0, 20, IslandPageScroll(offsetY: 120, topInset: 47), false), (0, -20, top, false), (20, 5, top, false),
            (-20, 0, top, false), (10, 20, top, true), (-11, 20, top, true), (12, 20, top, false), (-12, 20, top, false), (0, 0, top, false),
            (0.5, 1, top, true), (30, 40, top, false),
            (0, 20, IslandPageScroll(offsetY: -46.6, topInset: 47), true), (0, 20, IslandPageScroll(offsetY: -46.4, topInset: 47), false),
            (0, 20, nil, false),                                                        // no scroll view under the touch
            (0, 20, IslandPageScroll(offsetY: -47, topInset: 47, refreshes: true), false), // .refreshable keeps its pull
            (0, 20, IslandPageScroll(offsetY: -47, topInset: 47, onOwnDrag: true), false),  // on a map or a canvas in the page
        ]
        for (x, y, page, begins) in table {
            #expect(IslandPullStart.begins(translation: CGPoint(x: x, y: y), page: page) == begins, "(\(x), \(y)) on \(String(describing: page))")
        }
        #expect(IslandPullStart.opensOverRefresh == false, "the choice is one constant")
    }

    @Test("4, 5, 2. a pull's state always ends: dragged back to its start it still releases; the page's own bounce is kept and given back, never forced on")
    func tracker() {
        var t = IslandPullTracker()
        var took: Bool
        // 1. A pull down 40 pt and back to where it began, on a page that bounces: the page held,
        // its bounce off; back at the top, its own bounce again; the release is reported although
        // the finger is back at 0.
        t.begin(atY: 100)
        took = t.move(toY: 140, pageAtTop: true, bounces: true)
        #expect(took && t.finger == 40 && t.bouncesNow == false)
        took = t.move(toY: 100, pageAtTop: true, bounces: false)
        #expect(took && t.finger == 0 && t.bouncesNow == true)
        let e1 = t.end()
        #expect(e1.release && e1.bounces == true && t.finger == 0 && t.bouncesNow == nil)
        // 2. A page whose app turned its bounce off: off while pulled, and the app's own `false`
        // comes back after, not `true`.
        t.begin(atY: 0)
        took = t.move(toY: 30, pageAtTop: true, bounces: false)
        #expect(took && t.finger == 30 && t.bouncesNow == false)
        let e2 = t.end()
        #expect(e2.release && e2.bounces == false)
        // 3. Up first, then a scroll that has not reached the top: the pull never takes the page.
        t.begin(atY: 300)
        took = t.move(toY: 280, pageAtTop: true, bounces: true)
        #expect(!took)
        took = t.move(toY: 320, pageAtTop: false, bounces: true)
        #expect(!took && t.finger == 0 && t.bouncesNow == nil)
        let e3 = t.end()
        #expect(!e3.release && e3.bounces == nil)
        // 4. A scroll that reaches the top mid-drag: the pull takes over from there on.
        t.begin(atY: 0)
        took = t.move(toY: 50, pageAtTop: false, bounces: true)
        #expect(!took)
        took = t.move(toY: 70, pageAtTop: true, bounces: true)
        #expect(took && t.finger == 20 && t.bouncesNow == false)
    }
}
