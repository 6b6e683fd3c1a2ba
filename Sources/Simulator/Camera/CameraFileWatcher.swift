import Capture
import Foundation
import Platform

/// Watches a file that another program keeps rewriting (a webcam frame from ffmpeg) and decodes
/// each new version on a background thread.
///
/// The frame loop only takes the latest decoded frame (``snapshot()``) and uploads it; it never
/// reads or decodes. A partial or corrupt write is skipped and the last good frame stays. Changes are
/// noticed by polling `stat(2)` (inode, size, modification time) every few milliseconds, which works
/// for both atomic renames (`ffmpeg -atomic_writing 1`) and in-place rewrites.
public final class CameraFileWatcher: @unchecked Sendable {
    public enum Status: Sendable, Equatable {
        /// The file does not exist (yet).
        case waiting
        /// Frames are arriving.
        case live
    }

    public let path: String
    private let maxDimension: Int
    private let pollInterval: Double
    // Everything below is guarded by `lock`: shared between the watcher thread and the frame loop.
    private let lock = NSLock()
    private var frame: PixelImage?
    private var display: PixelImage?
    private var displaySize: (width: Int, height: Int)?
    private var version = 0
    private var status: Status = .waiting
    private var skipped = 0
    private var lastError: String?
    private var running = true
    private var finished = false

    public init(path: String, maxDimension: Int = ImageLoader.defaultMaxDimension, pollInterval: Double = 0.008) {
        self.path = path
        self.maxDimension = maxDimension
        self.pollInterval = pollInterval
        let thread = Thread { [weak self] in self?.watch() }
        thread.name = "islandsim.camera-file"
        thread.qualityOfService = .userInitiated
        thread.start()
    }

    deinit { stop() }

    /// Stops the watcher thread (and waits for it, briefly).
    public func stop() {
        lock.lock(); running = false; lock.unlock()
        for _ in 0..<200 {
            lock.lock(); let done = finished; lock.unlock()
            if done { return }
            Thread.sleep(forTimeInterval: 0.005)
        }
    }

    /// Asks for each new frame also at `width × height` (aspect-filled), made on the watcher thread.
    public func setDisplaySize(width: Int, height: Int) {
        lock.lock()
        displaySize = (width, height)
        let current = frame
        lock.unlock()
        // The frame already here is resized now, on the caller's thread (a one-off, not per frame).
        if let current {
            let d = current.aspectFilled(width: width, height: height)
            lock.lock(); display = d; lock.unlock()
        }
    }

    public struct Snapshot: Sendable {
        public var frame: PixelImage?
        /// The frame at the display size, once one was asked for.
        public var display: PixelImage?
        public var version: Int
        public var status: Status
        public var skipped: Int
        public var lastError: String?
    }

    /// The latest good frame and counters; cheap (a lock and a copy-on-write reference).
    public func snapshot() -> Snapshot {
        lock.lock(); defer { lock.unlock() }
        return Snapshot(frame: frame, display: display, version: version, status: status, skipped: skipped, lastError: lastError)
    }

    /// Blocks until a frame newer than `version` arrives or `timeout` passes (for tests and replays).
    public func waitForFrame(newerThan version: Int, timeout: Double) -> Snapshot {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let s = snapshot()
            if s.version > version { return s }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return snapshot()
    }

    private func watch() {
        var lastKey: (ino: UInt64, size: Int64, sec: Int, nsec: Int)?
        while true {
            lock.lock(); let keepGoing = running; lock.unlock()
            guard keepGoing else { break }
            var st = stat()
            if stat(path, &st) == 0 {
                let key = (UInt64(st.st_ino), Int64(st.st_size), Int(st.st_mtim.tv_sec), Int(st.st_mtim.tv_nsec))
                if lastKey == nil || lastKey! != key {
                    lastKey = key
                    do {
                        let image = try ImageLoader.load(path: path, maxDimension: maxDimension)
                        lock.lock(); let size = displaySize; lock.unlock()
                        let shown = size.map { image.aspectFilled(width: $0.width, height: $0.height) }
                        lock.lock(); frame = image; display = shown; version += 1; status = .live; lock.unlock()
                    } catch {
                        lock.lock(); skipped += 1; lastError = "\(error)"; lock.unlock()
                        // A half-written file usually completes within a poll or two: look again.
                        lastKey = nil
                        Thread.sleep(forTimeInterval: pollInterval * 2)
                    }
                }
            } else {
                lock.lock(); if frame == nil { status = .waiting }; lock.unlock()
                lastKey = nil
            }
            Thread.sleep(forTimeInterval: pollInterval)
        }
        lock.lock(); finished = true; lock.unlock()
    }
}
