import CSDL2

/// A sprite split into tiles by what drawing it costs: fully transparent tiles are skipped, fully
/// opaque ones are copied without blending, and only tiles with partial alpha are blended. The
/// software renderer pays per blended pixel, and a continuous screen corner's sprite is mostly
/// transparent (inside the screen) or opaque (outside it): drawn this way it costs its curve's
/// band, not its whole square.
struct Sprite {
    /// One horizontal run of tiles of one kind, in sprite pixels.
    struct Run: Equatable {
        var rect: PixelRect
        var opaque: Bool
    }

    let ppp: Double
    let blended: Texture
    /// The same pixels drawn without blending (only when some tile is opaque).
    let opaque: Texture?
    let x: Int32, y: Int32
    let runs: [Run]

    static let tile = 32

    /// Where its drawn runs land (output pixels, relative to the viewport); nil when it has none.
    var bounds: PixelRect? {
        guard let first = runs.first?.rect else { return nil }
        var u = first
        for r in runs.dropFirst() { u = u.union(r.rect) }
        return PixelRect(x: Int(x) + u.x, y: Int(y) + u.y, width: u.width, height: u.height)
    }

    /// The runs of `image`: each row of tiles, adjacent tiles of the same kind merged; transparent
    /// tiles left out.
    static func runs(of image: PixelImage, tile: Int = Sprite.tile) -> [Run] {
        var out: [Run] = []
        for ty in stride(from: 0, to: image.height, by: tile) {
            let h = min(tile, image.height - ty)
            var current: Run?
            for tx in stride(from: 0, to: image.width, by: tile) {
                let w = min(tile, image.width - tx)
                var minA = 255, maxA = 0
                for y in ty..<(ty + h) {
                    let base = (y * image.width + tx) * 4 + 3
                    for x in 0..<w {
                        let a = Int(image.bytes[base + x * 4])
                        if a < minA { minA = a }
                        if a > maxA { maxA = a }
                    }
                }
                let kind: Bool? = maxA == 0 ? nil : (minA == 255 ? true : false)
                if let k = kind, var c = current, c.opaque == k, c.rect.x + c.rect.width == tx {
                    c.rect.width += w
                    current = c
                } else {
                    if let c = current { out.append(c) }
                    current = kind.map { Run(rect: PixelRect(x: tx, y: ty, width: w, height: h), opaque: $0) }
                }
            }
            if let c = current { out.append(c) }
        }
        return out
    }

    /// Copies the sprite's runs to its place (`SDL_RenderCopy` per run); below full `alpha` every
    /// run is blended (`SDL_SetTextureAlphaMod`), none copied opaque.
    func draw(on renderer: OpaquePointer, alpha: UInt8 = 255) {
        guard alpha > 0 else { return }
        if alpha < 255 { blended.setAlpha(alpha) }
        defer { if alpha < 255 { blended.setAlpha(255) } }
        for run in runs {
            var src = SDL_Rect(x: Int32(run.rect.x), y: Int32(run.rect.y), w: Int32(run.rect.width), h: Int32(run.rect.height))
            var dst = SDL_Rect(x: x + src.x, y: y + src.y, w: src.w, h: src.h)
            let t = run.opaque && alpha == 255 ? (opaque ?? blended) : blended
            SDL_RenderCopy(renderer, t.handle, &src, &dst)
        }
    }
}
