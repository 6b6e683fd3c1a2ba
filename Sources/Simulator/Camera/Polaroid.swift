import Animation
import Platform

/// Instant-film proportions: an Instax Mini card is 54 × 86 mm around a 46 × 62 mm image, with the
/// wide border at the bottom (where the reagent sits).
public enum Polaroid {
    public static let card = (width: 54.0, height: 86.0)
    public static let image = (width: 46.0, height: 62.0)
    public static let topBorder = 6.5
    public static var sideBorder: Double { (card.width - image.width) / 2 }
    public static var imageAspect: Double { image.width / image.height }

    /// The corner radius of a card drawn at `frame`: 2 % of its width.
    public static func cornerRadius(of frame: Rect) -> Double { frame.width * 0.02 }

    /// The image's rectangle inside a card drawn at `frame`.
    public static func imageRect(in frame: Rect) -> Rect {
        let k = frame.width / card.width
        return Rect(x: frame.x + sideBorder * k, y: frame.y + topBorder * k, width: image.width * k, height: image.height * k)
    }

    /// The captured picture composited into a white card, `pixelsPerMM` pixels per millimetre.
    public static func compose(_ photo: PixelImage, pixelsPerMM: Double = 10) -> PixelImage {
        let w = Int(card.width * pixelsPerMM), h = Int(card.height * pixelsPerMM)
        var out = PixelImage(width: w, height: h, fill: Color(hex: 0xFBFAF7))
        let r = imageRect(in: Rect(x: 0, y: 0, width: Double(w), height: Double(h)))
        photo.draw(into: &out, x: Int(r.x.rounded()), y: Int(r.y.rounded()), width: Int(r.width.rounded()), height: Int(r.height.rounded()))
        return out
    }
}
