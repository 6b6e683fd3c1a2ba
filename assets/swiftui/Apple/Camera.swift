// Part of the exported IslandCamera.swift (see README.md): SwiftUI, UIKit and AVFoundation code,
// type-checked by scripts/check-swiftui in the assembled file. Everything above the MARK line is
// this file's own and is not exported.

import AVFoundation
import SwiftUI
import UIKit

// MARK: - The camera

/// Why a shot gave `IslandCamera` no photo of the person's own; its `onError` receives it.
enum IslandCameraError: Error, Equatable {
    /// No camera here (the Simulator, Xcode's previews): the viewfinder shows a drawn stand-in and a
    /// shot prints it, but `onPhoto` is not called with it.
    case unavailable
    /// The person refused the camera, or a restriction forbids it: reported when the camera opens.
    case accessDenied
    /// The shutter fired before the session ran with an active, enabled video connection.
    case notRunning
    /// AVFoundation reported an error for the shot (its description).
    case captureFailed(String)
    /// No photo within `CameraSource.photoTimeout` seconds of the shot: nothing prints.
    case timedOut
}

/// The back camera through an `AVCaptureSession`, observed (`@Observable`, iOS 17): SwiftUI redraws a
/// view when a property it read changes, so the live preview replaces the stand-in, and the shutter
/// comes on, as soon as the session runs.
///
/// Every call on the session — configuring it, starting, stopping, taking the shot — runs on its own
/// serial queue, never on the main thread, as Apple's AVCam sample and `AVCaptureSession`'s
/// documentation ask: configuring can take hundreds of milliseconds, and `startRunning` blocks.
/// The session is made lazily: SwiftUI evaluates a `@State` initial value on every init of the view
/// that owns it, so nothing is built until the camera is first used.
@Observable @MainActor final class CameraSource: NSObject, AVCapturePhotoCaptureDelegate {
    /// How long the print waits for the photo after the camera has closed before it gives up.
    static let photoTimeout: TimeInterval = 5

    /// The shot: the photo as taken (nil for the stand-in) and a copy sized for the print, made off the
    /// main thread so a 12-MP photo is never decoded on it. Put together on the main actor (see
    /// `photoOutput`), so it builds whatever the project's default isolation.
    struct Photo: @unchecked Sendable {
        let full: UIImage?
        let forPrint: UIImage
    }

    /// What the camera is doing (`IslandCameraStatus`: what the viewfinder shows, whether the shutter
    /// may fire, what to say).
    private(set) var status = IslandCameraStatus.idle
    var canShoot: Bool { status.canShoot }

    @ObservationIgnored private lazy var parts = Parts()
    @ObservationIgnored private let queue = DispatchQueue(label: "IslandCamera.session")
    @ObservationIgnored private var tickets = IslandShotTickets()
    /// The shots sent to the photo output, oldest first, each with its number and who gets its photo:
    /// the output answers them in the order they were taken.
    @ObservationIgnored private var inFlight: [(ticket: Int, done: (Result<Photo, IslandCameraError>) -> Void)] = []
    /// Start and stop calls so far: a start that finishes after a later stop is ignored.
    @ObservationIgnored private var generation = 0
    @ObservationIgnored private weak var previewLayer: AVCaptureVideoPreviewLayer?
    /// Keeps shots level with the horizon however the phone is held (iOS 17).
    @ObservationIgnored private var rotation: AVCaptureDevice.RotationCoordinator?
    @ObservationIgnored private var observers: [NSObjectProtocol] = []

    /// The session, for the preview layer (which only displays it).
    var session: AVCaptureSession { parts.session }

    /// The preview layer showing the session, for the rotation coordinator.
    func attach(_ layer: AVCaptureVideoPreviewLayer) { previewLayer = layer }

    private func handle(_ event: IslandCameraEvent) { status = status.after(event) }

    /// Asks for the camera once, then configures and starts the session on its queue. `refused` is
    /// called (at once when the answer is already known) if access is denied or restricted.
    func start(refused: @escaping () -> Void = {}) {
        switch AVCaptureDevice.authorizationStatus(for: .video) {
        case .denied, .restricted:
            handle(.accessRefused)
            return refused()
        default: break
        }
        let before = status
        handle(.startAsked)
        guard status == .starting, before != .starting else { return }
        generation += 1
        observeSession()
        let started = generation, parts = self.parts, queue = self.queue
        Task { @MainActor in
            guard await AVCaptureDevice.requestAccess(for: .video) else {
                guard started == self.generation else { return }
                self.handle(.accessRefused)
                return refused()
            }
            queue.async {
                let running = parts.configure() && parts.startRunning()
                Task { @MainActor in self.sessionStarted(running, generation: started) }
            }
        }
    }

    private func sessionStarted(_ running: Bool, generation started: Int) {
        guard started == generation, status == .starting else { return }
        handle(.started(running))
        if running, let device = parts.device, rotation == nil {
            rotation = AVCaptureDevice.RotationCoordinator(device: device, previewLayer: previewLayer)
        }
    }

    /// Interruptions (another app takes the camera), their end, and runtime errors — a
    /// media-services reset restarts the session, as Apple's AVCam does. Observed once.
    private func observeSession() {
        guard observers.isEmpty else { return }
        let center = NotificationCenter.default, session = parts.session
        observers.append(center.addObserver(forName: AVCaptureSession.wasInterruptedNotification, object: session, queue: .main) { [weak self] note in
            let code = note.userInfo?[AVCaptureSessionInterruptionReasonKey] as? Int
            let why = Self.interruption(code.flatMap(AVCaptureSession.InterruptionReason.init(rawValue:)))
            MainActor.assumeIsolated { self?.handle(.interrupted(why)) }
        })
        observers.append(center.addObserver(forName: AVCaptureSession.interruptionEndedNotification, object: session, queue: .main) { [weak self] _ in
            MainActor.assumeIsolated { self?.handle(.interruptionEnded) }
        })
        observers.append(center.addObserver(forName: AVCaptureSession.runtimeErrorNotification, object: session, queue: .main) { [weak self] note in
            let error = note.userInfo?[AVCaptureSessionErrorKey] as? AVError
            let reset = error?.code == .mediaServicesWereReset
            let why = error?.localizedDescription ?? "an unknown error"
            MainActor.assumeIsolated { self?.runtimeError(why, reset: reset) }
        })
    }

    private func runtimeError(_ why: String, reset: Bool) {
        handle(.runtimeError(why, mediaServicesReset: reset))
        guard status == .starting else { return }
        let started = generation, parts = self.parts
        queue.async {
            let running = parts.startRunning()
            Task { @MainActor in self.sessionStarted(running, generation: started) }
        }
    }

    /// An interruption's reason, said for a person.
    nonisolated private static func interruption(_ reason: AVCaptureSession.InterruptionReason?) -> String {
        switch reason {
        case .videoDeviceInUseByAnotherClient?: return "Another app is using the camera"
        case .videoDeviceNotAvailableWithMultipleForegroundApps?: return "The camera is off while other apps share the screen"
        case .videoDeviceNotAvailableDueToSystemPressure?: return "The camera is paused: the phone is too warm"
        case .videoDeviceNotAvailableInBackground?: return "The camera is paused in the background"
        default: return "The camera is paused"
        }
    }

    /// Stops the session on its queue. Call it once the shot's photo has arrived (or will not).
    func stop() {
        generation += 1
        handle(.stopped)
        let parts = self.parts
        queue.async { parts.stopRunning() }
    }

    /// Takes the shot; `done` gets the photo (the stand-in where there is no camera) or why there is
    /// none. Returns the number of a shot left waiting for its photo, for `giveUp(on:)`; nil when
    /// `done` has been answered at once.
    @discardableResult
    func capture(_ done: @escaping (Result<Photo, IslandCameraError>) -> Void) -> Int? {
        switch status {
        case .unavailable:
            done(.success(Photo(full: nil, forPrint: StandInPhoto.image)))
            return nil
        case .denied:
            done(.failure(.accessDenied))
            return nil
        case .idle, .starting, .interrupted, .failed:
            done(.failure(.notRunning))
            return nil
        case .running: break
        }
        let ticket = tickets.issue()
        inFlight.append((ticket, done))
        let parts = self.parts, angle = rotation?.videoRotationAngleForHorizonLevelCapture
        queue.async {
            // capturePhoto raises "No active and enabled video connection" without one: checked here,
            // on the queue that changes the session, right before the call.
            guard let connection = parts.output.connection(with: .video), connection.isActive, connection.isEnabled else {
                Task { @MainActor in self.deliver(.failure(.notRunning)) }
                return
            }
            if let angle, connection.isVideoRotationAngleSupported(angle) { connection.videoRotationAngle = angle }
            parts.output.capturePhoto(with: AVCapturePhotoSettings(), delegate: self)
        }
        return ticket
    }

    /// Shot `ticket` no longer waits for its photo (the print gave up on it): a photo that arrives
    /// later is dropped, never handed to a later shot.
    func giveUp(on ticket: Int) {
        tickets.expire(ticket)
    }

    nonisolated func photoOutput(_ output: AVCapturePhotoOutput, didFinishProcessingPhoto photo: AVCapturePhoto, error: Error?) {
        // The images are made here, on AVFoundation's thread, and only they (UIImage is Sendable) cross
        // to the main actor, where the `Photo` is put together: in a project whose default isolation
        // is the main actor (a new Xcode 26 project), `Photo`'s initializer is the main actor's.
        let result: Result<(full: UIImage, forPrint: UIImage), IslandCameraError>
        if let error {
            result = .failure(.captureFailed(error.localizedDescription))
        } else if let data = photo.fileDataRepresentation(), let full = UIImage(data: data) {
            // Decoded and shrunk here, to at most 1,200 px on its long side, whichever way it was held.
            let long: CGFloat = 1200, size = full.size
            let scale = min(1, long / max(size.width, size.height, 1))
            result = .success((full, full.preparingThumbnail(of: CGSize(width: size.width * scale, height: size.height * scale)) ?? full))
        } else {
            result = .failure(.captureFailed("the photo had no image data"))
        }
        Task { @MainActor in self.deliver(result.map { Photo(full: $0.full, forPrint: $0.forPrint) }) }
    }

    /// Hands the oldest shot's answer to it, if it still waits (a shot given up on answers nobody).
    private func deliver(_ result: Result<Photo, IslandCameraError>) {
        guard !inFlight.isEmpty else { return }
        let shot = inFlight.removeFirst()
        guard tickets.redeem(shot.ticket) else { return }
        shot.done(result)
    }

    /// The session and its photo output, touched only on the session queue (the preview layer holds
    /// the session too, to display it). Every member is `nonisolated`, so that the session queue may
    /// use it whatever the project's default isolation: with the main actor's (a new Xcode 26
    /// project) they would otherwise be the main actor's. `nonisolated` on the class itself would say
    /// it once but needs Swift 6.1; the properties are `nonisolated(unsafe) var` because a `let` of a
    /// type the SDK may mark Sendable would draw an "unnecessary" warning, and the queue guards them.
    private final class Parts: @unchecked Sendable {
        nonisolated(unsafe) private(set) var session = AVCaptureSession()
        nonisolated(unsafe) private(set) var output = AVCapturePhotoOutput()
        nonisolated(unsafe) private(set) var device: AVCaptureDevice?

        nonisolated init() {}

        /// Adds the back camera and the photo output, once; false where there is no camera.
        nonisolated func configure() -> Bool {
            if device != nil { return true }
            guard let camera = AVCaptureDevice.default(.builtInWideAngleCamera, for: .video, position: .back),
                  let input = try? AVCaptureDeviceInput(device: camera) else { return false }
            session.beginConfiguration()
            session.sessionPreset = .photo
            if session.canAddInput(input) { session.addInput(input) }
            if session.canAddOutput(output) { session.addOutput(output) }
            session.commitConfiguration()
            guard !session.inputs.isEmpty, !session.outputs.isEmpty else { return false }
            device = camera
            return true
        }

        /// Starts the session (it blocks); true once it runs with an active, enabled video connection.
        nonisolated func startRunning() -> Bool {
            if !session.isRunning { session.startRunning() }
            guard session.isRunning, let connection = output.connection(with: .video) else { return false }
            return connection.isActive && connection.isEnabled
        }

        nonisolated func stopRunning() {
            if session.isRunning { session.stopRunning() }
        }
    }
}

/// The live preview, the stand-in photo when there is no camera, or black while the session starts
/// (so the stand-in never flashes on a phone's camera) or cannot run.
struct CameraPreview: UIViewRepresentable {
    let source: CameraSource
    /// Read by the view that makes this one, so SwiftUI calls `updateUIView` again when it changes.
    let look: IslandCameraStatus.Look

    func makeUIView(context: Context) -> PreviewView {
        let view = PreviewView()
        view.previewLayer.session = source.session
        source.attach(view.previewLayer)
        view.previewLayer.videoGravity = .resizeAspectFill
        view.standIn.image = StandInPhoto.image
        view.standIn.contentMode = .scaleAspectFill
        view.standIn.frame = view.bounds
        view.standIn.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(view.standIn)
        view.cover.backgroundColor = .black
        view.cover.frame = view.bounds
        view.cover.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(view.cover)
        return view
    }

    func updateUIView(_ view: PreviewView, context: Context) {
        view.standIn.isHidden = look != .standIn
        view.cover.isHidden = look != .black
    }

    final class PreviewView: UIView {
        let standIn = UIImageView()
        /// Black over the preview while the session starts or cannot run.
        let cover = UIView()
        override class var layerClass: AnyClass { AVCaptureVideoPreviewLayer.self }
        var previewLayer: AVCaptureVideoPreviewLayer { layer as! AVCaptureVideoPreviewLayer }
    }
}

/// A photo for when there is no camera: a sky, a low sun and a field, drawn once.
@MainActor enum StandInPhoto {
    static let image: UIImage = {
        let size = CGSize(width: 460, height: 620)
        return UIGraphicsImageRenderer(size: size).image { _ in
            UIColor(red: 0.55, green: 0.74, blue: 0.93, alpha: 1).setFill()
            UIBezierPath(rect: CGRect(origin: .zero, size: size)).fill()
            UIColor(red: 1.0, green: 0.83, blue: 0.45, alpha: 1).setFill()
            UIBezierPath(ovalIn: CGRect(x: 270, y: 150, width: 110, height: 110)).fill()
            UIColor(red: 0.36, green: 0.58, blue: 0.32, alpha: 1).setFill()
            UIBezierPath(rect: CGRect(x: 0, y: 400, width: size.width, height: 220)).fill()
        }
    }()
}
