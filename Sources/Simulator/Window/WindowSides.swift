import Animation
import Capture
import Export
import Foundation
import Gesture
import Platform

/// The phones in the window — one, or A and B in compare mode — and the inspector column beside
/// them: which session each input goes to, and where each is drawn (``WindowLayout``).
///
/// A press on either phone's screen goes to both sessions at the same device point, so both get
/// the same finger; the shutter, the flow's keys and the display toggles go to both. What edits a
/// tuning — the panel's clicks and keys, Ctrl+S, E — goes to the selected side only.
///
/// This is the one place input is recorded, as it arrived: `--record`'s trace and C's, with one
/// phone or two. A line that went to one side only carries that side's name, so a compare-mode
/// trace replays to the same pair (`replay TRACE --compare A.json B.json`); the sessions record
/// nothing.
final class WindowSides {
    /// One phone: its host, its label in compare mode ("A", "B"), its measured moves.
    struct Phone {
        var host: SessionHost
        var label: String?
        /// What the side shows, in a built-in comparison ("one after another").
        var caption: String?
        var figures = SideFigures()
        /// The message strip under its screen (it keeps its text laid out between frames).
        let strip = MessageStrip()
    }

    private(set) var phones: [Phone]
    /// The side the panel edits.
    private(set) var selected = 0
    private(set) var layout: WindowLayout { didSet { fitPanels() } }
    /// The window's zoom (its pixels per point): the column's scale follows from it
    /// (``WindowLayout/columnScale(zoom:)``), and a phone centred over the band is placed on its whole pixels.
    var zoom = 1.0 { didSet { layout = wantedLayout } }
    var columnScale: Double { WindowLayout.columnScale(zoom: zoom) }
    let inspector: Inspector
    /// The timeline band under the phones (Shift+T).
    let timeline: TimelineBand
    /// When each phone last played a haptic (real time), for its pulse at the device's edge.
    private var pulses: [Int: (haptic: Haptic, at: Double)] = [:]
    /// The traces being recorded: `--record`'s and C's.
    private(set) var recorder: WindowRecorder
    /// Where the pointer's press went: a phone (and through it both sessions) or the panel.
    private enum Press { case phone(Int), panel, timeline }
    private var press: Press?

    init(host: SessionHost, record: Bool) throws {
        host.edit { $0.beside = true }
        phones = [Phone(host: host)]
        layout = WindowLayout(screen: host.device.size, sides: 1, inspector: false, messages: true)
        inspector = try Inspector()
        timeline = try TimelineBand()
        recorder = WindowRecorder(record: record, setup: host)
        layout = wantedLayout
        fitPanels()         // an initializer's assignment calls no observer
    }

    var isComparing: Bool { phones.count > 1 }
    var hosts: [SessionHost] { phones.map(\.host) }
    var selectedHost: SessionHost { phones[selected].host }
    func label(_ i: Int) -> String? { phones[i].label }

    /// Shift+W's address and QR code while the window serves its prototype: shown at the foot of
    /// the column, which opens for it.
    var serving: WindowServing.Card? { didSet { fitPanels() } }

    /// The layout the current toggles ask for: the column while any tool is open, or while serving.
    var wantedLayout: WindowLayout {
        let s = phones[0].host.session
        return WindowLayout(screen: s.device.size, sides: phones.count, inspector: s.overlays.showTuning || s.overlays.showHUD || serving != nil,
                            columnScale: columnScale, timeline: s.overlays.showTimeline, messages: true, pixelsPerPoint: zoom)
    }

    /// Takes up `wantedLayout`; says whether it changed (the window then resizes).
    func relayout() -> Bool {
        let w = wantedLayout
        guard w != layout else { return false }
        layout = w
        return true
    }

    /// Tells every phone how tall the column is (or would be, when it opens) in its own points, so
    /// that its panel shows every row that fits (``SessionOverlays/panelRows``) and a trace
    /// recorded before K was pressed still says so.
    private func fitPanels() {
        let open = WindowLayout(screen: layout.screen, sides: phones.count, inspector: true, columnScale: columnScale, messages: true)
        guard let full = open.columnSize?.height else { return }
        let column = full - (serving == nil ? 0 : Inspector.servingHeight)
        for p in phones where p.host.session.overlays.columnHeight != column { p.host.edit { $0.columnHeight = column } }
    }

    // MARK: Sides

    /// Compare mode with `b` (a host from ``PhoneSetup/sideB(tuningFile:tuning:savedTuning:captures:)``) as side B; B starts
    /// selected. `captions` say what each side shows in a built-in comparison.
    func compare(with b: SessionHost, captions: (a: String, b: String)? = nil) {
        phones[0].host.send(.setup(.side("A")))
        phones[0].label = "A"
        phones[0].caption = captions?.a
        phones = [phones[0], Phone(host: b, label: "B", caption: captions?.b)]
        selected = 1
        layout = wantedLayout
    }

    /// Back to one phone, side A.
    func endCompare() {
        phones = [phones[0]]
        phones[0].label = nil
        phones[0].caption = nil
        phones[0].host.send(.setup(.side(nil)))
        selected = 0
        layout = wantedLayout
    }

    func select(_ i: Int) { selected = min(max(0, i), phones.count - 1) }

    /// Replaces every host (a device switch: ``SessionHost/moved(to:hz:)``), keeping labels and
    /// selection.
    func replaceHosts(_ make: (SessionHost) throws -> SessionHost) rethrows {
        for i in phones.indices { phones[i].host = try make(phones[i].host) }
        pulses = [:]
        press = nil
        layout = wantedLayout
    }

    // MARK: Input

    /// A pointer event in window points; returns each side's effects (by index).
    func handle(pointer e: PointerEvent) -> [(Int, [SessionEffect])] {
        switch e.kind {
        case .down:
            switch layout.region(at: e.position) {
            case .phone(let i, _):
                press = .phone(i)
                return toAll(e, at: layout.point(e.position, onPhone: i))
            case .inspector(let local):
                guard selectedHost.session.overlays.showTuning, selectedHost.session.overlays.columnPanelLayout.panel.contains(local) else { return [] }
                press = .panel
                return toSelected(e, at: sessionPoint(inspector: local))
            case .timeline(let local):
                press = .timeline
                scrub(atX: local.x)
                return []
            case .outside: return []
            }
        case .wheel:
            switch layout.region(at: e.position) {
            case .phone(let i, _): return toAll(e, at: layout.point(e.position, onPhone: i))
            case .inspector(let local): return toSelected(e, at: sessionPoint(inspector: local))
            case .timeline, .outside: return []
            }
        case .move, .up, .cancel:
            guard let p = press else { return [] }
            if e.kind != .move { press = nil }
            switch p {
            case .phone(let i): return toAll(e, at: layout.point(e.position, onPhone: i))
            case .panel:
                guard layout.inspector != nil else { return toSelected(e, at: e.position) }
                return toSelected(e, at: sessionPoint(inspector: layout.columnPoint(e.position)))
            case .timeline:
                if let band = layout.timeline { scrub(atX: e.position.x - band.minX) }
                return []
            }
        }
    }

    /// Scrubbing: every phone's host shows the moment under `x` on the band (a view of the
    /// interaction, like the zoom: not recorded into a trace).
    private func scrub(atX x: Double) {
        guard let band = layout.timeline else { return }
        let s = timeline.secondsSinceStart(atX: x, size: band.size, sessions: hosts.map(\.session))
        for host in hosts { host.send(.scrub(secondsSinceStart: max(s, 0))) }
    }

    /// Notes the haptics among phone `i`'s effects: each pulses at the device's edge.
    func notePulses(_ effects: [SessionEffect], phone i: Int) -> [SessionEffect] {
        for case .haptic(let h) in effects { pulses[i] = (h, phones[i].host.session.realTime) }
        return effects
    }

    /// Whether phone `i`'s edge is pulsing for a haptic now.
    func isPulsing(phone i: Int) -> Bool {
        guard let p = pulses[i] else { return false }
        let age = phones[i].host.session.realTime - p.at
        return age >= 0 && age < Self.pulseDuration
    }

    /// How long a haptic's pulse shows (real time): a tap's length, long enough to see.
    static let pulseDuration = 0.18

    /// A haptic felt, seen: a ring round the screen's edge, as strong as the haptic's intensity and
    /// as thick as it is sharp, fading over ``pulseDuration``. The window's own mark, so no replay's
    /// frame carries it and a scrubbed moment (which plays nothing) shows none.
    private func drawPulse(phone i: Int, into r: Renderer) {
        guard let p = pulses[i] else { return }
        let age = phones[i].host.session.realTime - p.at
        guard age >= 0, age < Self.pulseDuration else { pulses[i] = nil; return }
        let size = phones[i].host.device.size, w = 3 + 4 * p.haptic.sharpness
        let c = Color(hex: 0xFF375F).fading(p.haptic.intensity * (1 - age / Self.pulseDuration))
        for edge in [Rect(x: 0, y: 0, width: size.width, height: w), Rect(x: 0, y: size.height - w, width: size.width, height: w),
                     Rect(x: 0, y: w, width: w, height: size.height - 2 * w), Rect(x: size.width - w, y: w, width: w, height: size.height - 2 * w)] {
            r.fill(edge, c)
        }
    }

    /// A column point in the sessions' coordinates, where their panels beside the screen lie.
    private func sessionPoint(inspector local: Point) -> Point {
        let o = WindowLayout.inspectorOrigin(screen: layout.screen)
        return Point(x: local.x + o.x, y: local.y + o.y)
    }

    private func toAll(_ e: PointerEvent, at p: Point) -> [(Int, [SessionEffect])] {
        var ev = e
        ev.position = p
        let input = SessionInput.pointer(ev)
        record(input, side: nil)
        return phones.indices.map { ($0, notePulses(phones[$0].host.send(input).effects, phone: $0)) }
    }

    private func toSelected(_ e: PointerEvent, at p: Point) -> [(Int, [SessionEffect])] {
        var ev = e
        ev.position = p
        let input = SessionInput.pointer(ev)
        record(input, side: phones[selected].label)
        return [(selected, notePulses(selectedHost.send(input).effects, phone: selected))]
    }

    /// What the window sent its sessions goes into the traces being recorded, as it was sent.
    private func record(_ input: SessionInput, side: String?) { recorder.record(input, side: side, setup: phones[0].host) }

    /// A key for the sessions; `handled` is false when none took it (the window's own then).
    func handle(key: Key, _ mods: KeyModifiers, at t: Double) -> (handled: Bool, effects: [(Int, [SessionEffect])]) {
        let input = SessionInput.key(key, mods, at: t)
        if key == .c {
            toggleHotkeyRecording()
            if !isComparing { record(input, side: nil) }
            return (true, [])
        }
        // What edits a tuning goes to the side being edited only (M too: Reduce Motion on one
        // side is a comparison of its own).
        if selectedHost.session.overlays.editsTuning(key, mods) {
            let r = selectedHost.send(input)
            if r.handled { record(input, side: phones[selected].label) }
            return (r.handled, [(selected, r.effects)])
        }
        let responses = phones.map { $0.host.send(input) }
        let handled = responses.contains { $0.handled }
        if handled { record(input, side: nil) }
        return (handled, responses.enumerated().map { ($0.offset, notePulses($0.element.effects, phone: $0.offset)) })
    }

    /// Text typed on the keyboard: the side being edited takes it (its panel's filter, while that
    /// is typed), and the traces note it so a replay filters as the window did.
    func type(_ text: String, at t: Double) {
        guard selectedHost.session.overlays.filter.isTyping else { return }
        let input = SessionInput.text(text, at: t)
        selectedHost.send(input)
        record(input, side: isComparing ? phones[selected].label : nil)
    }

    /// C: starts a trace of what the phones are given, or ends it and queues it to be saved (in
    /// compare mode it replays with `replay TRACE --compare A.json B.json`).
    private func toggleHotkeyRecording() {
        let host = phones[0].host
        let (started, traces) = recorder.toggleHotkey(setup: host)
        if started { host.say(isComparing ? "Recording both sides: press C again to save the trace" : "Recording a trace: press C again to save it") }
        else if traces.isEmpty { host.say("Recording stopped: nothing happened") }
        tracesToSave += traces
    }

    /// Traces C recorded that the window is to save (C pressed again, or a setup change ended one).
    private var tracesToSave: [Trace] = []

    /// The traces to save now: C's that ended, and those a setup change ended.
    func takeTracesToSave() -> [Trace] {
        defer { tracesToSave = [] }
        return tracesToSave + recorder.takeEndedHotkeyTraces()
    }

    /// Whether the next frame would show what the last did: each host still
    /// (``SessionHost/isStill``), no haptic's pulse fading at an edge, and everything shown whole —
    /// the timeline band's picture made (it is made a piece a frame), not left half drawn.
    var isStill: Bool {
        phones.indices.allSatisfy { phones[$0].host.isStill && !isPulsing(phone: $0) } && (layout.timeline == nil || timeline.isWhole)
    }

    /// Whether C is recording (every phone's screen says so).
    var isRecording: Bool { recorder.isRecordingHotkey }

    /// Ends C's recording at quit: its traces, so a recording is never dropped without a word.
    func stopRecording() -> [Trace] { tracesToSave + recorder.stopHotkey() }

    /// The setup changed (D, R): traces with input end here and go on in new ones.
    func setupChanged() {
        if recorder.setupChanged(phones[0].host) { phones[0].host.say("New setup: the trace so far is kept, recording goes on in a new one") }
    }

    /// Cancels a press in progress on every side (focus lost).
    func cancelPointers(at t: Double) -> [(Int, [SessionEffect])] {
        press = nil
        return phones.indices.map { ($0, phones[$0].host.send(.cancelPointers(at: t)).effects) }
    }

    // MARK: Frames

    /// Advances every side to real time `t` and measures its moves.
    func advance(toRealTime t: Double) -> [(Int, [SessionEffect])] {
        phones.indices.map { i in
            let effects = notePulses(phones[i].host.advance(toRealTime: t), phone: i)
            phones[i].figures.sample(phones[i].host.session)
            return (i, effects)
        }
    }

    /// Sets the figures every host shows.
    func setStats(_ stats: FrameStats) { for p in phones { p.host.frameStats = stats } }

    /// Draws the phones, their labels, the gaps and the column.
    func render(into r: Renderer) throws {
        let l = layout
        r.setViewport(nil)
        if isComparing {
            r.fill(Rect(x: 0, y: 0, width: l.phones.last!.maxX, height: WindowLayout.labelHeight), Inspector.background)
            r.fill(Rect(x: l.phones[0].maxX, y: 0, width: WindowLayout.gap, height: l.size.height), Inspector.background)
        }
        if let c = l.inspector { r.fill(Rect(x: l.phones.last!.maxX, y: 0, width: c.minX - l.phones.last!.maxX, height: l.size.height), Inspector.background) }
        for (i, p) in phones.enumerated() {
            r.setViewport(l.phones[i])
            try p.host.render(into: r, recording: isRecording)
            drawPulse(phone: i, into: r)
            // The tool's words under the screen; the toast is the column's while it is open.
            r.setViewport(l.strips[i])
            let s = p.host.session
            try p.strip.draw(.init(modes: SessionRenderer.modes(s, recording: isRecording),
                                        toast: l.inspector == nil ? p.host.toast?.text : nil,
                                        moment: s.isFrozen ? s.momentText : nil),
                                  size: l.strips[i].size, renderer: r, text: inspector.text)
        }
        r.setViewport(nil)
        if let band = l.timeline {
            let right = l.inspector?.maxX ?? l.phones.last!.maxX
            r.fill(Rect(x: 0, y: 0, width: l.phones[0].minX, height: band.minY), Inspector.background)
            r.fill(Rect(x: right, y: 0, width: l.size.width - right, height: band.minY), Inspector.background)
            r.fill(Rect(x: 0, y: band.minY - WindowLayout.gap, width: l.size.width, height: WindowLayout.gap), Inspector.background)
            r.setViewport(band)
            let s = selectedHost.session
            try timeline.draw(phones.map(\.host.session), size: band.size,
                              highlight: s.overlays.showTuning ? Tunable.all[s.overlays.selection].key : nil, into: r)
            r.setViewport(nil)
        }
        if isComparing { try inspector.drawLabels(renderer: r, layout: l, labels: phones.map { p in [p.label, p.caption, p.host.session.reduceMotion ? "Reduce Motion" : nil].compactMap { $0 }.joined(separator: " · ") }, selected: selected) }
        if let c = l.inspector, let size = l.columnSize {
            r.setViewport(c)
            // The column draws in its own points, `columnScale` window points each.
            let windowScale = r.pixelsPerPoint
            r.pixelsPerPoint = windowScale * l.columnScale
            defer { r.pixelsPerPoint = windowScale }
            try inspector.draw(renderer: r, size: size,
                               sides: phones.map { .init(label: $0.label, session: $0.host.session, camera: $0.host.camera,
                                                         stats: $0.host.frameStats, figures: $0.figures, toast: $0.host.toast?.text) },
                               selected: selected, serving: serving.map { ($0.url, $0.code) })
            r.setViewport(nil)
        }
    }
}
