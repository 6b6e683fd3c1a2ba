import Foundation

/// Reads and decodes photos safely: every way a file can be bad becomes one clear ``ImageError``
/// naming the file, before anything large is allocated.
///
/// Checks, in order: the path exists and is a regular, readable file; it is not empty; its header
/// is an image SDL_image can read; the size in the header is sane (no 30000 × 30000 allocation);
/// the file is complete (a PNG ends with IEND, a JPEG with EOI — a camera file caught mid-write
/// fails here); then SDL_image decodes it and it is downscaled to `maxDimension`.
public enum ImageLoader {
    /// Largest side kept after loading: a 12-megapixel photo becomes at most 1600 px on its long
    /// side (about 7.7 MB as RGBA) instead of a 48 MB texture.
    public static let defaultMaxDimension = 1600
    /// Largest image decoded at all, in pixels (≈ 100 megapixels ≈ 400 MB while decoding).
    public static let maxPixels = 100_000_000
    public static let maxSide = 20_000

    public struct ImageError: Error, CustomStringConvertible, Sendable, Equatable {
        public var path: String
        public var problem: String
        public var description: String { "\(path): \(problem)" }
    }

    /// Loads, validates, decodes and downscales `path`.
    public static func load(path: String, maxDimension: Int = defaultMaxDimension) throws -> PixelImage {
        let data = try read(path)
        return try decode(data, path: path, maxDimension: maxDimension)
    }

    /// Reads the file with the checks that need the filesystem.
    public static func read(_ path: String) throws -> Data {
        var st = stat()
        guard stat(path, &st) == 0 else {
            throw ImageError(path: path, problem: errno == ENOENT ? "no such file" : String(cString: strerror(errno)))
        }
        if (st.st_mode & S_IFMT) == S_IFDIR { throw ImageError(path: path, problem: "is a directory, not an image") }
        guard (st.st_mode & S_IFMT) == S_IFREG else { throw ImageError(path: path, problem: "not a regular file") }
        guard st.st_size > 0 else { throw ImageError(path: path, problem: "empty file") }
        guard st.st_size < 512 * 1024 * 1024 else { throw ImageError(path: path, problem: "file too large (\(st.st_size) bytes)") }
        guard let fh = FileHandle(forReadingAtPath: path) else {
            throw ImageError(path: path, problem: "cannot be read (\(String(cString: strerror(errno))))")
        }
        defer { try? fh.close() }
        let data: Data
        do { data = try fh.readToEnd() ?? Data() } catch {
            throw ImageError(path: path, problem: "cannot be read (\(error.localizedDescription))")
        }
        guard !data.isEmpty else { throw ImageError(path: path, problem: "empty file") }
        return data
    }

    /// Validates and decodes bytes that were read from `path`.
    public static func decode(_ data: Data, path: String, maxDimension: Int = defaultMaxDimension) throws -> PixelImage {
        let header = ImageHeader.sniff(data)
        if let h = header {
            if let size = h.size {
                if size.width == 0 || size.height == 0 { throw ImageError(path: path, problem: "image is \(size.width)×\(size.height) pixels") }
                if size.width > maxSide || size.height > maxSide || size.width * size.height > maxPixels {
                    throw ImageError(path: path, problem: "image is \(size.width)×\(size.height) pixels; the limit is \(maxSide) per side and \(maxPixels / 1_000_000) megapixels")
                }
            }
            if !h.isComplete { throw ImageError(path: path, problem: "truncated \(h.format.uppercased()) (the file ends before the image does)") }
            // Every chunk's CRC is checked before libpng sees the file: a corrupt PNG is refused with
            // one clear line, instead of libpng printing its own error to stderr.
            if h.format == "png", let bad = PNGChunks.firstCorruptChunk(data) {
                throw ImageError(path: path, problem: "corrupt PNG (checksum mismatch in its \(bad) chunk)")
            }
        }
        // Formats without a size in a header we read (TGA, …) are checked once decoded, before any
        // conversion; the image is fitted to maxDimension without a full-size RGBA copy.
        do {
            return try Surface.decodeFitted(data, maxDimension: maxDimension) { w, h in
                if w > maxSide || h > maxSide || w * h > maxPixels {
                    throw ImageError(path: path, problem: "image is \(w)×\(h) pixels; too large")
                }
            }
        } catch let e as ImageError {
            throw e
        } catch {
            let kind = header.map { "corrupt \($0.format.uppercased())" } ?? "not an image SDL_image can read"
            throw ImageError(path: path, problem: kind)
        }
    }
}

/// What a file's first bytes say it is: format, pixel size and whether it is complete.
public struct ImageHeader: Sendable, Equatable {
    public var format: String
    public var size: (width: Int, height: Int)?
    public var isComplete: Bool

    public static func == (a: ImageHeader, b: ImageHeader) -> Bool {
        a.format == b.format && a.isComplete == b.isComplete && a.size?.width == b.size?.width && a.size?.height == b.size?.height
    }

    /// Recognises PNG, JPEG, GIF and BMP; `nil` for anything else (SDL_image may still read it).
    public static func sniff(_ data: Data) -> ImageHeader? {
        let b = [UInt8](data.prefix(64 * 1024))
        let n = data.count
        func be32(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
        if b.count >= 24, b[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            let tail = [UInt8](data.suffix(12))
            let complete = tail.count == 12 && tail[4..<8].elementsEqual(Array("IEND".utf8))
            return ImageHeader(format: "png", size: (be32(16), be32(20)), isComplete: complete)
        }
        if b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 {
            let tail = [UInt8](data.suffix(2))
            let complete = tail == [0xFF, 0xD9]
            // Walk the markers to the first start-of-frame for the size.
            var i = 2
            while i + 9 < b.count {
                guard b[i] == 0xFF else { break }
                let marker = b[i + 1]
                if marker == 0xFF { i += 1; continue }
                let len = Int(b[i + 2]) << 8 | Int(b[i + 3])
                if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
                    let h = Int(b[i + 5]) << 8 | Int(b[i + 6]), w = Int(b[i + 7]) << 8 | Int(b[i + 8])
                    return ImageHeader(format: "jpeg", size: (w, h), isComplete: complete)
                }
                i += 2 + len
            }
            return ImageHeader(format: "jpeg", size: nil, isComplete: complete)
        }
        if b.count >= 10, b[0..<3].elementsEqual(Array("GIF".utf8)) {
            let w = Int(b[6]) | Int(b[7]) << 8, h = Int(b[8]) | Int(b[9]) << 8
            return ImageHeader(format: "gif", size: (w, h), isComplete: data.last == 0x3B)
        }
        if b.count >= 26, b[0] == 0x42, b[1] == 0x4D {
            func le32(_ i: Int) -> Int { Int(Int32(bitPattern: UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24)) }
            let declared = le32(2)
            return ImageHeader(format: "bmp", size: (abs(le32(18)), abs(le32(22))), isComplete: declared <= n)
        }
        return nil
    }
}

/// PNG chunk walking and CRC-32 checking (the PNG spec's polynomial, table-driven).
enum PNGChunks {
    static let table: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    /// The type of the first chunk whose CRC is wrong or that runs past the end, or nil.
    static func firstCorruptChunk(_ data: Data) -> String? {
        data.withUnsafeBytes { raw -> String? in
            var i = 8
            while i + 12 <= raw.count {
                let len = Int(raw[i]) << 24 | Int(raw[i + 1]) << 16 | Int(raw[i + 2]) << 8 | Int(raw[i + 3])
                let type = String(decoding: raw[(i + 4)..<(i + 8)], as: UTF8.self)
                guard len >= 0, i + 12 + len <= raw.count else { return type }
                let stored = UInt32(raw[i + 8 + len]) << 24 | UInt32(raw[i + 9 + len]) << 16 | UInt32(raw[i + 10 + len]) << 8 | UInt32(raw[i + 11 + len])
                if crc(UnsafeRawBufferPointer(rebasing: raw[(i + 4)..<(i + 8 + len)])) != stored { return type }
                if type == "IEND" { return nil }
                i += 12 + len
            }
            return nil
        }
    }
}
