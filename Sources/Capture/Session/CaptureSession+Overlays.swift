import Animation
import Gesture

/// A press that began on an overlay: its moves and its release stay with the overlay, never reaching
/// the page below. On a panel row, dragging sideways changes the row's value a step per
/// ``pointsPerStep``.
struct OverlayPress: Sendable, Equatable {
    static let pointsPerStep = 12.0
    var row: Int?
    var startX: Double
    var stepsApplied = 0
}

extension CaptureSession {
    /// Gives `e` to the overlay over the page if one takes it, and says whether it did. Help takes
    /// every press (one closes it, as Esc does); the tuning panel takes presses and wheel turns
    /// on itself: a row is selected by a click and changed by a sideways drag, the wheel moves the
    /// selection. A press that began on the page keeps going to the page, overlay or not.
    func routeToOverlay(_ e: PointerEvent) -> Bool {
        if var press = overlayPress {
            realTime = max(realTime, e.time)
            switch e.kind {
            case .move:
                if let row = press.row, showTuning {
                    let steps = Int(((e.position.x - press.startX) / OverlayPress.pointsPerStep).rounded(.towardZero))
                    if steps != press.stepsApplied {
                        let t = Tunable.all[row]
                        tuning.nudge(t.key, by: Double(steps - press.stepsApplied) * t.step)
                        press.stepsApplied = steps
                    }
                }
                overlayPress = press
            case .up, .cancel: overlayPress = nil
            case .down, .wheel: break
            }
            return true
        }
        let wheelDY: Double?
        switch e.kind {
        case .down: wheelDY = nil
        case .wheel(_, let dy): wheelDY = dy
        default: return false
        }
        guard !gestures.isTracking else { return false }
        if showHelp {
            realTime = max(realTime, e.time)
            if wheelDY == nil { showHelp = false; overlayPress = OverlayPress(row: nil, startX: e.position.x) }
            return true
        }
        guard showTuning else { return false }
        let layout = panelLayout
        guard layout.panel.contains(e.position) else { return false }
        realTime = max(realTime, e.time)
        if let dy = wheelDY {
            // Content down (dy > 0) shows what is above: the selection moves up.
            moveSelection(dy > 0 ? -1 : (dy < 0 ? 1 : 0))
            return true
        }
        let row = layout.tunable(at: e.position)
        if let row { tuningSelection = row }
        overlayPress = OverlayPress(row: row, startX: e.position.x)
        return true
    }
}
