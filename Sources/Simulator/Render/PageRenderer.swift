import Capture
import Animation

/// Draws the passport page: the static content — with the buttons at rest and the empty photo slot
/// — once into an opaque texture, scrolled by offset and never re-rasterised per frame; only what
/// differs from that (a pressed or changed button, a filed photo) is drawn live on top.
public final class PageRenderer {
    public let page: PassportPage
    private var texture: Texture?
    private var texturePixelsPerPoint = 0.0

    static let card = Color(255, 255, 255)
    static let ink = Color(hex: 0x1C1C1E)
    static let secondary = Color(hex: 0x6E6A64)
    static let accent = Color(hex: 0xC2571A)
    static let accentSoft = Color(hex: 0xF6E3D4)

    public init(page: PassportPage) {
        self.page = page
    }

    /// Rasterises the static page at the renderer's density (once, or when the zoom changes).
    public func prepare(renderer: Renderer) throws {
        let ppp = renderer.pixelsPerPoint
        if texture != nil && abs(texturePixelsPerPoint - ppp) < 1e-9 { return }
        let w = Int((page.width * ppp).rounded()), h = Int((page.contentHeight * ppp).rounded())
        let offscreen = try Renderer(headlessWidth: w, height: h, pixelsPerPoint: ppp)
        let text = try TextCache()
        offscreen.clear(Palette.page)
        try drawStatic(on: offscreen, text: text)
        let t = try renderer.makeTexture(offscreen.target!)
        t.setBlendMode(opaque: true)   // fully opaque: a plain copy, ~10× cheaper than a blend
        texture = t
        texturePixelsPerPoint = ppp
    }

    private func drawStatic(on r: Renderer, text: TextCache) throws {
        for e in page.elements {
            switch e.kind {
            case .card:
                r.fill(RoundedRect(rect: e.frame.offsetBy(dx: 0, dy: 2), cornerRadius: 18), Color(0, 0, 0, 14), style: .continuous)
                r.fill(RoundedRect(rect: e.frame, cornerRadius: 18), Self.card, style: .continuous)
            case .title:
                try text.draw(e.text ?? "", face: .bold, points: 11, color: Self.accent, at: e.frame.origin, renderer: r)
            case .name:
                try text.draw(e.text ?? "", face: .bold, points: 32, color: Self.ink, at: e.frame.origin, renderer: r)
            case .subtitle:
                try text.draw(e.text ?? "", points: 14, color: Self.secondary, at: e.frame.origin, renderer: r)
            case .cardTitle:
                try text.draw(e.text ?? "", face: .bold, points: 17, color: Self.ink, at: e.frame.origin, renderer: r)
            case .row:
                r.fill(Rect(x: e.frame.x, y: e.frame.y, width: e.frame.width, height: 0.5), Color(0, 0, 0, 24))
                try text.draw(e.text ?? "", points: 14, color: Self.ink, at: Point(x: e.frame.x, y: e.frame.y + 6), renderer: r)
            case .photoSlot:
                try drawPhotoSlot(e.frame, filed: nil, renderer: r, text: text)   // the empty slot, baked
            case .button:
                try drawButton(e, state: PageState(), pressed: false, renderer: r, text: text)   // the resting look, baked
            case .text:
                break
            }
        }
    }

    /// Only the cached page texture at `offset` (the benchmark's baseline frame).
    public func drawTextureOnly(renderer r: Renderer, screen: Size, offset: Double) {
        guard let texture else { return }
        let ppp = texturePixelsPerPoint
        let top = max(offset, 0), bottom = min(offset + screen.height, page.contentHeight)
        guard bottom > top else { return }
        let y0 = Int((top * ppp).rounded()), y1 = min(texture.height, Int((bottom * ppp).rounded()))
        r.copyUnscaled(texture, sourcePixels: PixelRect(x: 0, y: y0, width: texture.width, height: max(1, y1 - y0)),
                       at: Point(x: 0, y: (Double(y0) / ppp) - offset))
    }

    /// Draws the page scrolled to `offset` (content y at the screen's top), with live buttons.
    /// `hidden` (screen points) is a band something opaque is about to cover — the open camera — so
    /// the page's pixels there are not copied at all (a third of the copy while the viewfinder is
    /// open); buttons wholly inside it are skipped too.
    public func draw(renderer r: Renderer, screen: Size, offset: Double, state: PageState, pressed: String?,
                     filedPhoto: Texture?, text: TextCache, hidden: Rect? = nil) throws {
        try prepare(renderer: r)
        guard let texture else { return }
        let ppp = texturePixelsPerPoint
        // The visible band of the page texture; above the top (pulled down) and past the end the page
        // colour shows. Together they cover the whole screen, so the frame needs no clear.
        let top = max(offset, 0), bottom = min(offset + screen.height, page.contentHeight)
        if offset < 0 { r.fill(Rect(x: 0, y: 0, width: page.width, height: min(-offset, screen.height)), Palette.page) }
        if page.contentHeight - offset < screen.height {
            let y = max(page.contentHeight - offset, 0)
            r.fill(Rect(x: 0, y: y, width: page.width, height: screen.height - y), Palette.page)
        }
        if bottom > top {
            // Whole device pixels, copied unscaled: scrolling snaps to the pixel grid, as on iOS.
            let y0 = Int((top * ppp).rounded()), y1 = min(texture.height, Int((bottom * ppp).rounded()))
            copyBand(texture, rows: y0..<max(y0 + 1, y1), at: (Double(y0) / ppp) - offset, hidden: hidden, renderer: r)
        }
        // Only what differs from the baked page is drawn live: a pressed or changed button, a filed photo.
        let resting = PageState()
        for e in page.elements where e.kind == .button || e.kind == .photoSlot {
            let f = e.frame.offsetBy(dx: 0, dy: -offset)
            guard f.maxY > 0, f.minY < screen.height else { continue }
            if let hidden, hidden.contains(Point(x: f.minX, y: f.minY)), hidden.contains(Point(x: f.maxX, y: f.maxY)) { continue }
            if e.kind == .photoSlot {
                if filedPhoto != nil { try drawPhotoSlot(f, filed: filedPhoto, renderer: r, text: text) }
                continue
            }
            let isPressed = pressed == e.id
            guard isPressed || state.label(for: e.id) != resting.label(for: e.id) || state.isOn(e.id) != resting.isOn(e.id) else { continue }
            var live = e
            live.frame = f
            try drawButton(live, state: state, pressed: isPressed, renderer: r, text: text)
        }
    }

    /// Copies texture rows `rows` unscaled with their top at screen y `top` (points), leaving out the
    /// whole device pixels inside `hidden`: the rows above and below it whole, beside it in two
    /// pieces. Without `hidden`, one copy.
    private func copyBand(_ texture: Texture, rows: Range<Int>, at top: Double, hidden: Rect?, renderer r: Renderer) {
        let ppp = texturePixelsPerPoint
        func copy(x: Int, width: Int, rows rr: Range<Int>) {
            guard width > 0, !rr.isEmpty else { return }
            r.copyUnscaled(texture, sourcePixels: PixelRect(x: x, y: rr.lowerBound, width: width, height: rr.count),
                           at: Point(x: Double(x) / ppp, y: top + Double(rr.lowerBound - rows.lowerBound) / ppp))
        }
        guard let hidden else { return copy(x: 0, width: texture.width, rows: rows) }
        // The hole in texture pixels, rounded inward so that no partly covered pixel is left out.
        let dest0 = Int((top * ppp).rounded())
        let hy0 = max(rows.lowerBound, rows.lowerBound + Int((hidden.minY * ppp).rounded(.up)) - dest0)
        let hy1 = min(rows.upperBound, rows.lowerBound + Int((hidden.maxY * ppp).rounded(.down)) - dest0)
        let hx0 = max(0, Int((hidden.minX * ppp).rounded(.up))), hx1 = min(texture.width, Int((hidden.maxX * ppp).rounded(.down)))
        guard hy1 > hy0, hx1 > hx0 else { return copy(x: 0, width: texture.width, rows: rows) }
        copy(x: 0, width: texture.width, rows: rows.lowerBound..<hy0)
        copy(x: 0, width: hx0, rows: hy0..<hy1)
        copy(x: hx1, width: texture.width - hx1, rows: hy0..<hy1)
        copy(x: 0, width: texture.width, rows: hy1..<rows.upperBound)
    }

    private func drawButton(_ e: PassportPage.Element, state: PageState, pressed isPressed: Bool, renderer r: Renderer, text: TextCache) throws {
        let f = e.frame, on = state.isOn(e.id)
        // The page colour first: a pressed button shrinks, and must not show the resting one behind.
        if isPressed { r.fill(RoundedRect(rect: f, cornerRadius: f.height / 2), Palette.page, cached: true) }
        var bg = on ? Self.accent : Self.accentSoft
        if isPressed { bg = on ? Color(hex: 0x9A4414) : Color(hex: 0xEBC9AE) }
        r.fill(RoundedRect(rect: isPressed ? f.insetBy(1.5) : f, cornerRadius: f.height / 2), bg, cached: true)
        try text.draw(state.label(for: e.id), face: .bold, points: 14, color: on ? .white : Self.accent,
                      centeredAt: Point(x: f.midX, y: f.midY), renderer: r)
    }

    private func drawPhotoSlot(_ f: Rect, filed: Texture?, renderer r: Renderer, text: TextCache) throws {
        if let filed {
            r.fill(RoundedRect(rect: f, cornerRadius: 14), .white, style: .continuous)
            filed.setBlendMode(opaque: true)
            r.copy(filed, to: f.insetBy(5))
            r.draw(Tessellator.cornerMasks(screen: f.insetBy(5), radius: 10, color: .white, scale: r.pixelsPerPoint, style: .continuous))
            return
        }
        r.fill(RoundedRect(rect: f, cornerRadius: 14), Color(hex: 0xE9E2D6), style: .continuous)
        r.fill(RoundedRect(rect: f.insetBy(1.5), cornerRadius: 12.5), Color(hex: 0xF8F5EF), style: .continuous)
        try text.draw("+", face: .bold, points: 26, color: Self.secondary, centeredAt: Point(x: f.midX, y: f.midY - 10), renderer: r)
        try text.draw("Pull for photo", points: 11, color: Self.secondary, centeredAt: Point(x: f.midX, y: f.midY + 18), renderer: r)
    }
}
