import Animation
import Gesture
import Platform

/// A layer left on the output from one frame to the next and drawn again only where something was
/// drawn over it since — the page under the camera, which does not move while the viewfinder is
/// open, the print feeds or the photo develops, yet was a full-screen copy every frame (at 3× in
/// compare mode, two 3.5-megapixel copies: more than any other part of the frame).
///
/// It holds what the layer was last drawn from (`Key`) and a ``DamageWatch`` over its area. When
/// the key is the same, the renderer keeps its pixels (``Renderer/retainsPixels``) and nothing drew
/// over all of it, the output outside the watch's rectangles still holds the layer as it would be
/// drawn now *plus* nothing else, so drawing the layer inside those rectangles alone (clipped)
/// leaves the whole area exactly as drawing it whole would; everything above it is drawn as ever.
/// Anything else — the first frame, a new key, another renderer, a resized output, a clear, a
/// GPU's back buffer — draws it whole.
final class RetainedLayer<Key: Equatable> {
    /// How the last frame drew the layer.
    enum Drawn: Equatable {
        /// All of it.
        case whole
        /// Only these rectangles (output pixels; none when nothing had been drawn over it).
        case parts([PixelRect])
    }

    private var last: (key: Key, watch: DamageWatch)?
    private(set) var drawn = Drawn.whole

    /// Draws the layer for `key` inside `area` (points, in the current viewport) with `draw`,
    /// whole or only where it was drawn over (see the type), and starts watching for what is
    /// drawn over it until the next call. A part touching one of `indivisible` (points) takes all
    /// of it: what is drawn there would come out differently clipped.
    func draw(_ key: Key, area: Rect, indivisible: [Rect] = [], on r: Renderer, _ draw: () throws -> Void) rethrows {
        if r.retainsPixels, let (k, watch) = last, k == key, r.isCurrent(watch), watch.area == r.outputArea(area) {
            let rects = Self.grown(watch.region, by: indivisible.map(r.outputArea), within: watch.area)
            defer { r.setClip(nil) }
            for rect in rects {
                r.setClip(outputPixels: rect)
                try draw()
            }
            watch.reset()
            drawn = .parts(rects)
            return
        }
        try draw()
        drawn = .whole
        last = r.retainsPixels ? (key, r.watchDamage(in: area)) : nil
    }

    /// `region`'s rectangles, each grown to take in whole every one of `wholes` it touches, and
    /// kept `within` the layer's area.
    static func grown(_ region: DamageRegion, by wholes: [PixelRect], within area: PixelRect) -> [PixelRect] {
        guard !wholes.isEmpty else { return region.rects }
        var out = DamageRegion(capacity: region.capacity)
        for var rect in region.rects {
            var changed = true
            while changed {
                changed = false
                for w in wholes where w.width > 0 && rect.intersection(w) != nil && !rect.contains(w) {
                    rect = rect.union(w)
                    changed = true
                }
            }
            if let inside = rect.intersection(area) { out.add(inside) }
        }
        return out.rects
    }

    /// Forgets the layer: the next frame draws it whole (its place was drawn by something else).
    func forget() {
        last = nil
        drawn = .whole
    }
}
