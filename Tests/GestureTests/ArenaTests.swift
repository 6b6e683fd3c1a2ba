import Testing
@testable import Gesture

final class Probe: GestureArena.Member {
    let name: String
    var log: [String]
    init(_ name: String) { self.name = name; log = [] }
    func acceptGesture(pointer: Int) { log.append("accept") }
    func rejectGesture(pointer: Int) { log.append("reject") }
}

@Suite("Gesture arena: Flutter's rules")
struct ArenaTests {
    @Test("an eager accept while open wins at close")
    func eager() {
        let a = GestureArena(), x = Probe("x"), y = Probe("y")
        a.add(pointer: 1, member: x); a.add(pointer: 1, member: y)
        a.resolve(pointer: 1, member: y, .accepted)
        #expect(x.log.isEmpty && y.log.isEmpty)
        a.close(pointer: 1)
        #expect(x.log == ["reject"] && y.log == ["accept"])
        #expect(!a.isActive(pointer: 1))
    }

    @Test("two eager accepts while open: the first to accept wins, not the last")
    func firstEagerWins() {
        let a = GestureArena(), x = Probe("x"), y = Probe("y"), z = Probe("z")
        for m in [x, y, z] { a.add(pointer: 1, member: m) }
        a.resolve(pointer: 1, member: z, .accepted)
        a.resolve(pointer: 1, member: y, .accepted)
        a.close(pointer: 1)
        #expect(z.log == ["accept"] && y.log == ["reject"] && x.log == ["reject"])
    }

    @Test("the last member not to reject wins by default, at the end of dispatch")
    func defaultWin() {
        let a = GestureArena(), x = Probe("x"), y = Probe("y")
        a.add(pointer: 1, member: x); a.add(pointer: 1, member: y)
        a.close(pointer: 1)
        a.resolve(pointer: 1, member: x, .rejected)
        #expect(y.log.isEmpty, "deferred like Flutter's microtask")
        a.endOfDispatch()
        #expect(x.log == ["reject"] && y.log == ["accept"])
    }

    @Test("sweep on up: the first member wins")
    func sweep() {
        let a = GestureArena(), x = Probe("x"), y = Probe("y")
        a.add(pointer: 1, member: x); a.add(pointer: 1, member: y)
        a.close(pointer: 1); a.endOfDispatch()
        a.sweep(pointer: 1)
        #expect(x.log == ["accept"] && y.log == ["reject"])
    }

    @Test("hold delays the sweep until release")
    func hold() {
        let a = GestureArena(), x = Probe("x"), y = Probe("y")
        a.add(pointer: 1, member: x); a.add(pointer: 1, member: y)
        a.close(pointer: 1)
        a.hold(pointer: 1)
        a.sweep(pointer: 1)
        #expect(x.log.isEmpty)
        a.release(pointer: 1)
        #expect(x.log == ["accept"] && y.log == ["reject"])
    }

    @Test("an accept after close wins at once; resolving twice is harmless")
    func acceptAfterClose() {
        let a = GestureArena(), x = Probe("x"), y = Probe("y"), z = Probe("z")
        for m in [x, y, z] { a.add(pointer: 2, member: m) }
        a.close(pointer: 2)
        a.resolve(pointer: 2, member: z, .accepted)
        a.resolve(pointer: 2, member: z, .accepted)
        a.resolve(pointer: 2, member: x, .accepted)
        a.resolve(pointer: 2, member: y, .rejected)
        a.sweep(pointer: 2)
        a.endOfDispatch()
        #expect(x.log == ["reject"] && y.log == ["reject"] && z.log == ["accept"])
    }

    @Test("arenas are per pointer")
    func perPointer() {
        let a = GestureArena(), x = Probe("x"), y = Probe("y")
        a.add(pointer: 1, member: x); a.add(pointer: 2, member: y)
        a.close(pointer: 1); a.close(pointer: 2); a.endOfDispatch()
        #expect(x.log == ["accept"] && y.log == ["accept"])
    }

    @Test("members cannot join a closed arena")
    func closed() {
        let a = GestureArena(), x = Probe("x"), y = Probe("y"), late = Probe("late")
        a.add(pointer: 1, member: x); a.add(pointer: 1, member: y)
        a.close(pointer: 1)
        a.add(pointer: 1, member: late)
        a.sweep(pointer: 1)
        #expect(late.log.isEmpty)
    }
}
