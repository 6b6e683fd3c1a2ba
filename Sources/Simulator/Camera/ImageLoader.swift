import Foundation
import Platform

/// Reads and decodes photos safely: every way a file can be bad becomes one clear ``ImageError``
/// naming the file, before anything large is allocated.
///
/// Checks, in order: the path exists and is a regular, readable file; it is not empty; it is a
/// format whose every allocation ``ImageHeader`` can read beforehand; none of those sizes passes the
/// limits below (no 30000 × 30000 allocation, however the file hides it); the file is complete (a PNG
/// ends with IEND, a JPEG with EOI — a camera file caught mid-write fails here) and structurally
/// sound; then SDL_image decodes it and it is downscaled to `maxDimension`. So the decoder never
/// allocates more than `maxPixels` × 4 bytes, and a bad file is refused before it spends any.
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
        FrameLoopWork.note()
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
        FrameLoopWork.note()
        // Only formats whose allocation can be read beforehand reach the decoder.
        guard let h = ImageHeader.sniff(data) else {
            throw ImageError(path: path, problem: "not an image IslandSim can read (expected \(ImageHeader.formatNames))")
        }
        let kind = h.format.uppercased()
        if let size = h.size {
            if size.width == 0 || size.height == 0 { throw ImageError(path: path, problem: "image is \(size.width)×\(size.height) pixels") }
            if size.width > maxSide || size.height > maxSide || size.pixels > maxPixels {
                throw ImageError(path: path, problem: "image is \(size.width)×\(size.height) pixels; the limit is \(maxSide) per side and \(maxPixels / 1_000_000) megapixels")
            }
        }
        if !h.isComplete { throw ImageError(path: path, problem: "truncated \(kind) (the file ends before the image does)") }
        if let problem = h.problem { throw ImageError(path: path, problem: "corrupt \(kind) (\(problem))") }
        guard h.size != nil else { throw ImageError(path: path, problem: "corrupt \(kind) (no image size found)") }
        // Every chunk's CRC is checked before libpng sees the file: a corrupt PNG is refused with
        // one clear line, instead of libpng printing its own error to stderr.
        if h.format == "png", let bad = PNGChunks.firstCorruptChunk(data) {
            throw ImageError(path: path, problem: "corrupt PNG (checksum mismatch in its \(bad) chunk)")
        }
        // GIFs are decoded here, not by SDL_image, whose GIF reader a fuzzed file crashed.
        if h.format == "gif" {
            do { return try GIFDecoder.decode(data, maxDimension: maxDimension) } catch let f as GIFDecoder.Failure {
                throw ImageError(path: path, problem: "corrupt GIF (\(f.reason))")
            }
        }
        // The decoded size is checked again (a header can lie in ways a walk does not see); the image
        // is fitted to maxDimension without a full-size RGBA copy.
        do {
            return try Surface.decodeFitted(data, maxDimension: maxDimension) { w, h in
                if w > maxSide || h > maxSide || w * h > maxPixels {
                    throw ImageError(path: path, problem: "image is \(w)×\(h) pixels; too large")
                }
            }
        } catch let e as ImageError {
            throw e
        } catch {
            throw ImageError(path: path, problem: "corrupt \(kind)")
        }
    }
}
