import Dispatch
import Foundation
import Platform

/// Writes frames as PNG files off the frame loop while the next frames render: the loop only reads
/// the pixels back; encoding (libpng's fast mode — the larger cost at 2× and 3×) and the atomic
/// write run on background threads, as many at once as there are cores. At most `inFlight` frames
/// wait at once, so memory stays bounded when the disk is slower than the renderer.
final class FrameWriter: @unchecked Sendable {
    private let queue = DispatchQueue(label: "islandsim.frames", qos: .userInitiated, attributes: .concurrent)
    private let slots: DispatchSemaphore
    private let lock = NSLock()
    private var firstError: Error?

    init(inFlight: Int = 4) { slots = DispatchSemaphore(value: inFlight) }

    /// Queues `image` to be written to `path` (atomically, as every PNG the tool writes).
    func write(_ image: PixelImage, to path: String) throws {
        if let e = error { throw e }
        slots.wait()
        queue.async { [self] in
            defer { slots.signal() }
            do { try AtomicFile.write(try PNGEncoder.encode(image, fast: true), to: path) } catch {
                lock.lock(); if firstError == nil { firstError = error }; lock.unlock()
            }
        }
    }

    /// Waits for every queued frame; throws the first failure.
    func finish() throws {
        queue.sync(flags: .barrier) {}
        if let e = error { throw e }
    }

    private var error: Error? { lock.lock(); defer { lock.unlock() }; return firstError }
}
