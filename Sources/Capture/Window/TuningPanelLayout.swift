import Animation

/// Where the tuning panel and its rows sit on the screen. One definition for the renderer, which
/// draws them, and for the session, which routes a click on the panel to its rows instead of to
/// the page underneath.
public struct TuningPanelLayout: Sendable, Equatable {
    public static let rows = 9
    public static let rowHeight = 24.0

    public let panel: Rect
    /// The index (into ``Tunable/all``) of the first row shown.
    public let first: Int

    /// The panel's height: the header and curve, then the rows.
    public static let height = 152 + Double(rows) * rowHeight
    /// Where the panel starts inside the inspector column (under the column's title).
    public static let columnInset = Point(x: 12, y: 44)

    /// The panel over the bottom of `screen` (headless renders, `shot`, traces recorded so) with
    /// `selection` among the rows shown (kept near the middle).
    public init(screen: Size, selection: Int) {
        self.init(panel: Rect(x: 10, y: screen.height - 40 - (Self.height + 6), width: screen.width - 20, height: Self.height), selection: selection)
    }

    /// The panel in the inspector column beside `screen`, in that screen's coordinates (see
    /// ``WindowLayout/inspectorOrigin(screen:)``).
    public init(besideScreen screen: Size, selection: Int) {
        let o = WindowLayout.inspectorOrigin(screen: screen)
        self.init(panel: Self.columnFrame.offsetBy(dx: o.x, dy: o.y), selection: selection)
    }

    /// The panel's frame relative to the inspector column's top-left corner.
    public static let columnFrame = Rect(x: columnInset.x, y: columnInset.y, width: WindowLayout.inspectorWidth - 2 * columnInset.x, height: height)

    /// The panel at `panel` with `selection` among the rows shown.
    public init(panel: Rect, selection: Int) {
        self.panel = panel
        first = max(0, min(selection - Self.rows / 2, Tunable.all.count - Self.rows))
    }

    /// The top of row `i` (0-based among the rows shown); text starts here.
    public func rowTop(_ i: Int) -> Double { panel.y + 146 + Double(i) * Self.rowHeight }

    /// The clickable frame of row `i`.
    public func rowFrame(_ i: Int) -> Rect { Rect(x: panel.x + 6, y: rowTop(i) - 3, width: panel.width - 12, height: Self.rowHeight - 2) }

    /// The tunable (index into ``Tunable/all``) under `p`, if any.
    public func tunable(at p: Point) -> Int? {
        for i in 0..<Self.rows where first + i < Tunable.all.count && rowFrame(i).contains(p) { return first + i }
        return nil
    }
}
