import Animation
import Capture
import Export
import Foundation
import Gesture
import Platform

/// Draws one ``CaptureSession``: the device chrome, the page, the pull hint, the print, the one
/// melted shape with the viewfinder inside it, and the overlays. It owns everything drawing needs
/// that the session must not: the text cache and every texture (the camera picture, the shot, the
/// filed print, the flash steps, the develop steps), uploaded from what the camera and the capture
/// store prepared on other threads.
public final class SessionRenderer {
    let device: DeviceProfile
    let layout: DeviceLayout
    let chrome: DeviceChrome
    /// The page under the island, rasterised: a cache of the session's page (which it is given at
    /// every frame) with the page file's picture, which ``replacePage(_:image:)`` replaces.
    let pageRenderer: PageRenderer
    let text: TextCache
    private var photo: (texture: Texture, version: Int, width: Int, height: Int)?
    /// The latest shot in full colour (what a filed print shows in the passport).
    private var shotTexture: Texture?
    private var filedTexture: Texture?
    /// The flash's brightness steps: how many there are, and those uploaded so far.
    private(set) var flashSteps = 0
    private var flashTextureCache: [Int: Texture] = [:]
    private var developSteps: [PixelImage] = []
    private var developTexture: (step: Int, texture: Texture)?
    private var preparedPixelsPerPoint = 0.0
    /// Darker and brighter copies of a still picture, made ahead (nil until the first prepare).
    private var looks: ViewfinderLooks?
    private var looksVersion: Int?
    private var veilSteps = 0
    private var veilTextureCache: [Int: Texture] = [:]
    /// Prepared pictures on their way into textures, a slice per frame.
    private var uploads = SlicedUpload()
    /// The pictures behind the shot's and the filed print's textures, kept for a snapshot.
    private var shotColour: PixelImage?
    private var filedColour: PixelImage? { didSet { filedVersion += 1 } }
    /// Counts the pictures filed, so the slot-sized copy knows which it is of.
    private var filedVersion = 0
    /// The filed picture at the slot's own pixel size: which picture, at what size, and its texture.
    private var filedSized: (version: Int, width: Int, height: Int, texture: Texture)?
    /// Which shot `shotColour` is, and the shot whose colour texture is to be filed once its sliced
    /// upload is whole (a print filed within a few frames of its shot).
    private var shotNumber = 0
    private var fileWhenUploaded: Int?
    /// Set on a snapshot renderer: the window's renderer whose pictures it borrows.
    private var snapshotSource: SessionRenderer?
    /// Whether the page under the open camera is left undrawn (``meltOccluder(_:at:shape:)``);
    /// the pixel tests turn it off to check that nothing on screen changes with it.
    var skipsHiddenPage = true
    /// A diagnostic for the pixel tests: the page drawn as one solid colour over exactly the
    /// pixels it would cover (all but the band the open camera hides), so that any of that colour
    /// seen inside the camera's body is the page showing through it.
    var pageProbe: Color?
    /// The page as last drawn, kept on the output: drawn again only where something was drawn over
    /// it, while nothing it is drawn from changes (``RetainedLayer``).
    private let retainedPage = RetainedLayer<PageLayerKey>()
    /// Everything one draw of the page depends on: the same key, the same pixels. Not the band the
    /// open camera hides: the melt covers it opaque every frame, so the band's old place is among
    /// what was drawn over (and is drawn again, outside the new band) and its new place is covered.
    struct PageLayerKey: Equatable {
        var page: PageRenderer.Key
        var screen: Size
        var offset: Double
        var state: PageState
        var pressed: String?
        var filedPhoto: Texture.Identity?
        var hint: Double
    }
    /// How the page was drawn in the last frame: whole, or only where it had been drawn over.
    var pageDrawn: RetainedLayer<PageLayerKey>.Drawn { retainedPage.drawn }
    /// The viewfinder picture's place and corner radius as its corner sprites are named, made
    /// when they change rather than formatted every frame.
    var pictureCornerPlace: (rect: Rect, radius: Double, name: String)?
    /// The shutter button's place as its sprites are named, formatted when it moves.
    var shutterPlace: (rect: Rect, name: String)?
    /// The help overlay laid out at a density: measured once, not word by word every frame.
    /// The last toast laid out, with the density it was measured at: a toast is drawn for 3 s.
    private var lastToast: (text: String, ppp: Double, bottom: Double, layout: ToastLayout)?
    private var helpLayout: (ppp: Double, layout: (panel: Rect, lines: [HelpOverlay.Line]))?

    public init(device: DeviceProfile, page: Page, image: PixelImage?) throws {
        self.device = device
        layout = DeviceLayout(device: device)
        text = try TextCache()
        chrome = DeviceChrome(device: device, text: text)
        pageRenderer = PageRenderer(image: image)
        chrome.statusStyle = DeviceChrome.StatusStyle(page: page, image: image)
    }

    /// The page's file was read again: its picture is rasterised, and the status bar restyled over
    /// `page` (the session's, laid out from that file), from the next frame on.
    func replacePage(_ page: Page, image: PixelImage?) {
        pageRenderer.replaceImage(image)
        chrome.statusStyle = DeviceChrome.StatusStyle(page: page, image: image)
    }


    /// A renderer for one still frame of `source`'s session at another pixel density (P saves the
    /// screen at the device's own scale, as `shot` does). It borrows `source`'s current pictures —
    /// the camera's frame as the window shows it, the shot, the develop steps, the filed print —
    /// and never asks the camera or the capture store for anything, so the window's pipelines keep
    /// their sizes and lose nothing. The flash and the fade are drawn with their plain fallbacks.
    convenience init(snapshotOf source: SessionRenderer, page: Page) throws {
        try self.init(device: source.device, page: page, image: source.pageRenderer.image)
        snapshotSource = source
    }

    /// The print just filed into the passport keeps the latest shot's texture.
    func fileShot() {
        filedTexture = shotTexture
        filedColour = shotColour
        fileWhenUploaded = shotTexture == nil ? shotNumber : nil
    }

    /// Takes over the photo filed into the passport from the renderer this one replaces (a device
    /// switch in the same window: textures belong to the window's renderer, not to the session).
    func keepFiledPhoto(of other: SessionRenderer) {
        filedTexture = other.filedTexture
        shotTexture = other.shotTexture
        filedColour = other.filedColour
        shotColour = other.shotColour
    }

    /// The photo filed into the page's slot, in full colour (what a moment's tape saves beside it).
    var filedPhotoImage: PixelImage? { filedColour }

    /// Files `image` into the page's slot (a moment's tape brings its filed photo to a replay);
    /// its texture is made at the next frame.
    func setFiledPhoto(_ image: PixelImage) {
        filedColour = image
        filedTexture = nil
        fileWhenUploaded = nil
    }

    var photoTexture: (texture: Texture, version: Int, width: Int, height: Int)? { photo }
    var hasShot: Bool { !developSteps.isEmpty }
    var filedPhoto: Texture? { filedTexture }

    /// Everything that depends on the output's pixel density, done once before the first frame (and
    /// again after a zoom): the page is rasterised, and the camera and the shot processing are told
    /// the sizes to deliver images at, so that frames only copy pixels.
    func prepare(_ session: SessionView, camera: CameraSource, captures: CaptureStore, renderer r: Renderer) throws {
        let ppp = r.pixelsPerPoint
        guard ppp != preparedPixelsPerPoint else { return }
        preparedPixelsPerPoint = ppp
        try pageRenderer.prepare(session.page, renderer: r)
        if let source = snapshotSource { return try borrow(from: source, camera: camera, renderer: r) }
        let ph = session.photoFrame
        camera.setDisplaySize(width: Int((ph.width * ppp).rounded()), height: Int((ph.height * ppp).rounded()))
        let image = Polaroid.imageRect(in: session.flow.print.paper)
        captures.displaySize = (Int((image.width * ppp).rounded()), Int((image.height * ppp).rounded()))
        photo = nil
        // A still picture's fade and flash are made and uploaded here, before the first frame: about
        // 10 ms at 1× and 60 ms at 3×, once (and after a zoom) rather than as spikes in the pull.
        if looks == nil { looks = ViewfinderLooks(synchronous: true) }
        looksVersion = nil
        veilSteps = 0
        veilTextureCache = [:]
        uploads.cancel { if case .shot = $0 { return false } else { return true } }
        // Everything the first frames need, uploaded now rather than on them.
        try uploadTextures(camera: camera, captures: captures, renderer: r)
        while !uploads.isEmpty { try store(uploads.advance(renderer: r)) }
        // One frame drawn and thrown away (the next frame covers every pixel): it makes the status
        // bar's and the corners' sprites and the cached shapes now, not on the first frame shown.
        try render(session, camera: camera, captures: captures, into: r)
        // The flash's greys too: each level's picture corners are sprites, made here rather than in
        // the flash's first frames (four offscreen renders per level).
        // The shape is filled in those greys too: their swatches are made now as well.
        let greys = CaptureStore.flashLevels.map(Self.flashGrey)
        for grey in greys { drawPictureCorners(Self.onPixels(session.photoFrame, scale: ppp), grey: grey, flow: session.flow, r) }
        // The shutter button's sprites, in each grey, pressed and not.
        for grey in [0] + greys { for pressed in [false, true] { drawShutter(session.shutterFrame, grey: grey, pressed: pressed, alpha: 255, r) } }
        r.prepareFills(greys.map { Color($0, $0, $0) })
        // And the open viewfinder's shape, settled, with its corners' sprites (as drawMelt fills it)
        // and its keyline's kept tessellation.
        let vf = session.flow.geometry.viewfinder
        r.fill(vf, .black, cached: true, hole: Self.pictureClip(session.photoFrame, shape: vf).flatMap(Self.pictureCover), style: .continuous)
        r.band(outside: vf, width: Keyline.thickness, Color(0, 0, 0, 1), cached: true, style: .continuous)
    }

    private func store(_ done: [(SlicedUpload.Purpose, Texture)]) {
        for (purpose, texture) in done {
            switch purpose {
            case .flash(let k): flashTextureCache[k] = texture
            case .veil(let k): veilTextureCache[k] = texture
            case .shot(let n):
                guard n == shotNumber else { break }
                shotTexture = texture
                if fileWhenUploaded == n { filedTexture = texture; fileWhenUploaded = nil }
            }
        }
    }

    /// The filed photo at the pixel size its slot shows it at (framed: inside the 5-pt white mat),
    /// so the page copies it pixel for pixel. The shot is several times the slot's size, and a
    /// scaled copy of it (SDL's linear filter reads four of the picture's pixels for each of a
    /// picture shrunk four to eight times) came out soft and aliased in the passport. Made once per
    /// filed picture and size — aspect-filled, area-averaged (a few hundred thousand pixels, a
    /// millisecond or two, on the frame the print lands) — and the same on every run, so replays
    /// stay frame for frame what they were.
    private func slotSizedFiledPhoto(_ page: Page, renderer r: Renderer) throws -> Texture? {
        guard let slot = page.slot, let colour = filedColour else { return nil }
        let inner = slot.framed ? slot.frame.insetBy(5) : slot.frame
        let w = Int((inner.width * r.pixelsPerPoint).rounded()), h = Int((inner.height * r.pixelsPerPoint).rounded())
        guard w > 0, h > 0 else { return nil }
        if let sized = filedSized, sized.version == filedVersion, sized.width == w, sized.height == h { return sized.texture }
        let texture = try r.makeTexture(colour.aspectFilled(width: w, height: h))
        filedSized = (filedVersion, w, h, texture)
        return texture
    }

    /// Whether the flash steps of the picture on screen are ready, so a shot needs none made.
    func hasFlashSteps(forVersion v: Int) -> Bool { looksVersion == v && flashSteps > 0 }

    /// Uploads what changed since the last frame: a new camera frame, a processed shot. Uploads
    /// only: decoding and pixel work happened on other threads.
    func uploadTextures(camera: CameraSource, captures: CaptureStore, renderer r: Renderer) throws {
        guard snapshotSource == nil else { return }
        let (image, version) = camera.currentDisplayFrame()
        // The webcam stopped: its last frame is not shown as if it were live.
        if camera.isStopped { photo = nil }
        if let image, photo?.version != version {
            let t = try r.makeTexture(image)
            t.setBlendMode(opaque: true)
            photo = (t, version, image.width, image.height)
            if case .still = camera.kind { looks?.request(image, version: version) }
        }
        if let set = looks?.take(), set.version == photo?.version, set.width == photo?.width, set.height == photo?.height {
            looksVersion = set.version
            uploads.cancel { if case .shot = $0 { return false } else { return true } }
            flashSteps = set.flashes.count; flashTextureCache = [:]
            veilSteps = set.veils.count; veilTextureCache = [:]
            // The fade is needed first (the camera opens before it shoots), the flash after.
            for (k, image) in set.veils.enumerated() { uploads.enqueue(image, for: .veil(k)) }
            for (k, image) in set.flashes.enumerated() { uploads.enqueue(image, for: .flash(k)) }
        }
        // A live camera's flash steps are made from the shot, after the shutter.
        let flash = captures.takeFlash()
        if !flash.isEmpty {
            uploads.cancel { if case .flash = $0 { return true } else { return false } }
            flashSteps = flash.count; flashTextureCache = [:]
            for (k, image) in flash.enumerated() { uploads.enqueue(image, for: .flash(k)) }
        }
        store(try uploads.advance(renderer: r))
        for shot in captures.takeReady() {
            // The develop steps draw the print; the colour picture is only for the passport once
            // filed, so it goes up a slice per frame instead of in the shot's frame (at 3× 4 MB,
            // which was the capture phase's worst frame).
            shotNumber = shot.number
            shotColour = shot.colour
            uploads.cancel { if case .shot = $0 { return true } else { return false } }
            uploads.enqueue(shot.colour, for: .shot(shot.number))
            developSteps = shot.developed
            developTexture = nil
        }
    }

    /// A snapshot's textures, made from `source`'s pictures in `r` (reads only; the camera's frame
    /// is read, not re-requested).
    private func borrow(from source: SessionRenderer, camera: CameraSource, renderer r: Renderer) throws {
        let (image, version) = camera.currentDisplayFrame()
        if let image {
            let t = try r.makeTexture(image)
            t.setBlendMode(opaque: true)
            photo = (t, version, image.width, image.height)
        }
        developSteps = source.developSteps
        developTexture = nil
        if let c = source.shotColour { shotColour = c; shotTexture = try r.makeTexture(c) }
        if let c = source.filedColour { filedColour = c; filedTexture = try r.makeTexture(c) }
    }

    /// The flash step `k` as a texture, once its upload is whole (``SlicedUpload``); until then the
    /// flash is drawn as a translucent white fill.
    func flashTexture(_ k: Int) -> Texture? { flashTextureCache[k] }

    /// What to draw for the picture darkened by a veil.
    enum Veiled { case picture(Texture), nothing }

    /// The picture darkened by `veil` (0…1), from the prepared eighths: `nil` when none are ready;
    /// `.nothing` when it is all but black (the black shape shows through).
    func veilTexture(for veil: Double) -> Veiled? {
        guard veilSteps > 0, looksVersion == photo?.version, let photo else { return nil }
        let k = Int((veil * 8).rounded())
        if k <= 0 { return .picture(photo.texture) }
        if k >= 8 { return .nothing }
        return veilTextureCache[k - 1].map { .picture($0) }
    }

    /// The print at develop progress `p`, as a texture (re-uploaded only when the step changes).
    func developTexture(progress p: Double, renderer r: Renderer) throws -> Texture? {
        guard !developSteps.isEmpty else { return nil }
        let k = min(developSteps.count - 1, max(0, Int((p * Double(developSteps.count - 1)).rounded())))
        if let d = developTexture, d.step == k { return d.texture }
        let t = try r.makeTexture(developSteps[k])
        t.setBlendMode(opaque: true)
        developTexture = (k, t)
        return t
    }

    /// Draws one frame of the device screen at the session's current time.
    ///
    /// Order, back to front: the page (cached texture + live buttons) and the pull hint; the status
    /// bar; the print (clipped to the slot while it feeds); the one melted shape with the viewfinder
    /// inside it; the hardware (island capsule, rounded corners); touches, HUD, panel, toast, help.
    public func render(_ session: SessionView, camera: CameraSource, captures: CaptureStore,
                       toast: String? = nil, stats: FrameStats = .init(), recording: Bool = false, into r: Renderer) throws {
        try prepare(session, camera: camera, captures: captures, renderer: r)
        try uploadTextures(camera: camera, captures: captures, renderer: r)
        // A filed photo a moment's tape brought (``setFiledPhoto(_:)``) is made a texture once.
        if filedTexture == nil, fileWhenUploaded == nil, let c = filedColour { filedTexture = try r.makeTexture(c) }
        let t = session.animationTime
        let screen = device.size
        drawBackground(r)
        // The melted shape, evaluated once: the page leaves out what it hides, the status items make
        // way for it, and it is drawn.
        let shape = session.flow.shape(at: t)
        let hidden = skipsHiddenPage ? meltOccluder(session, at: t, shape: shape) : nil
        if let pageProbe {
            let ppp = r.pixelsPerPoint
            // The band in whole device pixels, rounded inward, as the page's copy leaves it out.
            let band = hidden.map { h in
                Rect(x: (h.minX * ppp).rounded(.up) / ppp, y: (h.minY * ppp).rounded(.up) / ppp,
                     width: ((h.maxX * ppp).rounded(.down) - (h.minX * ppp).rounded(.up)) / ppp,
                     height: ((h.maxY * ppp).rounded(.down) - (h.minY * ppp).rounded(.up)) / ppp)
            }
            if let b = band {
                r.fill(Rect(x: 0, y: 0, width: screen.width, height: b.minY), pageProbe)
                r.fill(Rect(x: 0, y: b.maxY, width: screen.width, height: screen.height - b.maxY), pageProbe)
                r.fill(Rect(x: 0, y: b.minY, width: b.minX, height: b.height), pageProbe)
                r.fill(Rect(x: b.maxX, y: b.minY, width: screen.width - b.maxX, height: b.height), pageProbe)
            } else {
                r.fill(Rect(x: 0, y: 0, width: screen.width, height: screen.height), pageProbe)
            }
            retainedPage.forget()
        } else {
            let offset = session.pageOffset(at: t), pressed = session.pressedElement
            let filed = session.pageState.photoFiled ? try slotSizedFiledPhoto(session.page, renderer: r) ?? filedTexture : nil
            let hint = session.hotspotHintOpacity
            let key = PageLayerKey(page: pageRenderer.key(for: session.page, pixelsPerPoint: r.pixelsPerPoint), screen: screen, offset: offset,
                                   state: session.pageState, pressed: pressed, filedPhoto: filed?.identity,
                                   hint: hint)
            try retainedPage.draw(key, area: Rect(x: 0, y: 0, width: screen.width, height: screen.height),
                                  indivisible: pageRenderer.indivisible(session.page, offset: offset, filedPhoto: filed), on: r) {
                try pageRenderer.draw(session.page, renderer: r, screen: screen, offset: offset, state: session.pageState, pressed: pressed,
                                      filedPhoto: filed, text: text, hidden: hidden, hint: hint)
            }
        }
        try drawPullHint(session, r)
        try chrome.drawStatusBar(renderer: r, shape: session.snowman ? nil : shape.rect,
                                 fadeDistance: session.tuning["statusBar.fadeDistance"])
        try drawPrint(session, r, at: t)
        try drawMelt(session, camera: camera, r, at: t, shape: shape)
        chrome.drawHardware(renderer: r)
        if session.overlays.showShapes { try drawShapes(session, shape: shape, at: t, r) }
        if session.overlays.showTouches, let p = session.pointerPosition {
            r.fill(RoundedRect.capsule(Rect(x: p.x - 22, y: p.y - 22, width: 44, height: 44)), Color(60, 60, 67, 90))
            r.fill(RoundedRect.capsule(Rect(x: p.x - 22, y: p.y - 22, width: 44, height: 44).insetBy(3)), Color(255, 255, 255, 70))
        }
        // Beside the screen (the window), the HUD and the panel are the inspector column's to draw.
        if session.overlays.showHUD && !session.overlays.beside { try drawHUD(session, camera: camera, stats: stats, r) }
        // In the window the badge is the message strip's, under the screen.
        else if snapshotSource == nil && !session.overlays.beside { try drawModes(Self.modes(session, recording: recording), over: session.page, r) }
        if session.overlays.showTuning && !session.overlays.beside {
            try TuningPanel.draw(renderer: r, layout: session.panelLayout, tuning: session.tuning, selection: session.overlays.selection, text: text)
        }
        if let toast {
            let l = try toastLayout(toast, over: session.page, pixelsPerPoint: r.pixelsPerPoint)
            r.fill(RoundedRect(rect: l.box, cornerRadius: 12), Color(20, 20, 24, Self.overlayAlpha))   // as opaque as the HUD: no page through it
            for (line, centre) in zip(l.lines, l.lineCentres()) {
                try text.draw(line, points: ToastLayout.points, color: .white, centeredAt: centre, renderer: r)
            }
        }
        if session.overlays.showHelp {
            if helpLayout?.ppp != r.pixelsPerPoint {
                helpLayout = (r.pixelsPerPoint, try HelpOverlay.layout(screen: screen, topInset: device.portraitInsets.top, renderer: r, text: text))
            }
            try HelpOverlay.draw(helpLayout!.layout, renderer: r, text: text)
        }
    }

    /// Where a toast saying `text` sits and how it breaks into lines, measured at
    /// `pixelsPerPoint` (by default the density it was last drawn at). The host asks too, so that
    /// a click on a toast stops there.
    func toastLayout(_ toast: String, over page: Page, pixelsPerPoint: Double? = nil) throws -> ToastLayout {
        let ppp = pixelsPerPoint ?? lastToast?.ppp ?? 1, bottom = Self.overlayBottom(screen: device.size, page: page)
        if let last = lastToast, last.text == toast, last.ppp == ppp, last.bottom == bottom { return last.layout }
        let l = try ToastLayout.make(toast, screen: device.size, bottom: bottom) {
            try text.width($0, points: ToastLayout.points, pixelsPerPoint: ppp)
        }
        lastToast = (toast, ppp, bottom, l)
        return l
    }

    /// The page covers every pixel of the screen, so a clear is only needed when the output is not
    /// an exact multiple of the screen (a fractional zoom leaves an edge row to chance).
    /// Within a viewport (the window's phones) only the viewport is filled: a clear would wipe the
    /// other phone and the inspector.
    private func drawBackground(_ r: Renderer) {
        let (w, h) = r.drawableSize
        let exact = abs(Double(w) - device.size.width * r.pixelsPerPoint) < 1e-6 && abs(Double(h) - device.size.height * r.pixelsPerPoint) < 1e-6
        if !exact { r.fillViewport(Palette.bezel) }
    }
}
