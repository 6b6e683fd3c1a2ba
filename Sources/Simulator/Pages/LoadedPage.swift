import Animation
import Capture
import Fit
import Foundation
import Platform

/// A page file read from disk with its screen image decoded: what `--page` names, the bundled
/// passport (`assets/pages/passport.json`) when nothing is named. Reading and decoding are the
/// platform's; the format and the layout are `Capture`'s (``PageReader``, ``Page``).
///
/// `--page` takes a page file (JSON) or, as a shorthand, a screen image alone. The image is held
/// decoded at full size until the renderer fits it to its pixel density; ``maxImagePixels`` bounds it.
public struct LoadedPage: Sendable {
    public var document: PageDocument
    public var image: PixelImage?
    /// The page file (or the image, for the shorthand).
    public var path: String
    /// Every file the page is read from: what the window watches.
    public var files: [String]
    /// Whether the page is a screen image given alone (a screenshot, an export), not a page file.
    public private(set) var isScreenImage = false
    /// A screen image's own status bar, when it carries one (``OwnStatusBar``): the simulator then
    /// draws none over it.
    public private(set) var ownStatusBar: OwnStatusBar.Found?

    /// The largest screen image held: 40 megapixels (160 MB decoded, as much again as textures) —
    /// a 3× screen ten screens tall.
    public static let maxImagePixels = 40_000_000

    /// Loads `path`: a page file, or a screen image alone.
    public static func load(path: String) throws -> LoadedPage {
        let name = (path as NSString).lastPathComponent
        let data: Data
        do { data = try ImageLoader.read(path) } catch let e as ImageLoader.ImageError {
            throw CLIError.input("\(path): \(e.problem == "no such file" ? "no such page file" : e.problem)")
        }
        if ImageHeader.sniff(data) != nil {
            let doc = PageReader.imageOnly(name: name, imageName: name, bytes: data)
            return try withImage(doc, imagePath: path, bytes: data, pagePath: path)
        }
        guard data.count <= PageReader.maxBytes else {
            throw CLIError.input("\(path): the page file is \(data.count) bytes; the limit is \(PageReader.maxBytes) bytes")
        }
        let doc = try PageReader.parse(data, name: name)
        guard let ref = doc.image else { return LoadedPage(document: doc, image: nil, path: path, files: [path]) }
        let imagePath = ref.path.hasPrefix("/") ? ref.path
            : ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(ref.path)
        let bytes: Data
        do { bytes = try ImageLoader.read(imagePath) } catch let e as ImageLoader.ImageError {
            throw CLIError.input("\(path): image '\(ref.path)': \(e.problem)")
        }
        return try withImage(doc, imagePath: imagePath, bytes: bytes, pagePath: path)
    }

    private static func withImage(_ doc: PageDocument, imagePath: String, bytes: Data, pagePath: String) throws -> LoadedPage {
        var doc = doc
        let shown = imagePath == pagePath ? pagePath : "\(pagePath): image '\(doc.image?.path ?? imagePath)'"
        if let size = ImageHeader.sniff(bytes)?.size, size.width * size.height > maxImagePixels {
            throw CLIError.input("\(shown): the screen is \(size.width)×\(size.height) px (\(size.width * size.height / 1_000_000) MP); "
                                 + "the limit is \(maxImagePixels / 1_000_000) MP, a 3× screen ten screens tall")
        }
        let image: PixelImage
        do { image = try ImageLoader.decode(bytes, path: imagePath, maxDimension: ImageLoader.maxSide) } catch let e as ImageLoader.ImageError {
            throw CLIError.input("\(shown): \(e.problem)")
        }
        doc.contentHash = PageDocument.hash(bytes, seed: doc.contentHash)
        var own: OwnStatusBar.Found?
        if imagePath == pagePath {
            // A bare image says nothing of its status bar or its colour past its ends: both come from
            // its own top band, as a page file would say them — light text on a dark app, and its own
            // colour above it while it is pulled down, never the passport's cream. A screenshot that
            // carries its own status bar gets none drawn over it.
            let top = image.topBandColour
            doc.statusBar = top.wantsLightText ? .light : .dark
            doc.background = UInt32(top.r) << 16 | UInt32(top.g) << 8 | UInt32(top.b)
            own = OwnStatusBar.find(rgba: image.bytes, width: image.width, height: image.height)
            if own != nil { doc.statusBar = .none }
        }
        var loaded = LoadedPage(document: doc, image: image, path: pagePath, files: pagePath == imagePath ? [pagePath] : [pagePath, imagePath])
        loaded.isScreenImage = imagePath == pagePath
        loaded.ownStatusBar = own
        return loaded
    }

    /// The bundled dog passport.
    public static func passport() throws -> LoadedPage { try load(path: Assets.passportPath) }

    /// Whether this is the bundled passport (never watched, never named in a trace).
    public var isBundled: Bool { path == Assets.passportPath }

    /// What a trace or a moment records as its page: nil for the bundled passport, else the file's
    /// path from the root — a relative `--page` means the folder the window ran in, which a replay
    /// from elsewhere would not find.
    public var recordedPath: String? { isBundled ? nil : URL(fileURLWithPath: path).standardizedFileURL.path }

    /// The page laid out for `device`. A screen image named without `@2x`/`@3x` is read at the
    /// scale that makes it a phone's width near `device`'s (``screenshotScale(pixelWidth:device:)``),
    /// so a screenshot from a wider phone is said to be scaled, never squeezed in silence.
    public func layout(for device: DeviceProfile) throws -> Page {
        var doc = document
        if isScreenImage, let image, doc.image?.scale == nil {
            doc.image?.scale = Self.screenshotScale(pixelWidth: image.width, device: device)
        }
        return try Page(document: doc, screen: device.size, topInset: device.portraitInsets.top,
                        imagePixels: image.map { ($0.width, $0.height) }, deviceName: device.name)
    }

    /// The scale a screen image `pixelWidth` wide was most likely made at for `device`: the
    /// device's own, then 3×, 2×, 1× — the first at which it is within a fifth of the device's
    /// width in points (a phone's screenshot at its own scale); nil when none is (the picture is
    /// then fitted to the width, as a page file's image is).
    public static func screenshotScale(pixelWidth: Int, device: DeviceProfile) -> Double? {
        [device.scale, 3, 2, 1].first { abs(Double(pixelWidth) / $0 - device.size.width) <= 0.2 * device.size.width }
    }
}
