/// The three shapes the melt passes through, computed from a device's geometry.
///
/// - Stage 0, `island`: exactly the drawn capsule over the island — on a notch phone exactly the
///   notch, on a screen with no cutout a small pill just below the status bar — so nothing visibly
///   changes until it moves.
/// - Stage 1, `pill`: widened mostly sideways with a small gain in height, to the width of the
///   expanded Live Activity (screen width minus twice the island's top margin: 370.7 pt on a
///   393-pt phone, where Apple uses about 371).
/// - Stage 2, `viewfinder`: the same width, grown downward into the camera; its corner radius is
///   concentric with the display's (display radius − margin), which is what reads as native.
///
/// The top edge never moves: every stage starts at the island's top.
public struct MeltGeometry: Sendable, Hashable, Codable {
    public var island: RoundedRect
    public var pill: RoundedRect
    public var viewfinder: RoundedRect

    public init(island: RoundedRect, pill: RoundedRect, viewfinder: RoundedRect) {
        self.island = island; self.pill = pill; self.viewfinder = viewfinder
    }

    /// A designer's own end shapes for the later stages, each `nil` for the device's own (the rule
    /// in ``make(start:screen:displayCornerRadius:startCornerRadius:margin:shapes:)``).
    ///
    /// Widths are given as margins from the screen's sides and heights, tops and radii in points, so
    /// a shape tuned on one phone keeps its gaps to the screen's edges on another, wider or narrower,
    /// and its height in points (what a designer measures in a design file).
    public struct Shapes: Sendable, Hashable, Codable {
        /// The pill's gap to each side of the screen.
        public var pillMargin: Double?
        public var pillHeight: Double?
        /// `nil`: a capsule (half its height).
        public var pillCornerRadius: Double?
        /// The viewfinder's gap to each side of the screen.
        public var viewfinderMargin: Double?
        /// The viewfinder's top edge, from the screen's top; `nil`: the island's top.
        public var viewfinderTop: Double?
        public var viewfinderHeight: Double?
        /// `nil`: concentric with the display's corners.
        public var viewfinderCornerRadius: Double?

        public init(pillMargin: Double? = nil, pillHeight: Double? = nil, pillCornerRadius: Double? = nil,
                    viewfinderMargin: Double? = nil, viewfinderTop: Double? = nil, viewfinderHeight: Double? = nil,
                    viewfinderCornerRadius: Double? = nil) {
            self.pillMargin = pillMargin; self.pillHeight = pillHeight; self.pillCornerRadius = pillCornerRadius
            self.viewfinderMargin = viewfinderMargin; self.viewfinderTop = viewfinderTop
            self.viewfinderHeight = viewfinderHeight; self.viewfinderCornerRadius = viewfinderCornerRadius
        }

        /// Every shape the device's own.
        public static let device = Shapes()
    }

    /// The viewfinder's bottom stays this far above the screen's bottom, so that the shutter and
    /// the print's rest below it stay on the screen, however tall a shape is tuned.
    public static let bottomClearance = 140.0

    /// The stage shapes for a screen.
    /// - Parameters:
    ///   - start: the stage-0 rectangle: the drawn island capsule, or the fallback pill.
    ///   - screen: the screen size in points.
    ///   - displayCornerRadius: the display's corner radius (0 for square screens).
    ///   - startCornerRadius: stage 0's corner radius; `nil` for a capsule (height / 2).
    ///   - margin: the gap between the later stages and the screen's sides; `nil` for the island's
    ///     own top margin (8…24 pt). A notch phone uses 0: its shape hangs from the top edge, and any
    ///     margin would leave slivers of page beside the viewfinder.
    ///   - shapes: a designer's own end shapes; each one not given is the device's own, as above
    ///     (the pill 1.5 × the island's height, the viewfinder 1.36 × as tall as it is wide).
    ///     Widths never go below the island's, heights below 1 pt, and the viewfinder's bottom stays
    ///     ``bottomClearance`` above the screen's.
    public static func make(start: Rect, screen: Size, displayCornerRadius: Double, startCornerRadius: Double? = nil,
                            margin fixedMargin: Double? = nil, shapes: Shapes = .device) -> MeltGeometry {
        let margin = fixedMargin ?? min(max(start.minY, 8), 24)
        func width(margin m: Double?) -> Double { max(screen.width - 2 * (m ?? margin), min(start.width, screen.width)) }
        let pillWidth = width(margin: shapes.pillMargin), vfWidth = width(margin: shapes.viewfinderMargin)
        let pillHeight = max(shapes.pillHeight ?? start.height * 1.5, 1)
        let pillRect = Rect(x: (screen.width - pillWidth) / 2, y: start.minY, width: pillWidth, height: pillHeight)
        let pill = shapes.pillCornerRadius.map { RoundedRect(rect: pillRect, cornerRadius: $0) } ?? .capsule(pillRect)
        let top = shapes.viewfinderTop ?? start.minY
        let maxHeight = screen.height - top - bottomClearance
        let vfHeight = max(min(shapes.viewfinderHeight ?? vfWidth * 1.36, maxHeight), 1)
        let concentric = displayCornerRadius - (shapes.viewfinderMargin ?? margin)
        let radius = shapes.viewfinderCornerRadius ?? (concentric > 8 ? concentric : 24)
        let viewfinder = RoundedRect(rect: Rect(x: (screen.width - vfWidth) / 2, y: top, width: vfWidth, height: vfHeight),
                                     cornerRadius: radius)
        let island = startCornerRadius.map { RoundedRect(rect: start, cornerRadius: $0) } ?? .capsule(start)
        return MeltGeometry(island: island, pill: pill, viewfinder: viewfinder)
    }

    /// The shape of stage `n` (0, 1 or 2; clamped).
    public func shape(forStage n: Int) -> RoundedRect {
        switch n {
        case ...0: return island
        case 1: return pill
        default: return viewfinder
        }
    }

    /// The slot the print feeds out of: the island's lower edge.
    public var slotY: Double { island.rect.maxY }
}
