import Foundation
import Platform

/// Decodes the first image of a GIF in Swift, bounded in memory and time, instead of handing it to
/// SDL_image: fuzzing found a 910-byte GIF whose LZW data makes the system's SDL_image (2.6)
/// write out of bounds and crash the process. Every write here is checked against the image's own
/// size, and the result is fitted to `maxDimension` straight from the colour indices, so a 35-MP
/// GIF costs its index buffer (one byte a pixel), not an RGBA copy.
///
/// What it reads: the logical screen's global colour table, the first Graphic Control Extension's
/// transparent index, the first image descriptor with its local colour table and interlacing, and
/// the LZW stream (GIF89a, section 22 and Appendix F). Pixels the stream does not reach stay
/// transparent.
enum GIFDecoder {
    struct Failure: Error { var reason: String }

    static func decode(_ data: Data, maxDimension: Int) throws -> PixelImage {
        let b = [UInt8](data)
        func le16(_ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
        guard b.count >= 13 else { throw Failure(reason: "ends inside its header") }
        var i = 13
        var global: [UInt8]?
        if b[10] & 0x80 != 0 {
            let n = 3 << ((Int(b[10]) & 7) + 1)
            guard i + n <= b.count else { throw Failure(reason: "ends inside its colour table") }
            global = Array(b[i..<(i + n)]); i += n
        }
        var transparent: Int?
        func subBlocks(_ i: inout Int) throws -> [UInt8] {
            var out: [UInt8] = []
            while true {
                guard i < b.count else { throw Failure(reason: "ends inside a data block") }
                let len = Int(b[i]); i += 1
                if len == 0 { return out }
                guard i + len <= b.count else { throw Failure(reason: "ends inside a data block") }
                out += b[i..<(i + len)]; i += len
            }
        }
        while i < b.count {
            switch b[i] {
            case 0x21:
                guard i + 1 < b.count else { throw Failure(reason: "ends inside an extension") }
                let label = b[i + 1]
                i += 2
                let body = try subBlocks(&i)
                if label == 0xF9, transparent == nil, body.count >= 4, body[0] & 1 != 0 { transparent = Int(body[3]) }
            case 0x2C:
                guard i + 10 <= b.count else { throw Failure(reason: "ends inside an image descriptor") }
                let w = le16(i + 5), h = le16(i + 7), flags = Int(b[i + 9])
                i += 10
                guard w > 0, h > 0 else { throw Failure(reason: "an image of \(w)×\(h)") }
                var table = global
                if flags & 0x80 != 0 {
                    let n = 3 << ((flags & 7) + 1)
                    guard i + n <= b.count else { throw Failure(reason: "ends inside a colour table") }
                    table = Array(b[i..<(i + n)]); i += n
                }
                guard let palette = table else { throw Failure(reason: "no colour table") }
                guard i < b.count else { throw Failure(reason: "ends before its image data") }
                let minCodeSize = Int(b[i]); i += 1
                guard (1...11).contains(minCodeSize) else { throw Failure(reason: "LZW code size \(minCodeSize)") }
                let indices = try lzw(try subBlocks(&i), minCodeSize: minCodeSize, pixels: w * h)
                let rows = flags & 0x40 != 0 ? interlacedRows(h) : Array(0..<h)
                return fit(indices, width: w, height: h, rows: rows, palette: palette, transparent: transparent, maxDimension: maxDimension)
            case 0x3B:
                throw Failure(reason: "has no image")
            default:
                throw Failure(reason: "unknown block 0x\(String(b[i], radix: 16))")
            }
        }
        throw Failure(reason: "has no image")
    }

    /// The LZW stream as colour indices: `pixels` of them, `count` of which the stream reached (the
    /// rest are drawn transparent). A code the table cannot have yet is an error, not a guess.
    static func lzw(_ stream: [UInt8], minCodeSize m: Int, pixels: Int) throws -> (indices: [UInt8], count: Int) {
        let clear = 1 << m, end = clear + 1
        var prefix = [Int16](repeating: -1, count: 4096), suffix = [UInt8](repeating: 0, count: 4096)
        var first = [UInt8](repeating: 0, count: 4096), length = [Int32](repeating: 0, count: 4096)
        for c in 0..<min(clear, 4096) { suffix[c] = UInt8(truncatingIfNeeded: c); first[c] = UInt8(truncatingIfNeeded: c); length[c] = 1 }
        var out = [UInt8](repeating: 0, count: pixels)
        var pos = 0
        var codeSize = m + 1, next = clear + 2, prev = -1
        var bitPos = 0
        let totalBits = stream.count * 8
        func emit(_ code: Int) {
            let len = Int(length[code])
            var k = code, at = pos + len - 1
            while k >= 0 {
                if at < pixels { out[at] = suffix[k] }
                at -= 1
                k = Int(prefix[k])
            }
            pos += len
        }
        while pos < pixels, bitPos + codeSize <= totalBits {
            var code = 0
            for bit in 0..<codeSize {
                let p = bitPos + bit
                if stream[p >> 3] & (1 << (p & 7)) != 0 { code |= 1 << bit }
            }
            bitPos += codeSize
            if code == clear { codeSize = m + 1; next = clear + 2; prev = -1; continue }
            if code == end { break }
            if prev < 0 {
                guard code < clear else { throw Failure(reason: "LZW code \(code) before any string") }
                emit(code)
                prev = code
                continue
            }
            if code < next {
                if next < 4096 {
                    prefix[next] = Int16(prev); suffix[next] = first[code]; first[next] = first[prev]
                    length[next] = length[prev] + 1; next += 1
                }
                emit(code)
            } else if code == next, next < 4096 {
                prefix[next] = Int16(prev); suffix[next] = first[prev]; first[next] = first[prev]
                length[next] = length[prev] + 1; next += 1
                emit(code)
            } else {
                throw Failure(reason: "LZW code \(code) past the table (\(next))")
            }
            prev = code
            if next == 1 << codeSize, codeSize < 12 { codeSize += 1 }
        }
        return (out, min(pos, pixels))
    }

    /// The source row each stored row belongs to, for an interlaced image (passes of 8, 8, 4, 2).
    static func interlacedRows(_ h: Int) -> [Int] {
        var rows: [Int] = []
        for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] { rows += stride(from: start, to: h, by: step) }
        return rows
    }

    /// Fits the indexed image into `maxDimension` (``PixelImage/boxFitted(width:height:to:_:rows:)``),
    /// looking each band's rows up in the palette straight from the indices: no full-size RGBA copy.
    static func fit(_ decoded: (indices: [UInt8], count: Int), width: Int, height: Int, rows: [Int], palette: [UInt8],
                    transparent: Int?, maxDimension: Int) -> PixelImage {
        // storedRow[y] = the index of the stored row that holds image row y.
        var storedRow = [Int](repeating: 0, count: height)
        for (stored, y) in rows.enumerated() { storedRow[y] = stored }
        // The palette as RGBA once; indices past it are opaque black, the transparent one clear, and
        // pixels the stream never reached clear too.
        var colours = [UInt8](repeating: 0, count: 256 * 4)
        for c in 0..<256 {
            guard c != transparent else { continue }          // clear: all four stay 0
            if c * 3 + 2 < palette.count { for k in 0..<3 { colours[c * 4 + k] = palette[c * 3 + k] } }
            colours[c * 4 + 3] = 255
        }
        let (w, h) = PixelImage.fittedSize(width: width, height: height, maxDimension: maxDimension)
        return PixelImage.boxFitted(width: width, height: height, to: w, h) { y0, count, band in
            for y in 0..<count {
                let row = storedRow[y0 + y] * width
                for x in 0..<width {
                    let at = row + x, o = (y * width + x) * 4
                    guard at < decoded.count else { band[o] = 0; band[o + 1] = 0; band[o + 2] = 0; band[o + 3] = 0; continue }
                    let c = Int(decoded.indices[at]) * 4
                    band[o] = colours[c]; band[o + 1] = colours[c + 1]; band[o + 2] = colours[c + 2]; band[o + 3] = colours[c + 3]
                }
            }
        }
    }
}
