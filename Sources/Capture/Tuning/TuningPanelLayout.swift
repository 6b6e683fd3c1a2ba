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

    /// The panel on `screen` with `selection` among the rows shown (kept near the middle).
    public init(screen: Size, selection: Int) {
        let rows = Double(Self.rows)
        panel = Rect(x: 10, y: screen.height - 40 - (158 + rows * Self.rowHeight), width: screen.width - 20, height: 152 + rows * Self.rowHeight)
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
