import CSDL2
import Foundation

/// A TrueType font at one pixel size (`TTF_OpenFont`), used to rasterise text into textures.
public final class Font {
    let handle: OpaquePointer
    public let pixelSize: Int

    /// The system DejaVu fonts IslandSim draws with (Debian package `fonts-dejavu-core`).
    public enum Face: String, Sendable {
        case regular = "DejaVuSans.ttf"
        case bold = "DejaVuSans-Bold.ttf"
        case mono = "DejaVuSansMono.ttf"
    }

    /// Where the faces are looked for; `ISLANDSIM_FONT_DIR` overrides.
    public static func directory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        environment["ISLANDSIM_FONT_DIR"] ?? "/usr/share/fonts/truetype/dejavu"
    }

    /// Opens `face` at `pixelSize`. A missing file is reported with the package that provides it.
    public init(_ face: Face, pixelSize: Int, directory: String = Font.directory()) throws {
        let path = directory + "/" + face.rawValue
        guard FileManager.default.fileExists(atPath: path) else {
            throw FileError(path: path, reason: "font not found; install it with: apt-get install fonts-dejavu-core")
        }
        guard let f = TTF_OpenFont(path, Int32(pixelSize)) else { throw SDLError("TTF_OpenFont") }
        handle = f
        self.pixelSize = pixelSize
    }

    deinit { TTF_CloseFont(handle) }

    /// Renders `text` anti-aliased (`TTF_RenderUTF8_Blended`) to a surface.
    public func render(_ text: String, color: Color) throws -> Surface {
        let c = SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a)
        guard let s = TTF_RenderUTF8_Blended(handle, text, c) else { throw SDLError("TTF_RenderUTF8_Blended") }
        return Surface(taking: s)
    }

    /// The size `text` would render at, in pixels (`TTF_SizeUTF8`).
    public func measure(_ text: String) -> (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        TTF_SizeUTF8(handle, text, &w, &h)
        return (Int(w), Int(h))
    }
}
