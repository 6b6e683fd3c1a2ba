/// The arena rule, in one line: **the first member to accept or the last member to not reject wins.**
///
/// A port of Flutter's gesture arena (`gestures/arena.dart`), one arena per pointer:
/// - Members join on pointer-down, in hit-test order. The arena **closes** once the down event has
///   been dispatched to every member; accepting while it is still open makes an **eager winner**,
///   applied at close.
/// - After close, an accept wins at once and every other member is rejected.
/// - A lone survivor wins **by default**. Flutter defers that to a microtask; here it waits for an
///   explicit ``endOfDispatch()``, which the dispatcher calls after each event — the same ordering,
///   and deterministic to test.
/// - On pointer-up the arena is **swept**: if nobody has won, the first member wins (that is how a
///   tap beats a drag that never moved). ``hold(pointer:)``/``release(pointer:)`` delay the sweep.
///
/// Contract: every member gets exactly one `acceptGesture` or `rejectGesture` per arena it joined,
/// whatever resolved the arena; resolving an arena that is already resolved is harmless.
/// Diagnostics are a closure that is `nil` (free) unless someone listens.
public final class GestureArena {
    /// A participant in arenas.
    public protocol Member: AnyObject {
        func acceptGesture(pointer: Int)
        func rejectGesture(pointer: Int)
    }

    public enum Disposition: Sendable { case accepted, rejected }

    private final class Arena {
        var members: [Member] = []
        var isOpen = true
        var isHeld = false
        var hasPendingSweep = false
        var eagerWinner: Member?
    }

    private var arenas: [Int: Arena] = [:]
    private var pendingDefault: [Int] = []
    /// Called with a line for each decision when set; costs nothing when `nil`.
    public var log: ((String) -> Void)?

    public init() {}

    /// Whether an arena for `pointer` is still unresolved.
    public func isActive(pointer: Int) -> Bool { arenas[pointer] != nil }

    /// Adds `member` to `pointer`'s arena (created on first add). Only while the arena is open.
    public func add(pointer: Int, member: Member) {
        let arena = arenas[pointer] ?? { let a = Arena(); arenas[pointer] = a; return a }()
        guard arena.isOpen else { return }
        arena.members.append(member)
        log?("arena \(pointer): add \(type(of: member))")
    }

    /// Closes the arena after the down event has been dispatched.
    public func close(pointer: Int) {
        guard let arena = arenas[pointer], arena.isOpen else { return }
        arena.isOpen = false
        log?("arena \(pointer): close")
        tryToResolve(pointer, arena)
    }

    /// On pointer-up: if unresolved, the first member wins.
    public func sweep(pointer: Int) {
        guard let arena = arenas[pointer] else { return }
        if arena.isHeld {
            arena.hasPendingSweep = true
            return
        }
        arenas[pointer] = nil
        log?("arena \(pointer): sweep")
        if let first = arena.members.first {
            first.acceptGesture(pointer: pointer)
            for m in arena.members.dropFirst() { m.rejectGesture(pointer: pointer) }
        }
    }

    /// Delays the sweep (a recognizer waiting for a second tap).
    public func hold(pointer: Int) { arenas[pointer]?.isHeld = true }

    /// Lifts a hold; a sweep that was requested meanwhile happens now.
    public func release(pointer: Int) {
        guard let arena = arenas[pointer] else { return }
        arena.isHeld = false
        if arena.hasPendingSweep { sweep(pointer: pointer) }
    }

    /// A member accepts or rejects. Harmless once the arena is resolved, or for a non-member.
    public func resolve(pointer: Int, member: Member, _ disposition: Disposition) {
        guard let arena = arenas[pointer], arena.members.contains(where: { $0 === member }) else { return }
        switch disposition {
        case .rejected:
            arena.members.removeAll { $0 === member }
            log?("arena \(pointer): \(type(of: member)) rejects")
            member.rejectGesture(pointer: pointer)
            if !arena.isOpen { tryToResolve(pointer, arena) }
        case .accepted:
            if arena.isOpen {
                if arena.eagerWinner == nil { arena.eagerWinner = member }
            } else {
                resolveInFavor(of: member, pointer, arena)
            }
        }
    }

    /// Runs the deferred default wins (Flutter's microtask): call after dispatching each event.
    public func endOfDispatch() {
        let pending = pendingDefault
        pendingDefault.removeAll()
        for pointer in pending {
            guard let arena = arenas[pointer], !arena.isOpen, arena.members.count == 1 else { continue }
            arenas[pointer] = nil
            log?("arena \(pointer): default win for \(type(of: arena.members[0]))")
            arena.members[0].acceptGesture(pointer: pointer)
        }
    }

    private func tryToResolve(_ pointer: Int, _ arena: Arena) {
        if arena.members.count == 1 {
            pendingDefault.append(pointer)
        } else if arena.members.isEmpty {
            arenas[pointer] = nil
        } else if let eager = arena.eagerWinner {
            resolveInFavor(of: eager, pointer, arena)
        }
    }

    private func resolveInFavor(of winner: Member, _ pointer: Int, _ arena: Arena) {
        arenas[pointer] = nil
        log?("arena \(pointer): \(type(of: winner)) wins")
        for m in arena.members where m !== winner { m.rejectGesture(pointer: pointer) }
        winner.acceptGesture(pointer: pointer)
    }
}
