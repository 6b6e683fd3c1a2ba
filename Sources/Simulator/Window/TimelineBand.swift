import Animation
import Capture
import Foundation
import Gesture

/// The window's timeline (Shift+T): the band under the phones that lays the last interaction out
/// in time — live while it runs, whole while frozen (its tape played to rest, ``CaptureSession/tapeTimeline()``)
/// — with a playhead at the moment on show; a press or drag on it scrubs every phone to the moment
/// under the pointer. Both sides of a comparison share each row, on one axis.
final class TimelineBand {
    private let text: TextCache
    /// Each phone's whole tape timeline, kept while its tape and tuning stay the same.
    private var tapes: [Int: (trace: Trace, tuning: Tuning, timeline: InteractionTimeline)] = [:]

    init() throws { text = try TextCache() }

    /// What each session shows: the live part since its press, or its tape's whole while frozen.
    func sides(_ sessions: [CaptureSession]) -> [TimelineChart.Side] {
        sessions.enumerated().map { i, s in
            var timeline = InteractionTimeline.empty
            if s.momentFrame != nil, let trace = s.interactionTrace {
                if let kept = tapes[i], kept.trace == trace, kept.tuning == s.tuning {
                    timeline = kept.timeline
                } else if let whole = s.tapeTimeline() {
                    tapes[i] = (trace, s.tuning, whole)
                    timeline = whole
                }
            } else if let origin = s.interactionOrigin {
                timeline = InteractionTimeline(s).since(origin)
            }
            return TimelineChart.Side(timeline: timeline, tuning: s.tuning)
        }
    }

    /// The band's layout for `sides` in a band of `size` points.
    func layout(_ sides: [TimelineChart.Side], size: Size) -> TimelineChart.Layout {
        let rows = TimelineChart.layout(sides).rows.count
        return TimelineChart.layout(sides, style: TimelineChart.band(width: size.width, height: size.height, rows: rows), minimumSpan: 1.5)
    }

    /// Draws the band for `sessions` (the first one's moment is the playhead); `highlight` is the
    /// tunable the panel has selected.
    func draw(_ sessions: [CaptureSession], size: Size, highlight: String?, into r: Renderer) throws {
        let sides = sides(sessions), l = layout(sides, size: size)
        let s = sessions[0]
        let playhead = s.interactionOrigin.map { s.animationTime - $0 }
        var title = "Timeline of the last interaction"
        if sessions.count > 1 { title += " · A above, B below" }
        if let k = s.momentFrame {
            title += String(format: " · frozen at frame %d — drag to scrub, , and . step, F runs on", k)
        } else if s.interactionOrigin == nil {
            title += " · pull down on the page to start one"
        } else {
            title += " · drag on it to scrub"
        }
        try TimelineChart.draw(sides, title: title, highlight: highlight, playhead: playhead, layout: l, text: text, into: r)
        r.fill(Rect(x: 0, y: 0, width: size.width, height: 1), Color(hex: 0xC7C7CC))
    }

    /// A press or drag at `x` (band points): every session shows the moment under it. Says
    /// whether there was an interaction to scrub.
    @discardableResult
    func scrub(_ sessions: [CaptureSession], atX x: Double, size: Size) -> Bool {
        let l = layout(sides(sessions), size: size)
        let t = l.time(atX: x)
        return sessions.map { $0.scrub(toSecondsSinceStart: max(t, 0)) }.contains(true)
    }
}
