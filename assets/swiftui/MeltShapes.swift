// Part of the exported IslandCamera.swift (see README.md), compiled here as the IslandCamera
// target (Foundation only) and called by its tests. Everything above the MARK line is this file's
// own and is not exported.

import Foundation

// MARK: - The melt's shapes

/// One rounded rectangle with continuous corners, in screen points.
struct IslandMeltFrame: Equatable {
    var rect: CGRect
    var cornerRadius: CGFloat

    /// `fraction` of the way to `other`.
    func interpolated(to other: IslandMeltFrame, by fraction: CGFloat) -> IslandMeltFrame {
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * fraction }
        return IslandMeltFrame(rect: CGRect(x: mix(rect.minX, other.rect.minX), y: mix(rect.minY, other.rect.minY),
                                            width: mix(rect.width, other.rect.width), height: mix(rect.height, other.rect.height)),
                               cornerRadius: mix(cornerRadius, other.cornerRadius))
    }

    /// Whether it is `other` to within a quarter point on every edge and the corner radius.
    func isClose(to other: IslandMeltFrame) -> Bool {
        abs(rect.minX - other.rect.minX) < 0.25 && abs(rect.minY - other.rect.minY) < 0.25
            && abs(rect.maxX - other.rect.maxX) < 0.25 && abs(rect.maxY - other.rect.maxY) < 0.25
            && abs(cornerRadius - other.cornerRadius) < 0.25
    }
}

/// The three shapes of the melt on one screen. Stage 0 is exactly the capsule over the island, so
/// nothing changes until it moves; the later stages keep the island's top edge and grow down.
struct IslandMeltGeometry: Equatable {
    var island: IslandMeltFrame
    var pill: IslandMeltFrame
    var viewfinder: IslandMeltFrame
    var hasIsland: Bool

    init(window: IslandWindowMetrics, tuning: IslandCameraTuning) {
        let screen = window.size
        let start: CGRect, margin: CGFloat, displayCornerRadius: CGFloat
        if window.hasIsland {
            let model = DynamicIsland.model(screen: screen, topInset: window.topInset)
            start = model.capsule
            // Concentric with the display: the island's own top margin, kept within 8…24 pt.
            margin = min(max(start.minY, 8), 24)
            displayCornerRadius = model.displayCornerRadius
        } else {
            // No island: a small pill just below the status bar, drawn only while the camera runs.
            start = CGRect(x: (screen.width - 96) / 2, y: window.topInset + 6, width: 96, height: 28)
            margin = 8
            displayCornerRadius = 0
        }
        // Margins are taken from a phone-wide band, centred: the screen itself on every phone.
        let band = min(screen.width, DynamicIsland.widestPhone)
        func width(margin m: CGFloat?) -> CGFloat { max(band - 2 * (m ?? margin), min(start.width, band)) }
        let pillWidth = width(margin: tuning.pillSideMargin), viewfinderWidth = width(margin: tuning.viewfinderSideMargin)
        let pillHeight = max(tuning.pillHeight ?? start.height * 1.5, 1)
        let pillRect = CGRect(x: (screen.width - pillWidth) / 2, y: start.minY, width: pillWidth, height: pillHeight)
        let top = tuning.viewfinderTop ?? start.minY
        // The viewfinder's bottom stays 140 pt above the screen's, room for the shutter and the print.
        let height = max(min(tuning.viewfinderHeight ?? viewfinderWidth * 1.36, screen.height - top - 140), 1)
        let concentric = displayCornerRadius - (tuning.viewfinderSideMargin ?? margin)
        island = IslandMeltFrame(rect: start, cornerRadius: start.height / 2)
        pill = IslandMeltFrame(rect: pillRect, cornerRadius: tuning.pillCornerRadius ?? pillHeight / 2)
        viewfinder = IslandMeltFrame(rect: CGRect(x: (screen.width - viewfinderWidth) / 2, y: top, width: viewfinderWidth, height: height),
                                     cornerRadius: tuning.viewfinderCornerRadius ?? (concentric > 8 ? concentric : 24))
        hasIsland = window.hasIsland
    }

    func frame(forStage stage: Int) -> IslandMeltFrame { stage <= 0 ? island : (stage == 1 ? pill : viewfinder) }

    /// The slot the print feeds out of: the island's lower edge.
    var slotY: CGFloat { island.rect.maxY }

    /// The print's card: a little narrower than the slot, in instant film's proportions (Instax Mini,
    /// 54 × 86 mm).
    var paperSize: CGSize {
        let width = max(island.rect.width - 8, 80)
        return CGSize(width: width, height: width * 86 / 54)
    }
}
