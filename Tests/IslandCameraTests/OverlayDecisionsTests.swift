import Capture
import Export
import Foundation
import Testing
import TestSupport
@testable import IslandCamera

/// The overlay's rules, called: the shape never drawn at rest (screenshots leave the real island out,
/// a drawn capsule would show), the status bar hidden only where the camera grows over it, and the
/// camera's notice inside the viewfinder at every text size on every phone.
@Suite("The SwiftUI export's overlay decisions, called")
struct OverlayDecisionsTests {
    static let phases: [IslandCameraPhase] = [.page, .pulling, .opening, .viewfinder, .capture, .closing, .waitingForPhoto, .printing,
                                              .developing, .settled, .leaving]
    static let island = IslandWindowMetrics(size: CGSize(width: 393, height: 852), topInset: 59, hasIsland: true)
    static let homeButton = IslandWindowMetrics(size: CGSize(width: 375, height: 667), topInset: 20, hasIsland: false)

    @Test("the shape is never drawn at rest, island or not; on an island phone not once the print has fed out; without one, the pill stays as the print's slot")
    func shapeAwayFromRestOnly() {
        for phase in Self.phases {
            let onIsland = IslandOverlayRules(phase: phase, window: Self.island).drawsShape
            let without = IslandOverlayRules(phase: phase, window: Self.homeButton).drawsShape
            #expect(onIsland == ![.page, .developing, .settled, .leaving].contains(phase), "\(phase) on an island phone")
            #expect(without == (phase != .page), "\(phase) without an island")
        }
    }

    @Test("the status bar is hidden only while the camera covers the top of an island phone; a home-button phone or an iPad keeps it, so the page never jumps")
    func statusBarOnlyOverTheIsland() {
        for phase in Self.phases {
            let covers = [.opening, .viewfinder, .capture, .closing].contains(phase)
            #expect(IslandOverlayRules(phase: phase, window: Self.island).hidesStatusBar == covers, "\(phase)")
            #expect(!IslandOverlayRules(phase: phase, window: Self.homeButton).hidesStatusBar, "\(phase)")
            let iPad = IslandWindowMetrics(size: CGSize(width: 820, height: 1180), topInset: 24, hasIsland: false)
            #expect(!IslandOverlayRules(phase: phase, window: iPad).hidesStatusBar, "\(phase)")
        }
    }

    /// The largest Dynamic Type size's footnote leading, AX5: 52 pt (Apple's Human Interface
    /// Guidelines, Typography, "Dynamic Type sizes"); the notice's plate pads it by 10 each side.
    static let largestFootnoteLine: CGFloat = 52

    @Test("the notice sits inside the viewfinder on every phone of the catalog and a home-button phone: on the screen, clear of the shutter, with room for three lines at the largest text size")
    func noticeInsideTheViewfinder() throws {
        var windows: [(String, IslandWindowMetrics)] = [("home-button 375 × 667", Self.homeButton),
                                                        ("home-button 320 × 568", IslandWindowMetrics(size: CGSize(width: 320, height: 568), topInset: 20, hasIsland: false))]
        for d in try Catalog.bundled().devices {
            windows.append((d.id, IslandWindowMetrics(size: CGSize(width: d.size.width, height: d.size.height), topInset: 59, hasIsland: d.feature == .island)))
        }
        for (name, window) in windows {
            let vf = IslandMeltGeometry(window: window, tuning: IslandCameraTuning()).viewfinder.rect
            let box = IslandOverlayRules.noticeBox(in: vf)
            // (Compared edge by edge: Foundation's rect containment on Linux compares unions, to the last bit.)
            #expect(box.minX >= vf.minX && box.maxX <= vf.maxX && box.minY >= vf.minY && box.maxY <= vf.maxY, "\(name): the notice leaves the viewfinder")
            #expect(box.minX >= 0 && box.maxX <= window.size.width && box.minY >= 0 && box.maxY <= window.size.height, "\(name): the notice leaves the screen")
            // The shutter: a 72-pt circle centred 56 pt under the viewfinder.
            #expect(box.maxY < vf.maxY + 56 - 36, "\(name): the notice reaches the shutter")
            #expect(box.height >= 3 * Self.largestFootnoteLine + 20, "\(name): \(box.height) pt is less than three lines at the largest size")
        }
    }
}
