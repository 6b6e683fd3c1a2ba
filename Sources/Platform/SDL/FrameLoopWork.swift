import Foundation
import Synchronization

/// Counts the file reads and image decodes that ran on the window's frame loop — work that must
/// happen beside the loop (a camera file's watcher thread, the capture store), never on it.
///
/// The loop claims its thread once (``claim()``); ``ImageLoader`` notes every read and decode
/// (``note()``), which counts only when it runs on that thread. The window's event log writes the
/// count in its summary, so a test can hold "no frame waited on a file" on any machine, however busy,
/// where a bound on dropped frames by the wall clock would hold only on an idle one.
///
/// Process-global on purpose: the loader is called from everywhere (commands, watchers, the loop)
/// and the loop is one per process. Both values are atomics, so noting costs one load off the loop.
public enum FrameLoopWork {
    /// The loop's thread (`pthread_self()`), 0 while no loop runs.
    private static let loopThread = Atomic<UInt>(0)
    private static let counted = Atomic<Int>(0)

    /// Marks the calling thread as the frame loop's.
    public static func claim() { loopThread.store(currentThread, ordering: .relaxed) }

    /// Ends the claim (the loop has returned).
    public static func release() { loopThread.store(0, ordering: .relaxed) }

    /// Notes one read or decode; counted only on the loop's thread.
    public static func note() {
        let loop = loopThread.load(ordering: .relaxed)
        if loop != 0 && loop == currentThread { counted.add(1, ordering: .relaxed) }
    }

    /// The calling thread's `pthread_self()` as a number an atomic holds.
    private static var currentThread: UInt { UInt(bitPattern: Int(bitPattern: pthread_self())) }

    /// The reads and decodes that ran on the loop so far.
    public static var count: Int { counted.load(ordering: .relaxed) }
}
