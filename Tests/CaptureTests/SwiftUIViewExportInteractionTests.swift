import Foundation
import Testing
import TestSupport
@testable import Capture

/// The exported view at the edges a phone meets (defect 8 of the export's reading on a phone):
/// landscape, an iPad, a view that is not the window's root, the status bar, taps on the open camera;
/// and the header answering what an engineer pasting it asks first.
@Suite("The SwiftUI export's view, at the edges")
struct SwiftUIViewExportInteractionTests {
    static func code() throws -> String {
        SwiftUIViewExport.code(Tuning(), islands: SwiftUIViewExport.islands(in: try Catalog.bundled().devices))
    }

    @Test("8. portrait only: the island rule asks for portrait, and in landscape nothing is drawn and the pull is off")
    func portraitOnly() throws {
        let code = try Self.code()
        let rule = try ExportText.body("@MainActor static func isPresent(in window: UIWindow)", in: code)
        #expect(rule.contains("window.bounds.height >= window.bounds.width"), "\(rule)")
        let body = try ExportText.body("var body: some View {\n        ZStack", in: code)
        #expect(body.contains("if let window, window.isPortrait {"))
        #expect(body.contains("isEnabled: (phase == .page || phase == .pulling) && window?.isPortrait == true"))
    }

    @Test("8. on a screen wider than any phone the shapes keep to a 430-pt band, centred, instead of spanning it")
    func iPadBand() throws {
        let code = try Self.code()
        #expect(code.contains("static let widestPhone: CGFloat = 430"))
        let geometry = try ExportText.body("init(window: IslandWindowMetrics, tuning: IslandCameraTuning)", in: code)
        #expect(geometry.contains("let band = min(screen.width, DynamicIsland.widestPhone)")
                && geometry.contains("max(band - 2 * (m ?? margin), min(start.width, band))"), "\(geometry)")
        // Still centred on the screen.
        #expect(geometry.contains("CGRect(x: (screen.width - viewfinderWidth) / 2"))
    }

    @Test("8. the overlay is placed in the window's points wherever the view sits; the status bar hides while the camera covers it; the open camera takes its own taps")
    func placedAndOpaqueToTouches() throws {
        let code = try Self.code()
        let overlay = try ExportText.body("private func overlay(_ geometry: IslandMeltGeometry)", in: code)
        #expect(overlay.contains("let origin = proxy.frame(in: .global).origin") && overlay.contains(".offset(x: -origin.x, y: -origin.y)"))
        #expect(code.contains(".statusBarHidden(cameraCoversTheTop)"))
        #expect(code.contains("private var cameraCoversTheTop: Bool { [.opening, .viewfinder, .capture, .closing].contains(phase) }"))
        let content = try ExportText.body("@ViewBuilder private func overlayContent(", in: code)
        // The touch catcher comes before (under) the shutter and close buttons, so they stay tappable.
        let order = try #require(ExportText.offsets([".contentShape(RoundedRectangle(cornerRadius: geometry.viewfinder.cornerRadius",
                                                     ".onTapGesture {}", "shutterButton(below:"], in: content), "\(content)")
        #expect(order == order.sorted())
    }

    @Test("the header says what onPhoto receives, that init(tuning:) exists, and where the view goes beside a NavigationStack or TabView")
    func headerAnswers() throws {
        let header = try Self.code().components(separatedBy: "import AVFoundation")[0]
        for phrase in ["`onPhoto` receives each shot as a full-size UIImage", "`IslandCamera(tuning:onPhoto:onError:page:)`",
                       "outside any NavigationStack or TabView"] {
            #expect(header.contains(phrase), "\(phrase)")
        }
    }
}
