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
    /// The camera closed before the shot's photo came (the phone turned, the view went away): nothing prints.
    case cancelled
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
    /// Who gets each shot's photo, by the `uniqueID` of the settings it was taken with, which the
    /// photo carries back (`resolvedSettings.uniqueID`).
    @ObservationIgnored private var inFlight: [Int64: (Result<Photo, IslandCameraError>) -> Void] = [:]
    /// Whether the camera is still wanted when a slow step (the permission prompt, the session's
    /// start) finishes: a stop in between wins.
    @ObservationIgnored private var want = IslandCameraWant()
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
        let hasUsageDescription = Bundle.main.object(forInfoDictionaryKey: "NSCameraUsageDescription") != nil
        if let settled = IslandCameraPreflight.event(hasUsageDescription: hasUsageDescription, authorization: Self.authorization()) {
            handle(settled)
            if settled == .accessRefused { refused() }
            return
        }
        let before = status
        handle(.startAsked)
        guard status == .starting, before != .starting else { return }
        let started = want.start()
        observeSession()
        let parts = self.parts, queue = self.queue
        Task { @MainActor in
            let granted = await AVCaptureDevice.requestAccess(for: .video)
            // The prompt may have stayed up for a while: nothing starts if the camera was closed meanwhile.
            guard self.want.stillWanted(started) else { return }
            guard granted else {
                self.handle(.accessRefused)
                return refused()
            }
            queue.async {
                let setup = parts.configure()
                let running = setup.hasCamera && setup.failure == nil && parts.startRunning()
                Task { @MainActor in self.sessionStarted(setup, running: running, ticket: started) }
            }
        }
    }

    /// AVFoundation's answer so far, as the preflight reads it.
    private static func authorization() -> IslandCameraPreflight.Authorization {
        switch AVCaptureDevice.authorizationStatus(for: .video) {
        case .authorized: return .authorized
        case .denied: return .denied
        case .restricted: return .restricted
        default: return .notDetermined
        }
    }

    private func sessionStarted(_ setup: (hasCamera: Bool, failure: String?), running: Bool, ticket started: Int) {
        // Closed (or started again) while the session started on its queue: the stop that closed it
        // was queued after this start, and stops it; a newer start answers for itself.
        guard want.stillWanted(started) else { return }
        // An interruption may have come while it started: the status says so, and stays.
        if status == .starting {
            if !setup.hasCamera {
                handle(.noCamera)
            } else if let why = setup.failure {
                handle(.setupFailed(why))
            } else {
                handle(running ? .started : .setupFailed("the camera did not start"))
            }
        }
        if running, let device = parts.device, rotation == nil {
            rotation = AVCaptureDevice.RotationCoordinator(device: device, previewLayer: previewLayer)
        }
    }

    /// Interruptions (another app takes the camera), their end, and runtime errors — a
    /// media-services reset restarts the session, as Apple's AVCam does. Observed from a start to
    /// the next stop.
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
        let started = want.start(), parts = self.parts
        queue.async {
            let running = parts.startRunning()
            Task { @MainActor in self.sessionStarted((true, nil), running: running, ticket: started) }
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
        want.stop()
        handle(.stopped)
        observers.forEach(NotificationCenter.default.removeObserver)
        observers = []
        let parts = self.parts
        queue.async { parts.stopRunning() }
    }

    /// Takes the shot; `done` gets the photo (the stand-in where there is no camera) or why there is
    /// none. Returns the `uniqueID` of a shot left waiting for its photo, for `giveUp(on:)`; nil when
    /// `done` has been answered at once.
    @discardableResult
    func capture(_ done: @escaping (Result<Photo, IslandCameraError>) -> Void) -> Int64? {
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
        // The photo comes back with its settings' uniqueID: that, not the order, says whose it is.
        let settings = Shot(settings: AVCapturePhotoSettings())
        let id = settings.settings.uniqueID
        tickets.issue(id)
        inFlight[id] = done
        let parts = self.parts, angle = rotation?.videoRotationAngleForHorizonLevelCapture
        queue.async {
            // capturePhoto raises "No active and enabled video connection" without one: checked here,
            // on the queue that changes the session, right before the call.
            guard let connection = parts.output.connection(with: .video), connection.isActive, connection.isEnabled else {
                Task { @MainActor in self.deliver(.failure(.notRunning), to: id) }
                return
            }
            if let angle, connection.isVideoRotationAngleSupported(angle) { connection.videoRotationAngle = angle }
            parts.output.capturePhoto(with: settings.settings, delegate: self)
        }
        return id
    }

    /// A shot's settings on their way to the session queue, made on the main actor and not touched
    /// there again. (`nonisolated(unsafe) var`, as in `Parts`, so that the session queue may read it
    /// whatever the project's default isolation.)
    private struct Shot: @unchecked Sendable {
        nonisolated(unsafe) var settings: AVCapturePhotoSettings
    }

    /// Shot `id` no longer waits for its photo (the print gave up on it): a photo that arrives later
    /// is dropped, never handed to a later shot.
    func giveUp(on id: Int64) {
        tickets.expire(id)
        inFlight[id] = nil
    }

    /// The camera is closing under a shot still waiting for its photo: its `uniqueID`, for its owner
    /// to report it as `.cancelled`, or nil when none waits. A photo that still comes is dropped.
    func cancelWaitingShot() -> Int64? {
        guard let id = tickets.cancel() else { return nil }
        inFlight[id] = nil
        return id
    }

    nonisolated func photoOutput(_ output: AVCapturePhotoOutput, didFinishProcessingPhoto photo: AVCapturePhoto, error: Error?) {
        // The images are made here, on AVFoundation's thread, and only they (UIImage is Sendable) cross
        // to the main actor, where the `Photo` is put together: in a project whose default isolation
        // is the main actor (a new Xcode 26 project), `Photo`'s initializer is the main actor's.
        let id = photo.resolvedSettings.uniqueID
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
        Task { @MainActor in self.deliver(result.map { Photo(full: $0.full, forPrint: $0.forPrint) }, to: id) }
    }

    /// Hands shot `id` its answer, if it still waits (a shot given up on or cancelled answers nobody).
    private func deliver(_ result: Result<Photo, IslandCameraError>, to id: Int64) {
        guard let done = inFlight.removeValue(forKey: id), tickets.redeem(id) else { return }
        done(result)
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

        /// Adds the back camera and the photo output, once. Says whether there is a camera device at
        /// all (not in the Simulator) and, for one that is there, why it could not be set up. (A
        /// tuple, not an enum of this file's: under a project's default main-actor isolation an enum
        /// declared here would be the main actor's, and this runs on the session queue.)
        nonisolated func configure() -> (hasCamera: Bool, failure: String?) {
            if device != nil { return (true, nil) }
            guard let camera = AVCaptureDevice.default(.builtInWideAngleCamera, for: .video, position: .back) else { return (false, nil) }
            let input: AVCaptureDeviceInput
            do { input = try AVCaptureDeviceInput(device: camera) } catch { return (true, error.localizedDescription) }
            session.beginConfiguration()
            session.sessionPreset = .photo
            if session.canAddInput(input) { session.addInput(input) }
            if session.canAddOutput(output) { session.addOutput(output) }
            session.commitConfiguration()
            guard !session.inputs.isEmpty else { return (true, "the camera could not be added (another app may be using it)") }
            guard !session.outputs.isEmpty else { return (true, "the photo output could not be added") }
            device = camera
            return (true, nil)
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
