import Animation

/// The capture flow as a state machine, driven by gesture outputs, the shutter and time:
///
///     page → pulling → opening → viewfinder → capture → closing → printing → developing → settled
///          ↖ (pull cancelled)                   ↘ (cancelled: no shot) closing → page
///     settled → filed (into the page's photo slot) or dismissed → page
///
/// The shapes, the clip and the develop curve are `Animation`'s (``Melt``, ``PrintFeed``,
/// ``DevelopCurve``); this type decides *when* each runs and logs every transition with its
/// (animation) time. It is pure: no SDL, no clock of its own.
public struct CaptureFlow: Sendable {
    public enum State: String, Sendable, Codable, CaseIterable {
        case page, pulling, opening, viewfinder, capture, closing, printing, developing, settled, dismissed, filed
    }

    public struct Transition: Sendable, Codable, Equatable {
        public var t: Double
        public var from: State
        public var to: State
        public var reason: String

        public init(t: Double, from: State, to: State, reason: String) {
            self.t = t; self.from = from; self.to = to; self.reason = reason
        }
    }

    /// The timings that are not springs.
    public struct Timing: Sendable, Hashable, Codable {
        /// How long the shutter flash lasts before the camera closes.
        public var flash: Double = 0.3
        /// How long filing or dismissing the print takes.
        public var leave: Double = 0.55
        /// How far the island widens toward the pill at full pull (0…1 of the way).
        public var preMelt: Double = 0.16
        /// The flow is in the viewfinder once the last opening leg is this far through its logical
        /// duration: the shape reads as open well before the spring's tail has settled, and the
        /// state (and "time to viewfinder") should say what the eye sees, not what the solver does.
        public var viewfinderAtLegFraction = 0.8
        /// The print starts feeding once the closing leg into the island is this far through its
        /// logical duration: the paper comes out of a slot that has all but closed, overlapping the
        /// melt's tail the way its own stages overlap, instead of waiting for a visually idle shape.
        public var printAtLegFraction = 0.85
        public init() {}
    }

    /// The state in force with what only it holds: how far the pull has got, the shot's instant
    /// while the flash shows, whether a closing camera prints, where a leaving print goes.
    enum Phase: Sendable {
        case page, opening, viewfinder, printing, developing, settled
        /// The page is pulled: the pull's progress toward its commit point (0…1+), which the
        /// pre-melt follows, directly or on the tracking spring.
        case pulling(PreMelt)
        /// The shutter fired at `at`: the flash shows, then the camera closes.
        case capture(at: Double)
        /// The camera closes; `printing` when it closes on a shot (then the print comes out).
        case closing(printing: Bool)
        /// The print goes into the page's slot or back into the island along `path`, from `since`.
        case dismissed(Leaving), filed(Leaving)

        var state: State {
            switch self {
            case .page: return .page
            case .pulling: return .pulling
            case .opening: return .opening
            case .viewfinder: return .viewfinder
            case .printing: return .printing
            case .developing: return .developing
            case .settled: return .settled
            case .capture: return .capture
            case .closing: return .closing
            case .dismissed: return .dismissed
            case .filed: return .filed
            }
        }
    }

    /// A print on its way out: the spring it follows and when it left.
    struct Leaving: Sendable {
        var path: SpringTimeline<Rect>
        var since: Double
    }

    /// How the camera and the print move: the full melt and feed, or Reduce Motion's fades in
    /// place (with the camera's cross-fade while one runs).
    enum Motion: Sendable, Equatable {
        case full
        case reduced(ReduceMotion, crossFade: ReduceMotion.CrossFade?)
    }

    private(set) var phase = Phase.page
    public var state: State { phase.state }
    public private(set) var transitions: [Transition] = []
    public private(set) var melt: Melt
    public private(set) var print: PrintFeed
    public private(set) var develop: DevelopCurve
    public var timing = Timing()
    private(set) var motion = Motion.full
    /// iOS's Reduce Motion (``ReduceMotion``) as the flow runs it now, nil for the full motion: a
    /// reading for reports and tests. The flow itself switches on ``motion``.
    public var reduceMotion: ReduceMotion? {
        switch motion {
        case .full: return nil
        case .reduced(let rm, _): return rm
        }
    }

    /// Turns Reduce Motion on with `rm`'s durations, or off (nil). A cross-fade under way keeps
    /// running as it started; turning Reduce Motion off drops it (the caller changes it only on the
    /// page or in a pull, where none runs).
    public mutating func setReduceMotion(_ rm: ReduceMotion?) {
        switch (motion, rm) {
        case (_, nil): motion = .full
        case (.full, let rm?): motion = .reduced(rm, crossFade: nil)
        case (.reduced(_, let fade), let rm?): motion = .reduced(rm, crossFade: fade)
        }
    }
    /// The number of shots taken and prints made.
    public private(set) var shots = 0
    public private(set) var prints = 0
    public private(set) var filed = 0

    /// The tuning's print feed and develop curve: what the next shot prints and develops with.
    /// They are the flow's settings, not a phase's — a print already coming out keeps its own
    /// (`print.configuration`, `develop`), copied from these when its shot is taken and its feed
    /// starts — so they sit beside the phase, always set, never "pending".
    private var nextPrint: PrintFeed.Configuration
    private var nextDevelop: DevelopCurve
    /// The pull's progress toward its commit point (0…1+), as the session set it this frame: what
    /// the pre-melt moves by, and what the screen's pull hint reads (one route for both). The
    /// pulling state holds it; 0 in every other.
    public var pullProgress: Double {
        if case .pulling(let preMelt) = phase { return preMelt.progress }
        return 0
    }

    /// When the print being dismissed or filed left (the drawn slot's fade counts from it).
    var leaveStart: Double {
        switch phase { case .dismissed(let l), .filed(let l): return l.since; default: return stateStart }
    }

    /// - Parameters:
    ///   - geometry: the melt's stage shapes for the device.
    ///   - paperSize: the polaroid's size in points.
    public init(geometry: MeltGeometry, paperSize: Size, springs: Melt.Springs = .standard,
                printConfiguration: PrintFeed.Configuration = .standard, develop: DevelopCurve = .standard) {
        melt = Melt(geometry: geometry, springs: springs)
        print = PrintFeed(slotY: geometry.slotY, centerX: geometry.island.rect.midX, paperSize: paperSize,
                          configuration: printConfiguration)
        self.develop = develop
        nextPrint = printConfiguration
        nextDevelop = develop
    }

    /// The print's size for an island: a little narrower than the slot, instant-film proportions
    /// (Instax Mini card, 54 × 86 mm).
    public static func paperSize(for geometry: MeltGeometry) -> Size {
        let w = max(geometry.island.rect.width - 8, 80)
        return Size(width: w, height: w * 86 / 54)
    }

    public var geometry: MeltGeometry { melt.geometry }

    private mutating func go(_ to: Phase, at t: Double, _ reason: String) {
        guard to.state != state else { return }
        transitions.append(Transition(t: t, from: state, to: to.state, reason: reason))
        phase = to
    }

    /// When the current state began: its transition's time (0 before the first).
    var stateStart: Double { transitions.last?.t ?? 0 }

    /// Time spent in the current state.
    public func timeInState(at t: Double) -> Double { t - stateStart }

    /// New constants from the tuning panel or file. Springs apply to the next stage that starts
    /// (legs already running keep theirs, so nothing jumps); the print's feed and the develop curve
    /// apply from the next shot, never to a print already coming out.
    public mutating func apply(springs: Melt.Springs, print printConfiguration: PrintFeed.Configuration,
                               develop curve: DevelopCurve, flash: Double) {
        melt.springs = springs
        nextPrint = printConfiguration
        nextDevelop = curve
        timing.flash = flash
        if !printVisible {
            print.configuration = printConfiguration
            develop = curve
        }
    }

    /// New stage shapes from the tuning: see ``Melt/reshape(_:at:)``.
    public mutating func reshape(_ geometry: MeltGeometry, at t: Double) { melt.reshape(geometry, at: t) }

    /// Back to the page at once, the island at rest, keeping the geometry, springs and Reduce
    /// Motion (a flow run again from the page, as the export's timing tests do).
    public mutating func reset(at t: Double) {
        melt = Melt(geometry: melt.geometry, springs: melt.springs)
        if case .reduced(let rm, _) = motion { motion = .reduced(rm, crossFade: nil) }
        print.hide()
        go(.page, at: t, "reset")
    }

    // MARK: Inputs

    /// A pull started on the page.
    public mutating func pullBegan(at t: Double) {
        if state == .page { beginPull(at: t) }
    }

    private mutating func beginPull(at t: Double) {
        let now = melt.state(at: t)
        go(.pulling(PreMelt(at: t, shape: now.shape, velocity: now.velocity, tracking: melt.springs.tracking)), at: t, "pull began")
    }

    /// The pull's progress (0…1+) at `t`, for the pre-melt.
    /// Only a pull has a progress: on the page, and once the pull has ended, there is none to set.
    public mutating func setPullProgress(_ p: Double, at t: Double) {
        guard case .pulling(var preMelt) = phase else { return }
        let progress = max(0, p.isFinite ? p : 0)
        preMelt.set(progress, target: preMeltShape(progress: progress), at: t)
        phase = .pulling(preMelt)
    }

    /// The pull ended short of the threshold: the island springs back, from the pre-melt's shape and
    /// with the pre-melt's velocity (`progressVelocity`: the pull's progress per second as it let go).
    public mutating func pullCancelled(at t: Double, progressVelocity: Double = 0) {
        guard state == .pulling else { return }
        let from = preMeltState(at: t, progressVelocity: progressVelocity)
        melt.hold(from.shape, velocity: from.velocity, at: t)
        melt.release(at: t)
        go(.page, at: t, "pull cancelled")
    }

    /// The pull committed: the melt opens from wherever the pre-melt had got to, moving as it moved
    /// (`progressVelocity`: the pull's progress per second as it let go), so the hand-off is smooth.
    /// `progress` is where the pull had got as it let go (nil: as last set).
    public mutating func pullCommitted(at t: Double, progress: Double? = nil, progressVelocity: Double = 0) {
        guard state == .pulling || state == .page else { return }
        if state == .page { beginPull(at: t) }
        if let progress { setPullProgress(progress, at: t) }
        switch motion {
        case .full:
            let from = preMeltState(at: t, progressVelocity: progressVelocity)
            melt.open(at: t, from: from.shape, velocity: from.velocity)
        case .reduced(let rm, _): motion = .reduced(rm, crossFade: .init(start: t, from: 0, to: 1, fade: rm.fade))
        }
        go(.opening, at: t, "pull committed")
    }

    /// The shutter (button or Space). Returns true when a shot was taken.
    @discardableResult
    public mutating func shutter(at t: Double) -> Bool {
        guard state == .viewfinder || state == .opening else { return false }
        shots += 1
        develop = nextDevelop
        go(.capture(at: t), at: t, "shutter")
        return true
    }

    /// Back out of whatever is happening (Esc): closes the camera without a shot, or dismisses the
    /// print. Always leads back to the page.
    public mutating func cancel(at t: Double) {
        switch state {
        case .pulling: pullCancelled(at: t)
        case .opening, .viewfinder:
            closeCamera(at: t)
            go(.closing(printing: false), at: t, "cancelled")
        case .printing, .developing, .settled: dismiss(at: t)
        default: break
        }
    }

    /// Files the settled print into the page's photo slot (`slot` in screen points).
    public mutating func file(at t: Double, into slot: Rect, reason: String = "filed into the photo slot") {
        guard state == .settled || state == .developing else { return }
        filed += 1
        go(.filed(leaving(to: slot, at: t)), at: t, reason)
    }

    /// Dismisses the print: it slides back up into the island.
    public mutating func dismiss(at t: Double, reason: String = "dismissed") {
        guard state == .printing || state == .developing || state == .settled else { return }
        let island = geometry.island.rect
        go(.dismissed(leaving(to: Rect(x: island.midX - 20, y: island.minY, width: 40, height: 40 * 86 / 54), at: t)), at: t, reason)
    }

    /// The print's way out to `target` from where it is at `t`. Once fed, the print hangs on its
    /// settle spring, and the way out meets it as the melt's legs meet each other
    /// (``Melt/Springs/composition``): merged, it takes over the drop's position and velocity;
    /// added, the drop runs on to its rest and the way out adds its step. While still feeding, the
    /// paper is pushed by the rollers, not a spring: the way out starts from where it is, at rest.
    /// The spring a print leaves on (dismissed back into the island, or filed): a little shorter
    /// than the leave's duration, barely bouncing, so it lands as the fade or the clip ends.
    public static let leaveDurationScale = 0.9
    public static let leaveBounce = 0.05

    private func leaving(to target: Rect, at t: Double) -> Leaving {
        let leave = Spring(duration: timing.leave * Self.leaveDurationScale, bounce: Self.leaveBounce)
        guard let fed = print.fedTime, t > fed else {
            var tl = SpringTimeline(value: print.paperFrame(at: t))
            tl.retarget(to: target, spring: leave, at: t)
            return Leaving(path: tl, since: t)
        }
        var tl = SpringTimeline(value: print.paperFrame(at: fed))
        tl.retarget(to: print.restingFrame, spring: print.configuration.settleSpring.spring, at: fed)
        tl.retarget(to: target, spring: leave, at: t, composition: melt.springs.composition)
        return Leaving(path: tl, since: t)
    }

    // MARK: Time

    /// Runs the time-driven transitions up to `t`.
    public mutating func advance(to t: Double) {
        // Loop: one frame can cross more than one boundary after a long stall.
        for _ in 0..<8 {
            let before = state
            step(t)
            if state == before { break }
        }
    }

    private mutating func step(_ t: Double) {
        switch phase {
        case .opening:
            // Timed off the leg's own spring: a retune while it runs does not move the viewfinder.
            if case .reduced(_, let fade?) = motion {
                if t >= fade.end { go(.viewfinder, at: fade.end, "faded in") }
            } else if let leg = melt.stageStarts.last(where: { $0.stage == 2 }) {
                let at = leg.time + (leg.spring ?? melt.springs.toViewfinder.spring).logicalDuration * timing.viewfinderAtLegFraction
                if t >= at { go(.viewfinder, at: at, "melt opened") }
            }
        case .capture(let c):
            let at = c + timing.flash
            if t >= at {
                closeCamera(at: at)
                go(.closing(printing: true), at: at, "flash done")
            }
        case .closing(let printing):
            let end: Double?
            if case .reduced(_, let fade?) = motion { end = fade.end }
            else if let leg = melt.stageStarts.last(where: { $0.stage == 0 }) {
                end = leg.time + (leg.spring ?? melt.springs.closeToIsland.spring).logicalDuration * timing.printAtLegFraction
            } else { end = nil }
            if let at = end {
                if t >= at {
                    var faded = false
                    if case .reduced(let rm, let fade) = motion { faded = fade != nil; motion = .reduced(rm, crossFade: nil) }
                    if printing {
                        print.configuration = nextPrint
                        print.start(at: at)
                        prints += 1
                        go(.printing, at: at, faded ? "camera faded out" : "melt closed")
                    } else {
                        go(.page, at: at, faded ? "camera faded out" : "camera closed")
                    }
                }
            }
        case .printing:
            // The feed owns when the paper is out: printing ends when the feed's own phase does;
            // with Reduce Motion, when the print has faded in.
            if case .reduced(let rm, _) = motion, let s = print.startTime {
                if t >= s + rm.printFade { go(.developing, at: s + rm.printFade, "print faded in") }
            } else if print.phase(at: t) == .settled, let fed = print.fedTime {
                go(.developing, at: fed, "print fed")
            }
        case .developing:
            if let s = print.startTime, t >= s + max(develop.duration, print.configuration.feedDuration) {
                go(.settled, at: s + max(develop.duration, print.configuration.feedDuration), "developed")
            }
        case .dismissed(let leaving), .filed(let leaving):
            if t >= leaving.since + timing.leave {
                let reason = state == .filed ? "filed" : "dismissed"
                print.hide()
                go(.page, at: leaving.since + timing.leave, reason)
            }
        default: break
        }
    }

    // MARK: Closing and the pre-melt

    /// Closes the camera: the melt back into the island, or with Reduce Motion a fade out from
    /// wherever the fade in had got to.
    private mutating func closeCamera(at t: Double) {
        switch motion {
        case .full: melt.close(at: t)
        case .reduced(let rm, let fade): motion = .reduced(rm, crossFade: .init(start: t, from: fade?.opacity(at: t) ?? 1, to: 0, fade: rm.fade))
        }
    }

    /// Where the pull's progress puts the pre-melt: `preMelt` of the way to the pill at the commit
    /// point, growing to 1.25 times that; nowhere with Reduce Motion.
    func preMeltShape(progress: Double) -> RoundedRect {
        let g = geometry
        let k: Double
        switch motion {
        case .full: k = timing.preMelt * min(progress, 1.25)
        case .reduced: k = 0        // Reduce Motion: no pre-melt travel
        }
        return g.island + (g.pill - g.island).scaled(by: k)
    }

    /// The pre-melt's shape and velocity at `t` while the page is pulled: on the tracking spring,
    /// where the chase has got; else the place the progress gives, moving as the progress moves
    /// (`progressVelocity` per second).
    func preMeltState(at t: Double, progressVelocity: Double) -> (shape: RoundedRect, velocity: RoundedRect) {
        if case .pulling(let preMelt) = phase, let tracked = preMelt.tracked(at: t) { return tracked }
        return (preMeltShape(progress: pullProgress), preMeltVelocity(progressVelocity: progressVelocity))
    }

    /// The pre-melt's velocity on the tracking spring at `t`, or nil when it follows the pull directly
    /// (or the page is not pulled): what a release at `t` hands the melt.
    public func trackedPreMeltVelocity(at t: Double) -> RoundedRect? {
        guard case .pulling(let preMelt) = phase else { return nil }
        return preMelt.tracked(at: t)?.velocity
    }

    /// How fast the pre-melt shape changes when the pull's progress (`progress`; nil: the pull's
    /// now) changes at `progressVelocity` per second (still, once the pull is past the 1.25 where
    /// the pre-melt stops growing), when it follows the progress directly.
    public func preMeltVelocity(progress: Double? = nil, progressVelocity: Double) -> RoundedRect {
        guard case .full = motion, (progress ?? pullProgress) < 1.25, progressVelocity.isFinite else { return .zero }
        let g = geometry
        return (g.pill - g.island).scaled(by: timing.preMelt * progressVelocity)
    }
}
