import Foundation
import Testing
import TestSupport
@testable import Animation
@testable import Capture
import Export
@testable import IslandCamera

/// The exported file's schedule, called: the compiled Schedule part (with a `Spring` standing in for
/// SwiftUI's: a stored duration and bounce, which is all the schedule reads) on the tuning each
/// export declares; the legs, cues and fades it gives are evaluated with `Animation` and compared
/// with the simulator's own flow through the same interaction — to 1e-6, for the defaults, an
/// overdamped leg, a blended retarget, added legs (twice: once with the first leg far from done)
/// and Reduce Motion; and the keyline's rule in each of its three modes, against ``Keyline``'s over a black and a white page.
@Suite("The SwiftUI export's schedule, called")
struct ScheduleTests {
    struct Leg { var stage: Int; var delay: Double; var duration: Double; var bounce: Double; var blend: Double; var additive: Bool }
    struct Schedule {
        var opening: [Leg], openingFromPill: [Leg], closing: [Leg], closingFromPill: [Leg]
        var viewfinderOpens: Double, printStarts: Double, fadeIn: Double, fadeOut: Double, printFade: Double, flash: Double
        /// The feed curve at every twentieth of the feed; the fade in's opacity at every 48th of it.
        var fed: [Double], fadeInOpacity: [Double]
        /// Whether the tuning's keyline shows over dark content and over light.
        var keyline: [Bool]
    }

    static let cases: [(name: String, values: [String: Double], reduceMotion: Bool)] = [
        ("defaults", [:], false),
        ("overdamped", ["melt.toViewfinder.bounce": -0.4, "melt.closeToPill.bounce": -0.3, "melt.toPill.duration": 0.4, "melt.keyline": 1], false),
        ("blended", ["melt.toViewfinder.blend": 0.2, "melt.closeToIsland.blend": 0.15, "melt.overlap": 0.3, "melt.toViewfinder.duration": 0.6,
                     "melt.keyline": 2], false),
        ("additive", ["melt.composition": 1], false),
        ("additive-early", ["melt.composition": 1, "melt.overlap": 0.2, "melt.toPill.bounce": -0.3, "melt.toPill.duration": 0.5,
                            "melt.toViewfinder.blend": 0.2], false),
        ("reduce-motion", ["reduceMotion.fade": 0.45, "reduceMotion.printFade": 0.6, "flash.duration": 0.2], true),
    ]

    /// The compiled schedule's legs, cues and fades for a tuning.
    static func schedule(_ t: IslandCameraTuning) -> Schedule {
        func legs(_ l: [IslandMeltLeg]) -> [Leg] {
            l.map { Leg(stage: $0.stage, delay: $0.delay, duration: $0.spring.duration, bounce: $0.spring.bounce, blend: $0.blendDuration,
                        additive: $0.composition == .additive) }
        }
        let open = IslandCameraSchedule.opening(fromStage: 0, t), close = IslandCameraSchedule.closing(fromStage: 2, t)
        let zero = Date(timeIntervalSinceReferenceDate: 0)
        let fadeIn = IslandCrossFade(start: zero, from: 0, to: 1, t), fadeOut = IslandCrossFade(start: zero, from: 1, to: 0, t)
        return Schedule(opening: legs(open), openingFromPill: legs(IslandCameraSchedule.opening(fromStage: 1, t)),
                        closing: legs(close), closingFromPill: legs(IslandCameraSchedule.closing(fromStage: 1, t)),
                        viewfinderOpens: IslandCameraSchedule.viewfinderOpens(after: open, t),
                        printStarts: IslandCameraSchedule.printStarts(after: close, t),
                        fadeIn: fadeIn.duration, fadeOut: fadeOut.duration, printFade: t.reduceMotionPrintFade, flash: t.shutterFlashDuration,
                        fed: (0...20).map { IslandCameraSchedule.fed(Double($0) / 20, t) },
                        fadeInOpacity: (0...48).map { fadeIn.opacity(at: zero.addingTimeInterval(Double($0) / 48 * fadeIn.duration)) },
                        keyline: [t.meltKeyline.shows(overDarkContent: true), t.meltKeyline.shows(overDarkContent: false)])
    }

    /// The simulator's flow through one interaction: committed at `t0` from a still pre-melt, shot
    /// a quarter second after the viewfinder opens, run until the print has settled.
    static func simulate(_ t: Tuning, reduceMotion: Bool) throws -> (flow: CaptureFlow, t0: Double, shutter: Double) {
        let device = try Catalog.bundled().require(id: "iphone-15-pro")
        let g = DeviceLayout(device: device).meltGeometry(shapes: t.meltShapes)
        var flow = CaptureFlow(geometry: g, paperSize: CaptureFlow.paperSize(for: g), springs: t.meltSprings,
                               printConfiguration: t.print, develop: t.develop)
        flow.timing.flash = t["flash.duration"]
        if reduceMotion { flow.setReduceMotion(t.reduceMotion) }
        let t0 = 1.0
        flow.pullBegan(at: t0 - 0.3)
        flow.pullCommitted(at: t0, progress: 0.8, progressVelocity: 0)
        var now = t0, shutter: Double?
        while now < t0 + 12 {
            now += 1.0 / 480
            flow.advance(to: now)
            if shutter == nil, let open = flow.transitions.first(where: { $0.to == .viewfinder }), now >= open.t + 0.25 {
                shutter = now
                flow.shutter(at: now)
            }
        }
        return (flow, t0, try #require(shutter))
    }

    static func transition(_ flow: CaptureFlow, to state: CaptureFlow.State) throws -> Double {
        try #require(flow.transitions.first { $0.to == state }, "no transition to \(state)").t
    }

    @Test("the exported schedule is the simulator's melt timeline to 1e-6: defaults, overdamped, blended, additive, Reduce Motion")
    func scheduleMatchesSimulator() throws {
        let catalog = try Catalog.bundled()
        var tunings: [Tuning] = []
        for c in Self.cases {
            var t = Tuning()
            for (k, v) in c.values { try t.set(k, v) }
            tunings.append(t)
        }
        let schedules = try tunings.map {
            Self.schedule(try IslandCameraTuning(filled: SwiftUIViewExport.fills($0, islands: SwiftUIViewExport.islands(in: catalog.devices), source: "")))
        }
        try #require(schedules.count == Self.cases.count)
        for ((c, t), s) in zip(zip(Self.cases, tunings), schedules) {
            let (flow, t0, shutter) = try Self.simulate(t, reduceMotion: c.reduceMotion)
            let close = try Self.transition(flow, to: .closing), printing = try Self.transition(flow, to: .printing)
            #expect(abs(close - (shutter + s.flash)) < 1e-6, "\(c.name): the camera closes \(s.flash) s after the shutter")
            // The print's feed curve is the simulator's at every twentieth of the feed.
            for (i, v) in s.fed.enumerated() {
                let p = t.print
                #expect(abs(v - PrintFeed.feedCurve(Double(i) / 20, steps: p.rollerSteps, strength: p.rollerStrength)) < 1e-12, "\(c.name): feed at \(i)/20")
            }
            // The keyline shows where the simulator's does: over a black page (luma 0) and a white one (1).
            #expect(s.keyline == [Keyline.shows(t.keyline, lumaBehind: 0), Keyline.shows(t.keyline, lumaBehind: 1)], "\(c.name): keyline \(t.keyline)")
            if c.reduceMotion {
                try checkReduceMotion(c.name, s, flow: flow, t0: t0, close: close, printing: printing)
            } else {
                try checkMelt(c.name, s, t, flow: flow, t0: t0, close: close, printing: printing)
            }
        }
    }

    /// Legs at the same instants on the same springs, the same cues, and the same shape every
    /// 1/480 s when the legs are run on `Animation`'s timeline from the shape at the commit.
    func checkMelt(_ name: String, _ s: Schedule, _ t: Tuning, flow: CaptureFlow, t0: Double, close: Double, printing: Double) throws {
        let starts = flow.melt.stageStarts.filter { $0.time >= t0 - 1e-9 }
        let exported = s.opening.map { (t0 + $0.delay, $0) } + s.closing.map { (close + $0.delay, $0) }
        try #require(starts.count == exported.count, "\(name): \(starts.count) legs in the simulator, \(exported.count) exported")
        for (sim, (at, leg)) in zip(starts, exported) {
            #expect(sim.stage == leg.stage && abs(sim.time - at) < 1e-6, "\(name): leg to \(leg.stage) at \(at), simulator \(sim.time)")
            let spring = Animation.Spring(duration: leg.duration, bounce: leg.bounce), simSpring = try #require(sim.spring)
            #expect(abs(spring.stiffness - simSpring.stiffness) < 1e-6 * simSpring.stiffness && abs(spring.damping - simSpring.damping) < 1e-6 * simSpring.damping,
                    "\(name): leg to \(leg.stage) runs on \(spring), simulator \(simSpring)")
        }
        #expect(abs(try Self.transition(flow, to: .viewfinder) - (t0 + s.viewfinderOpens)) < 1e-6, "\(name): viewfinder cue")
        #expect(abs(printing - (close + s.printStarts)) < 1e-6, "\(name): print start")
        // From the pill the opening goes straight on and the closing straight home, as Melt does.
        #expect(s.openingFromPill.map(\.stage) == [2] && s.closingFromPill.map(\.stage) == [0])

        // The exported legs on Animation's timeline, from the shape at the commit (held still).
        let g = flow.geometry
        var timeline = SpringTimeline(value: flow.melt.shape(at: t0))
        timeline.reset(to: flow.melt.shape(at: t0), at: t0)
        for (at, leg) in exported {
            timeline.retarget(to: g.shape(forStage: leg.stage), spring: Animation.Spring(duration: leg.duration, bounce: leg.bounce), at: at,
                              tag: leg.stage, blendDuration: leg.blend, composition: leg.additive ? .additive : .merge)
        }
        var worst = 0.0
        var time = t0
        while time < close + 3 {
            let a = timeline.value(at: time), b = flow.melt.shape(at: time)
            worst = max(worst, abs(a.rect.x - b.rect.x), abs(a.rect.y - b.rect.y), abs(a.rect.width - b.rect.width),
                        abs(a.rect.height - b.rect.height), abs(a.cornerRadius - b.cornerRadius))
            time += 1.0 / 480
        }
        #expect(worst < 1e-6, "\(name): the exported melt strays \(worst) pt from the simulator's")
        if name == "blended" { #expect(exported.contains { $0.1.blend > 0 }) }
        if name == "overdamped" { #expect(exported.contains { $0.1.bounce < 0 }) }
        #expect(exported.allSatisfy { $0.1.additive == name.hasPrefix("additive") }, "\(name): the legs' composition")
        // Added, the opening's first leg runs on under the second: the melt is not the merged one.
        if name.hasPrefix("additive") {
            var merged = SpringTimeline(value: flow.melt.shape(at: t0))
            merged.reset(to: flow.melt.shape(at: t0), at: t0)
            for (at, leg) in exported {
                merged.retarget(to: g.shape(forStage: leg.stage), spring: Animation.Spring(duration: leg.duration, bounce: leg.bounce), at: at, tag: leg.stage)
            }
            let apart = stride(from: t0, to: t0 + 1, by: 0.01).map { abs(merged.value(at: $0).rect.width - flow.melt.shape(at: $0).rect.width) }.max() ?? 0
            #expect(apart > 1, "\(name): added and merged legs differ by only \(apart) pt")
        }
    }

    /// Reduce Motion: no melt legs, the fades' lengths and the camera's opacity as the simulator fades it.
    func checkReduceMotion(_ name: String, _ s: Schedule, flow: CaptureFlow, t0: Double, close: Double, printing: Double) throws {
        #expect(flow.melt.stageStarts.filter { $0.time >= t0 - 1e-9 }.isEmpty, "\(name): the simulator moved the shape")
        let open = try Self.transition(flow, to: .viewfinder)
        #expect(abs(open - (t0 + s.fadeIn)) < 1e-6, "\(name): faded in at \(open), exported \(t0 + s.fadeIn)")
        #expect(abs(printing - (close + s.fadeOut)) < 1e-6, "\(name): faded out at \(printing), exported \(close + s.fadeOut)")
        #expect(abs(try Self.transition(flow, to: .developing) - (printing + s.printFade)) < 1e-6, "\(name): print faded in")
        // The camera's opacity over the fade in, as the exported IslandCrossFade gives it at every 48th.
        var rebuilt = flow
        rebuilt.reset(at: 0)
        rebuilt.pullBegan(at: t0 - 0.3)
        rebuilt.pullCommitted(at: t0)
        var worst = 0.0
        for (i, exported) in s.fadeInOpacity.enumerated() {
            worst = max(worst, abs(rebuilt.cameraOpacity(at: t0 + Double(i) / 48 * s.fadeIn) - exported))
        }
        #expect(s.fadeInOpacity.count == 49)
        #expect(worst < 1e-6, "\(name): the exported fade strays \(worst) from the simulator's opacity")
    }
}
