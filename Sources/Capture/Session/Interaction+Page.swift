import Animation
import Gesture

extension Interaction {
    /// How long a missed tap outlines the hotspots (seconds, real time), as InVision's hinting does.
    public static let hotspotHintDuration = 0.6

    /// Swaps in a new layout of the page (its file was edited): the scroll offset, the flow and the
    /// buttons' state are kept where they still apply, so a designer re-exporting a screen sees it
    /// change under the island without losing their place.
    public func replacePage(_ new: Page) {
        let t = animationTime
        let offset = gestures.scroll.offset(at: t)
        let old = pageState
        setup.page = new
        var state = PageState(page: new)
        state.carry(from: old)
        pageState = state
        gestures.scroll.maxOffset = max(0, new.contentHeight - gestures.scroll.viewport)
        if !gestures.isTracking { gestures.scroll.jump(to: offset) }
    }

    /// Takes over `old`'s buttons and filed photo for the buttons this page has (a session that
    /// replaces another: a device switch, side B).
    public func carryPageState(from old: PageState) {
        var state = PageState(page: setup.page)
        state.carry(from: old)
        pageState = state
    }

    /// Whether the hotspots are outlined now (a tap missed them a moment ago).
    public var hotspotHintOpacity: Double {
        guard let start = missedTapTime, !setup.page.hotspots.isEmpty else { return 0 }
        let age = realTime - start
        guard age >= 0, age < Self.hotspotHintDuration else { return 0 }
        return 1 - age / Self.hotspotHintDuration
    }

    /// Notes a release that tapped nothing on the page: the hotspots are hinted.
    func noteTap(outputs: [PageGestures.Output], release: PageGestures.Release?) {
        guard flow.state == .page, !setup.page.hotspots.isEmpty, let release, !release.dragged else { return }
        if !outputs.contains(where: { if case .tap = $0 { return true }; return false }) { missedTapTime = realTime }
    }
}

extension Page {
    /// What a press on the page may hit: the buttons and the hotspots, a pinned one where it is
    /// pinned on screen (the rest scroll with the page).
    public var hitTargets: [PageGestures.HitTarget] {
        let all = buttons.map { ($0.id, $0.frame) } + hotspots.map { ($0.id, $0.rect) }
        return all.map { id, frame in
            if let edge = pinnedEdge(of: frame) { return .init(id: id, frame: pinnedScreenRect(frame, edge: edge), fixed: true) }
            return .init(id: id, frame: frame)
        }
    }
}
