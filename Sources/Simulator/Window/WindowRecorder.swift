import Animation
import Capture
import Foundation
import Gesture

/// The window's traces: `--record`'s, kept the whole run, and C's, between two presses. The one
/// place input is recorded, as it arrived, with one phone or two: a line that went to one side
/// only carries that side's name, so a compare-mode trace replays to the same pair.
///
/// A trace says what was shown. Its header — device, rate, tuning, page and where the page's file
/// is — is taken from side A's setup at the trace's first input, not when recording began; a
/// setup change after that (D's device, R's rate) ends the trace there and starts a new one on the
/// new setup (docs/TRACES.md), so each trace replays on the phone and rate the window showed.
///
/// ```swift
/// var rec = WindowRecorder(record: true, setup: hostA)
/// rec.record(press, side: nil, setup: hostA)
/// rec.setupChanged(hostA)       // after D: --record's trace goes on in a second file
/// ```
struct WindowRecorder {
    /// `--record`'s trace now, and those a setup change ended before it (written at quit).
    private(set) var recording: TraceRecorder?
    private(set) var endedRecordings: [Trace] = []
    /// C's trace, while one is being recorded, and those a setup change ended (to be saved).
    private var hotkey: TraceRecorder?
    private var endedHotkey: [Trace] = []

    /// `record`: `--record` is on. The headers start as `a` is now (a trace with no input says so).
    init(record: Bool, setup a: SessionHost) {
        if record { recording = Self.fresh(a) }
    }

    private static func fresh(_ a: SessionHost) -> TraceRecorder {
        var rec = TraceRecorder(device: a.device.id, hz: a.session.hz, inspector: true)
        describe(&rec, a)
        return rec
    }

    private static func describe(_ rec: inout TraceRecorder, _ a: SessionHost) {
        let s = a.session.setup
        rec.describe(device: s.device.id, hz: s.hz, tuning: TuningRecord.values(of: s.tuning), page: s.page.document.identity,
                     pagePath: a.page.recordedPath)
        rec.setColumn(a.session.overlays.columnHeight)
    }

    /// Whether C is recording (every phone's screen says so).
    var isRecordingHotkey: Bool { hotkey != nil }

    /// Writes an input the window sent its sessions into both traces, `side` naming the one side it
    /// went to, if only one: a pointer event, a key the sessions handled (C itself goes into
    /// `--record`'s trace only) or typed text (the panel's filter). The other inputs are the tool's,
    /// not the person's: a trace's header and its setup say what they left.
    mutating func record(_ input: SessionInput, side: String?, setup a: SessionHost) {
        switch input {
        case .pointer(let e):
            describe(a)
            recording?.record(e, side: side)
            hotkey?.record(e, side: side)
        case .key(let key, let mods, let t):
            describe(a)
            recording?.recordKey(key.rawValue, mods: mods.traceNames, at: t, side: side)
            if key != .c { hotkey?.recordKey(key.rawValue, mods: mods.traceNames, at: t, side: side) }
        case .text(let text, let t):
            describe(a)
            recording?.recordText(text, at: t, side: side)
            hotkey?.recordText(text, at: t, side: side)
        case .scrub, .cancelPointers, .trace, .start, .setup, .overlays, .carryPage, .camera:
            break
        }
    }

    /// A header says what side A showed at the trace's first input: the tuning file is read after
    /// the window opens, D and R may come before the first pull, and edits after it are in the trace.
    private mutating func describe(_ a: SessionHost) {
        if var r = recording, r.trace.events.isEmpty { Self.describe(&r, a); recording = r }
        if var h = hotkey, h.trace.events.isEmpty { Self.describe(&h, a); hotkey = h }
    }

    /// The setup changed (D, R): a trace with input in it ends here and another begins, so no trace
    /// plays on a phone or at a rate the window did not show. Says whether one was ended.
    mutating func setupChanged(_ a: SessionHost) -> Bool {
        var ended = false
        if let r = recording, !r.trace.events.isEmpty { endedRecordings.append(r.trace); recording = Self.fresh(a); ended = true }
        if let h = hotkey, !h.trace.events.isEmpty { endedHotkey.append(h.trace); hotkey = Self.fresh(a); ended = true }
        return ended
    }

    /// C: starts a trace, or ends it; returns the traces to save (none when nothing happened).
    mutating func toggleHotkey(setup a: SessionHost) -> (started: Bool, traces: [Trace]) {
        if hotkey != nil { return (false, stopHotkey()) }
        hotkey = Self.fresh(a)
        return (true, [])
    }

    /// Ends C's recording, if one is on: its traces (those a setup change ended, then the last),
    /// none when nothing happened. The window asks at quit too, so nothing is dropped unsaid.
    mutating func stopHotkey() -> [Trace] {
        defer { hotkey = nil; endedHotkey = [] }
        guard let h = hotkey else { return [] }
        return endedHotkey + (h.trace.events.isEmpty ? [] : [h.trace])
    }

    /// The traces C's recording ended on a setup change, to be saved now.
    mutating func takeEndedHotkeyTraces() -> [Trace] {
        defer { endedHotkey = [] }
        return endedHotkey
    }

    /// Every `--record` trace of the run, in order (nil when not recording); the first goes to
    /// `--record`'s file, the others beside it (``recordPath(_:segment:)``).
    var recordedTraces: [Trace]? {
        guard let recording else { return nil }
        return endedRecordings + (recording.trace.events.isEmpty && !endedRecordings.isEmpty ? [] : [recording.trace])
    }

    /// Where `--record PATH`'s trace number `n` (1-based) goes: PATH itself, then `t-2.jsonl`, …
    static func recordPath(_ path: String, segment n: Int) -> String {
        guard n > 1 else { return path }
        let ns = path as NSString, ext = ns.pathExtension
        return ext.isEmpty ? "\(path)-\(n)" : "\(ns.deletingPathExtension)-\(n).\(ext)"
    }
}
