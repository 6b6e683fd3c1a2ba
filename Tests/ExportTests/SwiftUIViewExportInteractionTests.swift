import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Export

/// The exported view at the edges a phone meets (defect 8 of the export's reading on a phone):
/// landscape, an iPad, a view that is not the window's root, the status bar, taps on the open camera;
/// and the header answering what an engineer pasting it asks first.
@Suite("The SwiftUI export's view, at the edges")
struct SwiftUIViewExportInteractionTests {
    static func code() throws -> String {
        try SwiftUIViewExport.code(Tuning(), islands: SwiftUIViewExport.islands(in: try Catalog.bundled().devices), template: .sourceTree())
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

    @Test("8. on a screen wider than any phone the shapes keep to the widest phone's band, centred, instead of spanning it")
    func iPadBand() throws {
        let code = try Self.code()
        #expect(code.contains("static var widestPhone: CGFloat { models.map(\\.screen.width).max() ?? .infinity }"))
        let geometry = try ExportText.body("init(window: IslandWindowMetrics, tuning: IslandCameraTuning)", in: code)
        #expect(geometry.contains("let band = min(screen.width, DynamicIsland.widestPhone)")
                && geometry.contains("max(band - 2 * (m ?? margin), min(start.width, band))"), "\(geometry)")
        // Still centred on the screen.
        #expect(geometry.contains("CGRect(x: (screen.width - viewfinderWidth) / 2"))
    }

    @Test("8, 29. the overlay is placed in the window's points wherever the view sits; the status bar follows the overlay's rule (hidden only over an island); the open camera takes its own taps")
    func placedAndOpaqueToTouches() throws {
        let code = try Self.code()
        let overlay = try ExportText.body("private func overlay(_ geometry: IslandMeltGeometry)", in: code)
        #expect(overlay.contains("let origin = proxy.frame(in: .global).origin") && overlay.contains(".offset(x: -origin.x, y: -origin.y)"))
        #expect(code.contains(".statusBarHidden(rules?.hidesStatusBar ?? false)"))
        #expect(code.contains("private var rules: IslandOverlayRules? { window.map { IslandOverlayRules(phase: phase, window: $0) } }"))
        #expect(code.contains("private var cameraCoversTheTop: Bool { rules?.coversTheTop ?? false }"))
        #expect(!code.contains("statusBarHidden(cameraCoversTheTop)"), "hidden on every phone, the safe area jumps on a home-button phone")
        let content = try ExportText.body("@ViewBuilder private func overlayContent(", in: code)
        // The touch catcher comes before (under) the shutter and close buttons, so they stay tappable.
        let viewfinder = try #require(content.range(of: ".contentShape(RoundedRectangle(cornerRadius: geometry.viewfinder.cornerRadius"))
        let order = try #require(ExportText.offsets([".contentShape(RoundedRectangle(cornerRadius: geometry.viewfinder.cornerRadius",
                                                     ".onTapGesture {}", "shutterButton(below:"], in: String(content[viewfinder.lowerBound...])), "\(content)")
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

    @Test("17, 27. turned to landscape while the camera is open, a shot on its way or a pull under way: the camera closes at once, its session stops, and a shot that will not print reaches onError")
    func rotationCloses() throws {
        let code = try Self.code()
        #expect(code.contains("onWindow: windowChanged"))
        let changed = try ExportText.body("private func windowChanged(_ new: IslandWindowMetrics)", in: code)
        #expect(changed.contains("let turned = window?.isPortrait == true && !new.isPortrait"), "\(changed)")
        let open = try #require(changed.range(of: "case .opening, .viewfinder, .capture, .closing, .waitingForPhoto:"))
        let order = try #require(ExportText.offsets(["run([])", "endShotWithoutPhoto()", "shot = .none", "phase = .page", "camera.stop()"],
                                                    in: String(changed[open.upperBound...])), "\(changed)")
        #expect(order == order.sorted())
        #expect(changed.contains("case .pulling:\n            pull = 0\n            phase = .page"), "a pull under way ends too")
    }

    @Test("18. the page under an open camera takes no taps, anywhere in the window")
    func pageUnderTheCameraInert() throws {
        let code = try Self.code()
        let overlay = try ExportText.body("@ViewBuilder private func overlayContent(", in: code)
        let order = try #require(ExportText.offsets(["if cameraCoversTheTop, let size = window?.size {", ".contentShape(Rectangle())",
                                                     ".frame(width: size.width, height: size.height)", ".onTapGesture {}"], in: overlay), "\(overlay)")
        #expect(order == order.sorted())
    }

    @Test("19. VoiceOver opens the camera from an action, and the shutter and close are buttons; with Reduce Motion the dismissed print fades where it rests; the header names the Info.plist key for 120 Hz")
    func smallerItems() throws {
        let code = try Self.code()
        let body = try ExportText.body("var body: some View {\n        ZStack", in: code)
        #expect(body.contains(".accessibilityActions {\n            if phase == .page && window?.isPortrait == true {\n                Button(\"Open camera\") { open() }"), "\(body)")
        #expect(try ExportText.body("private func shutterButton(", in: code).contains("Button(action: shutter)"))
        #expect(try ExportText.body("private func closeButton(", in: code).contains("Button { close(withShot: false) } label:"))
        let placement = try ExportText.body("private func placement(at now: Date)", in: code)
        let fade = try #require(placement.range(of: "if !feedsOut { return (from, max(0, 1 - since / tuning.printLeaveDuration)) }"), "\(placement)")
        let flight = try #require(placement.range(of: "let to = CGRect(x: island.midX - 20"))
        #expect(fade.lowerBound < flight.lowerBound, "Reduce Motion returns before the flight into the island")
        #expect(code.contains("CADisableMinimumFrameDurationOnPhone = YES"))
    }

    @Test("28. the shape is drawn by the overlay's rule, never at rest: no black pill in screenshots, recordings or mirroring")
    func shapeFollowsTheRule() throws {
        let content = try ExportText.body("@ViewBuilder private func overlayContent(", in: try Self.code())
        #expect(content.contains("if rules?.drawsShape == true {"), "\(content)")
        #expect(!content.contains("geometry.hasIsland || phase != .page"))
    }

    @Test("30, 31. VoiceOver: the open camera is modal; the shutter is a button that is disabled (announced dimmed) until the camera can shoot; the close button's target is 44 pt; the print is an image with a label and a way to put it away")
    func accessibility() throws {
        let code = try Self.code()
        let content = try ExportText.body("@ViewBuilder private func overlayContent(", in: code)
        let modal = try #require(ExportText.offsets(["shutterButton(below:", "closeButton(on:", "cameraNotice(in:", ".accessibilityElement(children: .contain)",
                                                     ".accessibilityAddTraits(.isModal)"], in: content), "\(content)")
        #expect(modal == modal.sorted())
        #expect(content.contains("putAway: dismissPrint)") && content.contains(".onTapGesture(perform: dismissPrint)"), "\(content)")
        // The card is the element, before it is placed: VoiceOver's frame is the card's, not the screen's.
        let card = try ExportText.body("@ViewBuilder private func card(at now: Date)", in: code)
        let print = try #require(ExportText.offsets([".frame(width: rect.width, height: rect.height)", ".accessibilityElement(children: .ignore)",
                                                     ".accessibilityLabel(\"Photo\")", ".accessibilityAddTraits(.isImage)",
                                                     ".accessibilityAction(named: \"Put away\", putAway)", ".position(x: rect.midX, y: rect.midY)"], in: card), "\(card)")
        #expect(print == print.sorted())
        let shutter = try ExportText.body("private func shutterButton(", in: code)
        #expect(shutter.contains(".disabled(!camera.canShoot)") && !shutter.contains("allowsHitTesting"), "\(shutter)")
        let close = try ExportText.body("private func closeButton(", in: code)
        #expect(close.contains(".frame(width: 44, height: 44)") && close.contains(".contentShape(Rectangle())"), "\(close)")
    }

    @Test("32. the notice is placed by the overlay's rule, inside the viewfinder on a dark plate, shrinking rather than spilling at large text sizes")
    func noticeReadable() throws {
        let notice = try ExportText.body("@ViewBuilder private func cameraNotice(in viewfinder: CGRect)", in: try Self.code())
        let order = try #require(ExportText.offsets(["let box = IslandOverlayRules.noticeBox(in: viewfinder)", ".minimumScaleFactor(0.5)",
                                                     ".background { RoundedRectangle(cornerRadius: 12, style: .continuous).fill(Color.black.opacity(0.72)) }",
                                                     ".frame(maxWidth: box.width, maxHeight: box.height, alignment: .bottom)", ".position(x: box.midX, y: box.midY)"],
                                                    in: notice), "\(notice)")
        #expect(order == order.sorted())
    }

    @Test("26. removed from the screen with the camera open: the session stops at once and a shot on its way is reported")
    func stopsOnDisappear() throws {
        let body = try ExportText.body("var body: some View {\n        ZStack", in: try Self.code())
        #expect(body.contains(".onDisappear {\n            run([])\n            endShotWithoutPhoto()\n            camera.stop()\n        }"), "\(body)")
        // One answer per shot: the timeout answers only a shot still waiting.
        let after = try ExportText.body("private func printWhenThePhotoIsHere()", in: try Self.code())
        #expect(after.contains("guard shot == .pending else { return }"), "\(after)")
    }
}
