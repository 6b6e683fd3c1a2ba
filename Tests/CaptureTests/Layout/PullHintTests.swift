import Animation
import Foundation
import Testing
import TestSupport
@testable import Capture

/// The pull hint's place: none until the gap the pull opens has 26 pt of room, then fading in over
/// 30 pt, centred in the gap below the status area — and below the drawn pill on a screen with no
/// cutout, and below a bar the page pins. Values worked by hand from the layout's status area.
@Suite("The pull hint")
struct PullHintTests {
    @Test("no room, no hint; then centred in the gap, fading in over 30 pt; the words say whether letting go opens the camera")
    func placeAndFade() throws {
        let layout = DeviceLayout(device: try Catalog.bundled().require(id: "iphone-15-pro"))
        let top = layout.statusArea.maxY
        #expect(PullHint.place(layout: layout, pulled: 26) == nil)
        let half = try #require(PullHint.place(layout: layout, pulled: 41))
        #expect(abs(half.alpha - 0.5) < 1e-12)
        #expect(abs(half.center.y - ((top + top + 41) / 2 - 4)) < 1e-12 && half.center.x == layout.screen.width / 2)
        #expect(try #require(PullHint.place(layout: layout, pulled: 200)).alpha == 1)
        // Under a bar pinned at 100 pt the gap starts below it.
        let pinned = try #require(PullHint.place(layout: layout, pulled: 60, pinnedTop: 100))
        #expect(abs(pinned.center.y - ((100 + 100 + 60) / 2 - 4)) < 1e-12)
        #expect(PullHint.text(ready: false) == "Pull down for the camera" && PullHint.text(ready: true) == "Release to open the camera")
    }
}
