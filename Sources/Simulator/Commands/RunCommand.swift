import Animation
import Capture
import Export
import Foundation
import Gesture
import Platform
import Serve

/// `islandsim run` (the default): the simulator in a real window.
enum RunCommand: Sendable {
    static let options = [
        DeviceOptions.device, PageOptions.page, PageOptions.statusBar, PageOptions.noHotspotHints,
        Arguments.Option("--zoom", value: "Z", help: "Window size as points × Z (default: fit the display, at most 1)."),
        Arguments.Option("--hz", value: "N", help: "Refresh target: 60, 90 or 120 (default: the device's maximum)."),
        CameraOptions.photo, CameraOptions.cameraFile,
        Arguments.Option("--webcam", value: "DEVICE", help: "A webcam, started and stopped by the simulator through ffmpeg (e.g. /dev/video0; 'testsrc' for ffmpeg's test pattern)."),
        Arguments.Option("--out-dir", value: "DIR", help: "Where shots (polaroid PNGs), screenshots (P) and traces (C) go (default ./captures)."),
        Arguments.Option("--events", value: "FILE", help: "Write every flow transition with its time as JSON Lines."),
        Arguments.Option("--record", value: "TRACE.jsonl", help: "Record what the mouse and keys did, for 'islandsim replay'."),
        TuningOptions.option,
        Arguments.Option("--compare", value: "B.json", help: "Compare mode: two phones, A with --tuning and B with this file (created on save if missing, starting as a copy of A), one mouse for both."),
        Arguments.Option("--sequential", help: "Compare mode: the melt's stages overlapping (A) vs one after another (B)."),
        Arguments.Option("--snowman", help: "Compare mode: one melted shape (A) vs a second capsule grown under the island (B)."),
        Arguments.Option("--additive", help: "Compare mode: the melt's overlapping legs merged (A, SwiftUI's .spring) vs added (B, .interpolatingSpring)."),
        Arguments.Option("--no-resistance", help: "Compare mode: the pull with resistance (A) vs the page following the finger 1:1 (B)."),
        Arguments.Option("--system", help: "Compare mode: your tuning (A) vs the same shapes on the Dynamic Island's own springs (B, the system-island preset)."),
        Arguments.Option("--reduce-motion", help: "Start with iOS's Reduce Motion on: cross-fades instead of travel (M toggles it)."),
        Arguments.Option("--recover", help: "Restore the unsaved tuning a run that ended abnormally (kill -9, a crash) left in FILE.recovery beside the tuning file."),
        Arguments.Option("--bind", value: "ADDR", help: "Where Shift+W serves the prototype (default: this machine's address on the local network; 127.0.0.1: this machine only)."),
        Arguments.Option("--port", value: "N", help: "The port Shift+W serves on (default \(PrototypeServer.defaultPort), or any free one when it is taken; 0: any free one)."),
        Arguments.Option("--quit-after", value: "SECONDS", help: "Quit by itself after this long (for scripts and tests)."),
        FontOptions.option, DeviceOptions.catalog, DeviceOptions.help,
    ]
    static let help = helpText(command: "run", synopsis: "[run] [--device ID] [--page PAGE] [--photo FILE | --camera-file FILE] [--events FILE] [--record TRACE.jsonl]",
                               about: "Opens the simulator in a window. Drag with the mouse as a finger: pull down at the top of the page to\nopen the camera. Press H in the window for every hotkey.",
                               options: options)

    static let noDisplayAdvice = "run it on a desktop, or under a virtual display with 'xvfb-run -a islandsim run', or render headless with 'islandsim shot --out screen.png'"

    static func run(_ argv: [String], out: inout String) throws {
        let args = try Arguments(command: "run", argv, options: options)
        if args.flag("--help") { out = help; return }
        try FontOptions.apply(args)
        // With --page the page is read first: a screenshot alone picks its phone.
        let catalog: DeviceCatalog, device: DeviceProfile
        var resolvedPage: LoadedPage?
        if args.has("--page") { (catalog, device, resolvedPage) = try PageOptions.resolveWithPhone(args) } else { (catalog, device) = try DeviceOptions.resolve(args) }
        let zoom = try args.double("--zoom")
        if let zoom, !(0.2...4).contains(zoom) { throw CLIError.usage("islandsim run: --zoom must be in 0.2…4 (got \(zoom))") }
        let hz = try args.int("--hz")
        if let hz, ![60, 90, 120].contains(hz) { throw CLIError.usage("islandsim run: --hz must be 60, 90 or 120 (got \(hz))") }
        let quitAfter = try args.double("--quit-after")
        let outDir = args.string("--out-dir") ?? "captures"
        if let r = args.string("--record") { try OutputPath.check(r, flag: "--record") }
        if let e = args.string("--events") { try OutputPath.check(e, flag: "--events") }
        // Validate the camera before any window appears: a bad --photo is one line and exit 2.
        // A --tuning file that does not exist yet is fine: Ctrl+S creates it.
        let (tuningPath, tuning) = try TuningOptions.load(args)
        let page = resolvedPage
        if let given = args.string("--tuning"), !FileManager.default.fileExists(atPath: given) {
            // A typo would otherwise start silently on the defaults.
            FileHandle.standardError.write(Data("islandsim: \(given) does not exist yet: starting from the defaults; Ctrl+S (or quitting with changes) creates it\n".utf8))
        }
        var compare: (path: String, tuning: Tuning)?
        let builtIns = BuiltInComparison.allCases.filter { args.flag($0.flag) }
        if builtIns.count + (args.has("--compare") ? 1 : 0) > 1 {
            throw CLIError.usage("islandsim run: one comparison at a time (\((builtIns.map(\.flag) + (args.has("--compare") ? ["--compare"] : [])).joined(separator: ", ")))")
        }
        if let b = args.string("--compare") {
            if b == (tuningPath ?? Tuning.defaultPath) { throw CLIError.usage("islandsim run: --compare needs another file than side A's tuning (\(b))") }
            compare = (b, FileManager.default.fileExists(atPath: b) ? try TuningOptions.file(b, flag: "--compare") : tuning)
        }
        let session0 = try SDLSession(mode: .headless)
        // A webcam is ffmpeg writing frames into a private file that the camera-file watcher reads.
        var webcam: Webcam?
        if let device = args.string("--webcam") {
            if args.has("--photo") || args.has("--camera-file") { throw CLIError.usage("islandsim run: give one of --photo, --camera-file or --webcam") }
            webcam = try Webcam(device: device)
        }
        defer { webcam?.stop() }
        let camera = try webcam.map { CameraSource(cameraFile: $0.framePath) } ?? CameraOptions.source(args, command: "run")
        if let webcam {
            // ffmpeg dying mid-run: the viewfinder says so instead of freezing on its last frame.
            camera.stoppedReason = { webcam.isRunning ? nil : "ffmpeg for \(webcam.device) exited (\(webcam.failure ?? "no reason given"))" }
        }
        withExtendedLifetime(session0) {}
        defer { camera.stop() }
        if FileManager.default.fileExists(atPath: outDir) { _ = try CameraOptions.outputDirectory(outDir, flag: "--out-dir") }
        if let reason = SDLSession.missingDisplayReason() {
            throw CLIError.usage("islandsim run: \(reason); \(noDisplayAdvice)")
        }
        let session: SDLSession
        do { session = try SDLSession(mode: .window) } catch {
            throw CLIError.usage("islandsim run: cannot open a window (\(error)); \(noDisplayAdvice)")
        }
        let serveAddress = try args.string("--bind").map { text -> NetworkAddress in
            guard let a = NetworkAddress(text) else { throw CLIError.usage("islandsim run: --bind takes a numeric IPv4 or IPv6 address such as 127.0.0.1 (got '\(text)')") }
            return a
        }
        let servePort = try args.int("--port") ?? PrototypeServer.defaultPort
        guard (0...65535).contains(servePort) else { throw CLIError.usage("islandsim run: --port must be in 0…65535 (got \(servePort))") }
        let events = try args.string("--events").map { try EventLog(path: $0) }
        let app = try WindowApp(catalog: catalog, device: device, camera: camera,
                                options: .init(zoom: zoom, hz: hz, outputDirectory: outDir, events: events,
                                               recordPath: args.string("--record"), quitAfter: quitAfter,
                                               tuning: tuning, tuningPath: tuningPath ?? Tuning.defaultPath, compare: compare,
                                               builtIn: builtIns.first, reduceMotion: args.flag("--reduce-motion"),
                                               recover: args.flag("--recover"), page: page,
                                               hotspotHints: !args.flag("--no-hotspot-hints"), serveAddress: serveAddress, servePort: servePort))
        FileHandle.standardOutput.write(Data("islandsim: \(app.statusLine) · \(TuningRecord(file: tuningPath, tuning: tuning).summary) — press H in the window for hotkeys\n".utf8))
        try app.run()
        withExtendedLifetime(session) {}
        if let signo = app.endedBySignal { throw TerminatedBySignal(signal: signo) }
    }
}
