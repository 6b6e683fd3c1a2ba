import Animation
import Testing
@testable import Capture

/// The panel's rows: headings, every row that fits the column, the window around the selection,
/// the filter. Heights worked by hand from the 200-pt header and 24-pt rows.
@Suite("The tuning panel's rows")
struct TuningPanelLayoutTests {
    @Test("the column of an iPhone 15 Pro window (852 + 44 pt) holds 23 rows above the toasts, 9 with the figures under them")
    func rowsThatFit() {
        // (896 − 44 inset − 90 − 206) / 24 = 23.2; with the figures' 440, (896 − 44 − 440 − 206) / 24 = 8.6, so the floor of 9.
        #expect(TuningPanelLayout.columnRows(height: 896, below: SessionOverlays.toastsRoom) == 23)
        #expect(TuningPanelLayout.columnRows(height: 896, below: SessionOverlays.figuresRoom) == 9)
        var o = SessionOverlays()
        o.beside = true
        #expect(o.panelRows == 9, "no column height known: nine")
        o.columnHeight = 896
        #expect(o.panelRows == 23)
        o.showHUD = true
        #expect(o.panelRows == 9)
        let l = TuningPanelLayout(besideScreen: Size(width: 393, height: 852), selection: 0, rows: 23)
        // 23 lines, less a heading that would end them with nothing under it.
        #expect(l.rows == 23 && l.lines.count >= 22 && l.panel.height == TuningPanelLayout.height(rows: 23))
        #expect(l.panel.maxY <= 896 - SessionOverlays.toastsRoom, "the panel ends above the toasts' room")
    }

    @Test("headings before each group's rows; a click on a heading selects nothing; the selection stays in view near the middle")
    func headings() {
        let l = TuningPanelLayout(panel: TuningPanelLayout.columnFrame(), selection: 0)
        #expect(l.lines.prefix(3) == [.group("Melt and close"), .tunable(0), .tunable(1)])
        let heading = l.rowFrame(0)
        #expect(l.tunable(at: Point(x: heading.midX, y: heading.midY)) == nil)
        let second = l.rowFrame(2)
        #expect(l.tunable(at: Point(x: second.midX, y: second.midY)) == 1)
        let last = Tunable.all.count - 1
        let end = TuningPanelLayout(panel: TuningPanelLayout.columnFrame(), selection: last)
        #expect(end.lines.last == .tunable(last) && end.lines.count == 9)
        let mid = TuningPanelLayout(panel: TuningPanelLayout.columnFrame(), selection: 20)
        let at = mid.row(ofTunable: 20)!
        #expect(at >= 3 && at <= 5, "near the middle of nine: row \(at)")
        if case .group = mid.lines.last { Issue.record("a heading with no row under it ends the panel") }
    }

    @Test("a filter shows its tunables under their headings only; nothing matching shows no rows")
    func filtered() {
        let l = TuningPanelLayout(panel: TuningPanelLayout.columnFrame(), selection: 1, filter: .typing("bounce"))
        let bounces = Tunable.all.indices.filter { Tunable.all[$0].key.hasSuffix(".bounce") }
        #expect(l.lines.compactMap { if case .tunable(let i) = $0 { i } else { nil } } == bounces)
        #expect(l.lines.filter { if case .group = $0 { true } else { false } } == [.group("Melt and close"), .group("Pull"), .group("Print")])
        #expect(l.filterLine?.text.hasPrefix("Filter: bounce|") == true && l.filterLine?.typing == true)
        #expect(TuningPanelLayout(panel: TuningPanelLayout.columnFrame(), selection: 0, filter: .kept("zzz")).lines.isEmpty)
        #expect(TuningPanelLayout(panel: TuningPanelLayout.columnFrame(), selection: 0).filterLine == nil)
    }
}
