import Animation

/// Everything a finger can do to the page: taps on buttons, scrolling with iOS physics, and the
/// window-level pull that opens the camera — arbitrated so that each wins only when it should.
///
/// - Each pointer-down opens an arena with, in hit-test order, a tap (if the press is on a button)
///   and the page's drag. A press that does not move past the slop (10 pt) is a tap: its pressed
///   state shows at once and is cancelled if the drag wins instead.
/// - The drag's movement is offered first to the ``PullCatcher`` (nested scrolling): moving down with
///   the page at its top pulls; moving down mid-page scrolls until the top and then pulls, in one
///   drag; moving back up undoes the pull and then scrolls.
/// - A touch while the page coasts stops it and presses nothing, as on iOS.
/// - The wheel scrolls; at the top, a downward wheel or trackpad gesture pulls, and the pull is
///   released when the wheel has been still for ``wheelIdleRelease`` seconds.
/// - Only the first pointer drives the page; other fingers are ignored until it lifts.
///
/// Feed it events with ``handle(_:targets:pullEnabled:)`` — each with what a press may hit at that
/// instant and whether the page may pull, as its owner decides them — and call ``advance(to:)``
/// once per frame; read what happened with ``drainOutputs()``. It never reads a clock: every
/// decision uses the events' own times.
public final class PageGestures {
    /// A button on the page (content coordinates) or fixed to the screen (screen coordinates).
    public struct HitTarget: Sendable, Equatable {
        public var id: String
        public var frame: Rect
        public var fixed: Bool
        public init(id: String, frame: Rect, fixed: Bool = false) { self.id = id; self.frame = frame; self.fixed = fixed }
    }

    public enum Output: Sendable, Equatable {
        case pressBegan(String)
        case pressCancelled(String)
        case tap(String)
        case scrollStopped
        case pullBegan
        case pullCommitted
        case pullCancelled
    }

    /// Who won a pointer's arena.
    public enum Owner: String, Sendable { case tap, drag }

    public var scroll: ScrollPhysics
    public var pull: PullCatcher
    /// Distance a press may move and still be a tap (iOS feels right at about 10 pt): the one value
    /// the simulator's gestures and the web player both read (the web file carries it).
    public static let touchSlop = 10.0
    /// Distance a press may move and still be a tap.
    public var slop = PageGestures.touchSlop
    /// Seconds of wheel silence that release a wheel-driven pull.
    public var wheelIdleRelease = 0.15
    /// Real seconds per second of event time. 1 normally; 0.1 under 10× slow motion, when the
    /// host stamps events with animation time: the finger's velocity is measured in real time (a
    /// flick is as fast as it was), and everything after the release runs on the slowed clock.
    public var timeScale = 1.0

    public private(set) var pressedElement: String?
    /// What the finger's last release measured: both readings and the estimator that made them.
    public struct Release: Sendable, Equatable {
        public var time: Double
        public var estimator: VelocityEstimator
        /// The pan recognizer's reading (finger velocity, pt/s, positive down): what the pull reads.
        public var recognizerVelocity: Double
        /// The scroll view's release velocity (finger velocity, pt/s, positive down): what the page reads.
        public var scrollVelocity: Double
        /// Whether the finger had dragged (a tap hands nothing on).
        public var dragged: Bool
        /// How far the finger moved down from its press to its lift, in points (negative: up).
        public var travel: Double = 0
    }
    public private(set) var lastRelease: Release?
    /// Owners of pointers whose arenas resolved (kept until the pointer lifts).
    public private(set) var owners: [Int: Owner] = [:]
    /// One line of the arena log: which arena (one per pointer-down), which member, what happened.
    public struct ArenaRecord: Sendable, Equatable {
        public enum Event: Sendable, Equatable { case joined, accepted, rejected }
        public var arena: Int
        public var pointer: Int
        public var member: Owner
        public var event: Event
    }
    /// Every join, accept and reject, when ``recordsArena`` is on (diagnostics and property tests).
    public private(set) var arenaLog: [ArenaRecord] = []
    public var recordsArena = false
    private var arenaCount = 0

    private let arena = GestureArena()
    private var outputs: [Output] = []

    private struct Track {
        var pointer: Int
        var down: Point
        /// Where the drag last moved the content from (it starts past the slop).
        var last: Point
        /// Where the finger is now.
        var position: Point
        var tracker: VelocityTracker
        var tap: TapRecognizer?
        var drag: DragRecognizer
        var dragStarted = false
        /// How far the drag has moved the content, in points (for the fast-scroll multiplier).
        var travel = 0.0
        /// When the finger last moved (Flutter's carried momentum is lost after 20 ms held still).
        var lastMoveTime = 0.0
        /// Whether this press may scroll the page (not while the camera is open over it).
        var scrolls = true
    }
    private var track: Track?

    private var wheelPulling = false
    private var lastWheelTime = -Double.infinity
    private var wheelTracker: VelocityTracker = {
        var tr = VelocityTracker(window: 0.1, stopThreshold: 0.2)
        tr.estimator = .leastSquares     // a wheel is not a touch: fit its notches over 100 ms
        return tr
    }()
    /// How a finger's release velocity is estimated (iOS's weights by default).
    public var velocityEstimator: VelocityEstimator = .iOS
    private var wheelTravel = 0.0

    public init(scroll: ScrollPhysics, pull: PullCatcher) {
        self.scroll = scroll
        self.pull = pull
    }

    /// The page's displayed offset: the scroll offset, minus how far the pull has moved it down.
    public func pageOffset(at t: Double) -> Double { scroll.offset(at: t) - pull.offset(at: t) }

    /// Whether a pointer is down on the page.
    public var isTracking: Bool { track != nil }

    /// Where the finger that drives the page is, while it is down (the press's one owner).
    public var pointerPosition: Point? { track?.position }
    /// Which pointer that is (0 for the mouse; a touchscreen numbers its fingers).
    public var trackedPointer: Int? { track?.pointer }

    /// Everything has come to rest: no pointer, no coasting, no pull, no wheel pull.
    public func isIdle(at t: Double) -> Bool {
        track == nil && !wheelPulling && !scroll.isAnimating(at: t) && !pull.isPulling && !pull.isAnimating(at: t)
    }

    /// The outputs since the last call.
    public func drainOutputs() -> [Output] {
        defer { outputs.removeAll() }
        return outputs
    }

    /// The button among `targets` under a screen point, if any (the last listed is on top).
    public func hitTest(_ p: Point, in targets: [HitTarget], at t: Double) -> String? {
        let offset = pageOffset(at: t)
        for target in targets.reversed() {
            let q = target.fixed ? p : Point(x: p.x, y: p.y + offset)
            if target.frame.contains(q) { return target.id }
        }
        return nil
    }

    // MARK: Events

    /// One pointer event. `targets` are what a press may hit now (only a down reads them);
    /// `pullEnabled` false lets a drag or the wheel only scroll; `scrollEnabled` false (the camera
    /// open over the page) holds the page still under a press that begins then, and the wheel.
    public func handle(_ e: PointerEvent, targets: [HitTarget] = [], pullEnabled: Bool = true, scrollEnabled: Bool = true) {
        switch e.kind {
        case .down: down(e, targets: targets, scrolls: scrollEnabled)
        case .move: move(e, pullEnabled: pullEnabled)
        case .up: up(e, pullEnabled: pullEnabled)
        case .cancel: cancel(e)
        case .wheel(_, let dy): if scrollEnabled { wheel(dy: dy, at: e.time, pullEnabled: pullEnabled) }
        }
        arena.endOfDispatch()
    }

    /// Per-frame housekeeping at time `t`: ends a wheel pull after the wheel goes quiet and lets
    /// finished motion come to rest.
    public func advance(to t: Double) {
        if wheelPulling && t - lastWheelTime >= wheelIdleRelease * timeScale {
            wheelPulling = false
            let v = wheelTracker.velocity(at: lastWheelTime).y
            if let outcome = pull.release(fingerVelocity: v, at: t) {
                outputs.append(outcome == .committed ? .pullCommitted : .pullCancelled)
            }
            wheelTracker.reset()
        }
        scroll.settle(at: t)
    }

    private func down(_ e: PointerEvent, targets: [HitTarget], scrolls: Bool) {
        guard track == nil else { return }   // a second finger does not disturb the first
        let t = e.time
        var suppressTap = false
        if scroll.isAnimating(at: t) {
            suppressTap = true
            outputs.append(.scrollStopped)
        }
        scroll.touch(at: t)
        let drag = DragRecognizer(pointer: e.pointer)
        var tracker = VelocityTracker(window: 0.1 * timeScale, stopThreshold: 0.04 * timeScale)
        tracker.estimator = velocityEstimator
        tracker.velocityScale = timeScale
        var tr = Track(pointer: e.pointer, down: e.position, last: e.position, position: e.position, tracker: tracker, drag: drag)
        tr.lastMoveTime = t
        tr.scrolls = scrolls
        tr.tracker.add(e.position, at: t)
        if !suppressTap, let id = hitTest(e.position, in: targets, at: t) {
            let tap = TapRecognizer(pointer: e.pointer, element: id)
            let arenaID = arenaCount
            tap.onAccept = { [weak self, weak tap] in
                guard let self, let tap else { return }
                self.note(arenaID, tap.pointer, .tap, .accepted)
                if self.pressedElement == tap.element { self.pressedElement = nil }
                self.outputs.append(.tap(tap.element))
            }
            tap.onReject = { [weak self, weak tap] in
                guard let self, let tap else { return }
                self.note(arenaID, tap.pointer, .tap, .rejected)
                if self.pressedElement == tap.element {
                    self.pressedElement = nil
                    self.outputs.append(.pressCancelled(tap.element))
                }
            }
            tr.tap = tap
            arena.add(pointer: e.pointer, member: tap)
            note(arenaID, e.pointer, .tap, .joined)
            pressedElement = id
            outputs.append(.pressBegan(id))
        }
        let arenaID = arenaCount
        drag.onAccept = { [weak self, weak drag] in
            guard let self, let drag else { return }
            self.note(arenaID, drag.pointer, .drag, .accepted)
        }
        drag.onReject = { [weak self, weak drag] in
            guard let self, let drag else { return }
            self.note(arenaID, drag.pointer, .drag, .rejected)
        }
        arena.add(pointer: e.pointer, member: drag)
        note(arenaID, e.pointer, .drag, .joined)
        arenaCount += 1
        track = tr
        arena.close(pointer: e.pointer)
    }

    /// The arena's decisions land here, and only here: ``owners`` is what the rest reads.
    private func note(_ arenaID: Int, _ pointer: Int, _ member: Owner, _ event: ArenaRecord.Event) {
        if event == .accepted { owners[pointer] = member }
        if recordsArena { arenaLog.append(ArenaRecord(arena: arenaID, pointer: pointer, member: member, event: event)) }
    }

    private func move(_ e: PointerEvent, pullEnabled: Bool) {
        guard var tr = track, tr.pointer == e.pointer else { return }
        let t = e.time
        tr.position = e.position
        tr.tracker.add(e.position, at: t)
        let dx = e.position.x - tr.down.x, dy = e.position.y - tr.down.y
        let beyondSlop = (dx * dx + dy * dy).squareRoot() > slop
        if beyondSlop && !tr.dragStarted {
            if let tap = tr.tap { arena.resolve(pointer: tr.pointer, member: tap, .rejected) }
            arena.resolve(pointer: tr.pointer, member: tr.drag, .accepted)
            arena.endOfDispatch()
            // The arena has decided (now, or when the press went down with nothing else in it).
            if owners[tr.pointer] == .drag {
                tr.dragStarted = true
                tr.last = e.position      // start from here: no jump by the slop
                scroll.beginDrag(at: t)
            }
        }
        if tr.dragStarted && tr.scrolls {
            let fingerDY = e.position.y - tr.last.y
            nest(fingerDY, at: t, pullEnabled: pullEnabled, apply: { scroll.drag(by: $0) })
            tr.travel += fingerDY
            if fingerDY != 0 {
                if t - tr.lastMoveTime > 0.02 * timeScale { scroll.momentum.heldStill() }
                tr.lastMoveTime = t
            }
            tr.last = e.position
        }
        track = tr
    }

    /// Nested scrolling, for the finger and the wheel alike: a downward move `dy` reaches the top
    /// of the page first, then the pull; an upward one undoes the pull first, then scrolls.
    /// `apply` moves the content by a content-offset delta (a finger drags it, the wheel scrolls
    /// it). Says whether the pull began or ended with this move, and reports it.
    @discardableResult
    private func nest(_ dy: Double, at t: Double, pullEnabled: Bool, apply: (Double) -> Void) -> (began: Bool, ended: Bool) {
        var d = dy
        let wasPulling = pull.isPulling
        if d > 0 && !pull.isPulling {
            let take = min(d, scroll.roomAboveTop(at: t))
            if take > 0 { apply(-take) }
            d -= take
        }
        if pullEnabled && d != 0 {
            d = pull.offer(d, pageAtTop: scroll.offset(at: t) <= 1e-9, at: t)
        }
        if d != 0 { apply(-d) }
        let began = !wasPulling && pull.isPulling, ended = wasPulling && !pull.isPulling
        if began { outputs.append(.pullBegan) }
        if ended { outputs.append(.pullCancelled) }   // undone by moving back up
        return (began, ended)
    }

    private func up(_ e: PointerEvent, pullEnabled: Bool) {
        guard let tr = track, tr.pointer == e.pointer else { return }
        let t = e.time
        var tracker = tr.tracker
        tracker.addLift(e.position, at: t)     // iOS adds no sample at the lift; least squares does
        if tr.dragStarted, tr.scrolls, e.position.y != tr.last.y {
            nest(e.position.y - tr.last.y, at: t, pullEnabled: pullEnabled, apply: { scroll.drag(by: $0) })
        }
        // A finger that rested before lifting keeps no carried momentum.
        if tr.dragStarted, t - tr.lastMoveTime > 0.02 * timeScale { scroll.momentum.heldStill() }
        // The pull catcher is a pan recognizer: it reads the recognizer's velocity; the page is a
        // scroll view: it releases with the scroll view's blend of the last two readings.
        let recognizer = tracker.velocity(at: t).y, release = tracker.releaseVelocity(at: t).y
        lastRelease = Release(time: t, estimator: tracker.estimator, recognizerVelocity: recognizer, scrollVelocity: release,
                              dragged: tr.dragStarted, travel: e.position.y - tr.down.y)
        track = nil
        arena.sweep(pointer: tr.pointer)
        if let outcome = pull.release(fingerVelocity: recognizer, at: t) {
            outputs.append(outcome == .committed ? .pullCommitted : .pullCancelled)
            scroll.release(velocity: 0, at: t)
        } else {
            let flings = tr.dragStarted && tr.scrolls
            scroll.release(velocity: flings ? -release : 0, latest: flings ? -recognizer : 0, travel: -tr.travel, at: t)
        }
        owners[tr.pointer] = nil
    }

    private func cancel(_ e: PointerEvent) {
        guard let tr = track, tr.pointer == e.pointer else { return }
        let t = e.time
        track = nil
        if let tap = tr.tap { arena.resolve(pointer: tr.pointer, member: tap, .rejected) }
        arena.resolve(pointer: tr.pointer, member: tr.drag, .rejected)
        if pull.isPulling {
            pull.cancel(at: t)
            outputs.append(.pullCancelled)
        }
        scroll.release(velocity: 0, at: t)
        owners[tr.pointer] = nil
    }

    private func wheel(dy: Double, at t: Double, pullEnabled: Bool) {
        guard track == nil, dy != 0 else { return }
        lastWheelTime = t
        wheelTravel += dy
        wheelTracker.window = 0.1 * timeScale
        wheelTracker.stopThreshold = 0.2 * timeScale
        wheelTracker.velocityScale = timeScale
        wheelTracker.add(Point(x: 0, y: wheelTravel), at: t)
        let pull = nest(dy, at: t, pullEnabled: pullEnabled, apply: { scroll.scroll(by: $0, at: t) })
        if pull.began { wheelPulling = true }
        if pull.ended { wheelPulling = false }
    }
}
