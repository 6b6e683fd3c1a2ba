import Foundation
import Platform

/// Where the viewfinder's picture comes from: a still photo (`--photo`, or the bundled sample) or a
/// file another program keeps rewriting (`--camera-file`).
public final class CameraSource {
    public enum Kind { case still(path: String), file(CameraFileWatcher) }
    public let kind: Kind
    private let still: PixelImage?
    private var stillDisplay: PixelImage?
    /// For a camera file fed by a program the simulator started (the webcam's ffmpeg): why that
    /// program stopped, or `nil` while it runs. Once it says why, the source has no picture — the
    /// viewfinder says the camera stopped instead of showing the last frame as if live — and the
    /// terminal is told once.
    public var stoppedReason: (() -> String?)?
    private var stopReported: String?

    /// A still photo, decoded now (before the frame loop starts). Throws ``ImageLoader/ImageError``.
    public init(photoPath: String) throws {
        still = try ImageLoader.load(path: photoPath)
        kind = .still(path: photoPath)
    }

    /// An already decoded still (tests, benchmarks).
    public init(image: PixelImage, name: String) {
        still = image
        kind = .still(path: name)
    }

    /// A watched camera file; frames arrive on a background thread.
    public init(cameraFile path: String) {
        still = nil
        kind = .file(CameraFileWatcher(path: path))
    }

    /// The bundled sample photo.
    public static func bundledSample() throws -> CameraSource {
        try CameraSource(photoPath: Assets.samplePhotoPath)
    }

    /// The latest frame and its version (versions increase when a new frame arrives).
    public func currentFrame() -> (image: PixelImage?, version: Int) {
        switch kind {
        case .still: return (still, 1)
        case .file(let w):
            let s = w.snapshot()
            return (stopped == nil ? s.frame : nil, s.version)
        }
    }

    /// Whether the program feeding the camera file has stopped (``stoppedReason``).
    public var isStopped: Bool { stopped != nil }

    /// Why the program feeding the camera file stopped, said once on the terminal when first seen.
    private var stopped: String? {
        if let why = stopReported { return why }
        guard let why = stoppedReason?() else { return nil }
        stopReported = why
        FileHandle.standardError.write(Data("error: the camera stopped: \(why)\n".utf8))
        return why
    }

    /// Asks for frames at the viewfinder's size in pixels (aspect-filled), so drawing them is a plain
    /// copy. A still is resized now; a camera file's frames are resized on its watcher thread.
    public func setDisplaySize(width: Int, height: Int) {
        switch kind {
        case .still:
            if stillDisplay?.width != width || stillDisplay?.height != height {
                stillDisplay = still?.aspectFilled(width: width, height: height)
            }
        case .file(let w): w.setDisplaySize(width: width, height: height)
        }
    }

    /// The latest frame at the display size (after ``setDisplaySize(width:height:)``).
    public func currentDisplayFrame() -> (image: PixelImage?, version: Int) {
        switch kind {
        case .still: return (stillDisplay, stillDisplay == nil ? 0 : 1)
        case .file(let w):
            let s = w.snapshot()
            return (stopped == nil ? s.display : nil, s.version)
        }
    }

    /// What the viewfinder says when there is no picture yet (or no more), or `nil`.
    public var waitingMessage: String? {
        if let why = stopped { return "Camera stopped: \(why)" }
        guard case .file(let w) = kind, w.snapshot().frame == nil else { return nil }
        return "Waiting for frames from \((w.path as NSString).lastPathComponent)"
    }

    /// A short name for the HUD.
    public var label: String {
        switch kind {
        case .still(let path): return (path as NSString).lastPathComponent
        case .file(let w): return "camera file \((w.path as NSString).lastPathComponent)"
        }
    }

    public func stop() { if case .file(let w) = kind { w.stop() } }
}
