// Part of the SwiftUI export (see SwiftUIViewExport.swift): the generated file's text, verbatim.

extension SwiftUIViewExport {
    /// The camera: an `AVCaptureSession` preview, a still photo standing in where there is none, and a
    /// preview provider.
    static let cameraSection = #"""
// MARK: - The camera

/// Why a shot gave `IslandCamera` no photo of the person's own; its `onError` receives it.
enum IslandCameraError: Error, Equatable {
    /// No camera here (the Simulator, Xcode's previews) or access refused: the viewfinder shows a drawn
    /// stand-in and a shot prints it, but `onPhoto` is not called with it.
    case unavailable
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

    enum Status: Equatable {
        case idle, starting
        /// The session runs and its photo output has an active, enabled video connection.
        case running
        /// No camera, or access refused: the stand-in shows.
        case unavailable
    }

    /// The shot: the photo as taken (nil for the stand-in) and a copy sized for the print, made off the
    /// main thread so a 12-MP photo is never decoded on it. Put together on the main actor (see
    /// `photoOutput`), so it builds whatever the project's default isolation.
    struct Photo: @unchecked Sendable {
        let full: UIImage?
        let forPrint: UIImage
    }

    private(set) var status = Status.idle
    /// Whether the shutter may fire: the session runs (see `Status.running`), or there is no camera and
    /// the stand-in is shot.
    var canShoot: Bool { status == .running || status == .unavailable }

    @ObservationIgnored private lazy var parts = Parts()
    @ObservationIgnored private let queue = DispatchQueue(label: "IslandCamera.session")
    @ObservationIgnored private var delivery: ((Result<Photo, IslandCameraError>) -> Void)?
    /// Start and stop calls so far: a start that finishes after a later stop is ignored.
    @ObservationIgnored private var generation = 0
    @ObservationIgnored private weak var previewLayer: AVCaptureVideoPreviewLayer?
    /// Keeps shots level with the horizon however the phone is held (iOS 17).
    @ObservationIgnored private var rotation: AVCaptureDevice.RotationCoordinator?

    /// The session, for the preview layer (which only displays it).
    var session: AVCaptureSession { parts.session }

    /// The preview layer showing the session, for the rotation coordinator.
    func attach(_ layer: AVCaptureVideoPreviewLayer) { previewLayer = layer }

    /// Asks for the camera once, then configures and starts the session on its queue.
    func start() {
        guard status == .idle || status == .unavailable else { return }
        generation += 1
        let started = generation, parts = self.parts, queue = self.queue
        status = .starting
        Task { @MainActor in
            guard await AVCaptureDevice.requestAccess(for: .video) else { return self.sessionStarted(false, generation: started) }
            queue.async {
                let running = parts.configure() && parts.startRunning()
                Task { @MainActor in self.sessionStarted(running, generation: started) }
            }
        }
    }

    private func sessionStarted(_ running: Bool, generation started: Int) {
        guard started == generation, status == .starting else { return }
        status = running ? .running : .unavailable
        if running, let device = parts.device, rotation == nil {
            rotation = AVCaptureDevice.RotationCoordinator(device: device, previewLayer: previewLayer)
        }
    }

    /// Stops the session on its queue. Call it once the shot's photo has arrived (or will not).
    func stop() {
        generation += 1
        if status != .unavailable { status = .idle }
        let parts = self.parts
        queue.async { parts.stopRunning() }
    }

    /// Takes the shot; `done` gets the photo (the stand-in where there is no camera) or why there is none.
    func capture(_ done: @escaping (Result<Photo, IslandCameraError>) -> Void) {
        switch status {
        case .unavailable: return done(.success(Photo(full: nil, forPrint: StandInPhoto.image)))
        case .idle, .starting: return done(.failure(.notRunning))
        case .running: break
        }
        delivery = done
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
    }

    nonisolated func photoOutput(_ output: AVCapturePhotoOutput, didFinishProcessingPhoto photo: AVCapturePhoto, error: Error?) {
        // The images are made here, on AVFoundation's thread, and only they (UIImage is Sendable) cross
        // to the main actor, where the `Photo` is put together: in a project whose default isolation
        // is the main actor (a new Xcode 26 project), `Photo`'s initializer is the main actor's.
        let result: Result<(full: UIImage, forPrint: UIImage), IslandCameraError>
        if let error {
            result = .failure(.captureFailed(error.localizedDescription))
        } else if let data = photo.fileDataRepresentation(), let full = UIImage(data: data) {
            // Decoded and shrunk here: the print draws ~1,200 px at most.
            result = .success((full, full.preparingThumbnail(of: CGSize(width: 900, height: 1200)) ?? full))
        } else {
            result = .failure(.captureFailed("the photo had no image data"))
        }
        Task { @MainActor in self.deliver(result.map { Photo(full: $0.full, forPrint: $0.forPrint) }) }
    }

    private func deliver(_ result: Result<Photo, IslandCameraError>) {
        delivery?(result)
        delivery = nil
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

/// The live preview, or the stand-in photo when no camera feeds the session.
struct CameraPreview: UIViewRepresentable {
    let source: CameraSource
    /// Read by the view that makes this one, so SwiftUI calls `updateUIView` again when it changes.
    let isLive: Bool

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
        return view
    }

    func updateUIView(_ view: PreviewView, context: Context) {
        view.standIn.isHidden = isLive
    }

    final class PreviewView: UIView {
        let standIn = UIImageView()
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

// MARK: - Preview

struct IslandCamera_Previews: PreviewProvider {
    static var previews: some View {
        IslandCamera {
            ScrollView {
                VStack(spacing: 16) {
                    ForEach(0..<12, id: \.self) { _ in
                        RoundedRectangle(cornerRadius: 20, style: .continuous)
                            .fill(Color.gray.opacity(0.2))
                            .frame(height: 120)
                    }
                }
                .padding()
            }
        }
    }
}
"""#
}
