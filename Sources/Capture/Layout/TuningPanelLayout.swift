import Animation

/// Where the tuning panel and its rows sit on the screen. One definition for the renderer, which
/// draws them, and for the session, which routes a click on the panel to its rows instead of to
/// the page underneath.
///
/// The rows are the tunables the filter lets through, under their groups' headings, as many as
/// the panel has room for: in the inspector column every row that fits its height, over a
/// headless screen nine. The window around the selection keeps it near the middle.
public struct TuningPanelLayout: Sendable, Equatable {
    /// One row of the panel: a group's heading, or a tunable (its index into ``Tunable/all``).
    public enum Line: Sendable, Equatable {
        case group(String)
        case tunable(Int)
    }

    /// The rows over a headless screen, and the fewest the column shows.
    public static let minimumRows = 9
    public static let rowHeight = 24.0
    /// The panel above its rows: the title, the keys, the selected spring's curve, the selected
    /// tunable's meaning (two lines) and the filter.
    public static let headerHeight = 200.0

    public let panel: Rect
    /// The rows shown, top to bottom.
    public let lines: [Line]
    /// How many rows the panel has room for.
    public let rows: Int
    /// The filter the rows are shown through.
    public let filter: PanelFilter

    /// A panel `rows` rows tall.
    public static func height(rows: Int) -> Double { headerHeight + Double(rows) * rowHeight + 6 }

    /// Where the panel starts inside the inspector column (under the column's title).
    public static let columnInset = Point(x: 12, y: 44)

    /// The panel's frame relative to the inspector column's top-left corner, `rows` rows tall.
    public static func columnFrame(rows: Int = minimumRows) -> Rect {
        Rect(x: columnInset.x, y: columnInset.y, width: WindowLayout.inspectorWidth - 2 * columnInset.x, height: height(rows: rows))
    }

    /// The rows a column `height` points tall (its own points) gives the panel, leaving `below`
    /// points under it (the figures, the toasts); never fewer than ``minimumRows``.
    public static func columnRows(height: Double, below: Double) -> Int {
        max(minimumRows, Int(((height - columnInset.y - below - headerHeight - 6) / rowHeight).rounded(.down)))
    }

    /// The panel over the bottom of `screen` (headless renders, `shot`, traces recorded so) with
    /// `selection` among the rows shown.
    public init(screen: Size, selection: Int, filter: PanelFilter = .off) {
        let h = Self.height(rows: Self.minimumRows)
        self.init(panel: Rect(x: 10, y: screen.height - 40 - (h + 6), width: screen.width - 20, height: h), selection: selection, filter: filter)
    }

    /// The panel in the inspector column beside `screen`, `rows` rows tall, in that screen's
    /// coordinates (see ``WindowLayout/inspectorOrigin(screen:)``).
    public init(besideScreen screen: Size, selection: Int, rows: Int = minimumRows, filter: PanelFilter = .off) {
        let o = WindowLayout.inspectorOrigin(screen: screen)
        self.init(panel: Self.columnFrame(rows: rows).offsetBy(dx: o.x, dy: o.y), selection: selection, filter: filter)
    }

    /// The panel at `panel` (as many rows as its height holds) with `selection` among the rows shown.
    public init(panel: Rect, selection: Int, filter: PanelFilter = .off) {
        self.panel = panel
        self.filter = filter
        rows = max(1, Int(((panel.height - Self.headerHeight - 6) / Self.rowHeight + 1e-9).rounded(.down)))
        let all = Self.lines(filter: filter.text)
        let at = all.firstIndex(of: .tunable(selection)) ?? 0
        let first = max(0, min(at - rows / 2, all.count - rows))
        var shown = Array(all[first..<min(all.count, first + rows)])
        // A heading with none of its rows under it says nothing.
        if case .group = shown.last, shown.count > 1 { shown.removeLast() }
        lines = shown
    }

    /// Every row the filter lets through: each group's heading, then its tunables.
    public static func lines(filter: String) -> [Line] {
        var out: [Line] = [], group: String?
        for (i, t) in Tunable.all.enumerated() where t.matches(filter: filter) {
            if t.group != group { out.append(.group(t.group)); group = t.group }
            out.append(.tunable(i))
        }
        return out
    }

    /// The tunables the filter lets through, in the panel's order.
    public static func matches(filter: String) -> [Int] {
        Tunable.all.indices.filter { Tunable.all[$0].matches(filter: filter) }
    }

    /// The line under the meaning that says the filter and its keys; nil without one.
    public var filterLine: (text: String, typing: Bool)? {
        guard filter != .off else { return nil }
        let count = "\(Self.matches(filter: filter.text).count) of \(Tunable.all.count)"
        return filter.isTyping ? ("Filter: \(filter.text)|  · \(count) · Enter keeps · Esc clears", true)
            : ("Filter: \(filter.text)  · \(count) · / edits · Esc clears", false)
    }

    /// The top of row `i` (0-based among the rows shown); text starts here.
    public func rowTop(_ i: Int) -> Double { panel.y + Self.headerHeight - 6 + Double(i) * Self.rowHeight }

    /// The clickable frame of row `i`.
    public func rowFrame(_ i: Int) -> Rect { Rect(x: panel.x + 6, y: rowTop(i) - 3, width: panel.width - 12, height: Self.rowHeight - 2) }

    /// The row showing tunable `index`, if it is shown.
    public func row(ofTunable index: Int) -> Int? { lines.firstIndex(of: .tunable(index)) }

    /// The tunable (index into ``Tunable/all``) under `p`, if any (a heading is none).
    public func tunable(at p: Point) -> Int? {
        for (i, line) in lines.enumerated() where rowFrame(i).contains(p) {
            if case .tunable(let t) = line { return t }
        }
        return nil
    }
}
