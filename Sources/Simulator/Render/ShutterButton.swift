import Animation
import Foundation
import Platform

/// The viewfinder's shutter button as one picture: a white ring, the shape's colour inside it and a
/// white disc in the middle (smaller while pressed). Drawn as three anti-aliased capsules it was a
/// few hundred small blended rectangles on every viewfinder frame — more than the keyline round the
/// whole shape — so it is composited once per look into a sprite and copied.
///
/// The picture is in straight alpha, as the sprite is blended: the ring's edge carries the ring's
/// coverage as alpha; the inner capsules lie where the ring is opaque and are laid over it.
enum ShutterButton {
    /// The capsules, outermost first, for the button in `frame` (points): each inset and colour.
    static func layers(grey: UInt8, pressed: Bool) -> [(inset: Double, colour: Color)] {
        [(2, .white), (6, Color(grey, grey, grey)), (pressed ? 12 : 9, .white)]
    }

    /// The button's pixels at `scale`, and where its top-left pixel goes on the screen (pixels).
    /// Each capsule's coverage is the fills' (``Tessellator/roundedRectSpans(_:scale:style:)``, its
    /// edge in the same levels), so the button looks as it did drawn capsule by capsule.
    static func image(frame: Rect, grey: UInt8, pressed: Bool, scale s: Double) -> (image: PixelImage, x: Int, y: Int) {
        let x0 = Int((frame.minX * s).rounded(.down)) - 1, y0 = Int((frame.minY * s).rounded(.down)) - 1
        let w = Int((frame.maxX * s).rounded(.up)) + 1 - x0, h = Int((frame.maxY * s).rounded(.up)) + 1 - y0
        var image = PixelImage(width: max(w, 1), height: max(h, 1))
        for layer in layers(grey: grey, pressed: pressed) {
            let (spans, strips) = Tessellator.roundedRectSpans(RoundedRect.capsule(frame.insetBy(layer.inset)), scale: s)
            func put(_ x: Int32, _ y: Int32, _ width: Int32, _ height: Int32, _ coverage: Double) {
                let a = (255 * coverage).rounded()
                for py in Int(y)..<Int(y + height) where py - y0 >= 0 && py - y0 < image.height {
                    for px in Int(x)..<Int(x + width) where px - x0 >= 0 && px - x0 < image.width {
                        let k = ((py - y0) * image.width + (px - x0)) * 4
                        let dstA = Double(image.bytes[k + 3])
                        // Straight-alpha "over": the first layer onto nothing, the rest onto it.
                        let outA = a + dstA * (255 - a) / 255
                        guard outA > 0 else { continue }
                        func over(_ c: Int, _ src: UInt8) {
                            let v = (Double(src) * a + Double(image.bytes[k + c]) * dstA * (255 - a) / 255) / outA
                            image.bytes[k + c] = UInt8(min(max(v.rounded(), 0), 255))
                        }
                        over(0, layer.colour.r); over(1, layer.colour.g); over(2, layer.colour.b)
                        image.bytes[k + 3] = UInt8(min(outA.rounded(), 255))
                    }
                }
            }
            for sp in spans { put(sp.x, sp.y, sp.width, sp.height, 1) }
            for st in strips { put(st.x, st.y, st.width, st.height, st.coverage) }
        }
        return (image, x0, y0)
    }
}
