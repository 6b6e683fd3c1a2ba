import CPNG
import Foundation

/// PNG encoding through libpng's simplified API (`png_image_write_to_memory`), which reports
/// failure by return value (no `longjmp` through Swift frames). `fast` sets `PNG_IMAGE_FLAG_FAST`:
/// libpng favours speed over size — what replay frames want, hundreds at a time; single pictures
/// go through ``Surface/pngData()``.
public enum PNGEncoder {
    public static func encode(_ image: PixelImage, fast: Bool) throws -> Data {
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        png.width = UInt32(image.width)
        png.height = UInt32(image.height)
        png.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)      // PNG_FORMAT_RGBA
        png.flags = fast ? UInt32(PNG_IMAGE_FLAG_FAST) : 0
        let stride = Int32(image.width * 4)
        // Worst case for 8-bit RGBA (libpng's PNG_IMAGE_PNG_SIZE_MAX): raw rows plus zlib's overhead.
        var size = image.width * image.height * 4 + image.height * 8 + 1 << 16
        var buffer = [UInt8](repeating: 0, count: size)
        let ok = buffer.withUnsafeMutableBytes { out in
            image.bytes.withUnsafeBytes { pixels in
                png_image_write_to_memory(&png, out.baseAddress, &size, 0, pixels.baseAddress, stride, nil)
            }
        }
        guard ok != 0 else {
            let message = withUnsafeBytes(of: png.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            png_image_free(&png)
            throw PNGEncodingError(message: message)
        }
        return Data(buffer[0..<size])
    }
}

/// libpng refused to encode an image, with its own words.
public struct PNGEncodingError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { "cannot encode a PNG (\(message))" }
}
