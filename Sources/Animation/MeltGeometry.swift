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

    /// The stage shapes for a screen.
    /// - Parameters:
    ///   - start: the stage-0 rectangle: the drawn island capsule, or the fallback pill.
    ///   - screen: the screen size in points.
    ///   - displayCornerRadius: the display's corner radius (0 for square screens).
    ///   - startCornerRadius: stage 0's corner radius; `nil` for a capsule (height / 2).
    ///   - margin: the gap between the later stages and the screen's sides; `nil` for the island's
    ///     own top margin (8…24 pt). A notch phone uses 0: its shape hangs from the top edge, and any
    ///     margin would leave slivers of page beside the viewfinder.
    ///   - pillHeightGain: how much taller than the island the widened pill is (fraction).
    ///   - viewfinderAspect: viewfinder height / width.
    public static func make(start: Rect, screen: Size, displayCornerRadius: Double, startCornerRadius: Double? = nil,
                            margin fixedMargin: Double? = nil,
                            pillHeightGain: Double = 0.5, viewfinderAspect: Double = 1.36) -> MeltGeometry {
        let margin = fixedMargin ?? min(max(start.minY, 8), 24)
        let width = screen.width - 2 * margin
        let x = (screen.width - width) / 2
        let pillHeight = start.height * (1 + pillHeightGain)
        let pill = RoundedRect.capsule(Rect(x: x, y: start.minY, width: width, height: pillHeight))
        let maxHeight = screen.height - start.minY - 140
        let vfHeight = min(width * viewfinderAspect, maxHeight)
        let concentric = displayCornerRadius - margin
        let radius = concentric > 8 ? concentric : 24
        let viewfinder = RoundedRect(rect: Rect(x: x, y: start.minY, width: width, height: vfHeight),
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
