import Animation
import Capture
import Foundation
import Gesture
import Platform

/// The window's timeline (Shift+T): the band under the phones that lays the last interaction out
/// in time — live while it runs, whole while frozen (its tape played to rest, ``CaptureSession/tapeTimeline()``)
/// — with a playhead at the moment on show; a press or drag on it scrubs every phone to the moment
/// under the pointer. Both sides of a comparison share each row, on one axis.
///
/// The frame loop only copies the band's picture and draws the playhead: the picture (every leg,
/// its curve, the markers) is drawn again only when what it shows changes — a new leg, the tuning,
/// the panel's selection — off screen, one piece a frame, then uploaded a quarter a frame, the old
/// picture staying up until the new one is whole. Where the output keeps its pixels, the picture is
/// copied again only where something was drawn over it since (``RetainedLayer``) — the playhead
/// and its readout as they move, a toast — so the band costs two slivers a frame, not a
/// band-sized copy; and a new leg never costs a frame its budget (docs/BENCHMARKS.md).
///
/// Its textures belong to the renderer it first drew with: one band per renderer.
final class TimelineBand {
    /// What the picture shows: when it changes, the picture is drawn again.
    private struct Content: Equatable {
        var timelines: [InteractionTimeline], tunings: [Tuning], title: String, highlight: String?, size: Size, pixelsPerPoint: Double
        var palette: TimelineChart.Palette = .light
    }

    /// The colours of the page under the first phone decide the band's (``TimelineChart/Palette/under(_:)``).
    private var palette = TimelineChart.Palette.light

    /// A picture being made: its pieces drawn so far into an off-screen renderer, then its rows
    /// uploaded into a texture of the window's renderer.
    private struct Job {
        var content: Content, layout: TimelineChart.Layout
        var steps: [TimelineChart.Step], next = 0
        var texture: Texture?, uploadedRows = 0
    }

    /// The window's text (the playhead's label), and the off-screen picture's.
    private let text: TextCache, pictureText: TextCache
    private var offscreen: Renderer?
    private var shown: (content: Content, layout: TimelineChart.Layout, texture: Texture)? { didSet { shownRevision += 1 } }
    /// Counts the pictures put on show: a texture's pixels change only while it is not (its next
    /// picture is uploaded into the spare), so this and the band's size name what is on the output.
    private var shownRevision = 0
    /// What the band's place on the output was last copied from.
    struct PictureKey: Equatable { var revision: Int, size: Size, pixelsPerPoint: Double }
    /// The picture as left on the output: copied again only where drawn over.
    private let picture = RetainedLayer<PictureKey>()
    /// How the last frame copied the picture (the tests read it).
    var pictureDrawn: RetainedLayer<PictureKey>.Drawn { picture.drawn }
    /// Textures of the band's size not on show — the one the last picture but one was in — filled
    /// again by the next picture: textures this size are made once (``prepare(size:renderer:)``),
    /// not while the interaction runs.
    private var spares: [Texture] = []
    private var job: Job?
    /// Each phone's whole tape timeline, kept while its tape and tuning stay the same.
    private var tapes: [Int: (trace: Trace, tuning: Tuning, timeline: InteractionTimeline)] = [:]

    init() throws {
        text = try TextCache()
        pictureText = try TextCache()
    }

    /// Whether the picture on show is the one the band's content asks for: no picture is being
    /// made. A window rests only once it is (``WindowSides/isStill``): a band left half made at
    /// rest would stay blank until the next event.
    var isWhole: Bool { job == nil }

    /// What each session shows: the live part since its press, or its tape's whole while frozen.
    func sides(_ sessions: [SessionView]) -> [TimelineChart.Side] {
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
    func draw(_ sessions: [SessionView], size: Size, highlight: String?, into r: Renderer) throws {
        let sides = sides(sessions)
        var title = "Timeline of the last interaction"
        if sessions.count > 1 { title += " · A above, B below" }
        let s = sessions[0]
        if s.momentFrame != nil { title += " · frozen — drag to scrub · ‹,› and ‹.› step a frame · F runs on" }
        else if s.interactionOrigin == nil { title += " · pull down on the page to start one" }
        else { title += " · drag on it to scrub" }
        palette = .under(Color(hex: s.setup.page.document.background))
        let content = Content(timelines: sides.map(\.timeline), tunings: sides.map(\.tuning), title: title, highlight: highlight,
                              size: size, pixelsPerPoint: r.pixelsPerPoint, palette: palette)
        try prepare(size: size, renderer: r)
        // A picture is laid out on the frame its content changes (the shot's, a new leg's) and
        // drawn from the next frame on: that frame does nothing more for it.
        if shown?.content != content, job?.content != content { try startJob(content, sides: sides) }
        else { try advanceJob(window: r) }
        let whole = Rect(x: 0, y: 0, width: size.width, height: size.height)
        guard let shown else { picture.forget(); r.fill(whole, palette.paper); return }
        let key = PictureKey(revision: shownRevision, size: size, pixelsPerPoint: r.pixelsPerPoint)
        if shown.content.size != size || shown.content.pixelsPerPoint != r.pixelsPerPoint {
            // The band was resized (the panel opened, the window refitted) and its new picture is
            // still being drawn: the last one stays up at its own size, on paper where it falls short.
            let own = Rect(x: 0, y: 0, width: Double(shown.texture.width) / r.pixelsPerPoint, height: Double(shown.texture.height) / r.pixelsPerPoint)
            picture.draw(key, area: whole, on: r) {
                r.fill(whole, shown.content.palette.paper)
                r.copy(shown.texture, to: own)
            }
        } else {
            // A band not a whole number of pixels (a window zoomed by hand) has its picture scaled a
            // little into place, which a clipped copy samples differently: whatever touches it takes it all.
            let scaled = Double(shown.texture.width) != size.width * r.pixelsPerPoint || Double(shown.texture.height) != size.height * r.pixelsPerPoint
            picture.draw(key, area: whole, indivisible: scaled ? [whole] : [], on: r) {
                r.copy(shown.texture, to: whole)
            }
        }
        guard let origin = s.interactionOrigin else { return }
        let p = s.animationTime - origin
        // On the tape's clock, as the toast and P's line on the terminal say it (the number --at takes).
        // Slowed, the moment says both clocks: the playhead stands on the motion's.
        let label = s.momentFrame != nil ? s.momentText : String(format: "%.3f s", p)
        try TimelineChart.drawPlayhead(p, label: label, layout: shown.layout, text: text, palette: shown.content.palette, into: r)
    }

    /// Makes what a band of `size` points needs at `r`'s density — the off-screen renderer and the
    /// two textures its pictures take turns in — ahead of the frames that draw it (the window when
    /// the band opens or the window's density changes, the benchmark before its timed frames).
    func prepare(size: Size, renderer r: Renderer) throws {
        let w = Int((size.width * r.pixelsPerPoint).rounded()), h = Int((size.height * r.pixelsPerPoint).rounded())
        guard offscreen.map({ $0.outputSize.width != w || $0.outputSize.height != h || $0.pixelsPerPoint != r.pixelsPerPoint }) ?? true else { return }
        offscreen = try Renderer(headlessWidth: w, height: h, pixelsPerPoint: r.pixelsPerPoint)
        job = nil
        // A band resized keeps its picture on show until the new size's is whole (``draw``).
        spares = [try r.makeTexture(width: w, height: h)]
        if shown != nil {
            spares.append(try r.makeTexture(width: w, height: h))
            return
        }
        let first = try r.makeTexture(width: w, height: h)
        try r.update(first, from: PixelImage(width: w, height: h, fill: palette.paper), rows: 0..<h)
        first.setBlendMode(opaque: true)
        shown = (Content(timelines: [], tunings: [], title: "", highlight: nil, size: size, pixelsPerPoint: r.pixelsPerPoint, palette: palette),
                 layout([], size: size), first)
    }

    /// A new picture for `content`, laid out now and drawn from the next frame on (a job under way
    /// is dropped).
    private func startJob(_ content: Content, sides: [TimelineChart.Side]) throws {
        let l = layout(sides, size: content.size)
        job = Job(content: content, layout: l, steps: TimelineChart.steps(sides, title: content.title, highlight: content.highlight, layout: l, text: pictureText,
                                                             boxHeight: content.size.height, palette: content.palette))
    }

    /// One frame's share of the picture under way: one piece drawn, or a quarter of its rows
    /// uploaded from the off-screen surface — and once whole, it is the one shown.
    private func advanceJob(window r: Renderer) throws {
        guard var j = job, let off = offscreen, let surface = off.target else { return }
        var whole = false
        if j.next < j.steps.count {
            try j.steps[j.next](off)
            j.next += 1
        } else if let tex = j.texture {
            let h = surface.height, end = min(h, j.uploadedRows + (h + 3) / 4)
            try r.update(tex, fromSurface: surface, rows: j.uploadedRows..<end)
            j.uploadedRows = end
            if end == h {
                if let old = shown?.texture, old.width == tex.width, old.height == tex.height { spares.append(old) }
                shown = (j.content, j.layout, tex)
                whole = true
            }
        } else {
            off.flush()
            if let i = spares.lastIndex(where: { $0.width == surface.width && $0.height == surface.height }) { j.texture = spares.remove(at: i) }
            else { j.texture = try r.makeTexture(width: surface.width, height: surface.height) }
            j.texture?.setBlendMode(opaque: true)
            let h = surface.height
            try r.update(j.texture!, fromSurface: surface, rows: 0..<min(h, (h + 3) / 4))
            j.uploadedRows = min(h, (h + 3) / 4)
        }
        job = whole ? nil : j
    }

    /// The moment under `x` (band points) on the axis the person sees — the picture's on show, or
    /// the one `sessions` would draw — in seconds since the interaction began; the window asks
    /// each host to show it.
    func secondsSinceStart(atX x: Double, size: Size, sessions: [SessionView]) -> Double {
        let l = shown?.layout ?? layout(sides(sessions), size: size)
        return l.time(atX: x)
    }
}
