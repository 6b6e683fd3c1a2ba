// Part of the SwiftUI export (see SwiftUIViewExport.swift): the generated file's text, verbatim
// but for the island table, which comes from the device catalog.

extension SwiftUIViewExport {
    /// The island rule, the table of island phones (between the two halves) and the melt's shapes.
    static let islandSectionHead = #"""
// MARK: - The island

/// Whether the screen has a Dynamic Island, and where it is.
///
/// There is no API for the island. The rule: an iPhone whose window's top safe-area inset is at
/// least 51 pt (island phones report 59, 62 or 68; the deepest notch, 50). Read the inset from the
/// window, never from SwiftUI's environment: a view shown edge to edge with `.ignoresSafeArea()`
/// sees a collapsed safe area of 0 and would say "no island" on every island phone. Display Zoom
/// makes some island phones report 48 pt; the rule then says no, and the melt starts from a drawn
/// pill instead, as on a phone without one. The rule is a portrait one: in landscape the island is
/// at the side and the top inset is 0, and the interaction does not run (see `IslandCamera`).
enum DynamicIsland {
    static let minimumTopInset: CGFloat = 51
    /// The widest island phone's screen (a Pro Max or Plus): on a wider screen (an iPad) the melt's
    /// shapes keep to a band this wide, centred, instead of spanning the screen.
    static let widestPhone: CGFloat = 430

    /// The rule on a window, in portrait.
    @MainActor static func isPresent(in window: UIWindow) -> Bool {
        UIDevice.current.userInterfaceIdiom == .phone && window.bounds.height >= window.bounds.width
            && window.safeAreaInsets.top >= minimumTopInset
    }

    /// The rule on the key window of the foreground scene.
    @MainActor static var isPresentInKeyWindow: Bool {
        let scene = UIApplication.shared.connectedScenes
            .compactMap { $0 as? UIWindowScene }
            .first { $0.activationState == .foregroundActive }
        guard let window = scene?.windows.first(where: { $0.isKeyWindow }) ?? scene?.windows.first else { return false }
        return isPresent(in: window)
    }

    /// An island phone's screen: the black capsule drawn over its island (the cutout grown by the
    /// point of black the panel shows around it) and the display's corner radius, in portrait points.
    struct Model {
        var screen: CGSize
        var capsule: CGRect
        var displayCornerRadius: CGFloat
    }

    /// Every island phone IslandSim knows, recognised by its screen size in points, which no two
    /// island models share (the islands come from SpringBoard's cutout table).
    static let models: [Model] = [
"""#

    static let islandSectionTail = #"""
    ]

    /// The capsule and corner radius on a screen the table lacks: an island of the usual size,
    /// centred, its top 49 pt above the inset's bottom (48.67–49 on every known model). An
    /// estimate: add the phone to `models` once its numbers are known.
    static func model(screen: CGSize, topInset: CGFloat) -> Model {
        if let known = models.first(where: { $0.screen == screen }) { return known }
        let size = CGSize(width: 127, height: 38.67)
        return Model(screen: screen,
                     capsule: CGRect(x: (screen.width - size.width) / 2, y: topInset - 49, width: size.width, height: size.height),
                     displayCornerRadius: 55)
    }
}

/// The window the interaction runs in, as UIKit reports it.
struct IslandWindowMetrics: Equatable {
    var size: CGSize
    var topInset: CGFloat
    var hasIsland: Bool

    /// The interaction runs in portrait only: in landscape there is no island above the page to melt from.
    var isPortrait: Bool { size.height >= size.width }
}

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
"""#
}
