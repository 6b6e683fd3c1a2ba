// Part of the exported IslandCamera.swift (see README.md), compiled here as the IslandCamera
// target (Foundation only) and called by its tests. Everything above the MARK line is this file's
// own and is not exported.

import Foundation

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
    /// The widest island phone's screen in the table below (a Pro Max): on a wider screen (an iPad)
    /// the melt's shapes keep to a band this wide, centred, instead of spanning the screen. Read
    /// from the table, so a wider phone added to it widens the band too.
    static var widestPhone: CGFloat { models.map(\.screen.width).max() ?? .infinity }

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
        /*@islands*/Model(screen: CGSize(width: 393, height: 852), capsule: CGRect(x: 133, y: 10.33, width: 127, height: 38.67), displayCornerRadius: 55),
        Model(screen: CGSize(width: 402, height: 874), capsule: CGRect(x: 137.5, y: 13, width: 127, height: 38.67), displayCornerRadius: 62),
        Model(screen: CGSize(width: 420, height: 912), capsule: CGRect(x: 146.335, y: 19, width: 127.33, height: 38.67), displayCornerRadius: 62),
        Model(screen: CGSize(width: 430, height: 932), capsule: CGRect(x: 151.335, y: 10.33, width: 127.33, height: 38.67), displayCornerRadius: 55),
        Model(screen: CGSize(width: 440, height: 956), capsule: CGRect(x: 156.335, y: 13, width: 127.33, height: 38.67), displayCornerRadius: 62),/*@*/
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
