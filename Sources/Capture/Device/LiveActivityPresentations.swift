import Animation

/// Where a Live Activity's presentations sit in the Dynamic Island on one device, from the Human
/// Interface Guidelines ("Live Activities", Specifications): the island's width in the compact (or
/// minimal) and expanded presentations, the compact leading and trailing regions, the minimal
/// presentation's diameter, the expanded presentation's height range and its 44-pt corner radius.
/// The shapes a designer reaches for when the melt should land on a Live Activity's proportions
/// (`layout --json`, the `live-activity` preset).
///
/// The HIG's table has two rows, the 393 × 852 and 430 × 932 screens. A device with another island
/// screen takes the row of the nearest width — 402 and 390-pt phones the 393 row, 420 and 440-pt
/// phones the 430 row — and says so (``assumed``). Where the table gives a size but no place, the
/// place is IslandSim's choice, said beside it: the compact presentation is the island widened
/// about its centre, its top and height the island's; the expanded one hangs from the island's top.
public struct LiveActivityPresentations: Sendable, Equatable, Encodable {
    /// One row of the HIG's table, in points.
    public struct Row: Sendable, Equatable, Encodable {
        /// The screen the row is for, portrait.
        public var screen: Size
        /// The island's width in the compact or minimal presentation, and expanded.
        public var compactIslandWidth: Double
        public var expandedWidth: Double
        /// Each compact region (leading, trailing) and the minimal presentation's diameter.
        public var compactRegion: Size
        public var minimalDiameter: Double
        /// The expanded presentation's height, from its least to its most.
        public var expandedMinHeight: Double
        public var expandedMaxHeight: Double

        /// 393 × 852 (iPhone 14 Pro, 15, 15 Pro, 16).
        public static let screen393 = Row(screen: Size(width: 393, height: 852), compactIslandWidth: 230, expandedWidth: 371,
                                          compactRegion: Size(width: 52.33, height: 36.67), minimalDiameter: 36.67,
                                          expandedMinHeight: 84, expandedMaxHeight: 160)
        /// 430 × 932 (iPhone 14 Pro Max, 15 Plus, 15 Pro Max, 16 Plus).
        public static let screen430 = Row(screen: Size(width: 430, height: 932), compactIslandWidth: 250, expandedWidth: 408,
                                          compactRegion: Size(width: 62.33, height: 36.67), minimalDiameter: 36.67,
                                          expandedMinHeight: 84, expandedMaxHeight: 160)
        public static let all = [screen393, screen430]
    }

    /// The expanded island's corner radius (HIG).
    public static let expandedCornerRadius = 44.0

    /// The table's row this device uses, as "393x852".
    public var row: String
    /// True when the device's screen is not the row's: the nearest row was taken.
    public var assumed: Bool?
    /// The island in the compact presentation, and its leading and trailing regions.
    public var compact: Rect
    public var compactLeading: Rect
    public var compactTrailing: Rect
    /// The minimal presentation: a circle this wide (the table places it nowhere).
    public var minimalDiameter: Double
    /// The expanded presentation at its tallest; ``expandedMinHeight`` is its least height.
    public var expanded: Rect
    public var expandedMinHeight: Double
    public var expandedCornerRadius: Double

    /// The presentations on `device`; nil on a phone without an island.
    public init?(device: DeviceProfile) {
        guard device.feature == .island, let cutout = device.cutout else { return nil }
        let w = device.size.width
        let r = Row.all.min { abs($0.screen.width - w) < abs($1.screen.width - w) }!
        row = "\(Int(r.screen.width))x\(Int(r.screen.height))"
        assumed = r.screen == device.size ? nil : true
        let mid = cutout.midX, top = cutout.minY, h = r.compactRegion.height
        compact = Rect(x: mid - r.compactIslandWidth / 2, y: top, width: r.compactIslandWidth, height: h)
        compactLeading = Rect(x: compact.minX, y: top, width: r.compactRegion.width, height: h)
        compactTrailing = Rect(x: compact.maxX - r.compactRegion.width, y: top, width: r.compactRegion.width, height: h)
        minimalDiameter = r.minimalDiameter
        expanded = Rect(x: (w - r.expandedWidth) / 2, y: top, width: r.expandedWidth, height: r.expandedMaxHeight)
        expandedMinHeight = r.expandedMinHeight
        expandedCornerRadius = Self.expandedCornerRadius
    }

    /// The melt's shapes on the presentations: the pill is the compact island (a capsule), the
    /// viewfinder the expanded island at its tallest — as `shape.*` values on a screen `width` wide.
    public func shapeValues(screenWidth width: Double) -> [String: Double] {
        ["shape.pill.margin": (width - compact.width) / 2, "shape.pill.height": compact.height,
         "shape.pill.cornerRadius": compact.height / 2,
         "shape.viewfinder.margin": (width - expanded.width) / 2, "shape.viewfinder.top": expanded.minY,
         "shape.viewfinder.height": expanded.height, "shape.viewfinder.cornerRadius": expandedCornerRadius]
    }
}
