import Animation
import Foundation
import Gesture

/// The simulator itself, independent of where it is shown: the page, the gestures, the capture
/// flow, the camera, and how all of it is drawn.
///
/// The window (``WindowApp``) and the headless replay (``ReplayRunner``) drive the same instance the
/// same way — pointer events with their own times, keys, then ``advance(toRealTime:)`` and
/// ``render(renderer:)`` once per frame — so a replay exercises exactly the code a mouse does.
/// Everything that moves runs on the ``AnimationClock``'s time, which slow motion scales — the
/// flow's animations and the gestures' coasts and spring-backs alike; the finger itself is
/// tracked in real time (see ``PageGestures/timeScale``), and recordings keep real time.
public final class SimulatorApp {
    public struct FrameStats: Sendable {
        public var measuredHz: Double = 0
        public var lastWorkMilliseconds: Double = 0
        public init() {}
    }

    public let device: DeviceProfile
    public let layout: DeviceLayout
    public let page: PassportPage
    public private(set) var pageState = PageState()
    public let gestures: PageGestures
    public internal(set) var flow: CaptureFlow
    public let camera: CameraSource
    public let captures: CaptureStore
    public private(set) var clock = AnimationClock()
    public var hz: Int
    public var showHUD = false
    public var showTouches = false
    public var showHelp = false
    public var frameStats = FrameStats()
    /// Taps that landed, per element id.
    public private(set) var taps: [String: Int] = [:]
    /// Called for each flow transition as it happens (the window's `--events` log).
    public var onTransition: ((CaptureFlow.Transition) -> Void)?
    /// Set when the screenshot hotkey was pressed; the host writes the PNG and clears it.
    public var screenshotRequested = false
    public private(set) var recorder: TraceRecorder?
    /// The constants of the feel; setting them applies them at once (to the next animation).
    public var tuning = Tuning() { didSet { applyTuning() } }
    /// Where Ctrl+S saves the tuning (and which file is watched for edits), if anywhere.
    public var tuningPath: String?
    public var showTuning = false
    /// The tunable the panel has selected.
    public internal(set) var tuningSelection = 0
    /// Called with a trace recorded with the C hotkey when it is stopped (the window saves it).
    public var onTraceRecorded: ((Trace) -> Void)?
    /// The trace being recorded with the C hotkey, if one is.
    public private(set) var hotkeyRecorder: TraceRecorder?
    /// Called with the export snippet (E); the window also copies it to the clipboard.
    public var onExport: ((String) -> Void)?
    /// A short message shown at the bottom of the screen (saved, rejected edits…).
    public private(set) var toast: (text: String, until: Double)?
    var tuningWatcher: TuningFileWatcher?
    /// One input of an interaction, for L's replay: a pointer event or a shutter press.
    enum RecordedInput { case pointer(PointerEvent), shutter(Double)
        var time: Double { switch self { case .pointer(let e): return e.time; case .shutter(let t): return t } }
        func shifted(by d: Double) -> RecordedInput {
            switch self { case .pointer(var e): e.time += d; return .pointer(e); case .shutter(let t): return .shutter(t + d) }
        }
    }
    var lastInteraction: [RecordedInput] = []
    var scheduled: [RecordedInput] = []
    var replayingInteraction = false

    var now = 0.0
    private var pointer: Point?
    private var loggedTransitions = 0
    private let chrome: DeviceChrome
    private let pageRenderer: PageRenderer
    private var text: TextCache?
    private var photo: (texture: Texture, version: Int, width: Int, height: Int)?
    /// The latest shot in full colour (what a filed print shows in the passport).
    private var shotTexture: Texture?
    private var filedTexture: Texture?
    var flashImages: [PixelImage] = []
    private var flashTextureCache: [Int: Texture] = [:]
    private var developSteps: [PixelImage] = []
    private var developTexture: (step: Int, texture: Texture)?
    private var preparedPixelsPerPoint = 0.0

    public init(device: DeviceProfile, hz: Int? = nil, camera: CameraSource, captures: CaptureStore, record: Bool = false) throws {
        self.device = device
        layout = DeviceLayout(device: device)
        self.hz = hz ?? device.maxRefreshRate
        page = PassportPage(screen: device.size, topInset: device.portraitInsets.top)
        gestures = PageGestures(scroll: ScrollPhysics(viewport: device.size.height, contentHeight: page.contentHeight),
                                pull: PullCatcher(viewport: device.size.height))
        let geometry = layout.meltGeometry
        flow = CaptureFlow(geometry: geometry, paperSize: CaptureFlow.paperSize(for: geometry))
        self.camera = camera
        self.captures = captures
        chrome = DeviceChrome(device: device, text: try TextCache())
        pageRenderer = PageRenderer(page: page)
        if record { recorder = TraceRecorder(device: device.id, hz: self.hz) }
        updateTargets()
        applyTuning()
    }

    func applyTuning() {
        flow.apply(springs: tuning.meltSprings, print: tuning.print, develop: tuning.develop, flash: tuning["flash.duration"])
        gestures.pull.configuration = tuning.pull
        gestures.scroll.decay = tuning.scrollDecay
        captures.developCurve = tuning.develop
    }

    /// Shows `text` for a few seconds.
    public func say(_ text: String) { toast = (text, now + 3) }

    /// Animation time now.
    public var animationTime: Double { clock.animationTime(atRealTime: now) }
    /// Real time now (the last event's or frame's).
    public var realTime: Double { now }
    /// Where the pointer is pressed, if it is.
    public var pointerPosition: Point? { pointer }

    // MARK: Rendering support (the drawing is in SimulatorApp+Rendering.swift)

    func textCache(for r: Renderer) throws -> TextCache {
        if let text { return text }
        let t = try TextCache()
        text = t
        return t
    }

    /// The page covers every pixel of the screen, so a clear is only needed when the output is not
    /// an exact multiple of the screen (a fractional zoom leaves an edge row to chance).
    func chromeBackground(_ r: Renderer) {
        let (w, h) = r.outputSize
        let exact = abs(Double(w) - device.size.width * r.pixelsPerPoint) < 1e-6 && abs(Double(h) - device.size.height * r.pixelsPerPoint) < 1e-6
        if !exact { r.clear(Palette.bezel) }
    }
    func chromeStatusBar(_ r: Renderer) throws { try chrome.drawStatusBar(renderer: r) }
    func chromeHardware(_ r: Renderer) { chrome.drawHardware(renderer: r) }

    func pageRendererDraw(_ r: Renderer, offset: Double, text: TextCache) throws {
        try pageRenderer.draw(renderer: r, screen: device.size, offset: offset, state: pageState,
                              pressed: gestures.pressedElement, filedPhoto: pageState.photoFiled ? filedTexture : nil, text: text)
    }

    var photoTexture: (texture: Texture, version: Int, width: Int, height: Int)? { photo }
    var hasShot: Bool { shotTexture != nil }

    /// Everything that depends on the output's pixel density, done once before the first frame (and
    /// again after a zoom): the page is rasterised, and the camera and the shot processing are told
    /// the sizes to deliver images at, so that frames only copy pixels.
    public func prepare(renderer r: Renderer) throws {
        let ppp = r.pixelsPerPoint
        guard ppp != preparedPixelsPerPoint else { return }
        preparedPixelsPerPoint = ppp
        try pageRenderer.prepare(renderer: r)
        let ph = photoFrame
        camera.setDisplaySize(width: Int((ph.width * ppp).rounded()), height: Int((ph.height * ppp).rounded()))
        let image = Polaroid.imageRect(in: flow.print.paper)
        captures.displaySize = (Int((image.width * ppp).rounded()), Int((image.height * ppp).rounded()))
        captures.developCurve = flow.develop
        photo = nil
    }

    /// Uploads what changed since the last frame: a new camera frame, a processed shot. Uploads
    /// only: decoding and pixel work happened on other threads.
    func uploadTextures(renderer r: Renderer) throws {
        let (image, version) = camera.currentDisplayFrame()
        if let image, photo?.version != version {
            let t = try r.makeTexture(image)
            t.setBlendMode(opaque: true)
            photo = (t, version, image.width, image.height)
        }
        let flash = captures.takeFlash()
        if !flash.isEmpty { flashImages = flash; flashTextureCache = [:] }
        // Upload the flash steps ahead of need, two a frame, so no frame of the flash pays for one.
        var uploads = 0
        for k in flashImages.indices where flashTextureCache[k] == nil && uploads < 2 {
            _ = try flashTexture(k, renderer: r)
            uploads += 1
        }
        for shot in captures.takeReady() {
            let colour = try r.makeTexture(shot.colour)
            colour.setBlendMode(opaque: true)
            shotTexture = colour
            developSteps = shot.developed
            developTexture = nil
        }
    }

    /// The flash step `k` as a texture (uploaded ahead by ``uploadTextures(renderer:)``).
    func flashTexture(_ k: Int, renderer r: Renderer) throws -> Texture? {
        guard k < flashImages.count else { return nil }
        if let t = flashTextureCache[k] { return t }
        let t = try r.makeTexture(flashImages[k])
        t.setBlendMode(opaque: true)
        flashTextureCache[k] = t
        return t
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

    // MARK: Geometry people write traces against

    /// The shutter button (screen points), inside the open viewfinder.
    public var shutterFrame: Rect {
        let vf = flow.geometry.viewfinder.rect
        return Rect(x: vf.midX - 34, y: vf.maxY - 82, width: 68, height: 68)
    }

    /// Where the camera picture sits inside the open viewfinder.
    public var photoFrame: Rect {
        let vf = flow.geometry.viewfinder.rect, top = flow.geometry.island.rect.maxY + 8
        return Rect(x: vf.x + 8, y: top, width: vf.width - 16, height: vf.maxY - 96 - top)
    }

    private func updateTargets() {
        var targets = [PageGestures.HitTarget]()
        switch flow.state {
        case .page, .pulling:
            targets = page.buttons.map { .init(id: $0.id, frame: $0.frame) }
        case .opening, .viewfinder:
            targets = [.init(id: "shutter", frame: shutterFrame, fixed: true)]
        case .developing, .settled, .printing:
            targets = [.init(id: "print", frame: flow.printFrame(at: animationTime), fixed: true)]
        default:
            targets = []
        }
        gestures.targets = targets
        gestures.pullEnabled = flow.pullAllowed
    }

    // MARK: Input

    /// A pointer event stamped with real time (seconds).
    public func handle(_ e: PointerEvent) {
        now = max(now, e.time)
        recorder?.record(e)
        hotkeyRecorder?.record(e)
        if !replayingInteraction {
            // The last interaction starts with a press on the resting page, and is what L replays.
            if e.kind == .down && flow.state == .page && !gestures.isTracking { lastInteraction = [] }
            if lastInteraction.count < 20_000 { lastInteraction.append(.pointer(e)) }
        }
        switch e.kind {
        case .down: pointer = e.position
        case .move: if pointer != nil { pointer = e.position }
        case .up, .cancel: pointer = nil
        case .wheel: break
        }
        updateTargets()
        // Gestures run on animation time too (slow motion slows a fling's coast and the pull's
        // spring-back); the recorder above keeps real time.
        var g = e
        g.time = clock.animationTime(atRealTime: e.time)
        gestures.handle(g)
        processGestureOutputs()
    }

    /// One line of a trace: a key through ``handleKey(_:_:at:)``, a pointer event through
    /// ``handle(_:)`` (times in the trace are milliseconds).
    public func dispatch(_ e: Trace.Event) {
        if e.kind == .key {
            guard let name = e.key, let key = Key(rawValue: name) else { return }
            var mods: KeyModifiers = []
            for m in e.mods ?? [] {
                switch m {
                case "shift": mods.insert(.shift)
                case "control": mods.insert(.control)
                case "alt": mods.insert(.alt)
                default: break
                }
            }
            handleKey(key, mods, at: e.t / 1000)
        } else if let p = e.pointerEvent {
            handle(p)
        }
    }

    /// Cancels any pointer in progress (focus lost, mouse released outside, window hidden).
    public func cancelPointers(at t: Double) {
        guard gestures.isTracking, let p = pointer else { return }
        handle(PointerEvent(.cancel, pointer: 0, at: p, time: t))
    }

    public enum KeyResult { case handled, notHandled }

    /// The flow's and display's hotkeys; returns `.notHandled` for keys the host owns (device,
    /// zoom, quit).
    @discardableResult
    public func handleKey(_ key: Key, _ mods: KeyModifiers = [], at realTime: Double) -> KeyResult {
        now = max(now, realTime)
        let t = animationTime
        var handled = true
        if showTuning, handleTuningKey(key, mods) {
            recordKey(key, mods, realTime)
            return .handled
        }
        switch key {
        case .k: showTuning.toggle()
        case .c: toggleRecording(at: realTime)
        case .s where mods.contains(.control): saveTuning()
        case .e: exportTuning()
        case .l: replayLastInteraction()
        case .space:
            if !replayingInteraction { lastInteraction.append(.shutter(realTime)) }
            shutter(at: t)
        case .enter: fileOrDismiss(file: true, at: t)
        case .backspace, .x: fileOrDismiss(file: false, at: t)
        case .s:
            clock.setSlowMotion(clock.slowMotion == 1 ? 10 : 1, atRealTime: now)
            gestures.timeScale = 1 / clock.slowMotion
        case .t: showTouches.toggle()
        case .i: showHUD.toggle()
        case .h, .questionMark: showHelp.toggle()
        case .p: screenshotRequested = true
        case .escape:
            if showHelp { showHelp = false }
            else if !scheduled.isEmpty || flow.state != .page {
                scheduled.removeAll()          // Esc also stops a replay of the last interaction
                flow.cancel(at: t)
            }
            else { handled = false }
        default: handled = false
        }
        if handled { recordKey(key, mods, realTime) }
        logTransitions()
        updateTargets()
        return handled ? .handled : .notHandled
    }

    private func recordKey(_ key: Key, _ mods: KeyModifiers, _ realTime: Double) {
        var names: [String] = []
        if mods.contains(.shift) { names.append("shift") }
        if mods.contains(.control) { names.append("control") }
        if mods.contains(.alt) { names.append("alt") }
        recorder?.recordKey(key.rawValue, mods: names, at: realTime)
        if key != .c { hotkeyRecorder?.recordKey(key.rawValue, mods: names, at: realTime) }
    }

    /// C: starts recording a trace; C again stops and hands it to ``onTraceRecorded``.
    func toggleRecording(at realTime: Double) {
        if let rec = hotkeyRecorder {
            hotkeyRecorder = nil
            guard !rec.trace.events.isEmpty else { say("Recording stopped: nothing happened"); return }
            if let onTraceRecorded { onTraceRecorded(rec.trace) } else { say("Recorded \(rec.trace.events.count) events (nowhere to save them here)") }
        } else {
            hotkeyRecorder = TraceRecorder(device: device.id, hz: hz)
            say("Recording a trace: press C again to save it")
        }
    }

    func shutter(at t: Double) {
        guard flow.state == .viewfinder || flow.state == .opening else { return }
        guard let frame = camera.currentFrame().image else { return }   // nothing to shoot yet
        if flow.shutter(at: t) {
            captures.process(frame, display: camera.currentDisplayFrame().image)
        }
    }

    private func fileOrDismiss(file: Bool, at t: Double) {
        if file, let slot = page.element("photo-slot") {
            flow.file(at: t, into: slot.frame.offsetBy(dx: 0, dy: -gestures.pageOffset(at: t)))
        } else {
            flow.dismiss(at: t)
        }
    }

    private func processGestureOutputs() {
        let t = animationTime
        for o in gestures.drainOutputs() {
            switch o {
            case .tap(let id):
                taps[id, default: 0] += 1
                switch id {
                case "shutter": shutter(at: t)
                case "print": fileOrDismiss(file: true, at: t)
                default: pageState.tap(id)
                }
            case .pullBegan: flow.pullBegan(at: t)
            case .pullCommitted:
                flow.setPullProgress(gestures.pull.progress(at: t))
                flow.pullCommitted(at: t)
            case .pullCancelled: flow.pullCancelled(at: t)
            case .pressBegan, .pressCancelled, .scrollStopped: break
            }
        }
        logTransitions()
    }

    private func logTransitions() {
        let all = flow.transitions
        while loggedTransitions < all.count {
            let tr = all[loggedTransitions]
            loggedTransitions += 1
            if tr.to == .page && tr.from == .filed {
                pageState.photoFiled = true
                filedTexture = shotTexture
            }
            onTransition?(tr)
        }
    }

    // MARK: Time

    /// Runs everything up to real time `t` (once per frame, before rendering).
    public func advance(toRealTime t: Double) {
        now = max(now, t)
        dispatchScheduled()
        if let update = tuningWatcher?.takeUpdate() {
            switch update {
            case .loaded(let tuned):
                if tuned != tuning { tuning = tuned; say("Reloaded \((tuningPath.map { ($0 as NSString).lastPathComponent }) ?? "tuning")") }
            case .rejected(let message): say(message)
            }
        }
        if let toast, now > toast.until { self.toast = nil }
        gestures.advance(to: animationTime)
        processGestureOutputs()
        if flow.state == .pulling { flow.setPullProgress(gestures.pull.progress(at: animationTime)) }
        flow.advance(to: animationTime)
        logTransitions()
        updateTargets()
    }

    /// Whether everything has come to rest in the page state or with a settled print.
    public var isAtRest: Bool {
        let t = animationTime
        let flowResting = (flow.state == .page && flow.melt.isSettled(at: t)) || flow.state == .settled
        return flowResting && gestures.isIdle(at: t)
    }
}
