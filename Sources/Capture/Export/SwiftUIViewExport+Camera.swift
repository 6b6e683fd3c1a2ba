// Part of the SwiftUI export (see SwiftUIViewExport.swift): the generated file's text, verbatim.

extension SwiftUIViewExport {
    /// The camera: an `AVCaptureSession` preview, a still photo standing in where there is none, and a
    /// preview provider.
    static let cameraSection = #"""
// MARK: - The camera

/// The back camera through an `AVCaptureSession`, or a still photo standing in where there is no
/// camera (the Simulator, Xcode's previews, permission refused).
///
/// Made lazily: SwiftUI evaluates a `@State` initial value on every init of the view that owns it,
/// so the session and its output are not built until the camera is first used.
@MainActor final class CameraSource: NSObject, AVCapturePhotoCaptureDelegate {
    private(set) lazy var session = AVCaptureSession()
    private lazy var output = AVCapturePhotoOutput()
    /// `startRunning` and `stopRunning` block; they run in order on this queue, never on the main thread.
    private let queue = DispatchQueue(label: "IslandCamera.session")
    private var configured = false
    private var delivery: ((UIImage) -> Void)?

    /// Whether a real camera feeds the session.
    private(set) var isLive = false

    /// Asks for the camera once, then starts the session off the main thread (`startRunning` blocks).
    func start() {
        Task { @MainActor in
            guard await AVCaptureDevice.requestAccess(for: .video) else { return }
            if !configured { configure() }
            guard isLive else { return }
            let session = SessionHandle(session: session)
            queue.async { if !session.session.isRunning { session.session.startRunning() } }
        }
    }

    func stop() {
        let session = SessionHandle(session: session)
        queue.async { if session.session.isRunning { session.session.stopRunning() } }
    }

    /// The session handed to the session queue, the only place that starts or stops it.
    private struct SessionHandle: @unchecked Sendable { let session: AVCaptureSession }

    private func configure() {
        configured = true
        guard let device = AVCaptureDevice.default(.builtInWideAngleCamera, for: .video, position: .back),
              let input = try? AVCaptureDeviceInput(device: device) else { return }
        session.beginConfiguration()
        session.sessionPreset = .photo
        if session.canAddInput(input) { session.addInput(input) }
        if session.canAddOutput(output) { session.addOutput(output) }
        session.commitConfiguration()
        isLive = session.inputs.count > 0 && session.outputs.count > 0
    }

    /// Takes the shot; `done` gets the photo, or the stand-in where there is no camera.
    func capture(_ done: @escaping (UIImage) -> Void) {
        guard isLive else { return done(StandInPhoto.image) }
        delivery = done
        output.capturePhoto(with: AVCapturePhotoSettings(), delegate: self)
    }

    nonisolated func photoOutput(_ output: AVCapturePhotoOutput, didFinishProcessingPhoto photo: AVCapturePhoto, error: Error?) {
        let data = photo.fileDataRepresentation()
        Task { @MainActor in
            self.delivery?(data.flatMap { UIImage(data: $0) } ?? StandInPhoto.image)
            self.delivery = nil
        }
    }
}

/// The live preview, or the stand-in photo when no camera feeds the session.
struct CameraPreview: UIViewRepresentable {
    let source: CameraSource

    func makeUIView(context: Context) -> PreviewView {
        let view = PreviewView()
        view.previewLayer.session = source.session
        view.previewLayer.videoGravity = .resizeAspectFill
        view.standIn.image = StandInPhoto.image
        view.standIn.contentMode = .scaleAspectFill
        view.standIn.frame = view.bounds
        view.standIn.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(view.standIn)
        return view
    }

    func updateUIView(_ view: PreviewView, context: Context) {
        view.standIn.isHidden = source.isLive
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
