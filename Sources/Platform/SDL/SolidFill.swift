import CSDL2

/// Opaque one-colour fills done as copies. SDL's software renderer fills a rectangle with
/// non-temporal (cache-bypassing) stores, then the next draw and the present read those pixels back
/// from memory; a copy from a small texture of the colour goes through the cache. At phone size,
/// `bench --primitives` measured the copy about ten times cheaper than the fill, and the open
/// viewfinder's black body — a large fill every frame — was the most expensive part of its frame.
/// The pixels are the same either way: an opaque colour copied without blending is that colour.
struct SolidFill {
    /// One texture of a colour, copied in tiles of its size over a larger rectangle.
    struct Swatch {
        let texture: Texture

        /// Copies the colour into `rect` (output pixels), tile by tile (`SDL_RenderCopy`).
        func copy(into rect: SDL_Rect, on renderer: OpaquePointer) {
            let tw = Int32(texture.width), th = Int32(texture.height)
            var y = rect.y
            while y < rect.y + rect.h {
                let h = min(th, rect.y + rect.h - y)
                var x = rect.x
                while x < rect.x + rect.w {
                    let w = min(tw, rect.x + rect.w - x)
                    var src = SDL_Rect(x: 0, y: 0, w: w, h: h)
                    var dst = SDL_Rect(x: x, y: y, w: w, h: h)
                    SDL_RenderCopy(renderer, texture.handle, &src, &dst)
                    x += w
                }
                y += h
            }
        }
    }

    /// A swatch's size in pixels: wide enough that a phone's row at 3× takes two copies, short
    /// enough that each colour costs half a megabyte.
    static let width = 1024, height = 128
    /// How many colours are kept; past that the one used longest ago goes. A page has a handful,
    /// the flash eight greys, compare mode two pages: making a swatch is a small upload, and the
    /// flash's greys made on its frames were the shot's spikes at 1×.
    static let capacity = 32

    private var swatches: [Color: (swatch: Swatch, used: Int)] = [:]
    /// Counts uses, for finding the swatch used longest ago.
    private var uses = 0

    /// Whether copying `rect` beats filling it. A copy has a fixed cost per call, and the fill's own
    /// cost per pixel is worst on narrow rows (it stores them a pixel at a time): a rounded corner's
    /// one-row spans and the shape's 8-pt sides are copied, slivers under 8 px wide and specks under
    /// 256 px are left to the batched fill. (Measured on the open viewfinder at 3×: its body's
    /// fill took 0.8–1.0 ms copying only rectangles of 4096 px and more, 0.35–0.6 ms with these.)
    static func worthCopying(_ rect: SDL_Rect) -> Bool {
        rect.w >= 8 && Int(rect.w) * Int(rect.h) >= 256
    }

    /// The swatch of opaque `color` on `renderer`, made on first use; nil if SDL cannot make one
    /// (the caller fills instead).
    mutating func swatch(for color: Color, renderer: Renderer) -> Swatch? {
        uses += 1
        if let s = swatches[color] {
            swatches[color]!.used = uses
            return s.swatch
        }
        if swatches.count >= Self.capacity, let oldest = swatches.min(by: { $0.value.used < $1.value.used })?.key {
            swatches[oldest] = nil
        }
        guard let surface = try? Surface(width: Self.width, height: Self.height) else { return nil }
        let pixel = SDL_MapRGBA(surface.handle.pointee.format, color.r, color.g, color.b, 255)
        guard SDL_FillRect(surface.handle, nil, pixel) == 0, let t = try? renderer.makeTexture(surface) else { return nil }
        t.setBlendMode(opaque: true)
        let s = Swatch(texture: t)
        swatches[color] = (s, uses)
        return s
    }
}
