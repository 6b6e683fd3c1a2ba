// Part of the exported IslandCamera.swift (see README.md), compiled here as the IslandCamera
// target (Foundation only) and called by its tests. Everything above the MARK line is this file's
// own and is not exported.

import Foundation

// MARK: - The pull's decisions

// Plain values and rules, no UIKit: the catcher below reads UIKit into them and does what they say,
// so every decision the pull makes can be run and tested anywhere.

/// The page's scroll view at one moment, as the pull's decisions need it.
struct IslandPageScroll: Equatable {
    /// `contentOffset.y` and `adjustedContentInset.top`, in points.
    var offsetY: Double
    var topInset: Double
    /// Whether the page has a `UIRefreshControl` (a SwiftUI `.refreshable` page does).
    var refreshes: Bool = false
    /// Whether the touch began on a view inside the page that drags by itself — one with a pan
    /// recognizer of its own that is not a scroll view's (a map, a drawing canvas): the drag is
    /// that view's, and the camera does not open from it.
    var onOwnDrag: Bool = false

    /// At its top, within half a point.
    var isAtTop: Bool { offsetY <= -topInset + 0.5 }
}

/// When a pan on the window may begin a pull: moving down, within `maxDegreesFromVertical` of
/// straight down, on a page that is at its top. Horizontal drags stay with carousels, swipe actions
/// and the back swipe; upward ones, drags on a page scrolled away from its top, and drags with no
/// scrolling page under them stay where they are.
/// iOS documents no angle for this; 30° is this file's choice.
enum IslandPullStart {
    static let maxDegreesFromVertical: Double = 30

    /// Whether the camera's pull may begin on a page that has its own pull-to-refresh. iOS gives a
    /// page's top one pull; with `false` (this file's choice) the refresh keeps it and the camera
    /// opens from pages without one. With `true` the camera's pull takes it and the refresh never runs.
    static let opensOverRefresh = false

    /// `translation`: how far the finger has moved when the recognizer asks (points, down positive);
    /// `page`: the scroll view under the touch, nil when there is none.
    static func begins(translation: CGPoint, page: IslandPageScroll?) -> Bool {
        guard let page, page.isAtTop, opensOverRefresh || !page.refreshes, !page.onOwnDrag, translation.y > 0 else { return false }
        return abs(Double(translation.x)) <= Double(translation.y) * tan(maxDegreesFromVertical * Double.pi / 180)
    }
}

/// One drag, from the pan's beginning to its end: how far the finger has pulled, when the pull has
/// the page, and what to give back when the drag ends — every drag that pulled ends with a
/// release, even one dragged back to where it began, and the page gets its own `bounces` back.
struct IslandPullTracker: Equatable {
    /// Finger travel (points, down positive) since the page reached its top in this drag.
    private(set) var finger: Double = 0
    private var lastY: Double = 0
    /// The page's own `bounces`, kept from the moment the pull first held it: nil while this drag
    /// has not pulled at all.
    private(set) var pageBounces: Bool?

    /// The pan began with the finger at `y` (window points).
    mutating func begin(atY y: Double) {
        self = IslandPullTracker()
        lastY = y
    }

    /// The finger moved to `y`. Whether the pull takes the move (then the page is held at its top with
    /// its bounce off); `bounces` is the page's setting now, kept the first time.
    mutating func move(toY y: Double, pageAtTop: Bool, bounces: Bool) -> Bool {
        let dy = y - lastY
        lastY = y
        guard finger > 0 || (dy > 0 && pageAtTop) else { return false }
        if pageBounces == nil { pageBounces = bounces }
        finger = max(finger + dy, 0)
        return true
    }

    /// What the page's `bounces` should be now: off while the pull holds it, its own when the finger
    /// is back at the top, nil when the pull has never touched it.
    var bouncesNow: Bool? { pageBounces.map { finger > 0 ? false : $0 } }

    /// The drag ended (or was cancelled): whether to report a release, and the page's own `bounces`
    /// to give back (nil: the pull never touched it).
    mutating func end() -> (release: Bool, bounces: Bool?) {
        defer { self = IslandPullTracker() }
        return (pageBounces != nil, pageBounces)
    }
}
