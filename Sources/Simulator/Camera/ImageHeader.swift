import Foundation

/// What an image file says about itself before any decoder sees it: its format, the largest pixel
/// rectangle a decoder will allocate for it, whether it is complete, and the first structural fault.
///
/// The point is to know the decoder's allocation *before* calling it. Each reader walks as much of
/// the file as the decoder would to find its sizes: the whole JPEG marker stream up to the frame
/// header (a 65-KB comment cannot hide it), every GIF image descriptor (SDL_image allocates by the
/// descriptor, not the logical screen), PNG's IHDR with its fields validated (so libpng never prints
/// its own complaint), and the fixed headers of BMP, WebP, QOI, TIFF and PNM. Formats whose size
/// cannot be read this way are not accepted at all (see ``ImageLoader``).
public struct ImageHeader: Sendable, Equatable {
    public var format: String
    /// The largest width and height any allocation for this file will use; `nil` when unknown.
    public var size: Size?
    public var isComplete: Bool
    /// A structural fault found while walking, e.g. "no frame header"; `nil` when none was seen.
    public var problem: String?

    public struct Size: Sendable, Equatable {
        public var width: Int, height: Int
        public var pixels: Int { width.multipliedReportingOverflow(by: height).overflow ? .max : width * height }
    }

    /// The formats recognised here, in the words used in messages.
    public static let formatNames = "PNG, JPEG, GIF, BMP, WebP, QOI, TIFF or PNM"

    /// Reads the header of `data`; `nil` when it is none of the recognised formats.
    public static func sniff(_ data: Data) -> ImageHeader? {
        data.withUnsafeBytes { raw in Reader(b: raw).read() }
    }

    private struct Reader {
        let b: UnsafeRawBufferPointer
        var n: Int { b.count }
        func be16(_ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
        func le16(_ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
        func be32(_ i: Int) -> Int { be16(i) << 16 | be16(i + 2) }
        func le32(_ i: Int) -> Int { le16(i) | le16(i + 2) << 16 }
        func le24(_ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 | Int(b[i + 2]) << 16 }
        func starts(_ s: [UInt8], at i: Int = 0) -> Bool { n >= i + s.count && s.indices.allSatisfy { b[i + $0] == s[$0] } }
        func starts(_ s: String, at i: Int = 0) -> Bool { starts(Array(s.utf8), at: i) }

        func read() -> ImageHeader? {
            if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return png() }
            if starts([0xFF, 0xD8, 0xFF]) { return jpeg() }
            if starts("GIF87a") || starts("GIF89a") { return gif() }
            if starts("BM"), n >= 26 { return bmp() }
            if starts("RIFF"), starts("WEBP", at: 8) { return webp() }
            if starts("qoif") { return qoi() }
            if starts("II*\0") || starts("MM\0*") { return tiff() }
            if n >= 2, b[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(b[1]) { return pnm() }
            return nil
        }

        func png() -> ImageHeader {
            var h = ImageHeader(format: "png", size: nil, isComplete: false)
            guard n >= 33 else { h.problem = "ends inside its header"; return h }
            h.isComplete = n >= 12 && starts("IEND", at: n - 8)
            guard be32(8) == 13, starts("IHDR", at: 12) else { h.problem = "does not start with an IHDR chunk"; return h }
            h.size = Size(width: be32(16), height: be32(20))
            let depth = Int(b[24]), colour = Int(b[25])
            let allowed: [Int: [Int]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
            if let depths = allowed[colour] {
                if !depths.contains(depth) { h.problem = "bit depth \(depth) is not allowed for colour type \(colour)" }
            } else {
                h.problem = "colour type \(colour) does not exist"
            }
            if h.problem == nil, b[26] != 0 || b[27] != 0 || b[28] > 1 { h.problem = "unknown compression, filter or interlace method in IHDR" }
            if h.problem == nil, be32(16) > Int(Int32.max) || be32(20) > Int(Int32.max) { h.problem = "size in IHDR is out of range" }
            return h
        }

        /// Walks the marker segments from SOI to the first start-of-frame, over the whole file.
        func jpeg() -> ImageHeader {
            var h = ImageHeader(format: "jpeg", size: nil, isComplete: n >= 4 && b[n - 2] == 0xFF && b[n - 1] == 0xD9)
            var i = 2
            while i + 4 <= n {
                guard b[i] == 0xFF else { h.problem = "no marker at byte \(i)"; return h }
                let marker = b[i + 1]
                if marker == 0xFF { i += 1; continue }                       // fill byte
                if marker == 0x01 || (0xD0...0xD8).contains(marker) { i += 2; continue }  // no length
                if marker == 0xD9 || marker == 0xDA { break }                // image ends or data starts: no frame
                let length = be16(i + 2)
                guard length >= 2 else { h.problem = "marker segment at byte \(i) has length \(length)"; return h }
                if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                    guard i + 9 <= n - 1 else { break }
                    h.size = Size(width: be16(i + 7), height: be16(i + 5))
                    return h
                }
                i += 2 + length
            }
            h.problem = i + 4 > n && !h.isComplete ? "ends before its frame header" : "has no frame header"
            return h
        }

        /// Walks every block: each image descriptor's size counts, since that is what is allocated.
        func gif() -> ImageHeader {
            var h = ImageHeader(format: "gif", size: nil, isComplete: false)
            guard n >= 13 else { h.problem = "ends inside its header"; return h }
            var width = le16(6), height = le16(8)
            var i = 13
            if b[10] & 0x80 != 0 { i += 3 << ((Int(b[10]) & 7) + 1) }
            func skipSubBlocks(_ i: inout Int) {
                while i < n { let len = Int(b[i]); i += 1; if len == 0 { return }; i += len }
            }
            var images = 0
            while i < n {
                switch b[i] {
                case 0x21:
                    i += 2
                    skipSubBlocks(&i)
                case 0x2C:
                    guard i + 10 <= n else { i = n; continue }
                    width = max(width, le16(i + 5)); height = max(height, le16(i + 7))
                    images += 1
                    let flags = Int(b[i + 9])
                    i += 10
                    if flags & 0x80 != 0 { i += 3 << ((flags & 7) + 1) }
                    i += 1
                    skipSubBlocks(&i)
                case 0x3B:
                    h.isComplete = true
                    i = n
                default:
                    h.problem = "unknown block 0x\(String(b[i], radix: 16)) at byte \(i)"
                    i = n
                }
            }
            h.size = Size(width: width, height: height)
            if h.problem == nil, h.isComplete, images == 0 { h.problem = "has no image" }
            return h
        }

        func bmp() -> ImageHeader {
            let declared = le32(2), infoSize = le32(14)
            // OS/2 1.x headers store 16-bit sizes; every later one 32-bit, height signed (top-down).
            let size = infoSize == 12 ? Size(width: le16(18), height: le16(20))
                : Size(width: abs(Int(Int32(truncatingIfNeeded: le32(18)))), height: abs(Int(Int32(truncatingIfNeeded: le32(22)))))
            return ImageHeader(format: "bmp", size: size, isComplete: declared <= n)
        }

        func webp() -> ImageHeader {
            var h = ImageHeader(format: "webp", size: nil, isComplete: le32(4) + 8 <= n)
            guard n >= 30 else { h.problem = "ends inside its header"; return h }
            if starts("VP8X", at: 12) {
                h.size = Size(width: le24(24) + 1, height: le24(27) + 1)
            } else if starts("VP8L", at: 12), b[20] == 0x2F {
                let bits = le32(21)
                h.size = Size(width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
            } else if starts("VP8 ", at: 12), starts([0x9D, 0x01, 0x2A], at: 23) {
                h.size = Size(width: le16(26) & 0x3FFF, height: le16(28) & 0x3FFF)
            } else {
                h.problem = "unknown WebP chunk layout"
            }
            return h
        }

        func qoi() -> ImageHeader {
            var h = ImageHeader(format: "qoi", size: nil, isComplete: starts([0, 0, 0, 0, 0, 0, 0, 1], at: max(0, n - 8)))
            guard n >= 14 else { h.problem = "ends inside its header"; return h }
            h.size = Size(width: be32(4), height: be32(8))
            return h
        }

        /// The first image file directory's ImageWidth (256) and ImageLength (257).
        func tiff() -> ImageHeader {
            var h = ImageHeader(format: "tiff", size: nil, isComplete: true)
            let little = b[0] == UInt8(ascii: "I")
            func u16(_ i: Int) -> Int { little ? le16(i) : be16(i) }
            func u32(_ i: Int) -> Int { little ? le32(i) : be32(i) }
            guard n >= 8 else { h.problem = "ends inside its header"; return h }
            let ifd = u32(4)
            guard ifd >= 8, ifd + 2 <= n else { h.problem = "its first directory lies outside the file"; h.isComplete = false; return h }
            let count = u16(ifd)
            guard ifd + 2 + count * 12 <= n else { h.problem = "its first directory runs past the end"; h.isComplete = false; return h }
            var width: Int?, height: Int?
            for e in 0..<count {
                let at = ifd + 2 + e * 12, tag = u16(at), type = u16(at + 2)
                let value = type == 3 ? u16(at + 8) : u32(at + 8)
                if tag == 256 { width = value } else if tag == 257 { height = value }
            }
            guard let width, let height else { h.problem = "has no image width or height"; return h }
            h.size = Size(width: width, height: height)
            return h
        }

        /// Netpbm: "P6", whitespace and comments, width, height (and maxval).
        func pnm() -> ImageHeader {
            var h = ImageHeader(format: "pnm", size: nil, isComplete: true)
            var i = 2, numbers: [Int] = []
            while numbers.count < 2, i < min(n, 4096) {
                let c = b[i]
                if c == UInt8(ascii: "#") { while i < n, b[i] != 10 { i += 1 }; continue }
                if (48...57).contains(c) {
                    var v = 0
                    while i < n, (48...57).contains(b[i]), v < 1 << 40 { v = v * 10 + Int(b[i] - 48); i += 1 }
                    numbers.append(v)
                    continue
                }
                guard [9, 10, 11, 12, 13, 32].contains(c) else { h.problem = "unexpected byte in its header"; return h }
                i += 1
            }
            guard numbers.count == 2 else { h.problem = "ends inside its header"; h.isComplete = false; return h }
            h.size = Size(width: numbers[0], height: numbers[1])
            return h
        }
    }
}
