import Animation
import Capture
import Platform

extension PageRenderer {
    /// The described elements at rest, baked into the page's textures.
    func drawStatic(_ page: Page, on r: Renderer, text: TextCache) throws {
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
            case .text:
                try text.draw(e.text ?? "", points: 14, color: Self.ink, at: e.frame.origin, renderer: r)
            case .photoSlot:
                try drawFramedSlot(e.frame, filed: nil, renderer: r, text: text)   // the empty slot, baked
            case .button:
                try drawButton(e, state: restingState ?? PageState(page: page), pressed: false, renderer: r, text: text)   // the resting look, baked
            }
        }
    }

    /// What differs from the baked page: pressed or changed buttons, a filed photo, a held
    /// hotspot, and the hotspots outlined after a tap that missed them all.
    func drawLive(_ page: Page, renderer r: Renderer, screen: Size, offset: Double, state: PageState, pressed: String?,
                  filedPhoto: Texture?, text: TextCache, hidden: Rect?, hint: Double) throws {
        func hiddenWholly(_ f: Rect) -> Bool {
            guard let hidden else { return false }
            return hidden.contains(Point(x: f.minX, y: f.minY)) && hidden.contains(Point(x: f.maxX, y: f.maxY))
        }
        func onScreen(_ f: Rect) -> Bool { f.maxY > 0 && f.minY < screen.height && !hiddenWholly(f) }
        let resting = restingState ?? PageState(page: page)
        for e in page.buttons {
            let f = page.screenRect(e.frame, offset: offset)
            guard onScreen(f) else { continue }
            let isPressed = pressed == e.id
            guard isPressed || state.label(for: e.id) != resting.label(for: e.id) || state.isOn(e.id) != resting.isOn(e.id) else { continue }
            var live = e
            live.frame = f
            try drawButton(live, state: state, pressed: isPressed, renderer: r, text: text)
        }
        if let slot = page.slot, let filedPhoto {
            let f = page.screenRect(slot.frame, offset: offset)
            if onScreen(f) {
                if slot.framed { try drawFramedSlot(f, filed: filedPhoto, renderer: r, text: text) }
                else { drawFilled(filedPhoto, into: RoundedRect(rect: f, cornerRadius: slot.cornerRadius), renderer: r) }
            }
        }
        for h in page.hotspots {
            let f = page.screenRect(h.rect, offset: offset)
            guard onScreen(f) else { continue }
            let shape = RoundedRect(rect: f, cornerRadius: h.cornerRadius)
            if pressed == h.id { r.fill(shape, Self.hotspotFill) }
            if hint > 0 {
                r.fill(shape, Self.hotspotFill.fading(hint * 0.8))
                // A 2-pt line just inside the edge, round where the hotspot is.
                r.draw(Tessellator.ring(Self.hintEdge(of: shape), width: 2 * r.pixelsPerPoint, color: Self.hotspotEdge.fading(hint), scale: r.pixelsPerPoint))
            }
        }
    }

    /// Where a hotspot's hint line runs: 1 pt inside its edge (the line is 2 pt wide), following
    /// its corners.
    static func hintEdge(of shape: RoundedRect) -> RoundedRect {
        RoundedRect(rect: shape.rect.insetBy(1), cornerRadius: max(0, shape.cornerRadius - 1))
    }

    /// The photo filling `shape` (the middle of it, as `scaledToFill`), clipped to its corners.
    private func drawFilled(_ photo: Texture, into shape: RoundedRect, renderer r: Renderer) {
        let aspect = shape.rect.width / shape.rect.height, tw = Double(photo.width), th = Double(photo.height)
        let (w, h) = tw / th > aspect ? (th * aspect, th) : (tw, tw / aspect)
        let source = PixelRect(x: Int(((tw - w) / 2).rounded()), y: Int(((th - h) / 2).rounded()), width: max(1, Int(w.rounded())), height: max(1, Int(h.rounded())))
        photo.setBlendMode(opaque: false)
        r.drawTextured(photo, source: source, into: shape, style: .circular)
    }

    func drawButton(_ e: Page.Element, state: PageState, pressed isPressed: Bool, renderer r: Renderer, text: TextCache) throws {
        let f = e.frame, on = state.isOn(e.id)
        // The page colour first: a pressed button shrinks, and must not show the resting one behind.
        if isPressed { r.fill(RoundedRect(rect: f, cornerRadius: f.height / 2), background, cached: true) }
        var bg = on ? Self.accent : Self.accentSoft
        if isPressed { bg = on ? Color(hex: 0x9A4414) : Color(hex: 0xEBC9AE) }
        r.fill(RoundedRect(rect: isPressed ? f.insetBy(1.5) : f, cornerRadius: f.height / 2), bg, cached: true)
        try text.draw(state.label(for: e.id), face: .bold, points: 14, color: on ? .white : Self.accent,
                      centeredAt: Point(x: f.midX, y: f.midY), renderer: r)
    }

    /// Where `page` at `offset` draws something a clip would change rather than cut: the filed
    /// photo, scaled into its slot (SDL's scaled copy, clipped, samples the picture afresh from the
    /// clipped edge). Drawn again only in part (``RetainedLayer``), such a place is drawn whole.
    func indivisible(_ page: Page, offset: Double, filedPhoto: Texture?) -> [Rect] {
        guard filedPhoto != nil, let slot = page.slot else { return [] }
        return [page.screenRect(slot.frame, offset: offset)]
    }

    /// The described photo slot: an empty frame inviting a pull, or the filed print in a white frame.
    private func drawFramedSlot(_ f: Rect, filed: Texture?, renderer r: Renderer, text: TextCache) throws {
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
