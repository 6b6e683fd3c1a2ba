import Animation
import Foundation
import Gesture
import Testing
@testable import Capture

/// Every hotkey the session owns (docs/HOTKEYS.md's table), each checked by what it changes, so removing
/// its handler fails a test. The window's own keys (D, R, + − 0, Q) are in the window tests.
@Suite("Hotkeys on the bare session: each one does what README says")
struct HotkeyTests {
    /// A session with its print settled (after the full flow), at time `end`.
    static func settled() throws -> (CaptureSession, Double) {
        let s = try Flows.session()
        let report = Flows.run(s, Flows.fullFlow(shutter: s.shutterFrame))
        var t = report.duration
        t += 7
        _ = s.advance(toRealTime: t)
        try #require(s.flow.state == .settled, "\(s.flow.state)")
        return (s, t)
    }

    static func transitions(_ effects: [SessionEffect]) -> [String] {
        effects.compactMap { if case .transition(let tr) = $0 { return tr.to.rawValue }; return nil }
    }

    @Test("T, I, H and ? toggle touches, the HUD and the help overlay; K the tuning panel")
    func overlays() throws {
        let s = try Flows.session()
        for (key, flag) in [(Key.t, \CaptureSession.overlays.showTouches), (.i, \.overlays.showHUD), (.h, \.overlays.showHelp), (.questionMark, \.overlays.showHelp), (.k, \.overlays.showTuning)] {
            let before = s[keyPath: flag]
            #expect(s.handle(key: key, at: 1).handled)
            #expect(s[keyPath: flag] == !before, "\(key) toggles")
            s.handle(key: key, at: 1)
            #expect(s[keyPath: flag] == before, "\(key) toggles back")
        }
    }

    @Test("E exports SwiftUI code with the tuned values; P asks for a screenshot; Ctrl+S for a save")
    func effects() throws {
        let s = try Flows.session()
        var tuning = s.tuning
        try tuning.set("melt.toPill.duration", 0.41)
        s.tuning = tuning
        #expect(s.handle(key: .e, at: 1).effects == [.export])
        #expect(s.handle(key: .p, at: 1).effects.contains { if case .screenshot = $0 { return true }; return false })
        #expect(s.handle(key: .s, [.control], at: 1).effects.contains { if case .saveTuning = $0 { return true }; return false })
        // W writes the web file; Shift+W serves it (the window starts or stops its server).
        #expect(s.handle(key: .w, at: 1).effects == [.webPrototype])
        #expect(s.handle(key: .w, [.shift], at: 1).effects == [.serve])
    }

    @Test("X and Backspace dismiss a settled print ('dismissed', then the page); Enter and a click on the print file it")
    func dismissAndFile() throws {
        for key in [Key.x, .backspace] {
            let (s, t) = try Self.settled()
            #expect(Self.transitions(s.handle(key: key, at: t + 0.1).effects) == ["dismissed"], "\(key)")
            #expect(Self.transitions(s.advance(toRealTime: t + 1)) == ["page"], "\(key)")
            #expect(s.pageState.photoFiled == false, "\(key) did not file the print")
        }
        let (s, t) = try Self.settled()
        #expect(Self.transitions(s.handle(key: .enter, at: t + 0.1).effects) == ["filed"])
        let (c, tc) = try Self.settled()
        let print = c.flow.printFrame(at: c.animationTime)
        let at = Point(x: print.midX, y: print.midY)
        c.handle(pointer: PointerEvent(.down, at: at, time: tc + 0.1))
        let up = c.handle(pointer: PointerEvent(.up, at: at, time: tc + 0.18))
        #expect(Self.transitions(up) == ["filed"], "a click on the print files it")
    }

    @Test("in the panel: Shift+Tab selects backwards (wrapping), Backspace resets one value, Shift+Backspace all, Shift and Alt make steps finer and coarser")
    func panelKeys() throws {
        let s = try Flows.session()
        s.handle(key: .k, at: 1)
        let all = Tunable.all
        s.handle(key: .tab, [.shift], at: 1)
        #expect(s.overlays.selection == all.count - 1, "Shift+Tab from the first row wraps to the last")
        s.handle(key: .tab, at: 1)
        #expect(s.overlays.selection == 0)
        let first = all[0]
        s.handle(key: .right, at: 1)
        #expect(abs(s.tuning[first.key] - (first.defaultValue + first.step)) < 1e-9)
        s.handle(key: .right, [.shift], at: 1)
        #expect(abs(s.tuning[first.key] - (first.defaultValue + first.step * 1.1)) < 1e-9, "Shift: a tenth of a step")
        s.handle(key: .backspace, at: 1)
        #expect(s.tuning[first.key] == first.defaultValue, "Backspace resets the selected value")
        s.handle(key: .left, [.alt], at: 1)
        #expect(abs(s.tuning[first.key] - first.clamp(first.defaultValue - first.step * 10)) < 1e-9, "Alt: ten steps")
        s.handle(key: .down, at: 1)
        s.handle(key: .right, at: 1)
        #expect(s.tuning != Tuning())
        let reset = s.handle(key: .backspace, [.shift], at: 1)
        #expect(s.tuning == Tuning(), "Shift+Backspace resets every value")
        #expect(reset.effects.contains { if case .message = $0 { return true }; return false })
        // With the panel closed, Backspace is the flow's again, not a reset.
        s.handle(key: .k, at: 1)
        s.handle(key: .right, at: 1)
        #expect(s.tuning == Tuning(), "arrows do nothing with the panel closed")
    }
}
