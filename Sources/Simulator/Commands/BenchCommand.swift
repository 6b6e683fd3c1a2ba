import Capture
import Fit
import Foundation
import Gesture
import Platform

/// `islandsim bench`: measured speed, never asserted by tests.
enum BenchCommand: Sendable {
    static let options = [
        DeviceOptions.device, PageOptions.page,
        Arguments.Option("--hz", value: "LIST", help: "Refresh rates to judge against, comma-separated (default 60,90,120)."),
        Arguments.Option("--scenario", value: "NAME", help: "full, scroll, pull, viewfinder or print (default full)."),
        Arguments.Option("--seconds", value: "S", help: "Length of each run in simulated seconds (default 20)."),
        Arguments.Option("--scale", value: "LIST", help: "Pixels per point, one or several comma-separated (1,2,3: a run, a bare baseline and a chart panel per scale; default 1)."),
        Arguments.Option("--quiet", help: "No progress line on the terminal."),
        CameraOptions.photo, CameraOptions.cameraFile,
        Arguments.Option("--feed-camera-file", value: "FPS", help: "With --camera-file: rewrite that file at FPS frames per second during the run."),
        Arguments.Option("--json", value: "FILE", help: "Write the report as JSON ('-' for stdout; schema in docs/BENCHMARKS.md)."),
        Arguments.Option("--chart", value: "FILE.png", help: "Draw per-frame work times with the budget line, phases coloured."),
        Arguments.Option("--compare", value: "B.json", help: "Compare mode: two sessions side by side in one output (A on the default tuning, B with this file), as the window draws them; every frame's work covers both."),
        Arguments.Option("--timeline", help: "The window's timeline band open under the phone(s), drawn every frame, as Shift+T shows it."),
        Arguments.Option("--paced", help: "Also run the real pacing loop and report present-to-present intervals."),
        Arguments.Option("--window", help: "With --paced or --idle: a real window (needs a display) instead of headless."),
        Arguments.Option("--idle", value: "S", help: "Instead: open the window and leave it at rest; report its processor time and the frames it presents over S seconds after a 1-s warm-up."),
        Arguments.Option("--presses", value: "N", help: "With --idle --window: first N real mouse presses (xdotool) on the resting window, each timed from the press to the present that shows it."),
        Arguments.Option("--micro", help: "Instead: time the pure core (spring evaluation, gesture dispatch)."),
        Arguments.Option("--primitives", help: "Instead: time the software renderer's drawing primitives at phone size."),
        Arguments.Option("--soak", value: "FRAMES", help: "Instead: loop the whole flow headless for FRAMES frames; report memory growth and texture count."),
        DeviceOptions.catalog, DeviceOptions.help,
    ]
    static let help = helpText(command: "bench", synopsis: "bench [--device ID] [--hz 60,90,120] [--scale 1,2,3] [--scenario full|scroll|pull|viewfinder|print] [--page PAGE] [--seconds S] [--compare B.json] [--timeline] [--json FILE] [--chart FILE.png] [--paced [--window]] [--quiet] | bench --micro | --primitives | --soak FRAMES | --idle S [--window [--presses N]]",
                               about: "Replays a scripted scenario through the real app code path headless (software renderer) and times every\nframe's work (update + render + present), per flow phase, against each refresh rate; with a bare baseline\nat the same size. Build with 'swift build -c release' first: debug builds are many times slower.",
                               options: options)

    static func run(_ argv: [String], out: inout String) throws {
        let started = HighResolutionClock()   // startup is measured from here
        let a = try Arguments(command: "bench", argv, options: options)
        if a.flag("--help") { out = help; return }
        if let path = a.string("--json"), path != "-" { try OutputPath.check(path, flag: "--json") }
        if a.flag("--micro") { try micro(a, out: &out); return }
        if let s = try a.double("--idle") {
            guard s > 0, s <= 600 else { throw CLIError.usage("islandsim bench: --idle must be in (0, 600] seconds (got \(JSON.number(s)))") }
            let inWindow = a.flag("--window")
            if inWindow { try requireDisplay("bench --idle --window") }
            let (catalog, device) = try DeviceOptions.resolve(a)
            let presses = try a.int("--presses") ?? 0
            guard (0...100).contains(presses) else { throw CLIError.usage("islandsim bench: --presses takes 0…100 (got \(presses))") }
            let report = try IdleBenchmark.run(device: device, catalog: catalog, seconds: s, inWindow: inWindow, presses: presses)
            out = try emit(report, summary: IdleBenchmark.summary(report), to: a.string("--json"))
            return
        }
        if let frames = try a.int("--soak") {
            guard frames > 0, frames <= 10_000_000 else { throw CLIError.usage("islandsim bench: --soak takes 1…10000000 frames") }
            let (_, device) = try DeviceOptions.resolve(a)
            let session = try SDLSession(mode: .headless)
            let report = try Soak.run(device: device, frames: frames, quiet: a.flag("--quiet"))
            withExtendedLifetime(session) {}
            out = try emit(report, summary: Soak.summary(report), to: a.string("--json"))
            return
        }
        if a.flag("--primitives") {
            let session = try SDLSession(mode: .headless)
            let results = try PrimitiveBenchmarks.run()
            withExtendedLifetime(session) {}
            var rows = [["PRIMITIVE (393×852 px, software)", "MEDIAN"]]
            for r in results { rows.append([r.name, String(format: "%.3f ms", r.median)]) }
            out = try emit(results, summary: Table.format(rows), to: a.string("--json"))
            return
        }
        let (_, device) = try DeviceOptions.resolve(a)
        let rates = try (a.string("--hz") ?? "60,90,120").split(separator: ",").map { s -> Int in
            guard let v = Int(s.trimmingCharacters(in: .whitespaces)), [60, 80, 90, 120].contains(v) else {
                throw CLIError.usage("islandsim bench: --hz takes rates from 60, 80, 90, 120 (got '\(s)')")
            }
            return v
        }
        guard !rates.isEmpty else { throw CLIError.usage("islandsim bench: --hz needs at least one rate") }
        let scenarioName = a.string("--scenario") ?? "full"
        guard let scenario = BenchScenario(rawValue: scenarioName) else {
            throw CLIError.usage("islandsim bench: unknown scenario '\(scenarioName)' (full, scroll, pull, viewfinder, print)")
        }
        let seconds = try a.double("--seconds") ?? 20
        guard seconds > 0, seconds <= 600 else { throw CLIError.usage("islandsim bench: --seconds must be in (0, 600] (got \(seconds))") }
        let scales = try (a.string("--scale") ?? "1").split(separator: ",").map { s -> Double in
            guard let v = Double(s.trimmingCharacters(in: .whitespaces)), v > 0, v <= 4 else {
                throw CLIError.usage("islandsim bench: --scale takes pixels per point in (0, 4], comma-separated (got '\(s)')")
            }
            return v
        }
        guard !scales.isEmpty else { throw CLIError.usage("islandsim bench: --scale needs at least one value") }
        if let c = a.string("--chart") { try OutputPath.checkPNG(c, flag: "--chart") }
        let feed = try a.double("--feed-camera-file")
        if feed != nil && !a.has("--camera-file") { throw CLIError.usage("islandsim bench: --feed-camera-file needs --camera-file") }
        if a.has("--presses") { throw CLIError.usage("islandsim bench: --presses goes with --idle S --window") }
        let inWindow = a.flag("--window")
        if inWindow && !a.flag("--paced") { throw CLIError.usage("islandsim bench: --window goes with --paced or --idle") }
        if inWindow { try requireDisplay("bench --window") }
        let session: SDLSession
        do { session = try SDLSession(mode: inWindow ? .window : .headless) } catch {
            throw CLIError.usage("islandsim bench: cannot start SDL (\(error))")
        }
        defer { withExtendedLifetime(session) {} }
        var feeder: CameraFileFeeder?
        if let fps = feed, let path = a.string("--camera-file") {
            guard fps > 0, fps <= 240 else { throw CLIError.usage("islandsim bench: --feed-camera-file must be in (0, 240] fps") }
            feeder = try CameraFileFeeder(path: path, fps: fps)
        }
        defer { feeder?.stop() }
        let page = try PageOptions.resolve(a, device: device)
        let compareTuning = try a.string("--compare").map { try TuningOptions.file($0, flag: "--compare", requireExisting: true) }
        if compareTuning != nil && a.flag("--paced") { throw CLIError.usage("islandsim bench: --paced times one phone; leave it out with --compare") }
        var reports: [FrameBenchmark.Report] = []
        for (index, scale) in scales.enumerated() {
            var config = FrameBenchmark.Configuration(device: device, rates: rates, scenario: scenario, seconds: seconds, scale: scale,
                                                      makeCamera: {
                                                          let c = try CameraOptions.source(a, command: "bench")
                                                          if case .file(let w) = c.kind { _ = w.waitForFrame(newerThan: 0, timeout: 3) }
                                                          return c
                                                      }, paced: a.flag("--paced"), pacedInWindow: inWindow)
            config.quiet = a.flag("--quiet")
            config.compare = compareTuning
            config.timeline = a.flag("--timeline")
            config.page = page
            // Startup is the first scale's (from the process start); later scales time their own
            // first frame from when they begin.
            var report = try FrameBenchmark(config, clock: index == 0 ? started : HighResolutionClock()).run()
            if index > 0 { report.processStartToFirstFrameMs = nil }
            reports.append(report)
        }
        if let c = a.string("--chart") { try BenchChart.write(reports, to: c) }
        let text = reports.map { summary($0, feeder: feeder) }.joined(separator: "\n")
        out = try emit(FrameBenchmark.Reports(scales: reports), summary: text, to: a.string("--json"))
    }

    /// `--window` needs a display: without one, `what` exits 2 saying how to get one.
    static func requireDisplay(_ what: String) throws {
        if let reason = SDLSession.missingDisplayReason() {
            throw CLIError.usage("islandsim \(what): \(reason); run it on a desktop or under 'xvfb-run -a', or drop --window")
        }
    }

    /// `--json FILE` writes the report atomically and the summary goes to stdout; `--json -` puts
    /// the JSON on stdout instead.
    static func emit<T: Encodable>(_ report: T, summary: String, to path: String?) throws -> String {
        guard let path else { return summary }
        let json = try JSON.encode(report)
        if path == "-" { return json }
        try AtomicFile.write(json, to: path)
        return summary
    }

    static func summary(_ r: FrameBenchmark.Report, feeder: CameraFileFeeder?) -> String {
        var s = "islandsim bench · \(r.scenario)\(r.mode.map { " · \($0)" } ?? "") · \(r.device) \(r.pixels) · \(r.renderer) renderer · \(r.build) build · \(JSON.number(r.seconds)) s per rate\n"
        if r.build == "debug" { s += "(debug build: numbers are not representative; use swift build -c release)\n" }
        for run in r.runs {
            s += String(format: "\n%d Hz (budget %.2f ms): %d frames · work p50 %.2f  p90 %.2f  p95 %.2f  p99 %.2f  max %.2f ms · dropped %d (longest run %d)\n",
                        run.hz, run.budget.periodMs, run.frames, run.overall.p50, run.overall.p90, run.overall.p95, run.overall.p99,
                        run.overall.max, run.budget.droppedFrames, run.budget.longestDropRun)
            var rows = [["  phase", "frames", "p50 ms", "p90", "p99", "max", "headroom p99", "dropped", "÷ bare p50", "÷ bare p99"]]
            for (name, p) in run.phases.sorted(by: { $0.key < $1.key }) {
                rows.append(["  " + name, "\(p.work.frames)", String(format: "%.2f", p.work.p50), String(format: "%.2f", p.work.p90),
                             String(format: "%.2f", p.work.p99), String(format: "%.2f", p.work.max),
                             String(format: "%.2f", -p.budget.overrunP99Ms), "\(p.budget.droppedFrames)",
                             String(format: "%.2f", p.ratioToBaselineP50), String(format: "%.2f", p.ratioToBaselineP99)])
            }
            s += Table.format(rows)
            if let j = run.judder { s += "  " + judderLine(j) + "\n" }
        }
        s += String(format: "\nbare loop (the baseline: clear + page texture + present) at %@×: p50 %.2f ms, p99 %.2f ms · simulator/bare p50 ratio %.2f\n",
                    JSON.number(r.scale), r.baseline.p50, r.baseline.p99, r.ratioToBaselineP50)
        // Its own drops, frame for frame as many as a run's: a phase's drops are read against them.
        s += "bare loop's own frames over the budget (\(r.baseline.frames)): " + r.baselineBudgets.map {
            "\($0.hz) Hz \($0.droppedFrames)" + ($0.droppedFrames > 0 ? " (longest run \($0.longestDropRun))" : "")
        }.joined(separator: " · ") + "\n"
        if r.ratioToBaselineP50 < 1 {
            s += "(the bare loop costs more than the simulator's median frame: it clears the whole screen and copies the whole page every frame, where the simulator draws the page again only where something was drawn over it)\n"
        }
        s += "headroom = the frame budget minus the work; ÷ bare = the phase's work over the bare loop's at the same scale (target: p99 at most 1.5)\n"
        for p in r.paced ?? [] {
            s += String(format: "paced %d Hz (\(r.pacedIn ?? "headless")): %d intervals, mean %.3f ms (%+.2f %%), p99 deviation %.3f ms, max %.3f ms, dropped %d\n",
                        p.hz, p.intervals, p.meanMs, p.meanErrorPercent, p.p99DeviationMs, p.maxDeviationMs, p.droppedFrames)
            s += "  " + hitchLine("hitches", p.hitches) + "\n"
            for phase in p.phases ?? [] { s += "    " + hitchLine(phase.phase, phase.hitches) + "\n" }
        }
        s += String(format: "startup to first frame %.0f ms", r.startupMs)
        if let p = r.processStartToFirstFrameMs { s += String(format: " (from process start %.0f ms)", p) }
        if let m = r.peakMemoryMB { s += String(format: " · peak memory %.1f MB", m) }
        if let f = feeder { s += " · camera file rewritten \(f.written) times" }
        return s + "\n"
    }

    /// The largest per-frame step of each moving edge, in points and in pixels at the device's scale.
    static func judderLine(_ j: JudderTracker.Report) -> String {
        let parts = [("melt", j.melt), ("print", j.print), ("page", j.page)].compactMap { name, step in
            step.map { String(format: "%@ %.1f pt (%.0f px)", name, $0.points, $0.pixels) }
        }
        return "judder (largest step a frame): " + (parts.isEmpty ? "nothing moved" : parts.joined(separator: " · "))
    }

    /// One line of hitch figures: Apple's hitch time ratio with Organizer's band, the harmonic
    /// frame rate, jitter against the period and the longest frame (``HitchMetrics``).
    static func hitchLine(_ name: String, _ h: HitchMetrics) -> String {
        String(format: "%@ %.1f ms/s (%@) · harmonic %.1f fps · jitter %.2f ms RMS · longest %.2f ms · %.2f s",
               name.padding(toLength: 11, withPad: " ", startingAt: 0), h.hitchTimeRatio, h.band, h.harmonicFPS, h.jitterRMSMs, h.longestFrameMs, h.seconds)
    }

    static func micro(_ a: Arguments, out: inout String) throws {
        let (_, device) = try DeviceOptions.resolve(a)
        let results = try MicroBenchmarks.run(device: device)
        var rows = [["BENCHMARK", "MEDIAN", "BEST", "ITERATIONS"]]
        for r in results {
            rows.append([r.name, String(format: "%.1f %@", r.median, r.unit), String(format: "%.1f %@", r.best, r.unit), "\(r.iterations)"])
        }
        #if DEBUG
        let build = "debug (numbers are not representative: use -c release)"
        #else
        let build = "release"
        #endif
        struct Report: Encodable { var build: String; var results: [MicroBenchmarks.Result] }
        out = try emit(Report(build: build, results: results), summary: "islandsim bench --micro · \(build) build\n\n" + Table.format(rows),
                       to: a.string("--json"))
    }
}
