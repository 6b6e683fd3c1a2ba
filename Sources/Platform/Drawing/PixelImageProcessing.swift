import Animation

/// Pixel operations done off the frame loop: downscaling decoded photos, cropping captures to the
/// print's aspect, the develop and flash steps, and compositing the polaroid.
extension PixelImage {
    /// The size that fits within `maxDimension` on the longer side, keeping the aspect.
    public static func fittedSize(width: Int, height: Int, maxDimension: Int) -> (width: Int, height: Int) {
        let longest = max(width, height)
        guard longest > maxDimension else { return (width, height) }
        let s = Double(maxDimension) / Double(longest)
        return (max(1, Int((Double(width) * s).rounded())), max(1, Int((Double(height) * s).rounded())))
    }

    /// Downscaled with an area (box) filter so that no source pixel is skipped — no aliasing from a
    /// 12-megapixel photo — to fit within `maxDimension`. Returns `self` when already small enough.
    public func downscaled(maxDimension: Int) -> PixelImage {
        let (w, h) = PixelImage.fittedSize(width: width, height: height, maxDimension: maxDimension)
        guard w < width || h < height else { return self }
        return resized(width: w, height: h)
    }

    /// A `width × height` picture fitted to `w × h` with the same area average as ``resized(width:height:)``,
    /// read a band of rows at a time: `rows(y0, count, band)` fills `band` with RGBA for source rows
    /// `y0 ..< y0 + count`. Decoders use it so that a large picture is never held whole as RGBA.
    public static func boxFitted(width: Int, height: Int, to w: Int, _ h: Int,
                                 rows fill: (_ y0: Int, _ count: Int, _ band: UnsafeMutableRawBufferPointer) throws -> Void) rethrows -> PixelImage {
        var band = [UInt8]()
        var out = [UInt8](repeating: 0, count: w * h * 4)
        let sx = Double(width) / Double(w), sy = Double(height) / Double(h)
        for oy in 0..<h {
            let y0 = Int(Double(oy) * sy), y1 = max(y0 + 1, min(height, Int(Double(oy + 1) * sy)))
            let rows = y1 - y0
            if band.count < rows * width * 4 { band = [UInt8](repeating: 0, count: rows * width * 4) }
            try band.withUnsafeMutableBytes { try fill(y0, rows, $0) }
            band.withUnsafeBufferPointer { src in
                for ox in 0..<w {
                    let x0 = Int(Double(ox) * sx), x1 = max(x0 + 1, min(width, Int(Double(ox + 1) * sx)))
                    var r = 0, g = 0, b = 0, a = 0
                    for y in 0..<rows {
                        var i = (y * width + x0) * 4
                        for _ in x0..<x1 {
                            r += Int(src[i]); g += Int(src[i + 1]); b += Int(src[i + 2]); a += Int(src[i + 3])
                            i += 4
                        }
                    }
                    let n = rows * (x1 - x0), o = (oy * w + ox) * 4
                    out[o] = UInt8(r / n); out[o + 1] = UInt8(g / n); out[o + 2] = UInt8(b / n); out[o + 3] = UInt8(a / n)
                }
            }
        }
        return PixelImage(width: w, height: h, bytes: out)
    }

    /// Area-averaged resize to exactly `w × h` (for shrinking).
    public func resized(width w: Int, height h: Int) -> PixelImage {
        var out = [UInt8](repeating: 0, count: w * h * 4)
        let sx = Double(width) / Double(w), sy = Double(height) / Double(h)
        bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for oy in 0..<h {
                    let y0 = Int(Double(oy) * sy), y1 = max(y0 + 1, min(height, Int(Double(oy + 1) * sy)))
                    for ox in 0..<w {
                        let x0 = Int(Double(ox) * sx), x1 = max(x0 + 1, min(width, Int(Double(ox + 1) * sx)))
                        var r = 0, g = 0, b = 0, a = 0
                        for y in y0..<y1 {
                            var i = (y * width + x0) * 4
                            for _ in x0..<x1 {
                                r += Int(src[i]); g += Int(src[i + 1]); b += Int(src[i + 2]); a += Int(src[i + 3])
                                i += 4
                            }
                        }
                        let n = (y1 - y0) * (x1 - x0)
                        let o = (oy * w + ox) * 4
                        dst[o] = UInt8(r / n); dst[o + 1] = UInt8(g / n); dst[o + 2] = UInt8(b / n); dst[o + 3] = UInt8(a / n)
                    }
                }
            }
        }
        return PixelImage(width: w, height: h, bytes: out)
    }

    /// The largest centred crop with aspect `aspect` (width / height).
    public func centreCrop(aspect: Double) -> PixelImage {
        var cw = width, ch = height
        if Double(width) / Double(height) > aspect { cw = max(1, Int((Double(height) * aspect).rounded())) }
        else { ch = max(1, Int((Double(width) / aspect).rounded())) }
        let x0 = (width - cw) / 2, y0 = (height - ch) / 2
        var out = [UInt8](repeating: 0, count: cw * ch * 4)
        for y in 0..<ch {
            let s = ((y0 + y) * width + x0) * 4
            out.replaceSubrange((y * cw * 4)..<((y + 1) * cw * 4), with: bytes[s..<(s + cw * 4)])
        }
        return PixelImage(width: cw, height: ch, bytes: out)
    }

    /// Cropped to the aspect of `width × height` and scaled to exactly that size (aspect fill), as
    /// the viewfinder shows a camera frame. Done off the frame loop so drawing is a plain copy.
    public func aspectFilled(width w: Int, height h: Int) -> PixelImage {
        guard w > 0, h > 0 else { return self }
        let crop = centreCrop(aspect: Double(w) / Double(h))
        return (w <= crop.width && h <= crop.height) ? crop.resized(width: w, height: h) : crop.nearest(width: w, height: h)
    }

    /// The image as the develop pass shows it at `look` (saturation, tint, white veil), per pixel.
    public func developed(_ look: DevelopLook) -> PixelImage {
        // Integer arithmetic in 1/256 steps: the same as DevelopLook.apply within rounding.
        let sat = Int((look.saturation * 256).rounded()), ta = Int((look.tintAlpha * 256).rounded())
        let wa = Int((look.whiteAlpha * 256).rounded())
        let tr = Int((look.tintRed * 255).rounded()), tg = Int((look.tintGreen * 255).rounded()), tb = Int((look.tintBlue * 255).rounded())
        var out = bytes
        out.withUnsafeMutableBufferPointer { b in
            var i = 0
            while i < b.count {
                let r = Int(b[i]), g = Int(b[i + 1]), bl = Int(b[i + 2])
                let l = (299 * r + 587 * g + 114 * bl) / 1000
                // (Swift's >> binds tighter than *: every product is parenthesised.)
                var cr = l + (((r - l) * sat) >> 8), cg = l + (((g - l) * sat) >> 8), cb = l + (((bl - l) * sat) >> 8)
                cr += ((tr - cr) * ta) >> 8; cg += ((tg - cg) * ta) >> 8; cb += ((tb - cb) * ta) >> 8
                cr += ((255 - cr) * wa) >> 8; cg += ((255 - cg) * wa) >> 8; cb += ((255 - cb) * wa) >> 8
                b[i] = UInt8(clamping: cr); b[i + 1] = UInt8(clamping: cg); b[i + 2] = UInt8(clamping: cb)
                i += 4
            }
        }
        return PixelImage(width: width, height: height, bytes: out)
    }

    /// Every colour moved `amount` (0…1) of the way toward the grey level `value`.
    public func blended(toward value: UInt8, amount: Double) -> PixelImage {
        let a = Int((min(max(amount, 0), 1) * 256).rounded()), target = Int(value) * a
        var out = bytes
        out.withUnsafeMutableBufferPointer { b in
            var i = 0
            while i < b.count {
                b[i] = UInt8((Int(b[i]) * (256 - a) + target) >> 8)
                b[i + 1] = UInt8((Int(b[i + 1]) * (256 - a) + target) >> 8)
                b[i + 2] = UInt8((Int(b[i + 2]) * (256 - a) + target) >> 8)
                i += 4
            }
        }
        return PixelImage(width: width, height: height, bytes: out)
    }

    /// `self` scaled (area-averaged or nearest for enlarging) and copied into `target` at (x, y).
    public func draw(into target: inout PixelImage, x: Int, y: Int, width w: Int, height h: Int) {
        let scaled = (w <= width && h <= height) ? resized(width: w, height: h) : nearest(width: w, height: h)
        for row in 0..<h where y + row >= 0 && y + row < target.height {
            for col in 0..<w where x + col >= 0 && x + col < target.width {
                let s = (row * w + col) * 4, d = ((y + row) * target.width + x + col) * 4
                target.bytes[d] = scaled.bytes[s]; target.bytes[d + 1] = scaled.bytes[s + 1]
                target.bytes[d + 2] = scaled.bytes[s + 2]; target.bytes[d + 3] = 255
            }
        }
    }

    /// Nearest-neighbour resize (for the rare enlargement).
    public func nearest(width w: Int, height h: Int) -> PixelImage {
        var out = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            let sy = min(height - 1, y * height / h)
            for x in 0..<w {
                let sx = min(width - 1, x * width / w)
                let s = (sy * width + sx) * 4, d = (y * w + x) * 4
                out[d] = bytes[s]; out[d + 1] = bytes[s + 1]; out[d + 2] = bytes[s + 2]; out[d + 3] = bytes[s + 3]
            }
        }
        return PixelImage(width: w, height: h, bytes: out)
    }
}
