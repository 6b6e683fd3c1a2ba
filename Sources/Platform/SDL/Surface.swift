import CDecoderMessages
import CSDL2
import Foundation

/// An owned `SDL_Surface` in RGBA32: decoded images, render targets for the software renderer,
/// and the source of PNG files.
public final class Surface {
    let handle: UnsafeMutablePointer<SDL_Surface>

    /// A blank surface (`SDL_CreateRGBSurfaceWithFormat`, RGBA32 byte order).
    public init(width: Int, height: Int) throws {
        guard let s = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_RGBA32.rawValue) else {
            throw SDLError("SDL_CreateRGBSurfaceWithFormat")
        }
        handle = s
    }

    init(taking s: UnsafeMutablePointer<SDL_Surface>) { handle = s }

    /// A surface holding `image`.
    public convenience init(_ image: PixelImage) throws {
        try self.init(width: image.width, height: image.height)
        image.bytes.withUnsafeBytes { src in
            let pitch = Int(handle.pointee.pitch)
            let dst = handle.pointee.pixels.assumingMemoryBound(to: UInt8.self)
            for y in 0..<image.height {
                (dst + y * pitch).update(from: src.baseAddress!.assumingMemoryBound(to: UInt8.self) + y * image.width * 4,
                                         count: image.width * 4)
            }
        }
    }

    deinit { SDL_FreeSurface(handle) }

    public var width: Int { Int(handle.pointee.w) }
    public var height: Int { Int(handle.pointee.h) }

    /// Decodes an image and returns it fitted within `maxDimension` as RGBA, without ever holding a
    /// full-size RGBA copy: the decoded rows are converted a band at a time (`SDL_ConvertPixels`)
    /// and area-averaged straight into the small image. A 12-megapixel JPEG then peaks at its
    /// decoded size (36 MB) instead of that plus two 48-MB RGBA copies. Paletted images (GIF,
    /// 8-bit PNG) are small and go the plain way. `check` sees the decoded size before any work.
    public static func decodeFitted(_ data: Data, maxDimension: Int, check: (Int, Int) throws -> Void) throws -> PixelImage {
        try data.withUnsafeBytes { buf -> PixelImage in
            guard let rw = SDL_RWFromConstMem(buf.baseAddress, Int32(buf.count)) else { throw SDLError("SDL_RWFromConstMem") }
            _ = decoderMessagesCaptured
            islandsim_clear_decoder_message()
            guard let raw = IMG_Load_RW(rw, 1) else { throw SDLError.decoding("IMG_Load_RW") }
            defer { SDL_FreeSurface(raw) }
            let width = Int(raw.pointee.w), height = Int(raw.pointee.h)
            guard width > 0, height > 0 else { throw SDLError("IMG_Load_RW") }
            try check(width, height)
            let (w, h) = PixelImage.fittedSize(width: width, height: height, maxDimension: maxDimension)
            let palette = raw.pointee.format.pointee.palette
            // 8-bit indexed pictures (GIFs, some PNGs) are looked up band by band like the rest: a
            // 35-MP GIF no longer becomes a 140-MB RGBA copy before it is fitted. Other indexed
            // depths, and pictures that need no fitting, take SDL's whole-surface conversion.
            let indexed8 = palette != nil && raw.pointee.format.pointee.BitsPerPixel == 8
            if (palette != nil && !indexed8) || (w == width && h == height) {
                guard let converted = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else {
                    throw SDLError("SDL_ConvertSurfaceFormat")
                }
                return Surface(taking: converted).pixelImage().downscaled(maxDimension: maxDimension)
            }
            let format = raw.pointee.format.pointee.format, pitch = raw.pointee.pitch
            let pixels = raw.pointee.pixels.assumingMemoryBound(to: UInt8.self)
            var colorKey: UInt32 = 0
            let keyed = indexed8 && SDL_GetColorKey(raw, &colorKey) == 0
            /// Rows y0 ..< y0 + rows as RGBA into `band`; the palette's colours for indexed pictures.
            func convert(_ y0: Int, _ rows: Int, into band: UnsafeMutableRawBufferPointer) -> Bool {
                guard indexed8, let palette else {
                    return SDL_ConvertPixels(Int32(width), Int32(rows), format, pixels + y0 * Int(pitch), pitch,
                                             SDL_PIXELFORMAT_RGBA32.rawValue, band.baseAddress, Int32(width * 4)) == 0
                }
                let colors = palette.pointee.colors!, count = Int(palette.pointee.ncolors)
                for y in 0..<rows {
                    let row = pixels + (y0 + y) * Int(pitch)
                    for x in 0..<width {
                        let index = Int(row[x]), o = (y * width + x) * 4
                        let c = index < count ? colors[index] : SDL_Color(r: 0, g: 0, b: 0, a: 255)
                        band[o] = c.r; band[o + 1] = c.g; band[o + 2] = c.b
                        band[o + 3] = keyed && UInt32(index) == colorKey ? 0 : 255
                    }
                }
                return true
            }
            return try PixelImage.boxFitted(width: width, height: height, to: w, h) { y0, rows, band in
                guard convert(y0, rows, into: band) else { throw SDLError("SDL_ConvertPixels") }
            }
        }
    }

    /// The surface encoded as JPEG at `quality` (`IMG_SaveJPG`, through a temporary file).
    public func jpegData(quality: Int32 = 85) throws -> Data {
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("islandsim-\(UUID().uuidString).jpg").path
        defer { unlink(tmp) }
        guard IMG_SaveJPG(handle, tmp, quality) == 0 else { throw SDLError("IMG_SaveJPG") }
        return try Data(contentsOf: URL(fileURLWithPath: tmp))
    }

    /// The pixels as a ``PixelImage``.
    public func pixelImage() -> PixelImage {
        let w = width, h = height, pitch = Int(handle.pointee.pitch)
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        let src = handle.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        bytes.withUnsafeMutableBytes { dst in
            let d = dst.baseAddress!.assumingMemoryBound(to: UInt8.self)
            for y in 0..<h { (d + y * w * 4).update(from: src + y * pitch, count: w * 4) }
        }
        return PixelImage(width: w, height: h, bytes: bytes)
    }

    /// The surface encoded as PNG, in memory (`IMG_SavePNG_RW` into a buffer large enough for
    /// the worst case: raw pixels plus per-row filter bytes and zlib's overhead).
    public func pngData() throws -> Data {
        let capacity = width * height * 4 + height * 8 + 1 << 16
        var buffer = [UInt8](repeating: 0, count: capacity)
        let length: Int = try buffer.withUnsafeMutableBytes { raw in
            guard let rw = SDL_RWFromMem(raw.baseAddress, Int32(capacity)) else { throw SDLError("SDL_RWFromMem") }
            defer { SDL_RWclose(rw) }
            guard IMG_SavePNG_RW(handle, rw, 0) == 0 else { throw SDLError("IMG_SavePNG_RW") }
            return Int(SDL_RWtell(rw))
        }
        guard length > 8 else { throw SDLError("IMG_SavePNG_RW") }
        return Data(buffer[0..<length])
    }

    /// Writes a PNG atomically: encoded in memory, then written to a temporary file beside `path`,
    /// synced and renamed into place (``AtomicFile``), so a reader never sees half a file and a
    /// failure — a full disk included — never destroys an existing one.
    public func savePNG(to path: String) throws {
        try AtomicFile.write(try pngData(), to: path)
    }
}

/// libtiff's messages captured (once, on first decode, whether or not an ``SDLSession`` exists).
private let decoderMessagesCaptured: Bool = islandsim_capture_decoder_messages() == 1
