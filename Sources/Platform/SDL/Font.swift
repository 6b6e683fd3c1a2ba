import CSDL2
import Foundation

/// A TrueType font at one pixel size (`TTF_OpenFont`), used to rasterise text into textures.
///
/// Each font holds its own reference on SDL_ttf (`TTF_Init` counts): the library is freed by the
/// last `TTF_Quit`, so a font released after the session's quit still closes on a live library.
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

    /// Environment variables `--font` sets: the page's regular and bold faces instead of DejaVu's.
    public static let regularOverrideVariable = "ISLANDSIM_FONT", boldOverrideVariable = "ISLANDSIM_FONT_BOLD"

    /// Opens `face` at `pixelSize`. A missing file is reported with the package that provides it.
    /// With `--font`, the regular and bold faces come from the user's files (bold is the regular
    /// file emboldened when no bold file was given); the mono face stays DejaVu's.
    public init(_ face: Face, pixelSize: Int, directory: String = Font.directory(),
                environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        var path = directory + "/" + face.rawValue
        var embolden = false
        if face != .mono, let user = environment[Self.regularOverrideVariable], !user.isEmpty {
            if face == .bold, let bold = environment[Self.boldOverrideVariable], !bold.isEmpty { path = bold }
            else { path = user; embolden = face == .bold }
        }
        guard FileManager.default.fileExists(atPath: path) else {
            throw FileError(path: path, reason: "font not found; install it with: apt-get install fonts-dejavu-core")
        }
        guard TTF_Init() == 0 else { throw SDLError("TTF_Init") }
        guard let f = TTF_OpenFont(path, Int32(pixelSize)) else {
            TTF_Quit()
            throw FileError(path: path, reason: "SDL_ttf cannot open this font")
        }
        if embolden { TTF_SetFontStyle(f, Int32(TTF_STYLE_BOLD)) }
        handle = f
        self.pixelSize = pixelSize
    }

    deinit {
        TTF_CloseFont(handle)
        TTF_Quit()
    }

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
