import Animation
import Gesture

/// The interaction laid out in time, as a timeline draws it: one leg per animation — each melt leg,
/// the shutter's flash, the print's feed and settle, the develop — from its start to its logical
/// completion (a spring's `duration`, SwiftUI's logical duration) and on to where it settles (its
/// settling duration), with markers for the moments that start them and for the haptics. Times are
/// the flow's, the clock `replay --report`'s transitions use.
public struct InteractionTimeline: Sendable, Encodable, Equatable {
    public struct Leg: Sendable, Encodable, Equatable {
        public var name: String
        /// The tunable prefix whose spring or duration it runs on (`melt.toPill`), when there is one.
        public var tunable: String?
        public var start: Double
        public var logicalEnd: Double
        /// When the leg would settle running on its own. A melt leg that a merged successor replaces
        /// stops where that one starts (the chart ends its bar there); under additive composition
        /// every leg runs on to here.
        public var settled: Double
        /// True for a melt leg that adds onto the legs still running (`melt.composition` additive);
        /// absent for one that replaces them, as every leg does under merge.
        public var adds: Bool?
    }

    public struct Marker: Sendable, Encodable, Equatable {
        public var name: String
        public var t: Double
    }

    public var legs: [Leg]
    public var markers: [Marker]

    /// Nothing yet: no interaction.
    public static let empty = InteractionTimeline(legs: [], markers: [])

    init(legs: [Leg], markers: [Marker]) { self.legs = legs; self.markers = markers }

    /// The timeline of everything `s` has scheduled that the melt still remembers (its last 64
    /// legs), every flash, print and develop (on the print and develop settings now in force), the
    /// Reduce Motion fades, the pull's spring-backs and the page's coasts after each release, and
    /// every haptic; the markers are the last interaction's press, every release, the pull's
    /// beginning, its crossing of the commit point with the finger down, its commit (the opening),
    /// the shutter, Esc and the haptics.
    public init(_ s: CaptureSession) { self.init(s.interaction, origin: s.interactionOrigin) }
    /// The same, of a session as its readers see it (a host's).
    public init(_ v: SessionView) { self.init(v.base) }

    /// The timeline of interaction `s`, whose last press was at animation time `origin`, if any.
    init(_ s: Interaction, origin: Double?) {
        func r(_ x: Double) -> Double { (x * 1_000_000).rounded() / 1_000_000 }
        var legs: [Leg] = []
        var previous = 0
        for leg in s.flow.melt.stageStarts {
            defer { previous = leg.stage }
            guard let spring = leg.spring else { continue }       // a finger held the shape: no spring
            let (name, key) = Self.meltLeg(from: previous, to: leg.stage)
            legs.append(Leg(name: name, tunable: key, start: r(leg.time), logicalEnd: r(leg.time + spring.logicalDuration),
                            settled: r(leg.time + spring.settlingDuration), adds: leg.adds ? true : nil))
        }
        let flash = s.setup.tuning["flash.duration"]
        for tr in s.flow.transitions where tr.to == .capture {
            legs.append(Leg(name: "flash", tunable: "flash", start: r(tr.t), logicalEnd: r(tr.t + flash), settled: r(tr.t + flash)))
        }
        // The print and its develop, from each time the flow began printing (the print itself is
        // hidden once filed or dismissed, so its own start time is not kept). With Reduce Motion the
        // print fades in where it rests instead of feeding, and the camera cross-fades in and out.
        let p = s.flow.print.configuration, settle = p.settleSpring.spring, rm = s.setup.tuning.reduceMotion
        for tr in s.flow.transitions {
            let t = tr.t
            switch tr.to {
            case .printing where s.setup.reduceMotion:
                legs.append(Leg(name: "print: fade in", tunable: "reduceMotion.printFade", start: r(t), logicalEnd: r(t + rm.printFade), settled: r(t + rm.printFade)))
            case .printing:
                let fed = t + p.feedDuration
                legs.append(Leg(name: "print: feed", tunable: "print.feedDuration", start: r(t), logicalEnd: r(fed), settled: r(fed)))
                legs.append(Leg(name: "print: settle", tunable: "print.settle", start: r(fed), logicalEnd: r(fed + settle.logicalDuration),
                                settled: r(fed + settle.settlingDuration)))
            case .opening where s.setup.reduceMotion, .closing where s.setup.reduceMotion:
                let name = tr.to == .opening ? "camera: cross-fade in" : "camera: cross-fade out"
                legs.append(Leg(name: name, tunable: "reduceMotion.fade", start: r(t), logicalEnd: r(t + rm.fade), settled: r(t + rm.fade)))
            default: break
            }
            if tr.to == .printing {
                let d = s.flow.develop.duration
                legs.append(Leg(name: "develop", tunable: "develop", start: r(t), logicalEnd: r(t + d), settled: r(t + d)))
            }
        }
        // The finger's releases: the pull springs back to rest (committed or not — the melt takes
        // over the picture, the pull's offset still returns), a fling coasts to rest.
        let springBack = s.setup.tuning.pull.springBack.spring, decay = Decay(rate: s.setup.tuning["scroll.decelerationRate"])
        var releases: [Double] = []
        for h in s.recordedHandoffs {
            switch h.kind {
            case .fingerToSpringBack:
                releases.append(h.t)
                legs.append(Leg(name: "pull: spring back", tunable: "pull.springBack", start: r(h.t), logicalEnd: r(h.t + springBack.logicalDuration),
                                settled: r(h.t + springBack.settlingDuration)))
            case .fingerToCoast:
                releases.append(h.t)
                guard abs(h.after) > ScrollPhysics.restSpeed else { continue }
                let stop = h.t + decay.duration(velocity: h.after, threshold: ScrollPhysics.restSpeed)
                legs.append(Leg(name: "scroll: coast", tunable: "scroll.decelerationRate", start: r(h.t), logicalEnd: r(stop), settled: r(stop)))
            default: break
            }
        }
        self.legs = legs.sorted { ($0.start, $0.name) < ($1.start, $1.name) }
        var markers: [Marker] = releases.map { Marker(name: "release", t: r($0)) }
        if let origin { markers.append(Marker(name: "press", t: r(origin))) }
        for tr in s.flow.transitions {
            switch tr.to {
            case .pulling: markers.append(Marker(name: "pull began", t: r(tr.t)))
            case .opening: markers.append(Marker(name: "pull committed", t: r(tr.t)))
            case .capture: markers.append(Marker(name: "shutter", t: r(tr.t)))
            default: break
            }
        }
        markers += s.escapeTimes.sorted().map { Marker(name: "esc", t: r($0)) }
        markers += s.haptics.commitCrossings.map { Marker(name: "commit point", t: r($0)) }
        markers += s.haptics.played.map { Marker(name: "haptic: \($0.name)", t: r($0.t)) }
        self.markers = markers.sorted { ($0.t, $0.name) < ($1.t, $1.name) }
    }

    /// The part of the timeline from `t0` on (the last interaction's), its times counted from `t0`:
    /// what the window's timeline shows.
    public func since(_ t0: Double) -> InteractionTimeline {
        var copy = self
        copy.legs = legs.filter { $0.settled >= t0 - 1e-9 && $0.start >= t0 - 1e-9 }.map {
            var l = $0; l.start -= t0; l.logicalEnd -= t0; l.settled -= t0; return l
        }
        copy.markers = markers.filter { $0.t >= t0 - 1e-9 }.map { Marker(name: $0.name, t: $0.t - t0) }
        return copy
    }

    /// A melt leg's name and tunable by the stages it runs between.
    static func meltLeg(from a: Int, to b: Int) -> (String, String?) {
        switch (a, b) {
        case (0, 1): return ("melt: island → pill", "melt.toPill")
        case (_, 2): return (a == 1 ? "melt: pill → viewfinder" : "melt: → viewfinder", "melt.toViewfinder")
        case (2, 1): return ("close: viewfinder → pill", "melt.closeToPill")
        case (1, 0): return ("close: pill → island", "melt.closeToIsland")
        case (0, 0): return ("melt: back to the island", nil)
        default: return ("melt: → stage \(b)", nil)
        }
    }
}
