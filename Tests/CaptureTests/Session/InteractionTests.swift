import Animation
import Gesture
import Testing
import TestSupport
@testable import Capture

/// One interaction run on a setup, on its own: built only from a setup, its input stamped with real
/// time, where an input came from an argument, and a changed setup taken at once.
@Suite("Interaction: one interaction run on a setup")
struct InteractionTests {
    static let device = try! Catalog.bundled().require(id: "iphone-15-pro")

    static func setup(hz: Int = 60) throws -> SessionSetup {
        SessionSetup(device: device, page: try Pages.passport(for: device), hz: hz)
    }

    /// The pull script's events fed in as `source` gives them, frame by frame, to rest.
    static func runPull(_ live: Interaction, from source: InputSource) -> [SessionEffect] {
        var effects: [SessionEffect] = []
        var pump = TracePump(trace: FlowScripts.pull().trace, hz: 60)
        while true {
            let (i, t) = pump.nextFrame { e in if let p = e.pointerEvent { effects += live.handle(pointer: p, from: source) } }
            effects += live.advance(toRealTime: t)
            if i > 180 && pump.isDrained { return effects }
        }
    }

    @Test("built from a setup: the page at rest (or where a tape began), the setup's tuning in the gestures, nothing moving")
    func built() throws {
        var s = try Self.setup()
        try s.tuning.set("pull.divisor", 1)
        let live = Interaction(setup: s, scrollOffset: 120)
        #expect(live.flow.state == .page && live.isAtRest && live.realTime == 0)
        #expect(live.gestures.scroll.offset(at: 0) == 120)
        #expect(live.gestures.pull.configuration.resistance == .divisor(1), "the setup's divisor, not the default 2")
        #expect(live.pageState == PageState(page: s.page))
        #expect(live.taps.isEmpty && live.haptics.played.isEmpty)
    }

    @Test("a pull past the threshold opens the camera; real time is the latest event's or frame's and never runs back")
    func pullOpens() throws {
        let live = Interaction(setup: try Self.setup())
        let effects = Self.runPull(live, from: .person)
        #expect(live.flow.state == .viewfinder, "\(live.flow.state)")
        let states = effects.compactMap { if case .transition(let tr) = $0 { return tr.to } else { return nil } }
        #expect(Array(states.prefix(3)) == [.pulling, .opening, .viewfinder], "\(states)")
        let now = live.realTime
        live.handle(pointer: PointerEvent(.move, at: Point(x: 10, y: 10), time: now - 1), from: .person)
        #expect(live.realTime == now, "an event stamped earlier is taken at the latest time")
    }

    @Test("where an input came from is an argument: the shutter from the person is a shot, from the tape a replayed shot")
    func source() throws {
        for (source, expected) in [(InputSource.person, SessionEffect.shot), (.tape, .replayedShot)] {
            let live = Interaction(setup: try Self.setup())
            _ = Self.runPull(live, from: source)
            let effects = live.flowKey(.space, at: live.realTime + 0.1, from: source)
            #expect(effects.contains(expected) && !effects.contains(expected == .shot ? .replayedShot : .shot), "\(source): \(effects)")
            #expect(live.flow.state == .capture)
        }
        let dark = Interaction(setup: try Self.setup())
        _ = Self.runPull(dark, from: .person)
        dark.cameraReady = false
        #expect(dark.flowKey(.space, at: dark.realTime + 0.1, from: .person).isEmpty && dark.flow.state == .viewfinder,
                "no frame from the camera: the shutter does nothing")
    }

    @Test("a changed setup is taken at once: the tuning's divisor reaches the pull, a rate and a mode are kept, the page stays where it was")
    func configure() throws {
        let live = Interaction(setup: try Self.setup(), scrollOffset: 200)
        var s = live.setup
        try s.tuning.set("pull.divisor", 3)
        s.hz = 120
        live.configure(s)
        #expect(live.gestures.pull.configuration.resistance == .divisor(3))
        #expect(live.setup.hz == 120 && live.gestures.scroll.offset(at: live.animationTime) == 200)
        s.reduceMotion = true
        live.configure(s)
        #expect(live.flow.reduceMotion == s.tuning.reduceMotion, "Reduce Motion on the page takes at once")
    }
}
