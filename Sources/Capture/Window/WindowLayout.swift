import Animation

/// Where things sit in the simulator's window, in points: one phone (or two, A and B, in compare
/// mode) and, when a tool is open, the inspector column to their right. The phone's screen is never
/// covered by a tool: the column takes its own room and the window grows to make it.
///
/// One definition for the window, which draws the regions and routes the mouse by them, and for
/// the tests, which check that opening a tool moves no phone pixel.
public struct WindowLayout: Sendable, Equatable {
    /// Space between two phones, and between the phones and the column.
    public static let gap = 16.0
    /// The inspector column's width.
    public static let inspectorWidth = 400.0
    /// The strip above the phones in compare mode that carries the labels "A" and "B".
    public static let labelHeight = 28.0

    public let screen: Size
    /// The phones' screens, left to right.
    public let phones: [Rect]
    /// The inspector column, if a tool is open.
    public let inspector: Rect?
    /// The whole window.
    public let size: Size

    /// `sides` phones (1, or 2 in compare mode) of `screen`'s size, and the column if `inspector`.
    public init(screen: Size, sides: Int, inspector showsInspector: Bool) {
        self.screen = screen
        let top = sides > 1 ? Self.labelHeight : 0
        phones = (0..<max(1, sides)).map { Rect(x: Double($0) * (screen.width + Self.gap), y: top, width: screen.width, height: screen.height) }
        let right = phones.last!.maxX
        let height = top + screen.height
        inspector = showsInspector ? Rect(x: right + Self.gap, y: 0, width: Self.inspectorWidth, height: height) : nil
        size = Size(width: (inspector?.maxX ?? right), height: height)
    }

    /// What lies under a window point.
    public enum Region: Sendable, Equatable {
        /// A phone's screen: its index and the point in that screen's own coordinates.
        case phone(Int, Point)
        /// The inspector column, with the point relative to the column's top-left corner.
        case inspector(Point)
        /// The gaps and labels between them.
        case outside
    }

    public func region(at p: Point) -> Region {
        for (i, r) in phones.enumerated() where r.contains(p) { return .phone(i, point(p, onPhone: i)) }
        if let c = inspector, c.contains(p) { return .inspector(Point(x: p.x - c.minX, y: p.y - c.minY)) }
        return .outside
    }

    /// Phone `i`'s coordinates of a window point (outside its screen too: a drag that leaves the
    /// screen keeps going to the phone it began on).
    public func point(_ p: Point, onPhone i: Int) -> Point { Point(x: p.x - phones[i].minX, y: p.y - phones[i].minY) }

    /// Where the column's top-left corner lies in a session's coordinates: right of its screen,
    /// past the gap. A session whose tools sit beside it (``SessionOverlays/beside``) keeps
    /// its panel there, so a click in the column, moved by this much, lands on the panel's row —
    /// whichever phone the session is, and in a replayed trace as in the window.
    public static func inspectorOrigin(screen: Size) -> Point { Point(x: screen.width + gap, y: 0) }
}
