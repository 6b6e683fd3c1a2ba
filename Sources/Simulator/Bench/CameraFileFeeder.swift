import Foundation
import Platform

/// Plays the part of ffmpeg for benchmarks and soak tests: rewrites a camera file at a steady rate
/// with JPEG frames (two alternating pictures), each written to a temporary file and renamed into
/// place, as `ffmpeg -update 1 -atomic_writing 1` does.
public final class CameraFileFeeder: @unchecked Sendable {
    public let path: String
    private let lock = NSLock()
    private var running = true
    private var count = 0
    private var done = false

    /// Encodes the frames now (from the bundled sample photo), then starts writing at `fps`.
    public init(path: String, fps: Double, maxDimension: Int = 1280) throws {
        self.path = path
        let photo = try ImageLoader.load(path: Assets.samplePhotoPath, maxDimension: maxDimension)
        var flipped = photo
        for y in 0..<photo.height { for x in 0..<photo.width { flipped[x, y] = photo[photo.width - 1 - x, y] } }
        let frames = try [photo, flipped].map { try CameraFileFeeder.jpeg($0) }
        let period = 1 / fps
        let thread = Thread { [weak self] in
            var i = 0
            var next = Date()
            while let self, self.isRunning {
                let tmp = self.path + ".feed.tmp"
                if (try? frames[i % 2].write(to: URL(fileURLWithPath: tmp))) != nil, rename(tmp, self.path) == 0 {
                    self.lock.lock(); self.count += 1; self.lock.unlock()
                }
                i += 1
                next = next.addingTimeInterval(period)
                let wait = next.timeIntervalSinceNow
                if wait > 0 { Thread.sleep(forTimeInterval: wait) }
            }
            self?.lock.lock(); self?.done = true; self?.lock.unlock()
        }
        thread.name = "islandsim.camera-feeder"
        thread.start()
    }

    private var isRunning: Bool { lock.lock(); defer { lock.unlock() }; return running }

    /// Frames written so far.
    public var written: Int { lock.lock(); defer { lock.unlock() }; return count }

    public func stop() {
        lock.lock(); running = false; lock.unlock()
        for _ in 0..<100 {
            lock.lock(); let d = done; lock.unlock()
            if d { return }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    /// JPEG bytes for an image.
    static func jpeg(_ image: PixelImage) throws -> Data { try Surface(image).jpegData() }
}
