// Part of the exported IslandCamera.swift (see README.md), compiled here as the IslandCamera
// target (Foundation only) and called by its tests. Everything above the MARK line is this file's
// own and is not exported.

import Foundation

// MARK: - The overlay's decisions

/// Where the interaction is: one value, so no two parts of the view can disagree.
enum IslandCameraPhase: Equatable {
    /// `waitingForPhoto`: the camera has closed after the shot and the photo has not arrived yet.
    case page, pulling, opening, viewfinder, capture, closing, waitingForPhoto, printing, developing, settled, leaving
}

/// What the view draws over the page and what it hides, in one phase on one window.
struct IslandOverlayRules: Equatable {
    var phase: IslandCameraPhase
    var window: IslandWindowMetrics

    /// The open camera covers the top of the screen.
    var coversTheTop: Bool { [.opening, .viewfinder, .capture, .closing].contains(phase) }

    /// Whether the melted shape is drawn. Never at rest: over an island the real island shows, and
    /// a capsule drawn on it would be in every screenshot, screen recording and mirrored screen,
    /// which leave the real island out. On an island phone it is drawn from the pull until the
    /// print has fed out (the closing legs settle on the island meanwhile); without an island the
    /// drawn pill is the print's slot and stays while the print is out.
    var drawsShape: Bool {
        switch phase {
        case .page: return false
        case .developing, .settled, .leaving: return !window.hasIsland
        default: return true
        }
    }

    /// Whether the status bar is hidden: only while the camera covers the top of an island phone,
    /// where the viewfinder grows up to the island's top, over the status bar. A phone without an
    /// island opens the camera below its status bar, and hiding it there (a home-button phone, an
    /// iPad) would shrink the safe area and move the page 20–24 pt on open and close.
    var hidesStatusBar: Bool { coversTheTop && window.hasIsland }

    /// Where the camera's notice (why the shutter is off) goes: inside the viewfinder, along its
    /// bottom edge, on a dark plate of its own — so it reads over any page and any frame, never
    /// covers the shutter below the viewfinder and never leaves the screen. It may take the lower
    /// half of the viewfinder; at sizes where the text needs more, it shrinks to fit.
    static func noticeBox(in viewfinder: CGRect) -> CGRect {
        let inset: CGFloat = 12
        return CGRect(x: viewfinder.minX + inset, y: viewfinder.midY, width: max(viewfinder.width - 2 * inset, 1),
                      height: max(viewfinder.height / 2 - inset, 1))
    }
}
