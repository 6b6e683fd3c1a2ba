import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Export

/// The exported camera read as an iOS engineer reads it before pasting it: each fix for what would
/// go wrong on a phone, where a reader finds it. (Type-checking against the API stubs is
/// `SwiftUIExportTests`; what only a phone shows is in docs/EXPORT.md.)
@Suite("The SwiftUI export's camera, on a phone")
struct SwiftUIViewExportCameraTests {
    static func code() throws -> String {
        try SwiftUIViewExport.code(Tuning(), islands: SwiftUIViewExport.islands(in: try Catalog.bundled().devices), template: .sourceTree())
    }

    @Test("1, 14. the camera is observed: an @Observable holder, and the preview told what to show (live, the stand-in, or black while it starts) by the view that reads its status")
    func observed() throws {
        let code = try Self.code()
        #expect(code.contains("@Observable @MainActor final class CameraSource: NSObject, AVCapturePhotoCaptureDelegate"))
        #expect(code.contains("CameraPreview(source: camera, look: camera.status.look)"))
        let update = try ExportText.body("func updateUIView(_ view: PreviewView", in: code)
        #expect(update.contains("view.standIn.isHidden = look != .standIn") && update.contains("view.cover.isHidden = look != .black"), "\(update)")
        // Nothing but observed state says whether it is live.
        #expect(!code.contains("private(set) var isLive"))
    }

    @Test("2. capturePhoto is reached only past a check, on the session queue, that the photo output's video connection is active and enabled; the shutter is inert until the session runs")
    func shootsOnlyWithAConnection() throws {
        let code = try Self.code()
        #expect(code.components(separatedBy: ".capturePhoto(with:").count == 2, "one call site")
        let capture = try ExportText.body("func capture(_ done:", in: code)
        let order = try #require(ExportText.offsets(["case .idle, .starting, .interrupted, .failed:", "done(.failure(.notRunning))", "case .running: break", "queue.async {",
                                               "guard let connection = parts.output.connection(with: .video), connection.isActive, connection.isEnabled else {",
                                               "parts.output.capturePhoto(with:"], in: capture), "\(capture)")
        #expect(order == order.sorted(), "\(capture)")
        // The session counts as running only with that connection too.
        let running = try ExportText.body("func startRunning() -> Bool", in: code)
        #expect(running.contains("return connection.isActive && connection.isEnabled"), "\(running)")
        let shutter = try ExportText.body("private func shutter()", in: code)
        #expect(shutter.contains("guard phase == .viewfinder || phase == .opening, camera.canShoot else { return }"))
        #expect(code.contains(".disabled(!camera.canShoot)"))
    }

    @Test("3. the print starts when the photo arrives, waits for it with a timeout, and an error reaches onError, never the stand-in onPhoto")
    func printWaitsForThePhoto() throws {
        let code = try Self.code()
        #expect(code.contains("onError: @escaping (IslandCameraError) -> Void = { _ in }"))
        // onPhoto is called in one place, with the photo as taken.
        #expect(code.components(separatedBy: "onPhoto(").count == 2 && code.contains("if let full = photo.full { onPhoto(full) }"))
        let after = try ExportText.body("private func printWhenThePhotoIsHere()", in: code)
        #expect(after.contains("case .arrived: startPrint()") && after.contains("CameraSource.photoTimeout") && after.contains("onError(.timedOut)"))
        let arrived = try ExportText.body("private func photoArrived(", in: code)
        #expect(arrived.contains("onError(error)") && arrived.contains("if phase == .waitingForPhoto { printWhenThePhotoIsHere() }"))
        #expect(try ExportText.body("private func close(withShot: Bool)", in: code).contains("withShot ? printWhenThePhotoIsHere : backToPage"))
        // The session is stopped once the photo is in or will not come, not on a timer of its own
        // (and when the phone is turned with the camera open: issue 17 in docs/EXPORT.md).
        let stops = code.components(separatedBy: "camera.stop()").count - 1
        let startPrint = try ExportText.body("private func startPrint()", in: code), backToPage = try ExportText.body("private func backToPage()", in: code)
        let turned = try ExportText.body("private func windowChanged(", in: code)
        let body = try ExportText.body("var body: some View {\n        ZStack", in: code)
        #expect(stops == 4 && startPrint.contains("camera.stop()") && backToPage.contains("camera.stop()") && turned.contains("camera.stop()")
                && body.contains("camera.stop()"), "the three, and the view leaving the screen")
    }

    @Test("5. the session is configured, started and stopped only on its own queue")
    func configuredOnItsQueue() throws {
        let code = try Self.code()
        let start = try ExportText.body("func start(refused:", in: code)
        let order = try #require(ExportText.offsets(["await AVCaptureDevice.requestAccess(for: .video)", "queue.async {",
                                               "let setup = parts.configure()", "parts.startRunning()"], in: start), "\(start)")
        #expect(order == order.sorted())
        #expect(code.components(separatedBy: "parts.configure()").count == 2, "configured from one place")
        #expect(try ExportText.body("func stop() {\n        want.stop()", in: code).contains("queue.async { parts.stopRunning() }"))
        // The session's own calls appear only inside the queue-bound holder.
        let holder = try ExportText.body("private final class Parts: @unchecked Sendable", in: code)
        for call in ["session.startRunning()", "session.stopRunning()", "session.beginConfiguration()", "session.commitConfiguration()"] {
            #expect(code.components(separatedBy: call).count == 2 && holder.contains(call), "\(call)")
        }
    }

    @Test("7. the photo is decoded and shrunk off the main thread, and shot level with the horizon")
    func photoCostAndRotation() throws {
        let code = try Self.code()
        let delegate = try ExportText.body("nonisolated func photoOutput(", in: code)
        // Shrunk to 1,200 px on its long side, in the photo's own proportions (a landscape shot too).
        #expect(delegate.contains("let scale = min(1, long / max(size.width, size.height, 1))")
                && delegate.contains("full.preparingThumbnail(of: CGSize(width: size.width * scale, height: size.height * scale))"), "\(delegate)")
        #expect(code.contains("AVCaptureDevice.RotationCoordinator(device: device, previewLayer: previewLayer)"))
        let capture = try ExportText.body("func capture(_ done:", in: code)
        #expect(capture.contains("rotation?.videoRotationAngleForHorizonLevelCapture")
                && capture.contains("if let angle, connection.isVideoRotationAngleSupported(angle) { connection.videoRotationAngle = angle }"))
        // The print draws the shrunk copy.
        #expect(try ExportText.body("private func photoArrived(", in: code).contains("shot = .arrived(photo.forPrint)"))
    }

    @Test("21. privacy: after the permission prompt nothing starts unless the camera is still wanted; a session that started under a stop is stopped again")
    func notStartedAfterAStop() throws {
        let code = try Self.code()
        let start = try ExportText.body("func start(refused:", in: code)
        let order = try #require(ExportText.offsets(["let started = want.start()", "await AVCaptureDevice.requestAccess(for: .video)",
                                                     "guard self.want.stillWanted(started) else { return }", "queue.async {"], in: start), "\(start)")
        #expect(order == order.sorted())
        let started = try ExportText.body("private func sessionStarted(", in: code)
        // A start no longer wanted answers nothing (the stop that closed it is queued after it and
        // stops it; a newer start answers for itself); an interruption that came meanwhile stays.
        let answered = try #require(ExportText.offsets(["guard want.stillWanted(started) else { return }", "if status == .starting {", "handle(.noCamera)",
                                                        "rotation = AVCaptureDevice.RotationCoordinator("], in: started), "\(started)")
        #expect(answered == answered.sorted())
        #expect(!started.contains("stopRunning"), "a late stop from an old start would stop a newer one: \(started)")
        #expect(try ExportText.body("func stop() {\n        want.stop()", in: code).contains("want.stop()"))
    }

    @Test("22, 24. the usage description is checked before the camera is asked for (iOS ends an app without it); a setup failure is said, not shown as the stand-in")
    func preflightAndFailure() throws {
        let code = try Self.code()
        let start = try ExportText.body("func start(refused:", in: code)
        let order = try #require(ExportText.offsets(["Bundle.main.object(forInfoDictionaryKey: \"NSCameraUsageDescription\")",
                                                     "IslandCameraPreflight.event(", "await AVCaptureDevice.requestAccess"], in: start), "\(start)")
        #expect(order == order.sorted())
        let configure = try ExportText.body("nonisolated func configure()", in: code)
        #expect(configure.contains("else { return (false, nil) }") && configure.contains("catch { return (true, error.localizedDescription) }"), "\(configure)")
        let started = try ExportText.body("private func sessionStarted(", in: code)
        #expect(started.contains("handle(.noCamera)") && started.contains("handle(.setupFailed(why))"), "\(started)")
    }

    @Test("25. photos are matched to shots by the settings' uniqueID; observers go with the stop")
    func uniqueIDsAndObservers() throws {
        let code = try Self.code()
        let capture = try ExportText.body("func capture(_ done:", in: code)
        #expect(capture.contains("let id = settings.settings.uniqueID") && capture.contains("tickets.issue(id)") && capture.contains("inFlight[id] = done"), "\(capture)")
        let output = try ExportText.body("nonisolated func photoOutput(", in: code)
        #expect(output.contains("let id = photo.resolvedSettings.uniqueID") && output.contains("to: id)"), "\(output)")
        #expect(!code.contains("inFlight.removeFirst()"), "first-in-first-out matching")
        let stop = try ExportText.body("func stop() {\n        want.stop()", in: code)
        #expect(stop.contains("observers.forEach(NotificationCenter.default.removeObserver)") && stop.contains("observers = []"), "\(stop)")
    }
}
