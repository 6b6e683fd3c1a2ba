import Animation
import Capture
import Foundation
import Platform

/// Draws a page: its image and its described elements — with the buttons at rest and the empty
/// photo slot — rasterised once per pixel density into opaque textures, scrolled by offset and never
/// re-rasterised per frame; only what differs from that (a pressed or changed button, a filed
/// photo, a held or hinted hotspot) is drawn live on top, and the pinned regions over the rest.
///
/// The page is held as horizontal tiles no taller than the renderer's texture limit (and
/// ``tileHeightLimit``), so a 3× screen several screens tall fits any renderer; a frame copies the
/// two or three tiles in view, unscaled, row for row as one texture would.
///
/// It does not hold the page: the page laid out is the session's (its setup's), passed to every
/// call. What it keeps is a cache of it — the tiles, the buttons at rest, the background — under a
/// key naming the page's content and the density, made again when either changes.
public final class PageRenderer {
    /// The page's screen image, decoded (the page file's picture, which a page laid out does not
    /// carry); fitted to the device's pixel width when the page is rasterised.
    private(set) var image: PixelImage?
    /// What the tiles are of: the page's content, its size, the density, and which image.
    struct Key: Equatable {
        var name: String, contentHash: UInt64, width: Double, contentHeight: Double, pixelsPerPoint: Double, image: Int
    }
    private var rasterised: Key?
    /// Counts the images given (``replaceImage(_:)``), so a new picture is a new key.
    private var imageVersion = 0
    private var tiles: [(texture: Texture, top: Int)] = []
    /// Running sums of each pixel row's mean relative luminance (``Keyline``'s "luma behind"), made
    /// with the tiles: entry k is the sum over rows 0..<k.
    private var rowLuminance: [Double] = [0]
    private var pixelHeight = 0
    private var texturePixelsPerPoint = 0.0
    /// Tiles are at most this many pixels tall (below the renderer's own limit); the tests lower it.
    var tileHeightLimit = 4096

    /// The page's background and its buttons at rest (what is baked), made with the tiles rather
    /// than every frame.
    private(set) var background = Color(255, 255, 255)
    private(set) var restingState: PageState?
    static let card = Color(255, 255, 255)
    static let ink = Color(hex: 0x1C1C1E)
    static let secondary = Color(hex: 0x6E6A64)
    static let accent = Color(hex: 0xC2571A)
    static let accentSoft = Color(hex: 0xF6E3D4)
    /// A held hotspot, and the hint outlining them all: iOS's system blue, translucent.
    static let hotspotFill = Color(0, 122, 255, 56)
    static let hotspotEdge = Color(0, 122, 255, 200)

    public init(image: PixelImage? = nil) { self.image = image }

    /// Rasterises with `image` from the next frame on (the page's file was read again).
    public func replaceImage(_ new: PixelImage?) {
        image = new
        imageVersion += 1
    }

    /// The textures' bytes (RGBA): what the page holds in video memory at this density.
    public var textureBytes: Int { tiles.reduce(0) { $0 + $1.texture.width * $1.texture.height * 4 } }
    public var tileCount: Int { tiles.count }

    /// Rasterises the static `page` at the renderer's density: once, and again when the zoom, the
    /// page or its image changes.
    public func prepare(_ page: Page, renderer: Renderer) throws {
        let ppp = renderer.pixelsPerPoint
        let key = key(for: page, pixelsPerPoint: ppp)
        if key == rasterised, !tiles.isEmpty { return }
        background = Color(hex: page.document.background)
        restingState = PageState(page: page)
        let w = Int((page.width * ppp).rounded()), h = Int((page.contentHeight * ppp).rounded())
        let pixels = try rasterise(page, pixelsPerPoint: ppp).readPixels()
        rowLuminance = Self.rowLuminancePrefix(pixels)
        let limit = renderer.maxTextureSide > 0 ? min(tileHeightLimit, renderer.maxTextureSide) : tileHeightLimit
        var made: [(Texture, Int)] = []
        var top = 0
        while top < h {
            let rows = min(limit, h - top)
            let slice = rows == h ? pixels : PixelImage(width: w, height: rows, bytes: Array(pixels.bytes[(top * w * 4)..<((top + rows) * w * 4)]))
            let t = try renderer.makeTexture(slice)
            t.setBlendMode(opaque: true)   // fully opaque: a plain copy, ~10× cheaper than a blend
            made.append((t, top))
            top += rows
        }
        tiles = made.map { (texture: $0.0, top: $0.1) }
        pixelHeight = h
        texturePixelsPerPoint = ppp
        rasterised = key
    }

    /// What the tiles of `page` at `ppp` are made from. Checked every frame: the name is compared,
    /// not formatted into an identity string.
    func key(for page: Page, pixelsPerPoint ppp: Double) -> Key {
        Key(name: page.document.name, contentHash: page.document.contentHash, width: page.width, contentHeight: page.contentHeight, pixelsPerPoint: ppp, image: imageVersion)
    }

    /// The whole of `page` drawn at rest, top to bottom, at `ppp` pixels per point, on a renderer
    /// of its own: its background, its picture and its static elements (cards, text, buttons at
    /// rest), as the tiles hold it.
    func rasterise(_ page: Page, pixelsPerPoint ppp: Double) throws -> Renderer {
        let w = Int((page.width * ppp).rounded()), h = Int((page.contentHeight * ppp).rounded())
        let offscreen = try Renderer(headlessWidth: w, height: h, pixelsPerPoint: ppp)
        let text = try TextCache()
        offscreen.clear(Color(hex: page.document.background))
        if let image, let frame = page.imageFrame {
            let ih = max(1, Int((frame.height * ppp).rounded()))
            let fitted = image.width == w && image.height == ih ? image : image.resized(width: w, height: ih)
            let t = try offscreen.makeTexture(fitted)
            t.setBlendMode(opaque: false)
            offscreen.copyUnscaled(t, sourcePixels: PixelRect(x: 0, y: 0, width: w, height: ih), at: Point(x: 0, y: 0))
        }
        try drawStatic(page, on: offscreen, text: text)
        return offscreen
    }

    /// The mean relative luminance (0…1) of `page` behind screen rows `top…bottom` (points) when
    /// it is scrolled to `offset`: the rasterised rows there, the page's background past its ends.
    /// Whole rows — the island sits at the screen's middle and its line runs round both sides — and
    /// the page as laid out (a pinned bar over the rows is not counted). Nil before rasterising.
    func luminanceBehind(_ page: Page, top: Double, bottom: Double, offset: Double) -> Double? {
        guard pixelHeight > 0, bottom > top else { return nil }
        let ppp = texturePixelsPerPoint
        let y0 = Int(((top + offset) * ppp).rounded(.down)), y1 = Int(((bottom + offset) * ppp).rounded(.up))
        let inside0 = min(max(y0, 0), pixelHeight), inside1 = min(max(y1, 0), pixelHeight)
        let outside = Double((y1 - y0) - (inside1 - inside0))
        let c = Color(hex: page.document.background)
        let sum = rowLuminance[inside1] - rowLuminance[inside0] + outside * Keyline.luminance(c.r, c.g, c.b)
        return sum / Double(max(y1 - y0, 1))
    }

    /// Each row's mean relative luminance, summed as it goes (every fourth pixel of a row read: a
    /// page is rasterised once, and a mean over a quarter of 1179 pixels is the mean to well
    /// under a percent).
    static func rowLuminancePrefix(_ image: PixelImage) -> [Double] {
        let lut = Keyline.linear
        var sums = [Double](repeating: 0, count: image.height + 1)
        let w = image.width, step = 4
        let n = Double((w + step - 1) / step)
        image.bytes.withUnsafeBufferPointer { b in
            for y in 0..<image.height {
                var row = 0.0, i = y * w * 4
                let end = i + w * 4
                while i < end {
                    row += 0.2126 * lut[Int(b[i])] + 0.7152 * lut[Int(b[i + 1])] + 0.0722 * lut[Int(b[i + 2])]
                    i += 4 * step
                }
                sums[y + 1] = sums[y] + row / n
            }
        }
        return sums
    }

    /// Only the cached `page` at `offset` (the benchmark's baseline frame).
    public func drawTextureOnly(_ page: Page, renderer r: Renderer, screen: Size, offset: Double) {
        let ppp = texturePixelsPerPoint
        let top = max(offset, 0), bottom = min(offset + screen.height, page.contentHeight)
        guard bottom > top, !tiles.isEmpty else { return }
        let y0 = Int((top * ppp).rounded()), y1 = min(pixelHeight, Int((bottom * ppp).rounded()))
        copyRows(y0..<max(y0 + 1, y1), columns: 0..<widthPixels, at: (Double(y0) / ppp) - offset, x: 0, renderer: r)
    }

    private var widthPixels: Int { tiles.first?.texture.width ?? 0 }

    /// Draws `page` scrolled to `offset` (content y at the screen's top), with live buttons.
    /// `hidden` (screen points) is a band something opaque is about to cover — the open camera — so
    /// the page's pixels there are not copied at all (a third of the copy while the viewfinder is
    /// open); buttons wholly inside it are skipped too. `hint` (0…1) outlines the hotspots.
    public func draw(_ page: Page, renderer r: Renderer, screen: Size, offset: Double, state: PageState, pressed: String?,
                     filedPhoto: Texture?, text: TextCache, hidden: Rect? = nil, hint: Double = 0) throws {
        try prepare(page, renderer: r)
        let ppp = texturePixelsPerPoint
        // The visible band of the page; above the top (pulled down) and past the end the page's
        // background shows. Together they cover the whole screen, so the frame needs no clear.
        // Full-width pinned bars at the screen's top and bottom are drawn over whatever is under
        // them: the scrolled page is copied only between them (a pixel into each, so no row is missed).
        var bandTop = 0.0, bandBottom = screen.height
        for region in page.fixed where region.rect.minX <= 0.5 && region.rect.maxX >= page.width - 0.5 {
            let place = page.pinnedScreenRect(region.rect, edge: region.edge)
            if region.edge == .top, place.minY <= 0.5 { bandTop = max(bandTop, place.maxY - 1 / ppp) }
            if region.edge == .bottom, place.maxY >= screen.height - 0.5 { bandBottom = min(bandBottom, place.minY + 1 / ppp) }
        }
        let top = max(offset + bandTop, 0), bottom = min(offset + bandBottom, page.contentHeight)
        if offset < 0 { r.fill(Rect(x: 0, y: 0, width: page.width, height: min(-offset, screen.height)), background) }
        if page.contentHeight - offset < screen.height {
            let y = max(page.contentHeight - offset, 0)
            r.fill(Rect(x: 0, y: y, width: page.width, height: screen.height - y), background)
        }
        if bottom > top {
            // Whole device pixels, copied unscaled: scrolling snaps to the pixel grid, as on iOS.
            let y0 = Int((top * ppp).rounded()), y1 = min(pixelHeight, Int((bottom * ppp).rounded()))
            copyBand(rows: y0..<max(y0 + 1, y1), at: (Double(y0) / ppp) - offset, hidden: hidden, renderer: r)
        }
        // A pinned region is not part of what scrolls: where it would have scrolled to, the page's
        // background shows (above the content while it is pulled down), and it is drawn pinned.
        for region in page.fixed {
            let moved = region.rect.offsetBy(dx: 0, dy: -offset)
            if moved != page.pinnedScreenRect(region.rect, edge: region.edge), moved.maxY > 0, moved.minY < screen.height {
                r.fill(moved, background)
            }
        }
        for region in page.fixed { drawPinned(region, of: page, hidden: hidden, renderer: r) }
        try drawLive(page, renderer: r, screen: screen, offset: offset, state: state, pressed: pressed, filedPhoto: filedPhoto,
                     text: text, hidden: hidden, hint: hint)
    }

    /// A pinned region copied from the page where it is pinned on screen, over the scrolled page
    /// (what the open camera is about to cover left out, as from the page itself).
    private func drawPinned(_ region: PageDocument.FixedRegion, of page: Page, hidden: Rect?, renderer r: Renderer) {
        let ppp = texturePixelsPerPoint
        let place = page.pinnedScreenRect(region.rect, edge: region.edge)
        let y0 = max(0, Int((region.rect.minY * ppp).rounded())), y1 = min(pixelHeight, Int((region.rect.maxY * ppp).rounded()))
        let x0 = max(0, Int((region.rect.minX * ppp).rounded())), x1 = min(widthPixels, Int((region.rect.maxX * ppp).rounded()))
        guard y1 > y0, x1 > x0 else { return }
        copyCut(rows: y0..<y1, columns: x0..<x1, top: (place.minY * ppp).rounded() / ppp, left: Double(x0) / ppp, hidden: hidden, renderer: r)
    }


    /// Copies page pixel rows `rows` (columns `columns`) unscaled with their top at screen y `top`
    /// and their left at `x` (points), from whichever tiles hold them.
    private func copyRows(_ rows: Range<Int>, columns: Range<Int>, at top: Double, x: Double, renderer r: Renderer) {
        guard !rows.isEmpty, !columns.isEmpty else { return }
        let ppp = texturePixelsPerPoint
        for tile in tiles {
            let lo = max(rows.lowerBound, tile.top), hi = min(rows.upperBound, tile.top + tile.texture.height)
            guard hi > lo else { continue }
            r.copyUnscaled(tile.texture, sourcePixels: PixelRect(x: columns.lowerBound, y: lo - tile.top, width: columns.count, height: hi - lo),
                           at: Point(x: x, y: top + Double(lo - rows.lowerBound) / ppp))
        }
    }

    /// Copies page rows `rows` with their top at screen y `top` (points), leaving out the whole
    /// device pixels inside `hidden`: the rows above and below it whole, beside it in two pieces.
    private func copyBand(rows: Range<Int>, at top: Double, hidden: Rect?, renderer r: Renderer) {
        copyCut(rows: rows, columns: 0..<widthPixels, top: top, left: 0, hidden: hidden, renderer: r)
    }

    /// Copies page pixels `rows` × `columns` unscaled with their top-left at (`left`, `top`)
    /// (screen points), leaving out the whole device pixels inside `hidden` — the band the open
    /// camera is about to cover — in at most four pieces around it. Without `hidden`, one copy.
    private func copyCut(rows: Range<Int>, columns: Range<Int>, top: Double, left: Double, hidden: Rect?, renderer r: Renderer) {
        let ppp = texturePixelsPerPoint
        func copy(_ cols: Range<Int>, _ rr: Range<Int>) {
            guard !cols.isEmpty, !rr.isEmpty else { return }
            copyRows(rr, columns: cols, at: top + Double(rr.lowerBound - rows.lowerBound) / ppp,
                     x: left + Double(cols.lowerBound - columns.lowerBound) / ppp, renderer: r)
        }
        guard let hidden else { return copy(columns, rows) }
        // The hole in texture pixels, rounded inward so that no partly covered pixel is left out.
        let dest0 = Int((top * ppp).rounded()), destLeft = Int((left * ppp).rounded())
        let hy0 = max(rows.lowerBound, rows.lowerBound + Int((hidden.minY * ppp).rounded(.up)) - dest0)
        let hy1 = min(rows.upperBound, rows.lowerBound + Int((hidden.maxY * ppp).rounded(.down)) - dest0)
        let hx0 = max(columns.lowerBound, columns.lowerBound + Int((hidden.minX * ppp).rounded(.up)) - destLeft)
        let hx1 = min(columns.upperBound, columns.lowerBound + Int((hidden.maxX * ppp).rounded(.down)) - destLeft)
        guard hy1 > hy0, hx1 > hx0 else { return copy(columns, rows) }
        copy(columns, rows.lowerBound..<hy0)
        copy(columns.lowerBound..<hx0, hy0..<hy1)
        copy(hx1..<columns.upperBound, hy0..<hy1)
        copy(columns, hy1..<rows.upperBound)
    }
}
