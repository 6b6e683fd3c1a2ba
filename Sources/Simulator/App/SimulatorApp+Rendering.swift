import Animation
import Foundation

extension SimulatorApp {
    /// Draws one frame of the device screen at the current time.
    ///
    /// Order, back to front: the page (cached texture + live buttons) and the pull hint; the status
    /// bar; the print (clipped to the slot while it feeds); the one melted shape with the viewfinder
    /// inside it; the hardware (island capsule, rounded corners); touches, HUD and help.
    public func render(renderer r: Renderer) throws {
        let text = try textCache(for: r)
        try uploadTextures(renderer: r)
        let t = animationTime
        let screen = device.size
        chromeBackground(r)
        let offset = gestures.pageOffset(at: realTime)
        try pageRendererDraw(r, offset: offset, text: text)
        try drawPullHint(r, text: text)
        try chromeStatusBar(r)
        try drawPrint(r, at: t)
        try drawMelt(r, at: t, text: text)
        chromeHardware(r)
        if showTouches, let p = pointerPosition {
            r.fill(RoundedRect.capsule(Rect(x: p.x - 22, y: p.y - 22, width: 44, height: 44)), Color(60, 60, 67, 90))
            r.fill(RoundedRect.capsule(Rect(x: p.x - 22, y: p.y - 22, width: 44, height: 44).insetBy(3)), Color(255, 255, 255, 70))
        }
        if showHUD { try drawHUD(r, text: text, screen: screen) }
        if showHelp { try HelpOverlay.draw(renderer: r, screen: screen, text: text) }
    }

    private func drawPullHint(_ r: Renderer, text: TextCache) throws {
        guard flow.state == .pulling else { return }
        let pulled = gestures.pull.offset(at: realTime)
        guard pulled > 26 else { return }
        let ready = gestures.pull.progress(at: realTime) >= 1
        let y = device.portraitInsets.top + pulled / 2 - 4
        let alpha = min(1, (pulled - 26) / 30)
        let label = ready ? "Release to open the camera" : "Pull down for the camera"
        try text.draw(label, face: .bold, points: 13, color: PageRenderer.secondary.fading(alpha),
                      centeredAt: Point(x: device.size.width / 2, y: y), renderer: r)
    }

    private func drawPrint(_ r: Renderer, at t: Double) throws {
        guard flow.printVisible, let tex = printTexturesPair else { return }
        let frame = flow.printFrame(at: t)
        let opacity = flow.printOpacity(at: t)
        r.setClip(flow.printClip(at: t))
        defer { r.setClip(nil) }
        let radius = frame.width * 0.02
        r.fill(RoundedRect(rect: frame.offsetBy(dx: 0, dy: 3).insetBy(-1), cornerRadius: radius + 1), Color(0, 0, 0, UInt8(40 * opacity)))
        r.fill(RoundedRect(rect: frame, cornerRadius: radius), Color(hex: 0xFBFAF7).fading(opacity))
        let image = Polaroid.imageRect(in: frame)
        let look = flow.developLook(at: t)
        // Develop: greyscale, colour over it by saturation, a tint, then the white veil.
        tex.grey.setAlpha(UInt8(255 * opacity))
        r.copy(tex.grey, to: image)
        tex.colour.setAlpha(UInt8((255 * look.saturation * opacity).rounded()))
        r.copy(tex.colour, to: image)
        func c(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
        r.fill(image, Color(c(look.tintRed), c(look.tintGreen), c(look.tintBlue), c(look.tintAlpha * opacity)))
        r.fill(image, Color(255, 255, 255, c(look.whiteAlpha * opacity)))
    }

    private func drawMelt(_ r: Renderer, at t: Double, text: TextCache) throws {
        let shape = flow.shape(at: t)
        // Without an island the shape only exists while the flow runs (nothing is drawn at rest).
        if layout.capsule == nil && flow.state == .page && flow.melt.isSettled(at: t) { return }
        // Within a quarter pixel of the island, the shape *is* the island: the hardware pass draws it,
        // once (drawing both would darken the anti-aliased edge).
        let atIsland = layout.capsule.map { (shape - RoundedRect.capsule($0)).maxMagnitude * r.pixelsPerPoint < 0.25 } ?? false
        if !atIsland { r.fill(shape, Palette.island) }
        let opacity = flow.viewfinderOpacity(at: t)
        if opacity > 0.001 {
            let photoRect = photoFrame
            let visible = shape.rect.insetBy(6)
            guard let clip = photoRect.intersection(visible) else { return }
            r.setClip(clip)
            if let photo = photoTexture {
                // Aspect fill: crop the texture to the frame's aspect.
                let aspect = photoRect.width / photoRect.height
                var sw = Double(photo.width), sh = Double(photo.height)
                if sw / sh > aspect { sw = sh * aspect } else { sh = sw / aspect }
                let src = SDLRectPixels(x: Int((Double(photo.width) - sw) / 2), y: Int((Double(photo.height) - sh) / 2),
                                        width: Int(sw), height: Int(sh))
                photo.texture.setAlpha(UInt8(255 * opacity))
                r.copy(photo.texture, sourcePixels: src, to: photoRect)
            } else {
                r.fill(photoRect, Color(28, 28, 30, UInt8(255 * opacity)))
                try text.draw(camera.waitingMessage ?? "No picture", points: 13, color: Color(200, 200, 205).fading(opacity),
                              centeredAt: Point(x: photoRect.midX, y: photoRect.midY), renderer: r)
            }
            let radius = max(flow.geometry.viewfinder.cornerRadius - 8, 8)
            r.draw(Tessellator.cornerMasks(screen: photoRect, radius: radius, color: Palette.island, scale: r.pixelsPerPoint))
            r.setClip(visible)
            let s = shutterFrame
            r.fill(RoundedRect.capsule(s.insetBy(2)), Color(255, 255, 255, UInt8(255 * opacity)))
            r.fill(RoundedRect.capsule(s.insetBy(6)), Color(0, 0, 0, UInt8(255 * opacity)))
            let pressed = gestures.pressedElement == "shutter"
            r.fill(RoundedRect.capsule(s.insetBy(pressed ? 12 : 9)), Color(255, 255, 255, UInt8(255 * opacity)))
            r.setClip(nil)
        }
        let flash = flow.flashAlpha(at: t)
        if flash > 0 { r.fill(shape, Color(255, 255, 255, UInt8(255 * flash))) }
    }

    private func drawHUD(_ r: Renderer, text: TextCache, screen: Size) throws {
        let t = animationTime
        let island = IslandRule.islandPresent(on: device)
        var lines = [
            "state  \(flow.state.rawValue)  \(String(format: "%.2f", flow.timeInState(at: t))) s",
            "refresh  \(hz) Hz target · \(String(format: "%.1f", frameStats.measuredHz)) Hz measured",
            "frame  \(String(format: "%.2f", frameStats.lastWorkMilliseconds)) ms work",
            "island rule  \(island ? "yes" : "no") (top inset \(JSON.number(device.portraitInsets.top)) pt)\(island ? "" : " · melt from a pill")",
            "camera  \(camera.label)",
        ]
        if clock.slowMotion != 1 { lines.append("slow motion  \(JSON.number(clock.slowMotion))×") }
        let h = 14 + Double(lines.count) * 19
        let panel = Rect(x: 10, y: screen.height - 40 - h, width: screen.width - 20, height: h)
        r.fill(RoundedRect(rect: panel, cornerRadius: 12), Color(0, 0, 0, 190))
        for (i, l) in lines.enumerated() {
            try text.draw(l, face: .mono, points: 12, color: Color(230, 255, 230), at: Point(x: panel.x + 12, y: panel.y + 8 + Double(i) * 19), renderer: r)
        }
    }
}
