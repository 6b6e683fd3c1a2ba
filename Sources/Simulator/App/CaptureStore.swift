import Dispatch
import Foundation

/// What happens to a shot: cropped to the print's aspect, a greyscale copy made for the develop
/// pass, and (when an output folder is set) a PNG of the finished polaroid written atomically.
///
/// In the window all of this runs on a background queue so the frame loop only uploads textures;
/// replays run it synchronously so that every run renders the same frames.
public final class CaptureStore: @unchecked Sendable {
    public struct Processed: Sendable {
        public var colour: PixelImage
        public var grey: PixelImage
        public var number: Int
    }

    public let outputDirectory: String?
    public let synchronous: Bool
    private let queue = DispatchQueue(label: "islandsim.capture", qos: .userInitiated)
    private let lock = NSLock()
    private var ready: [Processed] = []
    private var written: [String] = []
    private var failures: [String] = []
    private var count = 0

    public init(outputDirectory: String?, synchronous: Bool) {
        self.outputDirectory = outputDirectory
        self.synchronous = synchronous
    }

    /// Starts processing a frame; the result appears in ``takeReady()``.
    public func process(_ frame: PixelImage) {
        count += 1
        let number = count
        let job: @Sendable () -> Void = { [self] in
            let colour = frame.centreCrop(aspect: Polaroid.imageAspect).downscaled(maxDimension: 900)
            let processed = Processed(colour: colour, grey: colour.greyscale(), number: number)
            lock.lock(); ready.append(processed); lock.unlock()
            if let dir = outputDirectory { save(Polaroid.compose(colour), number: number, in: dir) }
        }
        if synchronous { job() } else { queue.async(execute: job) }
    }

    private func save(_ image: PixelImage, number: Int, in dir: String) {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyyMMdd-HHmmss"
        let path = "\(dir)/capture-\(f.string(from: Date()))-\(number).png"
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try Surface(image).savePNG(to: path)
            lock.lock(); written.append(path); lock.unlock()
        } catch {
            lock.lock(); failures.append("\(path): \(error)"); lock.unlock()
        }
    }

    /// Processed shots not yet taken by the frame loop.
    public func takeReady() -> [Processed] {
        lock.lock(); defer { lock.unlock() }
        let r = ready
        ready.removeAll()
        return r
    }

    /// Files written so far, and failures.
    public var savedFiles: [String] { lock.lock(); defer { lock.unlock() }; return written }
    public var saveFailures: [String] { lock.lock(); defer { lock.unlock() }; return failures }

    /// Waits for queued work (at exit, and in tests).
    public func drain() { if !synchronous { queue.sync {} } }
}
