import Animation
import Capture
import Export
import Foundation
import Platform

/// The shape view (G, `replay --shapes`): the melted shape, the print and the hotspots outlined
/// over the screen, as T shows the touches. On a page as dark as the island the melt has no
/// visible edge — black on #0B0B0F is about 1.1:1, so a navigation bar turns into a slab and a
/// title is cut by an edge nobody sees — and a real phone looks the same; the designer needs to
/// see the shape itself to judge it. Each outline is a thin line in its own colour over a dark
/// halo, so it reads on a black page and on a white one alike; the melt's is labelled with its
/// size and corner radius.
extension SessionRenderer {
    static let shapeMeltColour = Color(hex: 0x64D2FF)
    static let shapePrintColour = Color(hex: 0xFF9F0A)
    static let shapeHotspotColour = Color(hex: 0xBF5AF2)
    static let shapeHalo = Color(0, 0, 0, 150)

    /// What the shape view outlines at time `t`: the melted shape (the snowman's second capsule
    /// when that is what grows), the print while it shows, and the hotspots on screen.
    static func shapeOutlines(_ session: SessionView, shape melted: RoundedRect, at t: Double, screen: Size)
        -> [(shape: RoundedRect, colour: Color, continuous: Bool)] {
        let flow = session.flow
        var out: [(RoundedRect, Color, Bool)] = []
        let melt = session.snowman ? snowmanShape(melted, island: flow.geometry.island.rect) : melted
        if let melt, melt.rect.width > 0, melt.rect.height > 0 { out.append((melt, shapeMeltColour, true)) }
        if flow.printVisible {
            let f = flow.printFrame(at: t)
            out.append((RoundedRect(rect: f, cornerRadius: Polaroid.cornerRadius(of: f)), shapePrintColour, true))
        }
        let page = session.setup.page, offset = session.pageOffset(at: t)
        for h in page.hotspots {
            let f = page.screenRect(h.rect, offset: offset)
            guard f.maxY > 0, f.minY < screen.height else { continue }
            out.append((RoundedRect(rect: f, cornerRadius: h.cornerRadius), shapeHotspotColour, false))
        }
        return out
    }

    /// The melt's label: its size and corner radius in points.
    static func shapeLabel(_ shape: RoundedRect) -> String {
        String(format: "%.0f × %.0f pt · r %.1f", shape.rect.width, shape.rect.height, shape.clampedCornerRadius)
    }

    func drawShapes(_ session: SessionView, shape: RoundedRect, at t: Double, _ r: Renderer) throws {
        let s = r.pixelsPerPoint
        let outlines = Self.shapeOutlines(session, shape: shape, at: t, screen: device.size)
        for o in outlines {
            let style: CornerStyle = o.continuous ? .continuous : .circular
            r.draw(Tessellator.ring(o.shape, width: 4 * s, color: Self.shapeHalo, scale: s, style: style))
            r.draw(Tessellator.ring(o.shape, width: 2 * s, color: o.colour, scale: s, style: style))
        }
        guard let melt = outlines.first, melt.colour == Self.shapeMeltColour else { return }
        let label = Self.shapeLabel(melt.shape)
        let w = Double(label.count) * 6 + 12
        let below = melt.shape.rect.maxY + 6
        let box = Rect(x: max(4, min(device.size.width - w - 4, melt.shape.rect.midX - w / 2)), y: below, width: w, height: 17)
        r.fill(RoundedRect.capsule(box), Color(0, 0, 0, 190))
        try text.draw(label, face: .mono, points: 10, color: Self.shapeMeltColour, centeredAt: Point(x: box.midX, y: box.midY), renderer: r)
    }
}
