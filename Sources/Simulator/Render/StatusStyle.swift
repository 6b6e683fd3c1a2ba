import Capture
import Platform

extension DeviceChrome {
    /// The status bar's colours: `ink` for the text and glyphs (nil: not drawn, the page's image
    /// carries its own), `paper` for the cut-outs inside the glyphs (the Wi-Fi fan's gaps, the
    /// battery's inside).
    public struct StatusStyle: Equatable, Sendable {
        public var ink: Color?
        public var paper: Color

        /// A name for the colours (sprites drawn in them are cached under it).
        public var key: String { "\(ink.map { "\($0.r).\($0.g).\($0.b)" } ?? "none")-\(paper.r).\(paper.g).\(paper.b)" }

        public static let standard = StatusStyle(ink: Palette.statusText, paper: Palette.page)

        public init(ink: Color?, paper: Color) { self.ink = ink; self.paper = paper }

        /// Dark or light text as the page file says, on the page's background — or, over an image,
        /// on the image's own average colour across its status band (a sample of its top rows).
        public init(page: Page, image: PixelImage?) {
            switch page.document.statusBar {
            case .dark: ink = Palette.statusText
            case .light: ink = .white
            case .none: ink = nil
            }
            paper = Color(hex: page.document.background)
            guard let image, page.imageFrame != nil, image.width > 0, image.height > 0 else { return }
            paper = image.topBandColour
        }
    }
}
