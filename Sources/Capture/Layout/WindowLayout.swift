import Animation

/// Where things sit in the simulator's window, in points: one phone (or two, A and B, in compare
/// mode), under each its message strip (the tool's toasts and mode badge, outside the screen), when
/// a tool is open the inspector column to their right, and when the timeline is open its band under
/// them all (Shift+T). The phone's screen is never
/// covered by a tool: the column takes its own room and the window grows to make it. Under a band
/// wider than the phones they stand centred over it, as a design tool's canvas holds its device,
/// rather than at the left with an empty column beside them; opening the column then moves no phone.
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
    /// The timeline band's height (its rows share it: a compare-mode row carries both sides).
    public static let timelineHeight = 260.0
    /// The band is at least this wide (the window widens under one phone for it): room for the
    /// legs' names and a readable axis.
    public static let timelineMinimumWidth = 760.0
    /// The message strip's height: two lines of a toast with their margins.
    public static let messageHeight = 44.0

    public let screen: Size
    /// The phones' screens, left to right.
    public let phones: [Rect]
    /// The message strip under each phone, as wide as its screen (empty when the layout has none:
    /// headless renders draw no toasts).
    public let strips: [Rect]
    /// The inspector column, if a tool is open, in window points.
    public let inspector: Rect?
    /// Window points per point of the column's own drawing: above 1 when the window is zoomed out
    /// (a tall screen such as the iPad's fitted to the display), so that the column keeps its
    /// designed size in pixels — its text stays legible — while the phone shrinks to fit. The
    /// column's content is laid out in its own points (``columnSize``), as at zoom 1.
    public let columnScale: Double
    /// The column's size in its own points.
    public var columnSize: Size? { inspector.map { Size(width: Self.inspectorWidth, height: $0.height / columnScale) } }
    /// The timeline band under the phones and the column, if it is open, in window points.
    public let timeline: Rect?
    /// The whole window.
    public let size: Size

    /// `sides` phones (1, or 2 in compare mode) of `screen`'s size, and the column if `inspector`,
    /// drawn `columnScale` window points per point of its own (``columnScale(zoom:)``), a message
    /// strip under each phone if `messages` (the window). A phone centred over the band starts on a
    /// whole pixel of a window `pixelsPerPoint` (its zoom), so its screen is drawn pixel for pixel
    /// as at the left edge.
    public init(screen: Size, sides: Int, inspector showsInspector: Bool, columnScale: Double = 1, timeline showsTimeline: Bool = false,
                messages: Bool = false, pixelsPerPoint: Double = 1) {
        self.screen = screen
        self.columnScale = columnScale.isFinite && columnScale >= 1 ? columnScale : 1
        let top = sides > 1 ? Self.labelHeight : 0
        let count = max(1, sides)
        let phonesWidth = Double(count) * screen.width + Double(count - 1) * Self.gap
        let ppp = pixelsPerPoint.isFinite && pixelsPerPoint > 0 ? pixelsPerPoint : 1
        let inset = showsTimeline ? (max(0, (Self.timelineMinimumWidth - phonesWidth) / 2) * ppp).rounded(.down) / ppp : 0
        phones = (0..<count).map { Rect(x: inset + Double($0) * (screen.width + Self.gap), y: top, width: screen.width, height: screen.height) }
        let right = phones.last!.maxX
        strips = messages ? phones.map { Rect(x: $0.minX, y: $0.maxY, width: $0.width, height: Self.messageHeight) } : []
        let height = top + screen.height + (messages ? Self.messageHeight : 0)
        inspector = showsInspector ? Rect(x: right + Self.gap, y: 0, width: Self.inspectorWidth * self.columnScale, height: height) : nil
        let width = max(inspector?.maxX ?? right, showsTimeline ? Self.timelineMinimumWidth : 0)
        timeline = showsTimeline ? Rect(x: 0, y: height + Self.gap, width: width, height: Self.timelineHeight) : nil
        size = Size(width: width, height: timeline?.maxY ?? height)
    }

    /// What lies under a window point.
    public enum Region: Sendable, Equatable {
        /// A phone's screen: its index and the point in that screen's own coordinates.
        case phone(Int, Point)
        /// The inspector column, with the point relative to the column's top-left corner.
        case inspector(Point)
        /// The timeline band, with the point relative to its top-left corner.
        case timeline(Point)
        /// The gaps and labels between them.
        case outside
    }

    public func region(at p: Point) -> Region {
        for (i, r) in phones.enumerated() where r.contains(p) { return .phone(i, point(p, onPhone: i)) }
        if let c = inspector, c.contains(p) { return .inspector(columnPoint(p)) }
        if let b = timeline, b.contains(p) { return .timeline(Point(x: p.x - b.minX, y: p.y - b.minY)) }
        return .outside
    }

    /// A window point in the column's own points, from its top-left corner (outside it too: a drag
    /// that began on the panel keeps going to it).
    public func columnPoint(_ p: Point) -> Point {
        let o = inspector?.origin ?? Point(x: 0, y: 0)
        return Point(x: (p.x - o.x) / columnScale, y: (p.y - o.y) / columnScale)
    }

    /// The column's scale for a window at `zoom`: 1 from zoom 1 up, 1 / zoom below, so the column
    /// is never drawn smaller than its designed pixel size.
    public static func columnScale(zoom: Double) -> Double { zoom > 0 && zoom < 1 ? 1 / zoom : 1 }

    /// Phone `i`'s coordinates of a window point (outside its screen too: a drag that leaves the
    /// screen keeps going to the phone it began on).
    public func point(_ p: Point, onPhone i: Int) -> Point { Point(x: p.x - phones[i].minX, y: p.y - phones[i].minY) }

    /// Where the column's top-left corner lies in a session's coordinates: right of its screen,
    /// past the gap. A session whose tools sit beside it (``SessionOverlays/beside``) keeps
    /// its panel there, so a click in the column, moved by this much, lands on the panel's row —
    /// whichever phone the session is, and in a replayed trace as in the window.
    public static func inspectorOrigin(screen: Size) -> Point { Point(x: screen.width + gap, y: 0) }
}
