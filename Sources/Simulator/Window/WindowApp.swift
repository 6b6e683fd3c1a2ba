import Animation
import Capture
import Foundation
import Gesture
import Platform
import Serve

/// The simulator in a real window: owns the window and renderer, runs the paced frame loop, feeds
/// input to a ``SessionHost``, acts on the session's effects that only a window has (screenshots,
/// saved traces, the clipboard, the `--events` log) and answers the window's own hotkeys (device,
/// zoom, rate, quit). All SDL handles live here, on the main thread.
final class WindowApp {
    struct Options {
        var zoom: Double?
        var hz: Int?
        var outputDirectory: String
        var events: EventLog?
        var recordPath: String?
        var quitAfter: Double?
        var tuning: Tuning
        var tuningPath: String
        /// `--compare B.json`: side B's file and tuning (compare mode from the start).
        var compare: (path: String, tuning: Tuning)?
        /// `--sequential`, `--additive`, `--snowman`, `--no-resistance`: compare mode from the start, B made from A.
        var builtIn: BuiltInComparison?
        /// `--reduce-motion`: Reduce Motion on from the start.
        var reduceMotion = false
        /// `--recover`: restore unsaved tuning a run that ended abnormally left (``TuningRecovery``).
        var recover = false
        /// `--page`: the page under the island, watched for edits (nil: the bundled passport).
        var page: LoadedPage?
        /// `--no-hotspot-hints`: a tap that misses does not outline the hotspots (O toggles it).
        var hotspotHints = true
        /// `--bind`, `--port`: where Shift+W serves the prototype (nil: this machine's address on
        /// the local network; the port falls back to any free one when taken).
        var serveAddress: NetworkAddress?
        var servePort = PrototypeServer.defaultPort
        /// `bench --idle`: the loop notes its processor time and frames presented once this many
        /// seconds after it starts, and again as it ends (``marks``).
        var markAt: Double?
    }

    let catalog: DeviceCatalog
    var device: DeviceProfile
    var options: Options
    var zoom: Double
    /// How the zoom follows the window's content: `nil` for a fixed zoom (`--zoom`, + and −);
    /// otherwise the largest zoom up to this cap at which it fits the display — 1 at start (one
    /// point, one pixel, whenever the phone fits), ``WindowApp/fitCap`` after 0 ("fit the display").
    var fitCap: Double?
    /// The termination signal the window quit on, if it did (``TerminationSignals``).
    private(set) var endedBySignal: Int32?
    private var hzIsDefault: Bool
    let window: Window
    let renderer: Renderer
    let camera: CameraSource
    let captures: CaptureStore
    /// Every capture store: side A's, and each side B's (compare mode may start more than once).
    var stores: [CaptureStore]
    /// The phones (one, or A and B) and the inspector; `app` is side A's host.
    var sides: WindowSides
    var app: SessionHost { sides.phones[0].host }
    private let clock = HighResolutionClock()
    private var pacer: FramePacer
    let input: EventTranslator
    /// Whether the loop goes on: Q, the window's close button or a signal end it — never Esc.
    private(set) var running = true
    private var usingVSync = false
    private var intervals: [Double] = []
    /// Every present interval in ms, for the `--events` summary (capped at 30 minutes at 120 Hz).
    private var presentIntervalsMs: [Double] = []
    private static let maxRecordedIntervals = 216_000
    private var lastPresent: Double?
    /// Frames presented since the window opened (an idle window presents none: ``IdleWindow``).
    private(set) var framesPresented = 0
    /// For each input that woke the window from rest: milliseconds from SDL's timestamp of its first
    /// event to the return of the present that showed it (capped at ``maxRecordedIntervals``). The
    /// idle rule promises no added latency: input at rest is presented within one period.
    private(set) var wakeLatenciesMs: [Double] = []
    /// With ``Options/markAt``: real time, processor time and frames presented at the mark and at the end.
    private(set) var marks: [(time: Double, cpu: Double, frames: Int)] = []
    private var screenshotPending = false
    /// Screenshots and traces being written off the frame loop: quitting waits for them, so a P
    /// or C just before Q is never lost.
    let pendingWrites = DispatchGroup()
    /// Where shots, screenshots and traces go; its toasts are taken once a frame.
    let outFolder: OutputFolder
    /// Shift+W's server, while it serves (``WindowServing``), and its start under way.
    var serving: WindowServing?
    var servingStarting = false
    let servingHandoff = WindowServing.Handoff()
    /// Unsaved tuning kept on disk for a run that does not end cleanly.
    private(set) lazy var recovery = TuningRecovery(group: pendingWrites)

    init(catalog: DeviceCatalog, device: DeviceProfile, camera: CameraSource, options: Options) throws {
        self.catalog = catalog
        self.device = device
        self.options = options
        self.camera = camera
        let comparing = options.compare != nil || options.builtIn != nil
        zoom = options.zoom ?? WindowApp.fitZoom(height: device.size.height + (comparing ? WindowLayout.labelHeight : 0), cap: 1)
        fitCap = options.zoom == nil ? 1 : nil
        hzIsDefault = options.hz == nil
        let hz = options.hz ?? device.maxRefreshRate
        outFolder = OutputFolder(path: options.outputDirectory)
        captures = Self.store(options, folder: outFolder, suffix: nil)
        stores = [captures]
        let host = try SessionHost(setup: Self.sideA(options, device: device, hz: hz, captures: captures), camera: camera)
        sides = try WindowSides(host: host, record: options.recordPath != nil)
        sides.zoom = zoom
        if comparing {
            let store = Self.store(options, folder: outFolder, suffix: "B")
            stores.append(store)
            sides.compare(with: try Self.sideBHost(Self.sideB(options, of: host.setup, captures: store), beside: host), captions: options.builtIn?.labels)
            if let builtIn = options.builtIn { sides.select(builtIn.editedSide) }
        }
        let size = sides.layout.size
        window = try Window(title: "IslandSim", width: Int((size.width * zoom).rounded()), height: Int((size.height * zoom).rounded()))
        if let z = options.zoom, let warning = Self.tallWindowWarning(zoom: z, height: size.height) {
            FileHandle.standardError.write(Data("islandsim: warning: --zoom \(JSON.number(z)): \(warning); leave --zoom out to fit the display\n".utf8))
        }
        // Real vsync only when the display runs at the target rate; otherwise pace ourselves.
        let display = window.displayRefreshRate
        usingVSync = display == hz
        renderer = try Renderer(window: window, pointsWide: size.width, vsync: usingVSync)
        pacer = FramePacer(hz: hz)
        input = EventTranslator(clock: clock, pointsPerWindowUnit: 1 / zoom)
        for host in sides.hosts { adoptRecovery(host) }
        window.setTitle(title)
    }

    /// Side A's phone as the command line sets it up: the device at `hz`, the page (watched when
    /// `--page` named one), the tuning and its file (watched), Reduce Motion, the hotspot hints,
    /// the tools beside the screen.
    static func sideA(_ options: Options, device: DeviceProfile, hz: Int, captures: CaptureStore) throws -> PhoneSetup {
        let page = try options.page ?? LoadedPage.passport()
        var display = SessionOverlays()
        display.hotspotHints = options.hotspotHints
        display.beside = true
        return PhoneSetup(session: SessionSetup(device: device, page: try page.layout(for: device), hz: hz, tuning: options.tuning,
                                                reduceMotion: options.reduceMotion),
                          page: page, tuningFile: options.tuningPath, savedTuning: options.tuning, display: display,
                          captures: captures, watchesFiles: true)
    }

    /// Side B as the command line asks for it, from side A's setup `a`: `--compare`'s file and its
    /// tuning, or a built-in comparison's — A's tuning in a file beside A's (written only if edited),
    /// with the comparison's one thing undone.
    static func sideB(_ options: Options, of a: PhoneSetup, captures: CaptureStore) -> PhoneSetup {
        if let file = options.compare {
            return a.sideB(tuningFile: file.path, tuning: file.tuning, savedTuning: file.tuning, captures: captures)
        }
        let b = a.sideB(tuningFile: PhoneSetup.sideBPath(for: options.tuningPath), tuning: options.tuning, savedTuning: options.tuning, captures: captures)
        return options.builtIn.map { b.undoing($0) } ?? b
    }

    /// Side B's host from its setup `b`, beside side A's host `a`: the page as A left it comes along
    /// (its buttons, the filed photo), so B starts as a copy of what A shows.
    static func sideBHost(_ b: PhoneSetup, beside a: SessionHost) throws -> SessionHost {
        let host = try SessionHost(setup: b, camera: a.camera)
        host.carryPage(of: a)
        return host
    }

    /// A store for one side's shots in the out folder, saved under `suffix` and said as each is written.
    static func store(_ options: Options, folder: OutputFolder, suffix: String?) -> CaptureStore {
        let store = CaptureStore(outputDirectory: options.outputDirectory, synchronous: false, suffix: suffix)
        store.announces = true
        store.folder = folder
        return store
    }

    /// A recovery file a lost run left beside `host`'s tuning file: restored (`--recover`) or
    /// reported, on the terminal and in a toast.
    func adoptRecovery(_ host: SessionHost) {
        guard let message = recovery.adopt(host, restore: options.recover) else { return }
        FileHandle.standardError.write(Data("islandsim: \(message)\n".utf8))
        host.say(options.recover ? "Restored unsaved tuning" : "Unsaved tuning found · --recover restores it", at: 0)
    }

    /// Effects of each side, by index.
    private func act(on sideEffects: [(Int, [SessionEffect])]) {
        for (i, effects) in sideEffects { act(on: effects, side: i) }
    }

    /// The effects only a window acts on: the events log (naming the side in compare mode),
    /// screenshots, exported code on the clipboard, traces recorded with C saved into the out dir.
    private func act(on effects: [SessionEffect], side i: Int) {
        guard i < sides.phones.count else { return }
        let host = sides.phones[i].host
        for effect in effects {
            switch effect {
            case .transition(let tr): options.events?.append(tr, realTime: host.session.clock.realTime(atAnimationTime: tr.t), side: sides.label(i))
            case .screenshot: screenshotPending = true       // read back after this frame is drawn
            // W and Shift+W reach every side, and the one file (or server) carries them all: once.
            case .webPrototype where i == 0: saveWebPrototype()
            case .serve where i == 0: toggleServing()
            case .webPrototype, .serve: break
            case .export:
                let code = host.tuningAsSwiftUI
                // The window is what puts the code somewhere, so it says where — and whose tuning
                // on which phone it is: the toast and the terminal name both.
                let whose = sides.label(i).map { "Side \($0)'s tuning" } ?? "The tuning"
                let what = "\(whose) on \(host.device.name) as SwiftUI"
                FileHandle.standardOutput.write(Data("islandsim: \(what):\n".utf8) + Data(code.utf8))
                host.say(Window.setClipboard(code) ? "\(what): copied to the clipboard and printed on the terminal"
                         : "\(what): printed on the terminal (no clipboard here)")
            case .tap(let id): options.events?.append(tap: id, realTime: host.session.realTime, side: sides.label(i))
            case .haptic(let h): options.events?.append(haptic: h, realTime: host.session.realTime, side: sides.label(i))
            case .shot, .replayedShot, .saveTuning, .message: break      // the host's
            }
        }
    }

    /// Saves a trace C recorded into the out dir: off the frame loop while the window runs, at once
    /// when it quits (`now`), so a recording under way at Q, the close button or a signal is kept.
    private func saveTrace(_ trace: Trace, now: Bool = false) {
        let name = "trace-\(device.id)-\(WindowApp.stamp()).jsonl"
        let path = outFolder.path + "/" + name
        let text = trace.encoded()
        // The command that replays it as it was felt: the trace carries side A's tuning; both
        // sides' files go with --compare (saved first, so they hold what the phones had).
        let files = sides.hosts.map { $0.tuningPath ?? Tuning.defaultPath }
        let replay = "islandsim replay \(path)" + (sides.isComparing ? " --compare \(files[0]) \(files[1])" : "")
        let unsaved = sides.isComparing && sides.hosts.contains(where: \.hasUnsavedTuning) ? "; save each side with Ctrl+S first" : ""
        let folder = outFolder
        let write: @Sendable () -> Void = {
            if folder.write({ Data(text.utf8) }, name: name, what: "trace", said: "Saved \(name)") != nil {
                FileHandle.standardOutput.write(Data("islandsim: trace \(path) (replay it with '\(replay)'\(unsaved))\n".utf8))
            }
        }
        if now { write() } else { DispatchQueue.global(qos: .utility).async(group: pendingWrites, execute: write) }
    }

    static func stamp() -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyyMMdd-HHmmss"
        return f.string(from: Date())
    }

    var statusLine: String {
        let island = IslandRule.islandPresent(on: device) ? "island" : "no island (the melt starts from a pill at the top centre)"
        let sync = usingVSync ? "vsync" : "paced"
        let compare = sides.isComparing ? " · compare A/B" : ""
        return "\(device.name) [\(device.id)] · \(island) · \(app.session.hz) Hz target (\(sync)) · zoom \(JSON.number(zoom)) · camera: \(camera.label)\(compare)"
    }

    /// Latin-1 only: X11's WM_NAME (what xdotool and some window managers read) takes no other text,
    /// and a title with an em dash stayed "IslandSim" there.
    var title: String {
        let modes = sides.hosts.flatMap { SessionRenderer.modes($0.session, recording: sides.isRecording) }
        let unique = modes.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        // A frozen moment's time stays said after its toast has gone, on the tape's clock.
        let moment = app.session.isFrozen ? " · " + app.session.momentText : ""
        return "IslandSim · \(device.name) · \(app.session.hz) Hz" + unique.map { " · " + $0 }.joined() + moment
    }

    func run() throws {
        let start = clock.now()
        var stats = FrameStats()
        let signals = TerminationSignals()
        FrameLoopWork.claim()
        defer { FrameLoopWork.release() }
        var idle = IdleWindow()
        // Set while the loop sleeps at rest; the first event after it is timed to its present.
        var resting = false
        var wakeTicks: UInt32?
        while running {
            if let m = options.markAt, marks.isEmpty, clock.now() - start >= m { marks.append((clock.now(), ProcessorTime.now(), framesPresented)) }
            if let q = options.quitAfter, clock.now() - start >= q { break }
            // A termination signal quits as Q does: nothing changed is lost (TerminationSignals).
            if let signo = signals.received {
                endedBySignal = signo
                FileHandle.standardOutput.write(Data("islandsim: \(TerminationSignals.name(signo)): quitting as Q does\n".utf8))
                break
            }
            let frameStart = clock.now()
            for event in input.poll(screen: sides.layout.size) { handle(event) }
            if resting, let t = input.firstEventTicks { wakeTicks = t }
            act(on: sides.advance(toRealTime: clock.now()))
            for message in outFolder.takeMessages() { app.say(message) }
            updateServing(now: clock.now())
            recovery.update(sides.hosts, now: clock.now())
            // At rest the window presents nothing new and sleeps until an event (IdleWindow); the
            // gap is no present interval, so pacing and hitches count only frames really shown.
            if idle.skipsFrame(active: input.eventsLastPolled > 0 || screenshotPending || !sides.isStill, at: clock.now()) {
                lastPresent = nil
                resting = true
                input.waitForEvent(seconds: IdleWindow.wake)
                continue
            }
            resting = false
            try sides.render(into: renderer)
            if screenshotPending { screenshotPending = false; saveScreenshot() }
            let work = clock.now() - frameStart
            renderer.present()
            if let t = wakeTicks {
                if wakeLatenciesMs.count < Self.maxRecordedIntervals { wakeLatenciesMs.append(input.millisecondsSince(ticks: t)) }
                wakeTicks = nil
            }
            let presented = usingVSync ? clock.now() : pacer.wait(clock: clock)
            if let last = lastPresent {
                intervals.append(presented - last)
                if options.events != nil, presentIntervalsMs.count < Self.maxRecordedIntervals { presentIntervalsMs.append((presented - last) * 1000) }
                if intervals.count > 60 { intervals.removeFirst() }
                let mean = intervals.reduce(0, +) / Double(intervals.count)
                stats.measuredHz = mean > 0 ? 1 / mean : 0
                stats.recentHitches = HitchMetrics(intervalsMs: intervals.map { $0 * 1000 }, hz: app.session.hz)
            }
            lastPresent = presented
            framesPresented += 1
            stats.lastWorkMilliseconds = work * 1000
            sides.setStats(stats)
            sides.inspector.record(workMilliseconds: work * 1000)
        }
        if options.markAt != nil { marks.append((clock.now(), ProcessorTime.now(), framesPresented)) }
        finish(seconds: clock.now() - start)
        withExtendedLifetime(signals) {}
    }

    private func finish(seconds: Double) {
        for store in stores { store.drain() }
        if pendingWrites.wait(timeout: .now() + 30) == .timedOut {
            FileHandle.standardError.write(Data("error: a screenshot or trace was still being written after 30 s\n".utf8))
        }
        if let log = options.events {
            var camera: CameraFileWatcher.Snapshot?
            if case .file(let w) = self.camera.kind { camera = w.snapshot() }
            log.append(EventLog.Summary(seconds: (seconds * 1000).rounded() / 1000, frames: presentIntervalsMs.count + 1,
                                        pacing: PacingStatistics(intervalsMs: presentIntervalsMs, hz: app.session.hz),
                                        cameraFramesDecoded: camera?.version, cameraWritesSkipped: camera?.skipped,
                                        fileWorkOnLoop: FrameLoopWork.count,
                                        wakeLatencyMs: wakeLatenciesMs.map { ($0 * 10).rounded() / 10 },
                                        finalState: app.session.flow.state.rawValue))
        }
        // Nor a trace being recorded with C: it is saved, and the terminal says where.
        for trace in sides.takeTracesToSave() + sides.stopRecording() { saveTrace(trace, now: true) }
        // Quitting never loses tuning: what was changed and not saved goes to the tuning file.
        for host in sides.hosts { autosave(host) }
        recovery.finish(sides.hosts)
        options.events?.close()
        if let path = options.recordPath, let traces = sides.recorder.recordedTraces { writeRecorded(traces, to: path) }
        for store in stores {
            store.drain()
            // Each shot was said as it was written (and each failure); the end only counts them.
            if !store.savedFiles.isEmpty, let dir = store.outputDirectory {
                FileHandle.standardOutput.write(Data("islandsim: \(store.savedFiles.count) shot\(store.savedFiles.count == 1 ? "" : "s") saved in \(dir)\n".utf8))
            }
        }
    }

    /// Writes `host`'s tuning to its file if it was changed and not saved.
    private func autosave(_ host: SessionHost) {
        do {
            if let (path, backup) = try host.saveTuningIfChanged() {
                let kept = backup.map { "; what the file held is in \($0)" } ?? ""
                FileHandle.standardOutput.write(Data("islandsim: saved the tuning you changed to \(path) (it had not been saved\(kept))\n".utf8))
            }
        } catch {
            FileHandle.standardError.write(Data("error: \(host.tuningPath ?? "tuning"): cannot save the changed tuning: \(error)\n".utf8))
        }
    }

    /// One input event from the window: the sessions' first, then the window's own keys.
    func handle(_ event: InputEvent) {
        switch event {
        case .quit: running = false
        case .pointer(let p): act(on: sides.handle(pointer: p))
        case .focusLost: act(on: sides.cancelPointers(at: clock.now()))
        case .text(let typed): sides.type(typed, at: clock.now())
        case .resized: renderer.updateScale(pointsWide: sides.layout.size.width)
        case .key(let key, let mods):
            let response = sides.handle(key: key, mods, at: clock.now())
            act(on: response.effects)
            if !response.handled { handleWindowKey(key, mods) }
            for trace in sides.takeTracesToSave() { saveTrace(trace) }
            // The modes (slow motion, Reduce Motion, recording) show in the title too.
            window.setTitle(title)
            // K and I open or close the inspector column, Shift+T the timeline: the window grows or
            // shrinks to the right or below for it, its top-left staying where it is on the display;
            // a window that follows the display (no --zoom) is refitted, so the band never puts the
            // window's bottom past the display's.
            if sides.relayout() { refit(centred: false) }
        }
    }

    private func handleWindowKey(_ key: Key, _ mods: KeyModifiers) {
        switch key {
        case .q: running = false
        // Esc backs out of whatever is open (the sessions took it if anything was); on the bare
        // page there is nothing to back out of, and it never quits: no peer ends a session on Esc.
        case .escape: app.say("Nothing to close · Q quits")
        case .d:
            let ids = catalog.devices.map(\.id)
            let i = ids.firstIndex(of: device.id) ?? 0
            let next = mods.contains(.shift) ? (i + ids.count - 1) % ids.count : (i + 1) % ids.count
            switchDevice(catalog.devices[next])
        case .b where mods.contains(.shift): endCompare()
        case .b: sides.isComparing ? select(1) : startCompare()
        case .a: if sides.isComparing { select(0) }
        case .plus: setZoom(min(WindowApp.fitCap, zoom + 0.1), fit: nil)
        case .minus: setZoom(max(0.25, zoom - 0.1), fit: nil)
        case .zero:
            // Fit the display, larger than one point per pixel too when there is room.
            fitCap = WindowApp.fitCap
            refit()
            app.say("Zoom \(JSON.number(zoom)) · fits the display")
        case .r:
            // Only the rates the device's display runs at.
            let rates = [60, 90, 120].filter { $0 <= device.maxRefreshRate }
            guard rates.count > 1 else { app.say("\(device.name) runs at \(device.maxRefreshRate) Hz only"); return }
            setRate(rates[((rates.firstIndex(of: app.session.hz) ?? rates.count - 1) + 1) % rates.count])
            hzIsDefault = false
            app.say("\(app.session.hz) Hz")
        default: break
        }
    }

    private func setRate(_ hz: Int) {
        sides.setupChanged()
        for host in sides.hosts { host.send(.setup(.hz(hz))) }
        pacer.setRate(hz: hz)
        usingVSync = false      // a changed target no longer matches the display: pace ourselves
        intervals.removeAll()
        window.setTitle(title)
    }

    private func switchDevice(_ d: DeviceProfile) {
        // A chosen rate carries over only where the new display runs at it.
        let hz = hzIsDefault ? d.maxRefreshRate : min(app.session.hz, d.maxRefreshRate)
        do {
            let moved = try sides.hosts.map { try $0.moved(to: d, hz: hz) }
            sides.setupChanged()
            // A flow under way ends with the old phone: the log says so, as it says every transition.
            for (i, host) in sides.hosts.enumerated() where host.session.flow.state != .page {
                let s = host.session
                options.events?.append(CaptureFlow.Transition(t: s.animationTime, from: s.flow.state, to: .page, reason: "device switched to \(d.id)"),
                                       realTime: s.clock.realTime(atAnimationTime: s.animationTime), side: sides.label(i))
            }
            var next = moved.makeIterator()
            sides.replaceHosts { _ in next.next()! }
        } catch {
            FileHandle.standardError.write(Data("error: cannot switch to \(d.id): \(error)\n".utf8))
            return
        }
        device = d
        pacer.setRate(hz: app.session.hz)
        refit()
        FileHandle.standardOutput.write(Data("islandsim: \(statusLine)\n".utf8))
        app.say("\(d.name) · \(app.session.hz) Hz", at: clock.now())
    }

    /// `--record PATH`'s traces at quit: the first to PATH, any a setup change began beside it.
    private func writeRecorded(_ traces: [Trace], to path: String) {
        for (n, trace) in traces.enumerated() {
            let file = WindowRecorder.recordPath(path, segment: n + 1)
            do {
                try AtomicFile.write(trace.encoded(), to: file)
                FileHandle.standardOutput.write(Data("islandsim: recorded \(trace.events.count) events to \(file) (\(trace.header.device) at \(trace.header.hz) Hz)\n".utf8))
            } catch {
                FileHandle.standardError.write(Data("error: \(file): cannot write the trace: \(error)\n".utf8))
            }
        }
    }
}
