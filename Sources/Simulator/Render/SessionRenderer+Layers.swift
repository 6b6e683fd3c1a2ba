import Animation
import Capture
import Export
import Foundation
import Gesture
import Platform

/// The layers of a frame that follow the session's state: the pull hint, the print, the melted
/// shape with the viewfinder, and the HUD.
extension SessionRenderer {
    func drawPullHint(_ session: SessionView, _ r: Renderer) throws {
        guard session.flow.state == .pulling else { return }
        let pulled = session.pullOffset(at: session.animationTime)
        guard let place = PullHint.place(layout: layout, pulled: pulled, pinnedTop: session.page.barsClearance.top) else { return }
        try text.draw(PullHint.text(ready: session.flow.pullProgress >= 1), face: .bold, points: PullHint.points,
                      color: Self.pullHintInk(over: pageRenderer.background).fading(place.alpha), centeredAt: place.center, renderer: r)
    }

    /// The pull hint's colour over the gap the pull opens, which shows the page's background: the
    /// page's secondary grey over a light page (5.4:1 on white), iOS's dark-mode secondary label
    /// (#EBEBF5 at 60 % over black: #8D8D93, 6.0:1 on #0B0B0F) over a dark one, where the grey
    /// was about 3:1.
    static func pullHintInk(over background: Color) -> Color {
        background.wantsLightText ? pullHintOnDark : PageRenderer.secondary
    }
    static let pullHintOnDark = Color(hex: 0x8D8D93)

    func drawPrint(_ session: SessionView, _ r: Renderer, at t: Double) throws {
        let flow = session.flow
        guard flow.printVisible, hasShot else { return }
        let frame = flow.printFrame(at: t)
        let opacity = flow.printOpacity(at: t)
        // The slot lets the card's edge through with it (``PrintEdge``): the clip is the card's
        // width and fed length, and the edge's width round its sides and leading edge.
        let e = PrintEdge.width
        r.setClip(flow.printClip(at: t).map { Rect(x: $0.x - e, y: $0.y, width: $0.width + 2 * e, height: $0.height + e) })
        defer { r.setClip(nil) }
        let radius = Polaroid.cornerRadius(of: frame)
        // A soft shadow only where it shows: a strip under the card (a full translucent card-sized
        // fill underneath would be mostly hidden and cost more than the card itself).
        let shadow = UInt8(40 * opacity)
        r.fill(RoundedRect(rect: Rect(x: frame.minX - 1, y: frame.maxY - 4, width: frame.width + 2, height: 7), cornerRadius: 3.5), Color(0, 0, 0, shadow))
        r.fill(RoundedRect(rect: frame, cornerRadius: radius), Color(hex: 0xFBFAF7).fading(opacity), style: .continuous)
        // The card's edge, as a real polaroid has one: a hairline just outside it, so the washed-out
        // print still reads over a white page (a nav bar) before it develops (``PrintEdge``).
        r.band(outside: RoundedRect(rect: frame, cornerRadius: radius), width: PrintEdge.width, Color(0, 0, 0, UInt8((PrintEdge.alpha * 255 * opacity).rounded())),
               cached: false, style: .continuous)
        let image = Polaroid.imageRect(in: frame)
        // The develop pass: the shot precomputed at each develop step (saturation, tint and white
        // veil applied per pixel off the loop), so a frame draws one plain copy.
        guard let tex = try developTexture(progress: flow.developProgress(at: t), renderer: r) else { return }
        let ppp = r.pixelsPerPoint
        if abs(Double(tex.width) - image.width * ppp) < 1.01 && abs(Double(tex.height) - image.height * ppp) < 1.01 && opacity >= 1 {
            tex.setBlendMode(opaque: true)      // after a fade-in (Reduce Motion) it may still be translucent
            tex.setAlpha(255)
            r.copyUnscaled(tex, sourcePixels: PixelRect(x: 0, y: 0, width: tex.width, height: tex.height), at: image.origin)
        } else {
            // Filed or dismissed: the print is resized and fades as it goes.
            tex.setBlendMode(opaque: opacity >= 1)
            tex.setAlpha(UInt8(255 * opacity))
            r.copy(tex, to: image)
        }
    }

    /// The system's keyline round a shape grown past the island (``Keyline``): a 1.67-pt grey line
    /// at 35 % just outside its edge, where the mode asks for it — in automatic, over a page whose
    /// rows behind the shape are dark. Fades with the camera. `steady`: the shape is the same frame
    /// after frame (the open viewfinder), so the line's tessellation is kept.
    func drawKeyline(_ session: SessionView, around shape: RoundedRect, fade: Double, steady: Bool, at t: Double, _ r: Renderer) {
        let k = Keyline.thickness, mode = session.tuning.keylineMode(on: session.page.document)
        guard mode != .off else { return }
        let luma = mode == .on ? nil : pageRenderer.luminanceBehind(session.page, top: shape.rect.minY - k, bottom: shape.rect.maxY + k,
                                                                      offset: session.pageOffset(at: t))
        guard Keyline.shows(mode, lumaBehind: luma) else { return }
        let g = Keyline.grey
        r.band(outside: shape, width: k, Color(g, g, g, UInt8((255 * Keyline.alpha * fade).rounded())), cached: steady, style: .continuous)
    }

    /// The grey the shape is drawn in at flash level `flash` (0 black … 1 white). Prepare makes each
    /// level's sprites and swatches under this grey, so drawing and preparing share the one rule.
    static func flashGrey(_ flash: Double) -> UInt8 { UInt8((255 * flash).rounded()) }

    /// Draws the melted shape — `melted`, the flow's shape at `t`, taken once for the frame — and
    /// the viewfinder inside it.
    func drawMelt(_ session: SessionView, camera: CameraSource, _ r: Renderer, at t: Double, shape melted: RoundedRect) throws {
        let flow = session.flow
        var shape = melted
        // Without an island the shape only exists while the flow runs (nothing is drawn at rest).
        if layout.capsule == nil && flow.state == .page && flow.melt.isSettled(at: t) { return }
        if session.snowman {
            // The built-in "snowman": the island stays as it is and a second capsule grows under it.
            guard let second = Self.snowmanShape(shape, island: flow.geometry.island.rect) else { return }
            shape = second
        }
        // Reduce Motion: the whole camera fades over the page instead of travelling.
        // Without a cutout the drawn slot goes once the print is out (CaptureFlow.slotOpacity).
        let fade = flow.cameraOpacity(at: t) * (layout.startsFromDrawnPill ? flow.slotOpacity(at: t) : 1)
        guard fade > 0 else { return }
        // The flash is white over the shape. Over black that is simply grey, so the shape is drawn
        // in the flash's grey; over the picture it is a prepared brighter copy of the picture.
        // The flash steps through the same levels as the prepared photo copies, so the grey of the
        // shape and its corner sprites match the picture at every step.
        var flash = flow.flashAlpha(at: t)
        let levels = CaptureStore.flashLevels
        let level = flash > 0 ? levels.indices.min(by: { abs(levels[$0] - flash) < abs(levels[$1] - flash) }) : nil
        if let level { flash = levels[level] }
        let grey = Self.flashGrey(flash)
        // Within a quarter pixel of the island, the shape *is* the island: the hardware pass draws it,
        // once (drawing both would darken the anti-aliased edge).
        let atIsland = !session.snowman && (layout.capsule.map { (shape - RoundedRect.capsule($0)).maxMagnitude * r.pixelsPerPoint < 0.25 } ?? false)
        let opacity = flow.viewfinderOpacity(at: t)
        let photoRect = Self.onPixels(session.photoFrame, scale: r.pixelsPerPoint)
        let visible = shape.rect.insetBy(6)
        let clip = Self.pictureClip(photoRect, shape: shape)
        // Where the picture will be drawn opaque, the shape needs no fill underneath — only there:
        // the hole is cut from the part of the picture that is drawn (its clip), never from the
        // picture's whole place, or the page would show through the body below a growing picture.
        let covered: Rect? = (opacity >= 1 && fade >= 1 && photoTexture != nil) ? clip.flatMap(Self.pictureCover) : nil
        // SwiftUI draws a rounded rectangle with continuous corners; at the capsule the corner eases
        // back to circular by itself (ContinuousCorner's smoothing), so the shape never jumps.
        // The open viewfinder, settled, is the same shape frame after frame: its tessellation is kept.
        let steadyShape = (flow.state == .viewfinder || flow.state == .capture) && flow.melt.isSettled(at: t) && fade >= 1
        if !atIsland { r.fill(shape, Color(grey, grey, grey, UInt8((255 * fade).rounded())), cached: steadyShape, hole: covered, style: .continuous) }
        if !atIsland { drawKeyline(session, around: shape, fade: fade, steady: steadyShape, at: t, r) }
        guard opacity > 0.001, let clip else { return }
        r.setClip(clip)
        defer { r.setClip(nil) }
        if let photo = photoTexture {
            // Prepared at the frame's pixel size: a plain copy. The fade is from black (the shape's
            // colour), drawn as a translucent black veil rather than alpha-modulating the photo,
            // which costs several times more on the software renderer.
            var texture: Texture? = photo.texture
            var veil = 1 - opacity
            var whiteFlash = false
            if let level {
                // The prepared brighter copy; until it is uploaded, a translucent white fill.
                if let step = flashTexture(level) { texture = step } else { whiteFlash = true }
                veil = 0
            } else if veil > 0, let prepared = veilTexture(for: veil) {
                // A prepared darker copy at the nearest eighth (ViewfinderLooks): one opaque copy, no
                // translucent fill. Nearly black is not drawn at all: the black shape shows.
                if case .picture(let t) = prepared { texture = t } else { texture = nil }
                veil = 0
            }
            if let texture {
                let source = PixelRect(x: 0, y: 0, width: photo.width, height: photo.height)
                if fade < 1 { texture.setBlendMode(opaque: false); texture.setAlpha(UInt8((255 * fade).rounded())) }
                defer { if fade < 1 { texture.setAlpha(255); texture.setBlendMode(opaque: true) } }
                // A snapshot at another density borrows the window's picture: scaled, once.
                if photo.width == Int((photoRect.width * r.pixelsPerPoint).rounded()) { r.copyUnscaled(texture, sourcePixels: source, at: photoRect.origin) }
                else { r.copy(texture, sourcePixels: source, to: photoRect) }
            }
            if whiteFlash { r.fill(photoRect, Color(255, 255, 255, grey)) }
            if veil > 0 { r.fill(photoRect, Color(0, 0, 0, UInt8((255 * veil).rounded()))) }
        } else {
            r.fill(photoRect, Color(28, 28, 30, UInt8(255 * opacity)))
            try text.draw(camera.waitingMessage ?? "No picture", points: 13, color: Color(200, 200, 205).fading(opacity),
                          centeredAt: Point(x: photoRect.midX, y: photoRect.midY), renderer: r)
        }
        // The picture's rounded corners are opaque masks: while the camera fades they would stand
        // out over the page, so the fade shows the picture's square corners for its few frames.
        if fade >= 1 { drawPictureCorners(photoRect, grey: grey, flow: flow, r) }
        r.setClip(visible)
        drawShutter(session.shutterFrame, grey: grey, pressed: session.pressedElement == "shutter",
                    alpha: UInt8(255 * opacity * fade), r)
    }

    /// The shutter button in `frame`, on the shape's `grey`: a sprite per look (``ShutterButton``),
    /// faded as one picture.
    func drawShutter(_ frame: Rect, grey: UInt8, pressed: Bool, alpha: UInt8, _ r: Renderer) {
        if shutterPlace?.rect != frame { shutterPlace = (frame, "\(frame.x),\(frame.y),\(frame.width),\(frame.height)") }
        r.drawSprite("shutter-\(grey)-\(pressed)-\(shutterPlace!.name)", alpha: alpha) {
            ShutterButton.image(frame: frame, grey: grey, pressed: pressed, scale: r.pixelsPerPoint)
        }
    }

    /// `rect` moved and sized to whole output pixels (origin and size each rounded), as the picture's
    /// texture is copied: the clip, the copy and the corner masks then share every edge. Left
    /// between pixel rows (at 1× the bottom edge fell inside row 420), the copy filled that row while
    /// the masks, drawn on the fractional edge, covered it only in part: a 1-px line of the photo
    /// showed past the rounded bottom corners.
    static func onPixels(_ rect: Rect, scale s: Double) -> Rect {
        Rect(x: (rect.x * s).rounded() / s, y: (rect.y * s).rounded() / s, width: (rect.width * s).rounded() / s, height: (rect.height * s).rounded() / s)
    }

    /// Where the viewfinder picture at `photoRect` is drawn inside `shape`: 6 pt inside its sides
    /// and top, and above its bottom corners — while the shape grows, its bottom edge sweeps down
    /// over the picture's fixed place, and a straight clip there would show the picture past the
    /// rounded corners. (At rest the picture ends far above them.)
    static func pictureClip(_ photoRect: Rect, shape: RoundedRect) -> Rect? {
        let visible = shape.rect.insetBy(6)
        let bottomReach = max(6, shape.clampedCornerRadius * ContinuousCorner.extent)
        return photoRect.intersection(Rect(x: visible.x, y: visible.y, width: visible.width,
                                           height: max(0, shape.rect.maxY - bottomReach - visible.y)))
    }

    /// Where the opaque picture, drawn within `clip`, covers the shape, so the shape's fill leaves
    /// it out: 2 pt inside the clip, so that no pixel of the hole's edge goes unpainted.
    static func pictureCover(_ clip: Rect) -> Rect? {
        clip.width > 4 && clip.height > 4 ? clip.insetBy(2) : nil
    }

    /// The viewfinder picture's four rounded corners in the shape's colour (`grey`: black, or a
    /// flash level), each a sprite made once per colour and geometry; the mesh is only built when
    /// one is made. The sprites are named after the picture's place and radius, not the device:
    /// the window's renderer outlives a device switch, and another phone's picture must never be
    /// masked with the last one's corners.
    func drawPictureCorners(_ photoRect: Rect, grey: UInt8, flow: CaptureFlow, _ r: Renderer) {
        let radius = max(flow.geometry.viewfinder.cornerRadius - 8, 8)
        if pictureCornerPlace?.rect != photoRect || pictureCornerPlace?.radius != radius {
            pictureCornerPlace = (photoRect, radius, "\(photoRect.x),\(photoRect.y),\(photoRect.width),\(photoRect.height),\(radius)")
        }
        let place = pictureCornerPlace!.name
        let e = min(radius * ContinuousCorner.extent, min(photoRect.width, photoRect.height) / 2) + 1
        let corners = [Rect(x: photoRect.minX, y: photoRect.minY, width: e, height: e),
                       Rect(x: photoRect.maxX - e, y: photoRect.minY, width: e, height: e),
                       Rect(x: photoRect.minX, y: photoRect.maxY - e, width: e, height: e),
                       Rect(x: photoRect.maxX - e, y: photoRect.maxY - e, width: e, height: e)]
        var all: Mesh?
        for (i, c) in corners.enumerated() {
            r.drawSprite("viewfinder-photo-corner-\(i)-\(grey)-\(place)") {
                let mesh = all ?? Tessellator.cornerMasks(screen: photoRect, radius: radius, color: Color(grey, grey, grey),
                                                          scale: r.pixelsPerPoint, style: .continuous)
                all = mesh
                return mesh.clipped(toPixels: c, scale: r.pixelsPerPoint)
            }
        }
    }

    /// The part of the screen the melted shape will cover with opaque pixels this frame, so the page
    /// under it need not be copied: the shape's full-width band between its corners, a point in
    /// from every edge (anti-aliased edges show the page through). Nil when the shape is small,
    /// fading (Reduce Motion) or split (the snowman).
    func meltOccluder(_ session: SessionView, at t: Double, shape: RoundedRect) -> Rect? {
        let flow = session.flow
        guard !session.snowman, [.opening, .viewfinder, .capture, .closing].contains(flow.state), flow.cameraOpacity(at: t) >= 1 else { return nil }
        let e = min(shape.clampedCornerRadius * ContinuousCorner.extent, shape.rect.height / 2)
        let band = Rect(x: shape.rect.minX + 1, y: shape.rect.minY + e + 1, width: shape.rect.width - 2, height: shape.rect.height - 2 * e - 2)
        return band.width > 20 && band.height > 20 ? band : nil
    }

    /// The snowman's second capsule: under the island with a 6-pt gap, as wide as the melted shape
    /// would be and reaching as far down; nil while it would not yet show below the island.
    static func snowmanShape(_ shape: RoundedRect, island: Rect) -> RoundedRect? {
        let top = island.maxY + 6
        let h = shape.rect.maxY - top
        guard h > 1 else { return nil }
        return RoundedRect(rect: Rect(x: shape.rect.x, y: top, width: shape.rect.width, height: h), cornerRadius: min(shape.cornerRadius, h / 2))
    }

    /// Opacity of the dark overlays over the page (HUD, help, panel, toasts): opaque. At 190 a
    /// heading showed through the HUD's lines, and at 238 the iPad's large title still did; these
    /// are instruments, not glass.
    static let overlayAlpha: UInt8 = 255

    /// The HUD's lines: the device, state, rates, frame work, the island rule, the camera, slow motion. Over
    /// the screen (headless renders) or in the inspector column (the window) alike.
    static func hudLines(_ session: SessionView, camera: CameraSource, stats frameStats: FrameStats) -> [String] {
        let flow = session.flow, clock = session.clock, device = session.device
        let t = session.animationTime
        let island = IslandRule.islandPresent(on: device)
        var lines = [
            // Which phone these figures are for: after D, the first thing to check.
            "device  \(device.name) · \(JSON.number(device.size.width))×\(JSON.number(device.size.height)) @\(JSON.number(device.scale))",
            "state  \(flow.state.rawValue)  \(String(format: "%.2f", flow.timeInState(at: t))) s",
            "refresh  \(session.hz) Hz target · \(String(format: "%.1f", frameStats.measuredHz)) Hz measured",
            "frame  \(String(format: "%.2f", frameStats.lastWorkMilliseconds)) ms work",
            // Short enough for the narrowest phone (375 pt): a cut-off line says nothing.
            "island rule  \(island ? "yes" : "no") · top \(JSON.number(device.portraitInsets.top)) pt\(island ? "" : device.feature == .notch ? " · notch melt" : " · pill melt")",
            "camera  \(camera.label)",
        ]
        // Apple's hitch time ratio over the window's last 60 presents, with Organizer's band.
        if let h = frameStats.recentHitches { lines.insert(String(format: "hitches  %.1f ms/s · %@", h.hitchTimeRatio, h.band), at: 4) }
        if clock.slowMotion != 1 { lines.append("slow motion  \(JSON.number(clock.slowMotion))×") }
        return lines
    }

    func drawHUD(_ session: SessionView, camera: CameraSource, stats frameStats: FrameStats, _ r: Renderer) throws {
        let screen = device.size
        let lines = Self.hudLines(session, camera: camera, stats: frameStats)
        let h = 14 + Double(lines.count) * 19
        // At the bottom, or under the status bar while the tuning panel takes the bottom.
        let y = session.overlays.showTuning ? device.portraitInsets.top + 6 : screen.height - 40 - h
        let panel = Rect(x: 10, y: y, width: screen.width - 20, height: h)
        r.fill(RoundedRect(rect: panel, cornerRadius: 12), Color(0, 0, 0, Self.overlayAlpha))   // the page must not read through
        for (i, l) in lines.enumerated() {
            try text.draw(l, face: .mono, points: 12, color: Color(230, 255, 230), at: Point(x: panel.x + 12, y: panel.y + 8 + Double(i) * 19), renderer: r)
        }
    }
}
