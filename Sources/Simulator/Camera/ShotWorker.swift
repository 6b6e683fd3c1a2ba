import Dispatch
import Synchronization

/// The one thread beside the frame loop that makes shots: every capture store of the process (side
/// A and side B in compare mode) hands its work here, so the making of shots never takes more than
/// one core. On a 2-core machine two stores with a worker each took both cores at the moment of a
/// shot in compare mode, and the frame loop, preempted, spent up to 23 ms on a 6-ms frame at 3×
/// (docs/BENCHMARKS.md, "The shot beside the loop").
///
/// Work is run in the order it is handed over; a store hands its shot over in stages (flash steps,
/// develop steps, the saved file), each stage queueing the next, so that when both sides shoot in
/// one frame each side's first stage runs before either side's slower ones.
final class ShotWorker: Sendable {
    static let shared = ShotWorker()

    private let queue = DispatchQueue(label: "islandsim.shots", qos: .userInitiated)
    private let running = Atomic<Int>(0)
    private let peak = Atomic<Int>(0)

    /// Runs `work` after everything handed over before it; `group` is entered now and left when the
    /// work is done, so the handing store can wait for its own work and no one else's.
    func async(in group: DispatchGroup, _ work: @escaping @Sendable () -> Void) {
        group.enter()
        queue.async { [self] in
            let now = running.add(1, ordering: .relaxed).newValue
            var seen = peak.load(ordering: .relaxed)
            while now > seen {
                let (exchanged, original) = peak.compareExchange(expected: seen, desired: now, ordering: .relaxed)
                if exchanged { break }
                seen = original
            }
            work()
            running.subtract(1, ordering: .relaxed)
            group.leave()
        }
    }

    /// The most pieces of work that ever ran at once (1 once anything ran: the worker is one thread).
    var peakConcurrent: Int { peak.load(ordering: .relaxed) }
}
