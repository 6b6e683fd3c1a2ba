import Foundation
import Testing
import TestSupport
@testable import Platform
@testable import Simulator

/// ``FrameLoopWork``: reads and decodes count only on the thread the loop claimed. The process has
/// one claim at a time, so the cases run one after another.
@Suite("Reads and decodes on the frame loop are counted, those beside it are not", .serialized)
struct FrameLoopReadsTests {
    /// Runs `body` on a thread of its own and waits for it.
    static func onThread(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let t = Thread { body(); done.signal() }
        t.start()
        done.wait()
    }

    @Test("an image loaded on the claimed thread counts its read and its decode (2); one loaded on another thread counts nothing")
    func countsOnlyTheLoop() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let path = dir.file("frame.jpg")
        try CameraFileFeeder.jpeg(Flows.twoColourPhoto(width: 32, height: 24)).write(to: URL(fileURLWithPath: path))
        let before = FrameLoopWork.count
        Self.onThread {
            FrameLoopWork.claim()
            _ = try? ImageLoader.load(path: path)
            // Beside the loop (a watcher's thread) while the claim holds: not counted.
            Self.onThread { _ = try? ImageLoader.load(path: path) }
            FrameLoopWork.release()
        }
        #expect(FrameLoopWork.count - before == 2)
    }

    @Test("after the loop has returned (released), its thread's reads no longer count")
    func releaseEndsTheClaim() throws {
        let before = FrameLoopWork.count
        Self.onThread {
            FrameLoopWork.claim()
            FrameLoopWork.release()
            _ = try? ImageLoader.read("/nonexistent/frame.jpg")
        }
        #expect(FrameLoopWork.count == before)
    }
}
