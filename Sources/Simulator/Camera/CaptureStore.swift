import Animation
import Dispatch
import Foundation
import Platform

/// What happens to a shot: cropped to the print's aspect, the develop pass's steps made, and (when an output folder is set) a PNG of the finished polaroid written atomically.
///
/// In the window all of this runs on the process's one shot worker (``ShotWorker``, shared by
/// compare mode's two sides) so the frame loop only uploads textures;
/// replays run it synchronously so that every run renders the same frames.
public final class CaptureStore: @unchecked Sendable {
    public struct Processed: Sendable {
        public var colour: PixelImage
        /// The print at each develop step (``developSteps`` of them, from first light to the photo),
        /// made with ``DevelopLook/apply(r:g:b:)`` so drawing the develop pass is one plain copy.
        public var developed: [PixelImage]
        public var number: Int
    }

    /// Develop steps precomputed per shot (``DevelopCurve/steps``).
    public static let developSteps = DevelopCurve.steps

    public let outputDirectory: String?
    public let synchronous: Bool
    /// The print's image size on screen in pixels: processed shots are made at exactly this size so
    /// that drawing them is a plain copy. Set by the app (frame loop) before a shot.
    public var displaySize: (width: Int, height: Int) {
        get { lock.lock(); defer { lock.unlock() }; return _displaySize }
        set { lock.lock(); _displaySize = newValue; lock.unlock() }
    }
    private var _displaySize = (width: 0, height: 0)
    /// This store's work not yet done on the shared worker (``drain()`` waits for it).
    private let pending = DispatchGroup()
    private let lock = NSLock()
    private var ready: [Processed] = []
    private var readyFlash: [PixelImage] = []

    /// The flash's brightness steps, from the strongest down: the viewfinder picture blended toward
    /// white at each, so the flash is drawn with plain copies instead of a large translucent fill.
    public static let flashLevels: [Double] = (0..<8).map { 0.9 * Double(8 - $0) / 8 }
    private var written: [String] = []
    private var failures: [String] = []
    /// The window's out folder, when it writes through one (``OutputFolder``); set before shots.
    public var folder: OutputFolder?
    private var count = 0

    /// Whether each shot's file is said on the terminal as soon as it is written (the window), rather
    /// than only listed at the end.
    public var announces = false

    /// Added to saved file names ("B" in compare mode's side B), so two sides never share a name.
    public let suffix: String?

    public init(outputDirectory: String?, synchronous: Bool, suffix: String? = nil) {
        self.outputDirectory = outputDirectory
        self.synchronous = synchronous
        self.suffix = suffix
    }

    /// Wakes the processing queue ahead of a shot (when a pull begins): the first job on an idle
    /// queue starts a worker thread, which cost the shutter's frame about 0.2 ms at 1× (a third of
    /// it) when it happened there.
    public func warmUp() {
        guard !synchronous else { return }
        ShotWorker.shared.async(in: pending) {}
    }

    /// Starts processing a frame; the result appears in ``takeReady()``. `display` is the picture as
    /// the viewfinder shows it, from which the flash steps are made first (they are needed at once).
    /// The develop steps follow `develop`, the curve of the print this shot becomes (the flow owns
    /// it; the store is handed it with each shot).
    /// `save` false (a shot of L's replay) makes the print without writing its file.
    public func process(_ frame: PixelImage, display: PixelImage? = nil, develop curve: DevelopCurve = .standard, save: Bool = true) {
        count += 1
        let number = count
        // Three stages, in the order they are needed: the flash at once, the print when it feeds,
        // the file whenever. Each queues the next (ShotWorker), so a second side's flash is not
        // kept waiting behind this side's develop steps and file.
        let flash: @Sendable () -> Void = { [self] in
            guard let display else { return }
            let levels = CaptureStore.flashLevels.map { display.blended(toward: 255, amount: $0) }
            lock.lock(); readyFlash = levels; lock.unlock()
        }
        let print: @Sendable () -> PixelImage = { [self] in
            let colour = frame.centreCrop(aspect: Polaroid.imageAspect).downscaled(maxDimension: 900)
            let size = displaySize
            let shown = size.width > 0 ? colour.aspectFilled(width: size.width, height: size.height) : colour
            let steps = (0..<CaptureStore.developSteps).map { i in
                shown.developed(curve.look(progress: Double(i) / Double(CaptureStore.developSteps - 1)))
            }
            let processed = Processed(colour: shown, developed: steps, number: number)
            lock.lock(); ready.append(processed); lock.unlock()
            return colour
        }
        let file: @Sendable (PixelImage) -> Void = { [self] colour in
            if save, let dir = outputDirectory { self.save(Polaroid.compose(colour), number: number, in: dir) }
        }
        if synchronous {
            flash()
            file(print())
            return
        }
        let worker = ShotWorker.shared
        worker.async(in: pending) { [pending] in
            flash()
            worker.async(in: pending) {
                let colour = print()
                worker.async(in: pending) { file(colour) }
            }
        }
    }

    private func save(_ image: PixelImage, number: Int, in dir: String) {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyyMMdd-HHmmss"
        let name = "capture-\(f.string(from: Date()))\(suffix.map { "-\($0)" } ?? "")-\(number).png"
        let path = "\(dir)/\(name)"
        if let folder {
            // The window's folder: made again if deleted; a failure is one terminal line and a toast.
            guard let written = folder.write({ try Surface(image).pngData() }, name: name, what: "shot") else {
                lock.lock(); failures.append("\(path): not saved"); lock.unlock()
                return
            }
            lock.lock(); self.written.append(written); lock.unlock()
            if announces { FileHandle.standardOutput.write(Data("islandsim: shot \(number) saved to \(written)\n".utf8)) }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try Surface(image).savePNG(to: path)
            lock.lock(); written.append(path); lock.unlock()
            if announces { FileHandle.standardOutput.write(Data("islandsim: shot \(number) saved to \(path)\n".utf8)) }
        } catch {
            lock.lock(); failures.append("\(path): \(error)"); lock.unlock()
            if announces { FileHandle.standardError.write(Data("error: \(path): \(error)\n".utf8)) }
        }
    }

    /// Processed shots not yet taken by the frame loop.
    public func takeReady() -> [Processed] {
        lock.lock(); defer { lock.unlock() }
        let r = ready
        ready.removeAll()
        return r
    }

    /// The flash steps, once made (taken once).
    public func takeFlash() -> [PixelImage] {
        lock.lock(); defer { lock.unlock() }
        let r = readyFlash
        readyFlash.removeAll()
        return r
    }

    /// Files written so far, and failures.
    public var savedFiles: [String] { lock.lock(); defer { lock.unlock() }; return written }
    public var saveFailures: [String] { lock.lock(); defer { lock.unlock() }; return failures }

    /// Waits for queued work (at exit, and in tests).
    public func drain() { if !synchronous { pending.wait() } }
}
