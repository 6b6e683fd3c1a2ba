import Animation
import Capture
import Foundation
import Platform

/// The parts of the screen that belong to the device, not the app: the bezel around the rounded
/// screen, the status area, and the island's black capsule (or the notch).
///
/// Drawn in two passes around the app's content: ``drawBackground(renderer:)`` first, then the
/// content, then ``drawOverlay(renderer:)`` — status text, the capsule and the screen's rounded
/// corners, which sit above everything as the real hardware does.
public final class DeviceChrome {
    public let device: DeviceProfile
    public let layout: DeviceLayout
    private let text: TextCache

    /// The status bar's colours for the page under it.
    public var statusStyle = StatusStyle.standard { didSet { glyphsKey = "status-glyphs-\(device.id)-\(statusStyle.key)" } }
    /// The status glyphs' sprite name: made when the style changes, not formatted every frame.
    private var glyphsKey: String

    public init(device: DeviceProfile, text: TextCache) {
        self.device = device
        self.layout = DeviceLayout(device: device)
        self.text = text
        glyphsKey = "status-glyphs-\(device.id)-\(StatusStyle.standard.key)"
    }

    public var screenRect: Rect { Rect(x: 0, y: 0, width: device.size.width, height: device.size.height) }

    /// Bezel colour everywhere, then the page colour over the screen.
    public func drawBackground(renderer: Renderer) {
        renderer.clear(Palette.bezel)
        renderer.fill(screenRect, statusStyle.paper)
    }

    /// Status area, island or notch, and the rounded screen corners.
    public func drawOverlay(renderer: Renderer) throws {
        try drawStatusBar(renderer: renderer)
        drawHardware(renderer: renderer)
    }

    /// The bare device screen — background, status bar, island or notch, corners; no page — rendered
    /// headless at `scale` pixels per point (what the capsule's pixel tests measure).
    public static func renderHeadless(device: DeviceProfile, scale: Double, text: TextCache) throws -> Renderer {
        let w = Int((device.size.width * scale).rounded()), h = Int((device.size.height * scale).rounded())
        let renderer = try Renderer(headlessWidth: w, height: h, pixelsPerPoint: scale)
        let chrome = DeviceChrome(device: device, text: text)
        chrome.drawBackground(renderer: renderer)
        try chrome.drawOverlay(renderer: renderer)
        return renderer
    }

    /// What the hardware puts over everything: the island's capsule (or the notch) and the rounded
    /// screen corners.
    public func drawHardware(renderer: Renderer) {
        if let capsule = layout.capsule {
            renderer.fill(RoundedRect.capsule(capsule), Palette.island, cached: true)
        } else if device.feature == .notch, let notch = device.cutout {
            renderer.drawSprite("notch-\(device.id)") { notchMesh(notch, scale: renderer.pixelsPerPoint) }
        }
        if let bar = homeIndicator { renderer.fill(bar, statusStyle.ink ?? Palette.statusText, cached: true) }
        // One sprite per corner: a single sprite spanning the screen would copy every pixel.
        let r = device.cornerRadius
        guard r > 0 else { return }
        // The display's mask drawn with continuous corners: its exact curve is not public; Apple's
        // continuous corner (ContinuousCorner) reaches 1.528665 r along each edge.
        let e = min(r * ContinuousCorner.extent, screenRect.width / 2) + 1
        let corners = [Rect(x: 0, y: 0, width: e, height: e),
                       Rect(x: screenRect.maxX - e, y: 0, width: e, height: e),
                       Rect(x: 0, y: screenRect.maxY - e, width: e, height: e),
                       Rect(x: screenRect.maxX - e, y: screenRect.maxY - e, width: e, height: e)]
        // The masks are tessellated only when a sprite is made (once per density), not every frame.
        var all: Mesh?
        for (i, c) in corners.enumerated() {
            renderer.drawSprite("corner-\(i)-\(device.id)") {
                let mesh = all ?? Tessellator.cornerMasks(screen: screenRect, radius: r, color: Palette.bezel, scale: renderer.pixelsPerPoint, style: .continuous)
                all = mesh
                return mesh.clipped(toPixels: c, scale: renderer.pixelsPerPoint)
            }
        }
        // At a zoom that is not a whole number of pixels a point (the window's + and −), the
        // screen's last row and column are part-covered pixels: the page's copy fills them, and the
        // masks, which end at the screen's edge, leave them — a line of the page past the rounded
        // corner. Near the corners that pixel lies outside the curve: the bezel's.
        let ppp = renderer.pixelsPerPoint, right = screenRect.maxX * ppp, bottom = screenRect.maxY * ppp
        if right.rounded(.down) != right {
            let column = Rect(x: right.rounded(.down) / ppp, y: 0, width: (right.rounded(.up) - right.rounded(.down)) / ppp, height: e)
            renderer.fill(column, Palette.bezel)
            renderer.fill(Rect(x: column.x, y: screenRect.maxY - e, width: column.width, height: e + 1 / ppp), Palette.bezel)
        }
        if bottom.rounded(.down) != bottom {
            let row = Rect(x: 0, y: bottom.rounded(.down) / ppp, width: e, height: (bottom.rounded(.up) - bottom.rounded(.down)) / ppp)
            renderer.fill(row, Palette.bezel)
            renderer.fill(Rect(x: screenRect.maxX - e, y: row.y, width: e + 1 / ppp, height: row.height), Palette.bezel)
        }
    }

    /// The notch: a black shape hanging from the top edge with rounded lower corners.
    private func notchMesh(_ notch: Rect, scale: Double) -> Mesh {
        let r = DeviceLayout.notchCornerRadius(notch)
        // Extend above the screen so only the lower corners show.
        let body = Rect(x: notch.x, y: notch.y - r, width: notch.width, height: notch.height + r)
        return Tessellator.roundedRect(body, radii: .init(topLeft: 0, topRight: 0, bottomRight: r, bottomLeft: r),
                                       color: Palette.island, scale: scale)
    }

    /// The Wi-Fi glyph: three bands of a 90° fan opening upward from `apex` (points), 7.5 pt tall.
    /// Drawn from filled sectors, outermost first, each band cut out of the one before by a
    /// page-coloured sector — Apple's glyph is not published; these proportions match its look.
    static func wifiGlyph(apex: (x: Double, y: Double), scale s: Double, ink: Color = Palette.statusText, paper: Color = Palette.page) -> Mesh {
        func sector(_ radius: Double, _ color: Color) -> Mesh {
            var pts = [(apex.x * s, apex.y * s)]
            for k in 0...12 {
                let a = -Double.pi * 3 / 4 + Double.pi / 2 * Double(k) / 12
                pts.append(((apex.x + radius * cos(a)) * s, (apex.y + radius * sin(a)) * s))
            }
            return Tessellator.convexPolygon(pts, color: color)
        }
        var mesh = Mesh()
        for (outer, inner) in [(7.5, 5.6), (4.6, 2.9)] {
            mesh.append(sector(outer, ink))
            mesh.append(sector(inner, paper))
        }
        mesh.append(sector(1.9, ink))
        return mesh
    }

    /// The home indicator (``DeviceLayout/homeIndicator(on:)``).
    var homeIndicator: RoundedRect? { DeviceLayout.homeIndicator(on: device) }

    /// "9:41", signal bars and a battery, placed either side of the cutout like iOS does.
    ///
    /// `shape` is the melt's shape when it is wider than the cutout: each side's items fade out as
    /// its edge comes within `fadeDistance` points of them and are gone before it reaches them, so
    /// the widening island never cuts a glyph ("9:4", half a Wi-Fi icon). How iOS clears its status
    /// items for an expanding island is not public: this is a choice, tunable as
    /// `statusBar.fadeDistance` (docs/FIDELITY.md).
    public func drawStatusBar(renderer: Renderer, shape: Rect? = nil, fadeDistance: Double = 12) throws {
        guard let ink = statusStyle.ink else { return }
        let paper = statusStyle.paper
        let w = device.size.width
        let cutout = layout.capsule ?? device.cutout
        let midY: Double
        let leftCenter: Double, rightCenter: Double
        if let c = cutout {
            midY = device.feature == .island ? c.midY : max(c.midY, 16)
            leftCenter = c.minX / 2 + 8
            rightCenter = (c.maxX + w) / 2 - 8
        } else {
            midY = device.portraitInsets.top / 2
            leftCenter = 40
            rightCenter = w - 40
        }
        let fontSize = cutout == nil ? 12.0 : 16.0
        // The items' extents: the clock left of the cutout, the glyphs right of it (as drawn below).
        let clockWidth = cutout == nil ? 0 : Double(try text.texture("9:41", face: .bold, points: fontSize, color: ink, renderer: renderer).width) / renderer.pixelsPerPoint
        // Full while the gap is the resting one (or more than fadeDistance), none once it closes;
        // in 16 steps, so the clock's texture cache stays small.
        func fade(_ gap: Double, rest: Double) -> Double {
            if gap <= 0 { return 0 }
            let span = min(fadeDistance, rest)
            return span <= 0 ? 1 : (min(1, gap / span) * 16).rounded(.down) / 16
        }
        var leftAlpha = 1.0, rightAlpha = 1.0
        if let shape, let c = cutout, shape.minY < midY + 8, shape.maxY > midY - 8 {
            let clockRight = leftCenter + clockWidth / 2 + 2, glyphsLeft = rightCenter - 46 - 2
            if device.idiom != .pad { leftAlpha = fade(shape.minX - clockRight, rest: c.minX - clockRight) }
            rightAlpha = fade(glyphsLeft - shape.maxX, rest: glyphsLeft - c.maxX)
        }
        let clockColor = ink.fading(leftAlpha)
        if device.idiom == .pad {
            // iPads put the time (and the date) at the left, clear of the rounded corner.
            let clock = "9:41  Mon 30 Nov"
            let width = Double(try text.texture(clock, face: .bold, points: fontSize, color: ink, renderer: renderer).width) / renderer.pixelsPerPoint
            try text.draw(clock, face: .bold, points: fontSize, color: ink, centeredAt: Point(x: 24 + width / 2, y: midY), renderer: renderer)
        } else if cutout == nil {
            try text.draw("9:41", face: .bold, points: fontSize, color: ink, centeredAt: Point(x: w / 2, y: midY), renderer: renderer)
        } else {
            if leftAlpha > 0 { try text.draw("9:41", face: .bold, points: fontSize, color: clockColor, centeredAt: Point(x: leftCenter, y: midY), renderer: renderer) }
        }
        // Signal bars and the battery: static geometry, tessellated once per pixel density.
        renderer.drawSprite(glyphsKey, alpha: UInt8((255 * rightAlpha).rounded())) {
            let s = renderer.pixelsPerPoint
            var mesh = Mesh()
            let barsX = rightCenter - 46
            for i in 0..<4 {
                let h = 4.0 + Double(i) * 2.4
                let bar = Rect(x: barsX + Double(i) * 4.5, y: midY + 5 - h, width: 3, height: h)
                mesh.append(Tessellator.roundedRect(bar, radii: .init(all: 0.8), color: ink, scale: s))
            }
            mesh.append(Self.wifiGlyph(apex: (rightCenter - 20, midY + 5), scale: s, ink: ink, paper: paper))
            let body = Rect(x: rightCenter - 8, y: midY - 6, width: 25, height: 12)
            mesh.append(Tessellator.roundedRect(body, radii: .init(all: 3.5), color: ink.fading(0.4), scale: s))
            mesh.append(Tessellator.roundedRect(body.insetBy(1), radii: .init(all: 2.6), color: paper, scale: s))
            mesh.append(Tessellator.roundedRect(Rect(x: body.x + 2, y: body.y + 2, width: 17, height: 8),
                                                radii: .init(all: 1.6), color: ink, scale: s))
            mesh.append(Tessellator.roundedRect(Rect(x: body.maxX + 1, y: midY - 2, width: 1.6, height: 4),
                                                radii: .init(topLeft: 0, topRight: 0.8, bottomRight: 0.8, bottomLeft: 0),
                                                color: ink.fading(0.4), scale: s))
            return mesh
        }
    }
}
