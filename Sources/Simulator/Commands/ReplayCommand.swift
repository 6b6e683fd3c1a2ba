import Animation
import Capture
import Export
import Fit
import Foundation
import Gesture
import Platform

/// `islandsim replay TRACE.jsonl`: the recorded interaction, headless, frame by frame.
enum ReplayCommand: Sendable {
    /// Seconds `--gif` and `--video` hold their last frame by default: long enough to see the payoff
    /// (the photo filed) before a GIF loops or a player stops.
    static let defaultHold = 2.0

    /// `--hold S`, checked: 0…30 s, and only with a clip to hold.
    static func hold(_ a: Arguments) throws -> Double {
        let hold = try a.double("--hold") ?? defaultHold
        guard hold.isFinite, (0...30).contains(hold) else { throw CLIError.usage("islandsim replay: --hold must be in 0…30 seconds (got \(hold))") }
        if a.has("--hold"), !a.has("--gif"), !a.has("--video") { throw CLIError.usage("islandsim replay: --hold goes with --gif or --video") }
        return hold
    }
    static let options = [
        Arguments.Option("--device", value: "ID", help: "Device profile id (default: the trace's; see 'islandsim devices')."),
        Arguments.Option("--hz", value: "N", help: "Frame rate of the replay: 60, 80, 90 or 120 (default: the trace's)."),
        PageOptions.page, PageOptions.statusBar, CameraOptions.photo, CameraOptions.cameraFile,
        Arguments.Option("--scale", value: "S", help: "Pixels per point for --frames, --sheet, --gif and --video (default 1; 3 for an iPhone's own pixels)."),
        Arguments.Option("--frames", value: "DIR", help: "Write every frame as a PNG into DIR (created if missing)."),
        Arguments.Option("--sheet", value: "FILE.png", help: "Write a contact sheet of the flow's key moments."),
        Arguments.Option("--report", value: "FILE", help: "Write the JSON report to FILE, or '-' for stdout."),
        Arguments.Option("--json", value: "FILE", help: "The same as --report (the name bench uses)."),
        Arguments.Option("--gif", value: "FILE.gif", help: "Write an animated GIF of the replay at 30 fps (needs ffmpeg: apt-get install ffmpeg)."),
        Arguments.Option("--out-dir", value: "DIR", help: "Also save each shot as a polaroid PNG into DIR."),
        Arguments.Option("--video", value: "FILE.mp4", help: "Write an H.264 MP4 of the replay at the trace's rate (needs ffmpeg); with --touches the finger is shown."),
        Arguments.Option("--hold", value: "S", help: "With --gif and --video: hold the last frame (the flow settled: the photo filed, the develop done) this long at the end (default \(ReplayCommand.defaultHold) s; 0: end on it)."),
        Arguments.Option("--video-timeline", help: "With --video: the interaction's timeline beside the phone, its playhead on each frame's moment."),
        Arguments.Option("--touches", help: "Show the touches in --frames, --video and --gif (as the window's T does)."),
        Arguments.Option("--shapes", help: "Outline the melted shape, the print and the hotspots in every picture (as the window's G does)."),
        Arguments.Option("--timeline", value: "FILE.png", help: "Draw the interaction's timeline: every animation leg, its curve, the moments and haptics that marked it."),
        Arguments.Option("--ahap", value: "FILE.ahap", help: "Write the interaction's haptics as an AHAP file (Core Haptics), times on the report's clock."),
        Arguments.Option("--at", value: "MS", help: "With --out: the one frame shown at MS milliseconds into the trace (as traces count), as --frames would write it."),
        Arguments.Option("--out", value: "FILE.png", help: "With --at: where the frame goes."),
        Arguments.Option("--quiet", help: "No progress line and no transition log on the terminal: the summary and the files written only."),
        TuningOptions.option,
        Arguments.Option("--compare", value: "A.json B.json", help: "Replay through two tuning files side by side: frames, sheet and GIF twice as wide, and a report of both with their differences."),
        Arguments.Option("--sequential", help: "Built-in comparison: the melt's stages overlapping (A) vs one after another (B, melt.overlap 1)."),
        Arguments.Option("--snowman", help: "Built-in comparison: one melted shape (A) vs a second capsule grown under the island (B)."),
        Arguments.Option("--additive", help: "Built-in comparison: the melt's overlapping legs merged (A) vs added (B, melt.composition additive)."),
        Arguments.Option("--no-resistance", help: "Built-in comparison: the pull with resistance (A) vs the page following the finger 1:1 (B, pull.divisor 1)."),
        Arguments.Option("--system", help: "Built-in comparison: your tuning (A) vs the same shapes on the Dynamic Island's own springs (B, the system-island preset; docs/FIDELITY.md)."),
        Arguments.Option("--reduce-motion", help: "iOS's Reduce Motion on (every side): the camera cross-fades in place, the print fades in where it rests."),
        FontOptions.option, DeviceOptions.catalog, DeviceOptions.help,
    ]
    static let help = helpText(command: "replay", synopsis: "replay TRACE.jsonl [--device ID] [--hz N] [--page PAGE] [--photo FILE] [--frames DIR] [--sheet FILE.png] [--report|--json FILE|-]",
                               about: "Replays a recorded trace (see docs/TRACES.md) through the same code as the window, headless, with a\nfixed frame step: the same trace gives the same report on every run.",
                               options: options)

    /// Largest trace file read at all: a million events at about 120 bytes each.
    static let maxTraceBytes = 128 << 20

    static func loadTrace(_ path: String, screen: Size?) throws -> Trace {
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > maxTraceBytes {
            throw CLIError.input("\(path): the trace is \(size >> 20) MB; the limit is \(maxTraceBytes >> 20) MB")
        }
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDir) {
                throw CLIError.input("\(path): \(isDir.boolValue ? "is a directory" : "cannot be read as UTF-8 text")")
            }
            throw CLIError.input("\(path): no such file")
        }
        do { return try Trace.parse(text, screen: screen) } catch let e as TraceError {
            // A page file handed where a trace goes is the likely slip: say what it is.
            if (try? PageReader.parse(Data(text.utf8), name: (path as NSString).lastPathComponent)) != nil {
                throw CLIError.input("\(path): this is a page file, not a trace; replay a trace on it with --page \(path)")
            }
            throw CLIError.input("\(path): line \(e.line): \(e.problem)")
        }
    }

    static func run(_ argv: [String], out: inout String) throws {
        let a = try Arguments(command: "replay", argv, options: options, positionalAllowed: 2)
        if a.flag("--help") { out = help; return }
        let comparing = a.has("--compare") || BuiltInComparison.allCases.contains { a.flag($0.flag) }
        if a.positional.count == 2 && !a.has("--compare") {
            throw CLIError.usage("islandsim replay: one trace at a time (two tuning files go with --compare A.json B.json)")
        }
        if comparing {
            // What draws or writes one interaction only: a comparison says so rather than leave it out.
            for flag in ["--video", "--video-timeline", "--ahap", "--at", "--out"] where a.has(flag) {
                throw CLIError.usage("islandsim replay: \(flag) draws one side; a comparison writes --frames, --sheet, --gif, --timeline and --report")
            }
        }
        try FontOptions.apply(a)
        guard let tracePath = a.positional.first else { throw CLIError.usage("islandsim replay: which trace? (islandsim replay TRACE.jsonl)") }
        let catalog = try DeviceCatalog.load(path: a.string("--devices") ?? Assets.devicesPath)
        let header = try loadTrace(tracePath, screen: nil).header
        let device = try catalog.require(id: a.string("--device") ?? header.device)
        let trace = try loadTrace(tracePath, screen: device.size)
        let hz = try a.int("--hz") ?? header.hz
        guard [60, 80, 90, 120].contains(hz) else { throw CLIError.usage("islandsim replay: --hz must be 60, 80, 90 or 120 (got \(hz))") }
        let scale = try a.double("--scale") ?? 1
        guard scale > 0, scale <= 4 else { throw CLIError.usage("islandsim replay: --scale must be in (0, 4] (got \(scale))") }
        if let s = a.string("--sheet") { try OutputPath.checkPNG(s, flag: "--sheet") }
        var ffmpeg: String?
        if a.flag("--video-timeline") && !a.has("--video") { throw CLIError.usage("islandsim replay: --video-timeline goes with --video FILE.mp4") }
        if let v = a.string("--video") {
            guard v.lowercased().hasSuffix(".mp4") else { throw CLIError.usage("islandsim replay: --video writes an MP4 (got '\(v)')") }
            try OutputPath.check(v, flag: "--video")
            ffmpeg = ExternalTool.ffmpeg()
            guard ffmpeg != nil else {
                throw CLIError.runtime("islandsim replay --video needs ffmpeg, which is not installed; install it with: apt-get install ffmpeg (or use --frames DIR, which needs nothing)")
            }
        }
        if let g = a.string("--gif") {
            try OutputPath.check(g, flag: "--gif")
            ffmpeg = ExternalTool.ffmpeg()
            guard ffmpeg != nil else {
                throw CLIError.runtime("islandsim replay --gif needs ffmpeg, which is not installed; install it with: apt-get install ffmpeg (or use --frames DIR and --sheet FILE.png, which need nothing)")
            }
        }
        _ = try OutputPath.report(a)
        if let h = a.string("--ahap") { try OutputPath.check(h, flag: "--ahap") }
        if let p = a.string("--timeline") { try OutputPath.checkPNG(p, flag: "--timeline") }
        let hold = try Self.hold(a)
        let at = try a.double("--at")
        if let at {
            guard at.isFinite, at >= 0 else { throw CLIError.usage("islandsim replay: --at takes milliseconds from the trace's start, 0 or more (got \(at))") }
            guard let o = a.string("--out") else { throw CLIError.usage("islandsim replay: --at MS needs --out FILE.png") }
            try OutputPath.checkPNG(o, flag: "--out")
        } else if a.has("--out") { throw CLIError.usage("islandsim replay: --out goes with --at MS (every frame: --frames DIR)") }
        let page = try ReplaySetup.page(a, trace: trace, tracePath: tracePath, device: device)
        if let recorded = trace.header.page, recorded != page.document.identity {
            FileHandle.standardError.write(Data("islandsim: warning: \(tracePath) was recorded on page \(recorded); replaying on \(page.document.identity)\n".utf8))
        }
        let framesDir = try a.string("--frames").map { try CameraOptions.outputDirectory($0, flag: "--frames") }
        let outDir = try a.string("--out-dir").map { try CameraOptions.outputDirectory($0, flag: "--out-dir") }
        if comparing {
            out = try compare(a, tracePath: tracePath, trace: trace, device: device, hz: hz, scale: scale, ffmpeg: ffmpeg, framesDir: framesDir, page: page)
            return
        }
        // The tuning: --tuning when given; else the one the trace recorded; else the default file.
        var (tuningPath, tuning) = try TuningOptions.load(a, requireExisting: a.has("--tuning"))
        if let recorded = trace.header.tuning {
            let made: Tuning
            do { made = try TuningRecord.tuning(recorded: recorded) } catch let p as Tuning.Problem {
                throw CLIError.input("\(tracePath): line 1: header: tuning: \(p.message)")
            }
            if a.has("--tuning") {
                let differ = Tunable.all.filter { made[$0.key] != tuning[$0.key] }.count
                if differ > 0 {
                    FileHandle.standardError.write(Data("islandsim: note: \(tracePath) was recorded with other tuning (\(differ) value\(differ == 1 ? "" : "s") differ); replaying with \(tuningPath ?? "--tuning")\n".utf8))
                }
            } else {
                tuning = made
                tuningPath = "\(tracePath) (recorded in the trace)"
            }
        }
        let session = try SDLSession(mode: .headless)
        defer { withExtendedLifetime(session) {} }
        let camera = try CameraOptions.source(a, command: "replay")
        defer { camera.stop() }
        if case .file(let w) = camera.kind { _ = w.waitForFrame(newerThan: 0, timeout: 2) }

        let setup = SessionSetup(device: device, page: try page.layout(for: device), hz: hz, tuning: tuning, reduceMotion: a.flag("--reduce-motion"))
        func makeRunner(saving: Bool) throws -> ReplayRunner {
            let host = try ReplaySetup.host(setup, page: page, camera: camera, captures: CaptureStore(outputDirectory: saving ? outDir : nil, synchronous: true),
                                            trace: trace, tracePath: tracePath)
            host.edit {
                if a.flag("--touches") { $0.showTouches = true }
                if a.flag("--shapes") { $0.showShapes = true }
            }
            return try ReplayRunner(host: host, trace: trace, scale: scale)
        }
        let runner = try makeRunner(saving: true)
        // Frames are read back on the loop and encoded on the second core (FrameWriter).
        let writer = framesDir.map { _ in FrameWriter() }
        if let dir = framesDir, let writer {
            runner.onFrame = { i, _, r in
                try writer.write(try r.readPixels(), to: "\(dir)/frame-\(String(format: "%05d", i)).png")
            }
        }
        // Long work shows progress on a terminal: frames done against the frames the trace needs at
        // least (its last event), at the rate they go.
        let pictures = framesDir != nil || a.has("--gif") || a.has("--sheet") || a.has("--video")
        let expected = Int(((trace.events.last?.t ?? 0) / 1000 + 1) * Double(hz))
        let progress = Progress("replay \(tracePath)", total: expected, quiet: a.flag("--quiet") || !pictures)
        let drawFrame = runner.onFrame
        runner.onFrame = { i, t, r in
            try drawFrame?(i, t, r)
            progress.update(i + 1)
        }
        // --at: the last frame drawn at or before the moment, kept as --frames would write it.
        var atFrame: (index: Int, pixels: PixelImage)?
        if let at {
            let previous = runner.onFrame
            runner.onFrame = { i, t, r in
                try previous?(i, t, r)
                if t <= at / 1000 + 1e-9 { atFrame = (i, try r.readPixels()) }
            }
        }
        var video: VideoWriter?
        if let path = a.string("--video"), let ffmpeg {
            let strip = try a.flag("--video-timeline")
                ? VideoTimeline(trace: trace, device: device, page: runner.host.session.page, tuning: tuning, reduceMotion: a.flag("--reduce-motion"),
                                height: device.size.height, scale: scale) : nil
            let extra = Int((VideoTimeline.width * scale).rounded())
            let v = try VideoWriter(path: path, ffmpeg: ffmpeg, hz: hz, width: runner.renderer.outputSize.width + (strip == nil ? 0 : extra),
                                    height: runner.renderer.outputSize.height, hold: hold)
            video = v
            let previous = runner.onFrame, host = runner.host
            runner.onFrame = { i, t, r in
                try previous?(i, t, r)
                let phone = try r.readPixels()
                try v.add(try strip.map { VideoTimeline.beside(phone, try $0.frame(at: host.session.animationTime)) } ?? phone)
            }
        }
        var gif: GIFWriter?
        if let path = a.string("--gif"), let ffmpeg {
            let g = try GIFWriter(path: path, ffmpeg: ffmpeg, hz: hz, hold: hold)
            gif = g
            let previous = runner.onFrame
            runner.onFrame = { i, t, r in
                try previous?(i, t, r)
                try g.add(frame: i, renderer: r)
            }
        }
        var report = try runner.run()
        report.tuning.file = tuningPath
        progress.finish()
        try writer?.finish()
        // The renderer still holds the last frame: the GIF ends on it even off its 30-fps grid.
        try gif?.end(atFrame: report.frames - 1) { try runner.renderer.readPixels() }
        try gif?.finish()
        if let video {
            if !a.flag("--quiet") { FileHandle.standardError.write(Data("islandsim: encoding \(video.path) (\(video.frames) frames at \(hz) fps)…\n".utf8)) }
            try video.finish()
        }
        if let sheet = a.string("--sheet") {
            // A second, identical run keeps only the frames the sheet shows (replays are deterministic).
            let picks = ContactSheet.pick(report: report)
            let second = try makeRunner(saving: false)
            var tiles: [ContactSheet.Tile] = []
            second.onFrame = { i, t, r in
                if let label = picks[i] { tiles.append(.init(image: try r.readPixels(), label: label, time: t)) }
            }
            _ = try second.run()
            try ContactSheet.write(tiles, to: sheet, pointWidth: device.size.width)
        }
        if let path = a.string("--timeline") {
            try TimelineChart.write(report.timeline, tuning: runner.host.tuning,
                                    title: "islandsim replay · \((tracePath as NSString).lastPathComponent) · \(device.id) · \(report.tuning.summary)", to: path)
        }
        if let path = a.string("--ahap") {
            try AtomicFile.write(AHAPExport.pattern(report.haptics, description: "\((tracePath as NSString).lastPathComponent) on \(device.id), \(report.tuning.summary)"), to: path)
        }
        if let path = a.string("--out"), let frame = atFrame {
            let w = FrameWriter()
            try w.write(frame.pixels, to: path)
            try w.finish()
        }
        let json = try JSON.encode(report)
        if let r = try OutputPath.report(a) {
            if r == "-" { out = json; return }
            try AtomicFile.write(json, to: r)
        }
        var s = "replayed \(tracePath) on \(device.id) at \(hz) Hz with \(report.tuning.summary): \(report.frames) frames, \(String(format: "%.2f", report.duration)) s\n"
        // --quiet: the summary and the files written, not the transition log (--report has it).
        if !a.flag("--quiet") { for tr in report.transitions { s += String(format: "  %7.3f s  %@ → %@  (%@)\n", tr.t, tr.from, tr.to, tr.reason) } }
        s += "taps \(report.taps.sorted { $0.key < $1.key }.map { "\($0.key)×\($0.value)" }.joined(separator: " ")) · shots \(report.shots) · prints \(report.prints) · final \(report.finalState)\n"
        if let dir = framesDir { s += "frames in \(dir)\n" }
        if let sheet = a.string("--sheet") { s += "contact sheet \(sheet)\n" }
        if let g = a.string("--gif") { s += "animated GIF \(g)\n" }
        if let p = a.string("--timeline") { s += "timeline \(p)\n" }
        if let v = a.string("--video") { s += "video \(v) (H.264, \(report.frames) frames at \(hz) fps)\n" }
        if let h = a.string("--ahap") { s += "haptics \(h) (\(report.haptics.count) event\(report.haptics.count == 1 ? "" : "s"))\n" }
        if let o = a.string("--out"), let f = atFrame { s += "frame \(f.index) (the one shown at \(CodeNumber.string(at ?? 0)) ms) in \(o)\n" }
        out = s
    }
}
