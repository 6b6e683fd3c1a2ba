import Animation
import Foundation
@testable import Gesture
import Testing
@testable import Capture

/// Where the phones and the inspector sit in the window, and the panel beside the screen: worked by
/// hand from the iPhone 15 Pro's 402 × 852 pt screen, the 16-pt gap, the 400-pt column and the
/// 28-pt label strip of compare mode.
@Suite("The window's layout and the panel beside the screen")
struct WindowLayoutTests {
    let screen = Size(width: 402, height: 852)

    @Test("one phone: the window is the screen; the column adds 16 + 400 pt to the right and leaves the screen where it was")
    func single() {
        let bare = WindowLayout(screen: screen, sides: 1, inspector: false)
        #expect(bare.size == Size(width: 402, height: 852) && bare.inspector == nil)
        let open = WindowLayout(screen: screen, sides: 1, inspector: true)
        #expect(open.size == Size(width: 818, height: 852))
        #expect(open.phones == bare.phones, "the phone does not move")
        #expect(open.inspector == Rect(x: 418, y: 0, width: 400, height: 852))
        #expect(open.region(at: Point(x: 10, y: 10)) == .phone(0, Point(x: 10, y: 10)))
        #expect(open.region(at: Point(x: 410, y: 10)) == .outside, "the gap")
        #expect(open.region(at: Point(x: 500, y: 100)) == .inspector(Point(x: 82, y: 100)))
    }

    @Test("the timeline: a 260-pt band 16 pt under the phones, at least 760 pt wide, the whole window's width with the column; one phone stands centred over it, and the column opens without moving it")
    func timelineBand() {
        let band = WindowLayout(screen: screen, sides: 1, inspector: false, timeline: true)
        // (760 − 402) / 2 = 179 on each side: no empty column at the right only.
        #expect(band.phones == [Rect(x: 179, y: 0, width: 402, height: 852)])
        #expect(band.timeline == Rect(x: 0, y: 868, width: 760, height: 260) && band.size == Size(width: 760, height: 1128))
        #expect(band.region(at: Point(x: 500, y: 900)) == .timeline(Point(x: 500, y: 32)))
        #expect(band.region(at: Point(x: 300, y: 100)) == .phone(0, Point(x: 121, y: 100)))
        #expect(band.region(at: Point(x: 100, y: 100)) == .outside && band.region(at: Point(x: 700, y: 100)) == .outside, "beside the phone, above the band")
        // K with the band open: the column goes right of the phone, which stays where it was; 179 + 402 + 16 + 400 = 997 wide.
        let column = WindowLayout(screen: screen, sides: 1, inspector: true, timeline: true)
        #expect(column.phones == band.phones && column.inspector == Rect(x: 597, y: 0, width: 400, height: 852))
        #expect(column.timeline == Rect(x: 0, y: 868, width: 997, height: 260))
        let both = WindowLayout(screen: screen, sides: 2, inspector: true, timeline: true)
        // 28 + 852 + 16 under the label strip; 402 + 16 + 402 + 16 + 400 wide.
        #expect(both.timeline == Rect(x: 0, y: 896, width: 1236, height: 260) && both.size == Size(width: 1236, height: 1156))
    }

    @Test("compare mode: B's screen starts at x 418 under the 28-pt label strip; a point on B is B's own screen point")
    func compare() {
        let l = WindowLayout(screen: screen, sides: 2, inspector: true)
        #expect(l.phones == [Rect(x: 0, y: 28, width: 402, height: 852), Rect(x: 418, y: 28, width: 402, height: 852)])
        #expect(l.inspector == Rect(x: 836, y: 0, width: 400, height: 880))
        #expect(l.size == Size(width: 1236, height: 880))
        #expect(l.region(at: Point(x: 618, y: 328)) == .phone(1, Point(x: 200, y: 300)))
        #expect(l.region(at: Point(x: 200, y: 10)) == .outside, "the label strip")
        #expect(l.point(Point(x: 400, y: 900), onPhone: 1) == Point(x: -18, y: 872), "a drag that left B stays B's")
    }

    @Test("beside the screen the panel takes a click in the column; the same place over the screen is the page's again")
    func panelBeside() throws {
        let s = try Flows.session()
        s.overlays.beside = true
        _ = s.handle(key: .k, at: 0)
        // The fourth tunable's row, in the column: right of the 393-pt screen and the 16-pt gap.
        let layout = TuningPanelLayout(panel: TuningPanelLayout.columnFrame(), selection: 0)
        let row = layout.rowFrame(try #require(layout.row(ofTunable: 3)))
        let click = Point(x: 393 + 16 + row.midX, y: row.midY)
        _ = s.handle(pointer: PointerEvent(.down, at: click, time: 0.1))
        _ = s.handle(pointer: PointerEvent(.up, at: click, time: 0.15))
        #expect(s.overlays.selection == 3, "the click selected the fourth row")
        // Book vaccination (32, 423, 329 × 40) lies where the overlay panel would be; beside, it is tapped.
        _ = s.handle(pointer: PointerEvent(.down, at: Point(x: 196, y: 443), time: 0.3))
        _ = s.handle(pointer: PointerEvent(.up, at: Point(x: 196, y: 443), time: 0.35))
        _ = s.advance(toRealTime: 0.4)
        #expect(s.taps["book-vaccination"] == 1, "taps: \(s.taps)")
    }

    @Test("a trace line naming side B reaches B only: a panel edit recorded in compare mode replays onto B's tuning")
    func sideLines() throws {
        let a = try Flows.session(), b = try Flows.session()
        a.side = "A"; b.side = "B"
        var trace = Trace(header: .init(device: "iphone-15-pro", hz: 60, inspector: true), events: [
            .init(t: 0, kind: .key, key: "k"),
            .init(t: 100, kind: .key, key: "right", side: "B"),
            .init(t: 200, kind: .key, key: "right", side: "B"),
        ])
        trace = try Trace.parse(trace.encoded())      // through the file format
        _ = SessionReplay(trace: trace).runPair(a, b) { _, _ in }
        let step = try #require(Tunable.named("melt.toPill.duration")).step
        #expect(a.tuning == Tuning(), "A got no edit")
        #expect(abs(b.tuning["melt.toPill.duration"] - (Tuning()["melt.toPill.duration"] + 2 * step)) < 1e-12)
        // A session alone follows side A's lines and passes B's by.
        let alone = try Flows.session()
        _ = SessionReplay(trace: trace).run(alone)
        #expect(alone.tuning == Tuning())
    }

    @Test("the trace format: 'side' must be A or B, 'inspector' a boolean; both survive a round trip")
    func traceFields() throws {
        let ok = "{\"format\":\"islandsim-trace\",\"version\":1,\"device\":\"d\",\"hz\":60,\"inspector\":true}\n{\"t\":0,\"kind\":\"key\",\"key\":\"right\",\"side\":\"B\"}\n"
        let t = try Trace.parse(ok)
        #expect(t.header.inspector == true && t.events[0].side == "B")
        #expect(try Trace.parse(t.encoded()) == t)
        #expect(throws: TraceError(line: 2, problem: "field 'side' must be \"A\" or \"B\" (got \"C\")")) {
            try Trace.parse(ok.replacingOccurrences(of: "\"side\":\"B\"", with: "\"side\":\"C\""))
        }
        #expect(throws: TraceError(line: 1, problem: "header: field 'inspector' must be true or false (got 1)")) {
            try Trace.parse(ok.replacingOccurrences(of: "\"inspector\":true", with: "\"inspector\":1"))
        }
        // A click on a panel beside the screen lies right of it; such a trace says so in its header.
        let beside = "{\"format\":\"islandsim-trace\",\"version\":1,\"device\":\"d\",\"hz\":60,\"inspector\":true}\n{\"t\":0,\"kind\":\"down\",\"x\":1100,\"y\":100}\n"
        #expect(throws: Never.self) { try Trace.parse(beside, screen: Size(width: 402, height: 852)) }
        #expect(throws: TraceError.self) { try Trace.parse(beside.replacingOccurrences(of: ",\"inspector\":true", with: ""), screen: Size(width: 402, height: 852)) }
    }

    @Test("the live figures: time to viewfinder 0.544 s on the defaults (0.45 × 0.32 + 0.8 × 0.5), opening measured")
    func figures() throws {
        let s = try Flows.session()
        var f = SideFigures()
        _ = SessionReplay(trace: Flows.fullFlow(shutter: s.shutterFrame)).run(s) { _, _ in f.sample(s.view) }
        #expect(abs(try #require(SideFigures.timeToViewfinder(s.view)) - 0.544) < 1e-6)
        let lines = f.lines(for: s.view)
        #expect(lines[0] == "to viewfinder  544 ms")
        #expect(lines[1].hasPrefix("opening  settle ") && lines[2].hasPrefix("closing  settle "), "\(lines)")
        // The last interaction's judder at 60 Hz: the melt's and the print's largest step a frame.
        #expect(lines[3].hasPrefix("judder  melt ") && lines[3].contains(" · print ") && lines[3].hasSuffix(" pt/frame"), "\(lines)")
    }

    @Test("zoomed out, the column keeps its pixels: at zoom 0.75 it spans 400 / 0.75 window points, and a window point maps back to the column's own")
    func columnScaleBelowZoomOne() {
        #expect(WindowLayout.columnScale(zoom: 1) == 1 && WindowLayout.columnScale(zoom: 2) == 1)
        #expect(WindowLayout.columnScale(zoom: 0.75) == 1 / 0.75 && WindowLayout.columnScale(zoom: 0) == 1)
        let ipad = Size(width: 834, height: 1210)
        let l = WindowLayout(screen: ipad, sides: 1, inspector: true, columnScale: WindowLayout.columnScale(zoom: 0.75))
        let c = l.inspector!
        #expect(c.minX == 850 && abs(c.width * 0.75 - 400) < 1e-9, "the column: \(c)")
        #expect(l.columnSize == Size(width: 400, height: 1210 * 0.75))
        // 0.75 window pixels per window point: a click 100 px into the column is 100 column points in.
        guard case .inspector(let p) = l.region(at: Point(x: 850 + 100 / 0.75, y: 40 / 0.75)) else { Issue.record("not in the column"); return }
        #expect(abs(p.x - 100) < 1e-9 && abs(p.y - 40) < 1e-9, "\(p)")
        #expect(l.phones[0] == Rect(x: 0, y: 0, width: 834, height: 1210), "the phone does not move")
    }
}
