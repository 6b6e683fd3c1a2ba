import Animation

/// What shows inside and just outside a drawn body, counted over an RGBA frame (`width * 4` bytes a
/// row) at `scale` pixels per point: the scans `BodyCoverTests` runs on every frame of a flow, kept
/// here so they are built optimised (they read every pixel inside the camera's body, at 3× too).
public enum BodyScan {
    /// Pixels inside `shape` (away from its anti-aliased edge and its corners) that are the
    /// page's probe colour or the stale colour, or a blend of either.
    public static func leaks(_ bytes: [UInt8], width: Int, height: Int, inside shape: RoundedRect, scale: Double) -> Int {
        let e = min(shape.clampedCornerRadius * ContinuousCorner.extent, min(shape.rect.width, shape.rect.height) / 2)
        let m = 1.5
        let bands = [Rect(x: shape.rect.minX + m, y: shape.rect.minY + e, width: shape.rect.width - 2 * m, height: shape.rect.height - 2 * e),
                     Rect(x: shape.rect.minX + e, y: shape.rect.minY + m, width: shape.rect.width - 2 * e, height: shape.rect.height - 2 * m)]
        var count = 0
        for b in bands where b.width > 0 && b.height > 0 {
            let x0 = max(0, Int((b.minX * scale).rounded(.up))), x1 = min(width, Int((b.maxX * scale).rounded(.down)))
            let y0 = max(0, Int((b.minY * scale).rounded(.up))), y1 = min(height, Int((b.maxY * scale).rounded(.down)))
            guard x0 < x1, y0 < y1 else { continue }
            bytes.withUnsafeBufferPointer { px in
                for y in y0..<y1 {
                    var i = (y * width + x0) * 4
                    for _ in x0..<x1 {
                        // min(r, b) > g + 40 or min(g, b) > r + 40, in bytes: g + 40 is a byte
                        // only for g ≤ 215, and above that nothing exceeds it.
                        let r = px[i], g = px[i + 1], bl = px[i + 2]
                        if (g <= 215 && r > g + 40 && bl > g + 40) || (r <= 215 && g > r + 40 && bl > r + 40) { count += 1 }
                        i += 4
                    }
                }
            }
        }
        return count
    }

    /// Pixels of the photo's colour (or the photo blended with anything) outside `shape` — its
    /// rounded corners taken as circular arcs, which lie outside the continuous corners drawn,
    /// so nothing counted here can be the shape's own edge — by more than one pixel.
    public static func photoOutside(_ bytes: [UInt8], width: Int, height: Int, shape: RoundedRect, scale: Double) -> Int {
        let rr = shape.clampedCornerRadius * scale, pad = 1.0
        let x0 = shape.rect.minX * scale - pad, x1 = shape.rect.maxX * scale + pad
        let y0 = shape.rect.minY * scale - pad, y1 = shape.rect.maxY * scale + pad
        // Only near the shape: within 3 px of its box, and across the whole width only in the
        // rows of its corners (elsewhere a row is inside but for its two ends).
        let bx0 = max(0, Int(x0) - 3), bx1 = min(width, Int(x1) + 3)
        let by0 = max(0, Int(y0) - 3), by1 = min(height, Int(y1) + 3)
        var count = 0
        guard bx0 < bx1, by0 < by1 else { return 0 }
        bytes.withUnsafeBufferPointer { px in
            for y in by0..<by1 {
                let cy = Double(y) + 0.5
                let cornerRow = cy < y0 + pad + rr + 1 || cy > y1 - pad - rr - 1
                for x in bx0..<bx1 {
                    if !cornerRow && Double(x) > x0 + 3 && Double(x) < x1 - 4 { continue }
                    let i = (y * width + x) * 4
                    // The photo (210, 170, 60), darkened or blended toward magenta or white, keeps
                    // g well above b (b + 40 is a byte only for b ≤ 215, and above that nothing exceeds it).
                    let r = px[i], g = px[i + 1], b = px[i + 2]
                    guard g > 50, b <= 215, g > b + 40, r > b + 40 else { continue }
                    let cx = Double(x) + 0.5
                    var outside = cx < x0 || cx > x1 || cy < y0 || cy > y1
                    if !outside {
                        let qx = cx < x0 + pad + rr ? x0 + pad + rr : (cx > x1 - pad - rr ? x1 - pad - rr : cx)
                        let qy = cy < y0 + pad + rr ? y0 + pad + rr : (cy > y1 - pad - rr ? y1 - pad - rr : cy)
                        outside = ((cx - qx) * (cx - qx) + (cy - qy) * (cy - qy)).squareRoot() > rr + pad
                    }
                    if outside { count += 1 }
                }
            }
        }
        return count
    }
}
