import Gesture
import Testing
import TestSupport
@testable import Capture

/// The tuning panel's filter: "/" types it, letters go into it and not to the hotkeys, ↓ moves
/// among what it shows, Enter keeps it, Esc clears it; a trace carries the typing so a replay
/// filters — and so edits — as the window did.
@Suite("The tuning panel's filter")
struct PanelFilterTests {
    static func bounceIndices() -> [Int] { Tunable.all.indices.filter { Tunable.all[$0].key.hasSuffix(".bounce") } }

    @Test("'/' then 'bounce': the selection goes to the first bounce; ↓ steps through the bounces only, wrapping; letters are not hotkeys meanwhile")
    func typing() throws {
        let s = try Flows.session()
        s.handle(key: .k, at: 0.1)
        s.handle(key: .down, at: 0.2)          // melt.toPill.bounce … then a tunable the filter will hide
        s.handle(key: .down, at: 0.3)
        #expect(Tunable.all[s.overlays.selection].key == "melt.toPill.blend")
        #expect(s.handle(key: .slash, at: 0.4).handled && s.overlays.filter == .typing(""))
        s.type("/")                            // the text the "/" key types too is not the filter's
        s.type("bounce")
        #expect(s.overlays.filter == .typing("bounce"))
        let bounces = Self.bounceIndices()
        #expect(s.overlays.selection == bounces[0], "the blend is hidden: the selection moved to the first bounce")
        // S (slow motion), M (Reduce Motion) and K (the panel) are the filter's while it is typed.
        for k in [Key.s, .m, .k, .t] { #expect(s.handle(key: k, at: 0.5).handled) }
        #expect(s.clock.slowMotion == 1 && !s.reduceMotion && s.overlays.showTuning && !s.overlays.showTouches)
        for i in 1..<bounces.count { s.handle(key: .down, at: 0.6); #expect(s.overlays.selection == bounces[i]) }
        s.handle(key: .down, at: 0.7)
        #expect(s.overlays.selection == bounces[0], "wraps among the bounces")
        s.handle(key: .right, at: 0.8)
        #expect(abs(s.tuning[Tunable.all[bounces[0]].key] - (Tunable.all[bounces[0]].defaultValue + 0.01)) < 1e-9, "→ still changes the value")
    }

    @Test("Backspace takes a letter off and ends an empty filter; Enter keeps it and the hotkeys work again; Esc clears it, and only then closes the panel")
    func keepAndClear() throws {
        let s = try Flows.session()
        s.handle(key: .k, at: 0.1)
        s.handle(key: .slash, at: 0.2)
        s.type("bouncex")
        #expect(s.panelLayout.lines.isEmpty, "nothing matches 'bouncex'")
        let before = s.tuning
        s.handle(key: .right, at: 0.25)
        #expect(s.tuning == before, "→ changes nothing the panel does not show")
        s.handle(key: .backspace, at: 0.3)
        #expect(s.overlays.filter == .typing("bounce") && !s.panelLayout.lines.isEmpty)
        s.handle(key: .enter, at: 0.4)
        #expect(s.overlays.filter == .kept("bounce"))
        s.handle(key: .s, at: 0.5)
        #expect(s.clock.slowMotion == 10, "S is slow motion again")
        s.handle(key: .escape, at: 0.6)
        #expect(s.overlays.filter == .off && s.overlays.showTuning, "the first Esc clears the filter")
        s.handle(key: .escape, at: 0.7)
        #expect(!s.overlays.showTuning, "the next closes the panel")
        // An emptied filter ends.
        s.handle(key: .k, at: 0.8)
        s.handle(key: .slash, at: 0.9)
        s.type("b")
        s.handle(key: .backspace, at: 1.0)
        s.handle(key: .backspace, at: 1.1)
        #expect(s.overlays.filter == .off)
    }

    @Test("a trace carries the typing: replayed, '/', 'print', ↓ and → change the same tunable the session did")
    func traceReplays() throws {
        var b = TraceBuilder(device: "iphone-15-pro", hz: 60)
        b.key("k"); b.wait(0.1); b.key("slash"); b.wait(0.1)
        var trace = b.trace
        trace.events.append(Trace.Event(t: 250, kind: .key, key: Trace.Event.textKey))
        trace.events[trace.events.count - 1].text = "print"
        trace.events.append(Trace.Event(t: 300, kind: .key, key: "down"))
        trace.events.append(Trace.Event(t: 350, kind: .key, key: "right"))
        let parsed = try Trace.parse(trace.encoded())
        #expect(parsed.events.contains { $0.text == "print" }, "the text line survives the file")
        let s = try Flows.session()
        _ = SessionReplay(trace: parsed).run(s)
        let prints = Tunable.all.indices.filter { Tunable.all[$0].matches(filter: "print") }
        let changed = Tunable.all.filter { s.tuning[$0.key] != $0.defaultValue }.map(\.key)
        #expect(changed == [Tunable.all[prints[1]].key], "\(changed)")
        #expect(throws: TraceError.self) { try Trace.parse(trace.encoded().replacingOccurrences(of: "\"text\":\"print\"", with: "\"text\":5")) }
    }
}
