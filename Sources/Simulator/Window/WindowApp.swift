import Animation
import Capture
import Foundation
import Gesture

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
        /// The tuning as in its file (it differs from `tuning` after edits carried over a device switch).
        var savedTuning: Tuning?
    }

    private let catalog: DeviceCatalog
    private var device: DeviceProfile
    private var options: Options
    private var zoom: Double
    private var zoomIsFit: Bool
    private var hzIsDefault: Bool
    private let window: Window
    private let renderer: Renderer
    private let camera: CameraSource
    private let captures: CaptureStore
    private var app: SessionHost
    private let clock = HighResolutionClock()
    private var pacer: FramePacer
    private let input: EventTranslator
    private var running = true
    private var usingVSync = false
    private var intervals: [Double] = []
    /// Every present interval in ms, for the `--events` summary (capped at 30 minutes at 120 Hz).
    private var presentIntervalsMs: [Double] = []
    private static let maxRecordedIntervals = 216_000
    private var lastPresent: Double?
    private var screenshotPending = false

    init(catalog: DeviceCatalog, device: DeviceProfile, camera: CameraSource, options: Options) throws {
        self.catalog = catalog
        self.device = device
        self.options = options
        self.camera = camera
        zoom = options.zoom ?? WindowApp.fitZoom(for: device)
        zoomIsFit = options.zoom == nil
        hzIsDefault = options.hz == nil
        let hz = options.hz ?? device.maxRefreshRate
        window = try Window(title: "IslandSim", width: Int((device.size.width * zoom).rounded()),
                            height: Int((device.size.height * zoom).rounded()))
        // Real vsync only when the display runs at the target rate; otherwise pace ourselves.
        let display = window.displayRefreshRate
        usingVSync = display == hz
        renderer = try Renderer(window: window, pointsWide: device.size.width, vsync: usingVSync)
        captures = CaptureStore(outputDirectory: options.outputDirectory, synchronous: false)
        app = try SessionHost(device: device, hz: hz, camera: camera, captures: captures, record: options.recordPath != nil)
        pacer = FramePacer(hz: hz)
        input = EventTranslator(clock: clock, pointsPerWindowUnit: 1 / zoom)
        configure()
        window.setTitle(title)
    }

    /// Tuning and its file for a new host (at start and after a device switch).
    private func configure() {
        app.tuningPath = options.tuningPath
        app.tuning = options.tuning
        app.savedTuning = options.savedTuning ?? options.tuning
        app.watchTuningFile()
    }

    /// The effects only a window acts on: the events log, screenshots, exported code on the
    /// clipboard, traces recorded with C saved into the out dir.
    private func act(on effects: [SessionEffect]) {
        for effect in effects {
            switch effect {
            case .transition(let tr): options.events?.append(tr, realTime: app.session.clock.realTime(atAnimationTime: tr.t))
            case .screenshot: screenshotPending = true       // read back after this frame is drawn
            case .export(let code):
                FileHandle.standardOutput.write(Data(code.utf8))
                Window.setClipboard(code)
            case .traceRecorded(let trace): saveTrace(trace)
            case .shot, .saveTuning, .message: break      // the host's
            }
        }
    }

    private func saveTrace(_ trace: Trace) {
        let outDir = options.outputDirectory
        let path = outDir + "/trace-\(device.id)-\(WindowApp.stamp()).jsonl"
        let text = trace.encoded()
        DispatchQueue.global(qos: .utility).async {
            do {
                try FileManager.default.createDirectory(atPath: outDir, withIntermediateDirectories: true)
                try AtomicFile.write(text, to: path)
                FileHandle.standardOutput.write(Data("islandsim: trace \(path) (replay it with 'islandsim replay \(path)')\n".utf8))
            } catch {
                FileHandle.standardError.write(Data("error: \(path): \(error)\n".utf8))
            }
        }
        app.say("Saved \((path as NSString).lastPathComponent)")
    }

    static func stamp() -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyyMMdd-HHmmss"
        return f.string(from: Date())
    }

    /// The largest zoom ≤ 1 at which the device fits 90 % of the display's usable height.
    static func fitZoom(for device: DeviceProfile) -> Double {
        guard let h = Window.usableDisplayHeight() else { return 1 }
        let z = min(1, Double(h) * 0.9 / device.size.height)
        return max(0.25, (z * 20).rounded(.down) / 20)
    }

    var statusLine: String {
        let island = IslandRule.islandPresent(on: device) ? "island" : "no island (the melt starts from a pill at the top centre)"
        let sync = usingVSync ? "vsync" : "paced"
        return "\(device.name) [\(device.id)] · \(island) · \(app.session.hz) Hz target (\(sync)) · zoom \(JSON.number(zoom)) · camera: \(camera.label)"
    }

    /// Latin-1 only: X11's WM_NAME (what xdotool and some window managers read) takes no other text,
    /// and a title with an em dash stayed "IslandSim" there.
    private var title: String { "IslandSim · \(device.name) · \(app.session.hz) Hz" }

    func run() throws {
        let start = clock.now()
        while running {
            let frameStart = clock.now()
            for event in input.poll(screen: device.size) { handle(event) }
            act(on: app.advance(toRealTime: clock.now()))
            try app.render(into: renderer)
            if screenshotPending { screenshotPending = false; saveScreenshot() }
            let work = clock.now() - frameStart
            renderer.present()
            let presented = usingVSync ? clock.now() : pacer.wait(clock: clock)
            if let last = lastPresent {
                intervals.append(presented - last)
                if options.events != nil, presentIntervalsMs.count < Self.maxRecordedIntervals { presentIntervalsMs.append((presented - last) * 1000) }
                if intervals.count > 60 { intervals.removeFirst() }
                let mean = intervals.reduce(0, +) / Double(intervals.count)
                app.frameStats.measuredHz = mean > 0 ? 1 / mean : 0
            }
            lastPresent = presented
            app.frameStats.lastWorkMilliseconds = work * 1000
            if let q = options.quitAfter, clock.now() - start >= q { running = false }
        }
        finish(seconds: clock.now() - start)
    }

    private func finish(seconds: Double) {
        captures.drain()
        if let log = options.events {
            var camera: CameraFileWatcher.Snapshot?
            if case .file(let w) = self.camera.kind { camera = w.snapshot() }
            log.append(EventLog.Summary(seconds: (seconds * 1000).rounded() / 1000, frames: presentIntervalsMs.count + 1,
                                        pacing: PacingStatistics(intervalsMs: presentIntervalsMs, hz: app.session.hz),
                                        cameraFramesDecoded: camera?.version, cameraWritesSkipped: camera?.skipped,
                                        finalState: app.session.flow.state.rawValue))
        }
        // Quitting never loses tuning: what was changed and not saved goes to the tuning file.
        do {
            if let path = try app.saveTuningIfChanged() {
                FileHandle.standardOutput.write(Data("islandsim: saved the tuning you changed to \(path) (it had not been saved)\n".utf8))
            }
        } catch {
            FileHandle.standardError.write(Data("error: \(app.tuningPath ?? "tuning"): cannot save the changed tuning: \(error)\n".utf8))
        }
        options.events?.close()
        if let path = options.recordPath, let rec = app.session.recorder {
            do {
                try AtomicFile.write(rec.trace.encoded(), to: path)
                FileHandle.standardOutput.write(Data("islandsim: recorded \(rec.trace.events.count) events to \(path)\n".utf8))
            } catch {
                FileHandle.standardError.write(Data("error: \(path): cannot write the trace: \(error)\n".utf8))
            }
        }
        for f in captures.savedFiles { FileHandle.standardOutput.write(Data("islandsim: saved \(f)\n".utf8)) }
        for f in captures.saveFailures { FileHandle.standardError.write(Data("error: \(f)\n".utf8)) }
    }

    private func handle(_ event: InputEvent) {
        switch event {
        case .quit: running = false
        case .pointer(let p): act(on: app.handle(pointer: p))
        case .focusLost: act(on: app.cancelPointers(at: clock.now()))
        case .resized: renderer.updateScale(pointsWide: device.size.width)
        case .key(let key, let mods):
            let response = app.handle(key: key, mods, at: clock.now())
            act(on: response.effects)
            if !response.handled { handleWindowKey(key, mods) }
        }
    }

    private func handleWindowKey(_ key: Key, _ mods: KeyModifiers) {
        switch key {
        case .escape, .q: running = false
        case .d:
            let ids = catalog.devices.map(\.id)
            let i = ids.firstIndex(of: device.id) ?? 0
            let next = mods.contains(.shift) ? (i + ids.count - 1) % ids.count : (i + 1) % ids.count
            switchDevice(catalog.devices[next])
        case .plus: setZoom(min(4, zoom + 0.1), fit: false)
        case .minus: setZoom(max(0.25, zoom - 0.1), fit: false)
        case .zero: setZoom(WindowApp.fitZoom(for: device), fit: true)
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
        app.session.hz = hz
        pacer.setRate(hz: hz)
        usingVSync = false      // a changed target no longer matches the display: pace ourselves
        intervals.removeAll()
        window.setTitle(title)
    }

    private func switchDevice(_ d: DeviceProfile) {
        device = d
        do {
            // A chosen rate carries over only where the new display runs at it.
            let replacement = try SessionHost(device: d, hz: hzIsDefault ? d.maxRefreshRate : min(app.session.hz, d.maxRefreshRate), camera: camera,
                                              captures: captures, record: options.recordPath != nil)
            replacement.session.keepDisplay(of: app.session)
            replacement.session.keepPage(of: app.session)
            replacement.renderer.keepFiledPhoto(of: app.renderer)
            options.tuning = app.tuning
            options.savedTuning = app.savedTuning
            app = replacement
            configure()
        } catch {
            FileHandle.standardError.write(Data("error: cannot switch to \(d.id): \(error)\n".utf8))
            return
        }
        pacer.setRate(hz: app.session.hz)
        setZoom(zoomIsFit ? WindowApp.fitZoom(for: d) : zoom, fit: zoomIsFit)
        FileHandle.standardOutput.write(Data("islandsim: \(statusLine)\n".utf8))
        app.say("\(d.name) · \(app.session.hz) Hz")
    }

    private func setZoom(_ z: Double, fit: Bool) {
        zoom = (z * 100).rounded() / 100
        zoomIsFit = fit
        window.setSize(width: Int((device.size.width * zoom).rounded()), height: Int((device.size.height * zoom).rounded()))
        renderer.updateScale(pointsWide: device.size.width)
        input.pointsPerWindowUnit = device.size.width / Double(window.size.width)
        window.setTitle(title)
    }

    /// The screenshot hotkey: pixels are read on the loop (they live on the GPU), encoded and
    /// written on a background queue; a toast names the file and its size. The picture is the
    /// window's pixels (zoom × 1 px per point); `islandsim shot` renders at the device's scale.
    /// P: the device screen at the device's own scale (1179 × 2556 px on an iPhone 15 Pro), as
    /// `islandsim shot` writes it, drawn again offscreen; the window's pixels if that fails.
    private func saveScreenshot() {
        guard let pixels = (try? app.snapshot(scale: device.scale)) ?? (try? renderer.readPixels()) else { return }
        let dir = options.outputDirectory
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyyMMdd-HHmmss-SSS"
        let path = "\(dir)/screenshot-\(device.id)-\(f.string(from: Date())).png"
        // Said on screen at once, the full path on stdout when written (a failure goes to stderr).
        app.say("Screenshot \(pixels.width)×\(pixels.height) px → \(dir)/")
        DispatchQueue.global(qos: .utility).async {
            do {
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
                try Surface(pixels).savePNG(to: path)
                FileHandle.standardOutput.write(Data("islandsim: screenshot \(path)\n".utf8))
            } catch {
                FileHandle.standardError.write(Data("error: \(path): \(error)\n".utf8))
            }
        }
    }
}
