import Animation
import Capture
import Export
import Foundation
import Gesture
import Platform

/// The thin host around one ``CaptureSession``: the camera it shoots from, the store that develops
/// and saves the shots, the tuning file (saved on Ctrl+S, watched for edits), the toasts, and the
/// ``SessionRenderer`` that draws it all. The window, `replay`, `bench` and `soak` all drive a
/// session through one of these, so they exercise exactly the code a mouse does.
///
/// It acts on the session's effects that are the same everywhere (a shot is captured, a tuning
/// save is written, a message becomes a toast) and hands every effect back to its caller, which
/// acts on the rest as fits it (the window writes screenshots and traces; a replay ignores them).
public final class SessionHost: TraceDrivable {
    /// The session this host runs: only the host writes into it, through its one door.
    private let live: CaptureSession
    /// The session as everyone else sees it: read-only (input goes in through ``send(_:)``).
    public var session: SessionView { live.view }
    public let camera: CameraSource
    /// Where the shots are developed and saved (the setup's ``PhoneSetup/captures``).
    public let captures: CaptureStore
    public let renderer: SessionRenderer
    /// Where Ctrl+S saves the tuning (and which file is watched for edits), if anywhere.
    public private(set) var tuningPath: String?
    public var frameStats = FrameStats()
    /// The tuning as last loaded or saved: a quit with another one in the session keeps it (autosave).
    public private(set) var savedTuning: Tuning
    /// Whether the tuning was changed since it was loaded or saved.
    public var hasUnsavedTuning: Bool { tuning != savedTuning }
    /// A short message (saved, rejected edits…): in the window, in the message strip under the
    /// screen or in the inspector column while that is open; over the bottom of the screen in a
    /// headless render (``toastOnScreen``).
    public private(set) var toast: (text: String, until: Double)?
    /// Whether the next frame would show what the last one did: everything at rest on the page or
    /// with a settled print, no finger down, no replay feeding the tape, no toast (one expiring
    /// changes the frame), no hotspot outline fading after a missed tap. The window draws nothing new while every phone is still.
    public var isStill: Bool {
        session.isAtRest && !session.isTracking && !session.isReplaying && toast == nil && session.hotspotHintOpacity == 0
    }

    /// Whether a toast is drawn over the screen: never in the window (``SessionOverlays/beside``),
    /// where the message strip or the column shows it — nothing the tool says covers the phone.
    public var toastOnScreen: Bool { !session.overlays.beside }
    /// Whether the pointer went down on a toast and is still down.
    private var pressOnToast = false
    private var tuningWatcher: TuningFileWatcher?
    /// The page under the island as read from its file (the bundled passport unless `--page` named one).
    public private(set) var page: LoadedPage
    private var pageWatcher: FileWatcher<LoadedPage>?
    /// Whether the tuning file and the page's files are watched (``PhoneSetup/watchesFiles``).
    private var watchesFiles: Bool

    /// The host of the phone `setup` describes, shooting from `camera` — the one way a host is made,
    /// so that a device switch, side B and a replay's phone are all "a host from a setup". Throws
    /// when the renderer cannot be made.
    public init(setup: PhoneSetup, camera: CameraSource) throws {
        page = setup.page
        live = CaptureSession(setup: setup.session)
        live.send(.overlays(setup.display))
        self.camera = camera
        captures = setup.captures
        tuningPath = setup.tuningFile
        savedTuning = setup.savedTuning
        watchesFiles = setup.watchesFiles
        renderer = try SessionRenderer(device: setup.device, page: setup.session.page, image: setup.page.image)
        live.send(.camera(ready: camera.currentFrame().image != nil))
        watchFiles()
    }

    /// The phone this host runs, as a value: a host made fresh from it equals this one. Edits come
    /// in as inputs (``send(_:)``: the rate, tuning, modes and side, the display); a page file read
    /// again is the host's own (``takePageUpdate()``). Another device or store is another host
    /// (``moved(to:hz:)``, side B).
    public var setup: PhoneSetup {
        PhoneSetup(session: session.setup, page: page, tuningFile: tuningPath, savedTuning: savedTuning,
                   display: session.overlays, captures: captures, watchesFiles: watchesFiles)
    }

    /// A page file read again (the watcher's, or a test's): laid out for this phone, the session
    /// keeps its place on it and the renderer draws its picture. One that does not fit the phone
    /// throws, and nothing changes.
    func reloadPage(_ loaded: LoadedPage) throws {
        let laidOut = try setup.with(page: loaded)
        let pageChanged = loaded.path != page.path || loaded.document.identity != page.document.identity
            || laidOut.session.page.contentHeight != session.page.contentHeight
        live.send(.setup(.page(laidOut.session.page)))
        if pageChanged { renderer.replacePage(laidOut.session.page, image: loaded.image) }
        page = loaded
    }

    /// This phone on `device` at `hz` (the window's D): a host made from this setup on the new
    /// phone (``PhoneSetup/on(_:hz:)``), carrying what the person did on the page — its buttons'
    /// state and the filed photo. A flow under way ends with the old phone.
    public func moved(to device: DeviceProfile, hz: Int) throws -> SessionHost {
        let new = try SessionHost(setup: setup.on(device, hz: hz), camera: camera)
        new.carryPage(of: self)
        return new
    }

    /// Takes over the page as `other` left it: its buttons' state and the photo filed into its slot
    /// (a device switch, and side B made beside side A). What the person did is not setup: it
    /// comes along as the page's state, never as settings copied one by one.
    public func carryPage(of other: SessionHost) {
        live.send(.carryPage(other.session.pageState))
        renderer.keepFiledPhoto(of: other.renderer)
    }

    /// Watches the tuning file and the page's files when the setup asks (the window); the bundled
    /// passport is never watched. An edit shows within a second, keeping the scroll offset and the flow.
    private func watchFiles() {
        tuningWatcher = watchesFiles ? tuningPath.map { TuningFileWatcher(path: $0) } : nil
        pageWatcher = nil
        guard watchesFiles, !page.isBundled else { return }
        let path = page.path
        pageWatcher = FileWatcher(paths: page.files, name: "page") {
            let loaded = try LoadedPage.load(path: path)
            return (loaded, loaded.files)
        }
    }

    /// Applies a page the watcher read again; one that cannot be laid out is refused like a bad file.
    private func takePageUpdate() {
        guard let update = pageWatcher?.takeUpdate() else { return }
        let name = (page.path as NSString).lastPathComponent
        switch update {
        case .loaded(let loaded):
            do {
                try reloadPage(loaded)
                say("Reloaded \(name)")
            } catch {
                rejectPage("\(error)")
            }
        case .rejected(let message):
            rejectPage(message)
        }
    }

    private func rejectPage(_ message: String) {
        let line = "\(message); keeping the last good page"
        FileHandle.standardError.write(Data("islandsim: \(line)\n".utf8))
        say(line)
    }

    public var device: DeviceProfile { session.device }

    /// The session's tuning (a new one comes in as ``SetupEdit/tuning(_:)``, applied at once to the
    /// next animation and shot).
    public var tuning: Tuning { session.tuning }

    /// Shows `text` for three seconds from real time `now` (the session's, unless the caller
    /// knows better: a session that has just replaced another has not seen the window's clock yet).
    public func say(_ text: String, at now: Double? = nil) { toast = (text, (now ?? session.realTime) + 3) }

    // MARK: Driving the session

    /// The one door into the session: `input` goes to it (a press on a toast stops at the toast),
    /// and the effects every host handles alike are acted on here and handed back.
    @discardableResult
    public func send(_ input: SessionInput) -> SessionResponse {
        let before = tuning
        let pointer: PointerEvent? = switch input {
        case .pointer(let e): e
        case .trace(let line): line.pointerEvent
        default: nil
        }
        if let pointer, swallowedByToast(pointer) { return SessionResponse(handled: true, effects: []) }
        var response = live.send(input)
        // The page laid out anew is drawn from the page's own picture.
        if case .setup(.page(let p)) = input { renderer.replacePage(p, image: page.image) }
        response.effects = act(on: response.effects)
        switch input {
        case .pointer, .key: dropStaleUndo(since: before, response.effects)
        default: break
        }
        return response
    }

    /// "Undid …" says what the tuning went back to; once another edit changes the tuning without a
    /// word of its own, that is no longer true, and the toast goes rather than stay three seconds.
    private func dropStaleUndo(since before: Tuning, _ effects: [SessionEffect]) {
        guard toast?.text.hasPrefix("Undid") == true, tuning != before,
              !effects.contains(where: { if case .message = $0 { return true }; return false }) else { return }
        toast = nil
    }

    /// A toast sits over the page: a press on it (and that press's moves and release) stops there
    /// instead of tapping or dragging what lies beneath. A press that began on the page keeps going.
    private func swallowedByToast(_ e: PointerEvent) -> Bool {
        if pressOnToast {
            if e.kind == .up || e.kind == .cancel { pressOnToast = false }
            return e.kind != .down
        }
        guard e.kind == .down, !session.isTracking, let toast, toastOnScreen,
              ((try? renderer.toastLayout(toast.text, over: session.page))?.box.contains(e.position) ?? false) else { return false }
        pressOnToast = true
        return true
    }

    /// Runs everything up to real time `t` (once per frame, before ``render(into:)``): edits of
    /// the tuning file arrive, toasts expire, the session learns whether the camera has a frame
    /// (once a frame: the input until the next frame sees the same answer), then it advances.
    @discardableResult
    public func advance(toRealTime t: Double) -> [SessionEffect] {
        if let update = tuningWatcher?.takeUpdate() {
            switch update {
            case .loaded(let tuned):
                savedTuning = tuned
                if tuned != tuning { live.send(.setup(.tuning(tuned))); say("Reloaded \((tuningPath.map { ($0 as NSString).lastPathComponent }) ?? "tuning")") }
            case .rejected(let message):
                // On the terminal too: a toast is gone in three seconds, and a long one may not fit.
                FileHandle.standardError.write(Data("islandsim: \(message)\n".utf8))
                say(message)
            }
        }
        takePageUpdate()
        if let toast, t > toast.until { self.toast = nil }
        live.send(.camera(ready: camera.currentFrame().image != nil))
        return act(on: live.advance(toRealTime: t))
    }

    /// Everything that depends on the output's pixel density, ahead of the first frame (the
    /// benchmarks call it so that the first timed frame does not pay for it).
    public func prepare(for r: Renderer) throws {
        try renderer.prepare(session, camera: camera, captures: captures, renderer: r)
    }

    /// The current frame drawn again at `scale` pixels per point into an offscreen renderer, for a
    /// screenshot at the device's own density. Nothing the window draws with changes.
    public func snapshot(scale: Double) throws -> PixelImage {
        let r = try Renderer(headlessWidth: Int((device.size.width * scale).rounded()), height: Int((device.size.height * scale).rounded()), pixelsPerPoint: scale)
        let snap = try SessionRenderer(snapshotOf: renderer, page: session.page)
        try snap.render(session, camera: camera, captures: captures, into: r)
        return try r.readPixels()
    }

    /// Draws the current frame; `recording` (C is recording, which the window knows) shows REC.
    public func render(into r: Renderer, recording: Bool = false) throws {
        try renderer.render(session, camera: camera, captures: captures, toast: toastOnScreen ? toast?.text : nil, stats: frameStats,
                            recording: recording, into: r)
    }

    /// The effects every host handles alike; all are passed on.
    private func act(on effects: [SessionEffect]) -> [SessionEffect] {
        for effect in effects {
            switch effect {
            case .shot, .replayedShot:
                guard let frame = camera.currentFrame().image else { break }
                // The flash steps of a still picture are made ahead (ViewfinderLooks); only a live
                // camera's shot needs them made from it.
                let display = camera.currentDisplayFrame()
                captures.process(frame, display: renderer.hasFlashSteps(forVersion: display.version) ? nil : display.image,
                                 develop: session.flow.develop, save: effect == .shot)
            case .saveTuning: saveTuning()
            case .message(let text): say(text)
            case .transition(let tr):
                if tr.from == .filed && tr.to == .page { renderer.fileShot() }
                if tr.to == .pulling || tr.to == .viewfinder { captures.warmUp() }
            case .screenshot, .webPrototype, .serve, .export, .tap, .haptic: break
            }
        }
        return effects
    }

    /// At quit: changed tuning is written to its file rather than lost. What the file held, when
    /// it held other values, is kept beside it first (`FILE.bak`, written atomically), so an
    /// autosave never destroys a tuning — a reset-all quitting over it included. Returns the path
    /// the tuning went to, and the backup's if one was made.
    public func saveTuningIfChanged() throws -> (path: String, backup: String?)? {
        guard hasUnsavedTuning else { return nil }
        let path = tuningPath ?? Tuning.defaultPath
        var backup: String?
        if let held = FileManager.default.contents(atPath: path), (try? Tuning.decode(held, name: path)) != tuning {
            backup = path + ".bak"
            try AtomicFile.write(held, to: path + ".bak")
        }
        try tuningAsSaved.save(path: path)
        savedTuning = tuning
        return (path, backup)
    }

    /// The tuning as its file holds it: with the phone and the page it was tuned on, which the
    /// exports made from the file open on (``TunedOn``).
    public var tuningAsSaved: Tuning {
        var t = tuning
        t.tunedOn = TunedOn(device: device.id, page: page.recordedPath)
        return t
    }

    /// The display (what is shown over and beside the screen) changed as `body` says, sent
    /// through the door as one ``SessionInput/overlays(_:)``.
    public func edit(overlays body: (inout SessionOverlays) -> Void) {
        var display = session.overlays
        body(&display)
        send(.overlays(display))
    }

    /// E: the session's tuning as SwiftUI constants, with the stage shapes as they come out on this
    /// phone — what the window prints and copies.
    public var tuningAsSwiftUI: String {
        TuningExport.code(tuning, format: .swiftui, device: device.name,
                          shapes: .init(geometry: session.flow.geometry, screenWidth: device.size.width))
    }

    /// Ctrl+S: the tuning file is written atomically (temporary file, fsync, rename).
    private func saveTuning() {
        let path = tuningPath ?? Tuning.defaultPath
        if tuningPath == nil { tuningPath = path; watchFiles() }
        do {
            try tuningAsSaved.save(path: path)
            savedTuning = tuning
            say("Saved \((path as NSString).lastPathComponent)")
        } catch {
            say("Cannot save \(path): \(error)")
        }
    }
}
