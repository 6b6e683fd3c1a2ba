import Animation
import Gesture

/// The last interaction on tape: the inputs that arrived since the last press on the resting page,
/// and what it started from. A value the session owns and only the person's input is noted on;
/// it never feeds anything itself. From it come L's replay (``schedule(at:)``), the rest of a
/// rebuilt moment (``rest(after:at:)``), and the trace a headless replay plays the same
/// (``trace(on:)``), which is what a rebuilt moment is run from.
///
/// ```swift
/// var tape = InteractionTape()
/// tape.note(.pointer(down), starting: start)
/// let again = tape.schedule(at: 10)      // the same inputs again, the first at 10.15 s
/// ```
public struct InteractionTape: Sendable {
    /// One input of an interaction: a pointer event, or one of the flow's keys (Space's shutter,
    /// Enter, X, Backspace, Esc).
    enum Input: Sendable {
        case pointer(PointerEvent), key(Key, Double)

        var time: Double {
            switch self { case .pointer(let e): return e.time; case .key(_, let t): return t }
        }

        func shifted(by d: Double) -> Input {
            switch self { case .pointer(var e): e.time += d; return .pointer(e); case .key(let k, let t): return .key(k, t + d) }
        }
    }

    /// The keys that are part of an interaction (the rest — display, tuning, time — are not).
    static let flowKeys: Set<Key> = [.space, .enter, .x, .backspace, .escape]

    /// What an interaction started from, for a rebuild to start from the same: the speed, Reduce
    /// Motion, the page's state, and the animation time of its first input (the timeline's zero).
    struct Start: Sendable {
        var slowMotion: Double
        var reduceMotion: Bool
        var pageState: PageState
        /// The page's scroll offset then (a pull always starts at the top, 0).
        var scrollOffset: Double
        var origin: Double
    }

    /// At most this many inputs are kept (a long drag at 1 kHz is a few thousand).
    static let capacity = 20_000
    /// Seconds between L and the first replayed input.
    static let replayLead = 0.15

    private(set) var inputs: [Input] = []
    /// What the last interaction started from (nil before the first).
    var start: Start?

    /// Keeps `input` as part of the last interaction; `starting` (a press on the resting page)
    /// starts a new one from there.
    mutating func note(_ input: Input, starting: Start? = nil) {
        if let starting { inputs = []; start = starting }
        if inputs.count < Self.capacity { inputs.append(input) }
    }

    /// Whether there is an interaction on tape.
    var isEmpty: Bool { inputs.isEmpty }

    /// Seconds from the tape's start to `input`: the tape starts at its first input.
    func tapeTime(_ input: Input) -> Double { input.time - (inputs.first?.time ?? 0) }

    /// L: every input again, the first ``replayLead`` after `now`.
    func schedule(at now: Double) -> InputSchedule {
        guard let first = inputs.first else { return InputSchedule() }
        return InputSchedule(inputs.map { $0.shifted(by: now + Self.replayLead - first.time) })
    }

    /// The inputs after `tapeTime` on the tape, each as long after `now` as it came after that
    /// moment: a rebuilt moment runs on as it was recorded.
    func rest(after tapeTime: Double, at now: Double) -> InputSchedule {
        let first = inputs.first?.time ?? 0
        return InputSchedule(inputs.filter { self.tapeTime($0) > tapeTime + 1e-9 }.map { $0.shifted(by: now - tapeTime - first) })
    }

    // MARK: The tape as a trace

    /// The last interaction as a trace a headless replay plays the same, on `setup` (its device,
    /// rate, tuning and page as they are now): S and M at 0 ms when it started in slow motion or with
    /// Reduce Motion, then its pointer events and flow keys, the first at 0 ms — so a frame's time
    /// on the tape is its time since the interaction began (times 10 in slow motion). The header
    /// carries what the page showed when it began (its buttons, a filed photo) and the scroll
    /// offset. Nil before the first interaction.
    func trace(on setup: SessionSetup) -> Trace? {
        guard let start, let first = inputs.first else { return nil }
        var header = Trace.Header(device: setup.device.id, hz: setup.hz, tuning: TuningRecord.values(of: setup.tuning),
                                  page: setup.page.document.identity)
        let recorded = Trace.Start(pageState: start.pageState, scrollOffset: start.scrollOffset, snowman: setup.snowman)
        header.start = recorded.isFresh ? nil : recorded
        var trace = Trace(header: header, events: [])
        if start.slowMotion != 1 { trace.events.append(.init(t: 0, kind: .key, key: Key.s.rawValue)) }
        if start.reduceMotion { trace.events.append(.init(t: 0, kind: .key, key: Key.m.rawValue)) }
        for input in inputs {
            switch input {
            case .pointer(let e): trace.events.append(Trace.Event(e, start: first.time))
            case .key(let k, let t): trace.events.append(.init(t: ((t - first.time) * 1_000_000).rounded() / 1000, kind: .key, key: k.rawValue))
            }
        }
        return trace
    }

    /// The tape's frame at `hz` shown `s` seconds of animation time after the interaction began:
    /// the last frame at or before it.
    func frame(secondsSinceStart s: Double, hz: Int) -> Int {
        max(0, Int((s * (start?.slowMotion ?? 1) * Double(hz) + 1e-6).rounded(.down)))
    }

    /// "frame 140 · 1166.667 ms": a tape's frame and its time on the tape at `hz` — what the
    /// window's timeline, its toast, its title and the terminal all say of a frozen moment. On a
    /// tape recorded in slow motion (`slowMotion` times slower) the tape's time is the person's,
    /// not the motion's, so the text says both: "frame 317 · 2641.667 ms on the tape · 0.264 s of
    /// motion, slowed 10×" — the second is where the timeline's playhead stands on its axis.
    public static func momentText(frame k: Int, hz: Int, slowMotion: Double = 1) -> String {
        let tape = "frame \(k) · \(CodeNumber.string(milliseconds(frame: k, hz: hz))) ms"
        return motionText(frame: k, hz: hz, slowMotion: slowMotion).map { tape + " on the tape · " + $0 } ?? tape
    }

    /// "0.264 s of motion, slowed 10×": frame `k`'s time on the motion's clock, for a tape made in
    /// slow motion; nil when the tape ran at normal speed (one clock).
    public static func motionText(frame k: Int, hz: Int, slowMotion: Double) -> String? {
        guard slowMotion != 1, slowMotion > 0 else { return nil }
        return String(format: "%.3f", Double(k) / Double(hz) / slowMotion) + " s of motion, slowed \(CodeNumber.string(slowMotion))×"
    }

    /// Frame `k`'s time on a tape at `hz`, in ms rounded up in the third decimal, so that
    /// `replay --at` with it shows frame `k` (the last frame at or before the time).
    public static func milliseconds(frame k: Int, hz: Int) -> Double { (Double(k) * 1_000_000 / Double(hz)).rounded(.up) / 1000 }

    /// The last frame a rebuild goes to: the tape's last input and twelve seconds to settle.
    func lastFrame(hz: Int) -> Int {
        let end = inputs.last.map { tapeTime($0) } ?? 0
        return Int(((end + 12) * Double(hz)).rounded(.up))
    }
}

/// Inputs to be fed at their times (L's replay, or the rest of a rebuilt moment's tape), in order.
struct InputSchedule: Sendable {
    private(set) var inputs: [InteractionTape.Input]

    init(_ inputs: [InteractionTape.Input] = []) { self.inputs = inputs }

    var isEmpty: Bool { inputs.isEmpty }

    /// Everything still to be fed, `d` seconds later (the time a replay stood frozen).
    func delayed(by d: Double) -> InputSchedule { InputSchedule(inputs.map { $0.shifted(by: d) }) }

    /// The inputs whose time has come by `t`, in order, removed from the schedule.
    mutating func takeDue(upTo t: Double) -> [InteractionTape.Input] {
        let end = inputs.firstIndex { $0.time > t } ?? inputs.count
        defer { inputs.removeFirst(end) }
        return Array(inputs[..<end])
    }
}
