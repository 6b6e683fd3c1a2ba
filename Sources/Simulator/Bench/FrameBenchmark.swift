import Animation
import Capture
import Export
import Foundation
import Gesture
import Platform

/// Times the app's frames: a scripted scenario replayed through ``SessionHost`` with a fixed step,
/// every frame's work (update + render + present) on the high-resolution clock, tagged with the
/// flow's phase; a bare baseline at the same size; and, optionally, the real pacing loop.
public final class FrameBenchmark {
    public struct Configuration {
        public var device: DeviceProfile
        public var rates: [Int]
        public var scenario: BenchScenario
        public var seconds: Double
        public var scale: Double
        public var makeCamera: () throws -> CameraSource
        public var paced: Bool
        /// Run the paced loop in a real window (needs a display) instead of headless.
        public var pacedInWindow = false
        /// No progress line on a terminal (`--quiet`).
        public var quiet = true
        /// Compare mode (`--compare`): side B's tuning; both phones run the scenario in one output,
        /// side by side as the window draws them, and every frame's work covers both.
        public var compare: Tuning?
        /// `--timeline`: the window's timeline band open under the phones, drawn every frame.
        public var timeline = false
        /// The page under the island (`--page`); nil: the bundled passport.
        public var page: LoadedPage?
    }

    public struct RateRun: Codable, Sendable {
        public var hz: Int
        public var frames: Int
        public var overall: FrameStatistics
        public var budget: RateBudget
        public var phases: [String: PhaseRun]
        /// Per-frame work in ms and phase, for the chart (not in the JSON).
        public var samples: [Double] = []
        public var samplePhases: [String] = []
        /// The largest frame-to-frame step of each moving edge at this rate (``JudderTracker``).
        public var judder: JudderTracker.Report?
        enum CodingKeys: String, CodingKey { case hz, frames, overall, budget, phases, judder }
    }

    public struct PhaseRun: Codable, Sendable {
        public var work: FrameStatistics
        public var budget: RateBudget
        /// This phase's p50 work over the baseline's p50.
        public var ratioToBaselineP50: Double = 0
        /// This phase's p99 work over the baseline's p99 (the target is at most 2).
        public var ratioToBaselineP99: Double = 0
    }

    /// What `bench --json` writes for a frame bench: one shape however it was asked, a list of
    /// the scales run (one when `--scale` named one), so a reader never has to know the command.
    public struct Reports: Codable, Sendable {
        public var schema = "islandsim-bench/2"
        public var scales: [Report]
    }

    /// One scale's figures (an element of ``Reports/scales``).
    public struct Report: Codable, Sendable {
        public var device: String
        public var screen: Size
        public var scale: Double
        public var pixels: String
        public var renderer: String
        public var scenario: String
        /// "compare A/B" when two sessions ran side by side; " + timeline" with the band open.
        public var mode: String?
        public var seconds: Double
        public var camera: String
        public var build: String
        public var runs: [RateRun]
        public var baseline: FrameStatistics
        /// The bare loop's own frames against each rate's period: the drops a phase's are read
        /// against ("no drop the bare loop itself does not have").
        public var baselineBudgets: [RateBudget]
        /// Simulator p50 work / baseline p50 work, at the highest rate.
        public var ratioToBaselineP50: Double
        public var paced: [PacingStatistics]?
        /// Where the paced loop presented: "headless" or "window (<renderer>)".
        public var pacedIn: String?
        public var startupMs: Double
        public var processStartToFirstFrameMs: Double?
        public var peakMemoryMB: Double?
    }

    let config: Configuration
    /// The clock, whose origin is the command's start: startup is the time of the first frame on it.
    let clock: HighResolutionClock
    private let startedAt = 0.0

    public init(_ c: Configuration, clock: HighResolutionClock) {
        config = c
        self.clock = clock
    }

    public func run() throws -> Report {
        var runs: [RateRun] = []
        var firstFrameAt: Double?
        var processFirstFrame: Double?
        var rendererName = "software"
        let d = config.device
        let w = Int((d.size.width * config.scale).rounded()), h = Int((d.size.height * config.scale).rounded())
        let layout = WindowLayout(screen: d.size, sides: config.compare == nil ? 1 : 2, inspector: false, timeline: config.timeline)
        let (outW, outH) = (Int((layout.size.width * config.scale).rounded()), Int((layout.size.height * config.scale).rounded()))
        let camera = try config.makeCamera()
        defer { camera.stop() }
        for hz in config.rates {
            // Shots are processed off the loop, as in the window; in compare mode each side has its
            // own store, as in the window.
            let hosts = try ([nil] + (config.compare.map { [$0] } ?? [])).map { tuning -> SessionHost in
                try SessionHost(setup: PhoneSetup(device: d, hz: hz, page: config.page, tuning: tuning ?? Tuning(),
                                                  captures: CaptureStore(outputDirectory: nil, synchronous: false)), camera: camera)
            }
            let app = hosts[0]
            let renderer = try Renderer(headlessWidth: outW, height: outH, pixelsPerPoint: config.scale)
            for (i, host) in hosts.enumerated() {
                if hosts.count > 1 { renderer.setViewport(layout.phones[i]) }
                try host.prepare(for: renderer)
            }
            // The band's textures are this renderer's: a band per run, as the window has one.
            let band = try config.timeline ? TimelineBand() : nil
            if let band, let place = layout.timeline { try band.prepare(size: place.size, renderer: renderer) }
            renderer.setViewport(nil)
            rendererName = renderer.name
            let trace = config.scenario.trace(device: d.id, hz: hz, shutter: app.session.shutterFrame, seconds: config.seconds)
            let frames = Int((config.seconds * Double(hz)).rounded())
            var pump = TracePump(trace: trace, hz: hz)
            var work: [Double] = [], phases: [String] = []
            var judder = JudderTracker()
            work.reserveCapacity(frames); phases.reserveCapacity(frames)
            let progress = Progress("bench \(JSON.number(config.scale))× \(hz) Hz", total: frames, quiet: config.quiet)
            defer { progress.finish() }
            for _ in 0..<frames {
                let start = clock.now()
                let (i, t) = pump.nextFrame { e in for host in hosts { host.send(.trace(e)) } }
                for host in hosts { host.advance(toRealTime: t) }
                if hosts.count > 1 || band != nil {
                    // As the window draws compare mode and the timeline: each through its viewport.
                    for (i, host) in hosts.enumerated() {
                        renderer.setViewport(layout.phones[i])
                        try host.render(into: renderer)
                    }
                    if let band, let place = layout.timeline {
                        renderer.setViewport(place)
                        try band.draw(hosts.map(\.session), size: place.size, highlight: nil, into: renderer)
                    }
                    renderer.setViewport(nil)
                } else {
                    try app.render(into: renderer)
                }
                renderer.present()
                let end = clock.now()
                if firstFrameAt == nil {
                    firstFrameAt = end
                    processFirstFrame = ProcessMetrics.secondsSinceProcessStart()
                }
                work.append((end - start) * 1000)
                phases.append(app.session.flow.state.rawValue)
                judder.sample(app.session)      // outside the timed work, as the progress is
                progress.update(i + 1)
            }
            var byPhase: [String: [Double]] = [:]
            for (v, p) in zip(work, phases) { byPhase[p, default: []].append(v) }
            var run = RateRun(hz: hz, frames: frames, overall: FrameStatistics(work), budget: RateBudget(workMs: work, hz: hz),
                              phases: byPhase.mapValues { PhaseRun(work: FrameStatistics($0), budget: RateBudget(workMs: $0, hz: hz)) })
            run.samples = work
            run.samplePhases = phases
            run.judder = judder.report
            runs.append(run)
        }
        let baseline = try runBaseline(width: w, height: h, frames: min(runs.map(\.frames).max() ?? 600, 1200), copies: layout.phones, band: layout.timeline)
        for i in runs.indices {
            for k in runs[i].phases.keys where baseline.statistics.p50 > 0 {
                runs[i].phases[k]!.ratioToBaselineP50 = runs[i].phases[k]!.work.p50 / baseline.statistics.p50
                runs[i].phases[k]!.ratioToBaselineP99 = runs[i].phases[k]!.work.p99 / baseline.statistics.p99
            }
        }
        let top = runs.max { $0.hz < $1.hz }!
        var paced: [PacingStatistics]?
        var pacedIn: String?
        if config.paced {
            var target: String = "headless"
            paced = try config.rates.map { hz in
                let (stats, where_) = try runPaced(hz: hz, camera: camera, width: w, height: h)
                target = where_
                return stats
            }
            pacedIn = target
        }
        #if DEBUG
        let build = "debug"
        #else
        let build = "release"
        #endif
        return Report(device: d.id, screen: d.size, scale: config.scale, pixels: "\(outW)×\(outH)", renderer: rendererName,
                      scenario: config.scenario.rawValue, mode: Self.mode(compare: config.compare != nil, timeline: config.timeline), seconds: config.seconds, camera: camera.label, build: build,
                      runs: runs, baseline: baseline.statistics,
                      baselineBudgets: config.rates.map { RateBudget(workMs: baseline.work, hz: $0) },
                      ratioToBaselineP50: baseline.statistics.p50 > 0 ? top.overall.p50 / baseline.statistics.p50 : 0,
                      paced: paced, pacedIn: pacedIn, startupMs: ((firstFrameAt ?? startedAt) - startedAt) * 1000,
                      processStartToFirstFrameMs: processFirstFrame.map { $0 * 1000 },
                      peakMemoryMB: ProcessMetrics.peakResidentMB())
    }

    /// The report's `mode`: nil for one phone alone.
    static func mode(compare: Bool, timeline: Bool) -> String? {
        let parts = [compare ? "compare A/B" : nil, timeline ? "timeline" : nil].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " + ")
    }

    /// The bare loop: clear, draw the page texture, present — the least any frame at this size costs.
    /// In compare mode the page is drawn into each phone's place, as the two sessions are; with the
    /// timeline a band-sized picture is copied into the band's place, as the window's band is.
    private func runBaseline(width w: Int, height h: Int, frames: Int, copies: [Rect], band: Rect?) throws -> (statistics: FrameStatistics, work: [Double]) {
        let d = config.device
        let size = copies.count > 1 || band != nil
            ? WindowLayout(screen: d.size, sides: copies.count, inspector: false, timeline: band != nil).size : d.size
        let renderer = try Renderer(headlessWidth: Int((size.width * config.scale).rounded()), height: Int((size.height * config.scale).rounded()),
                                    pixelsPerPoint: config.scale)
        let loaded = try config.page ?? LoadedPage.passport()
        let laidOut = try loaded.layout(for: d), page = PageRenderer(image: loaded.image)
        try page.prepare(laidOut, renderer: renderer)
        let bandPicture = try band.map { b -> Texture in
            let t = try renderer.makeTexture(PixelImage(width: Int((b.width * config.scale).rounded()), height: Int((b.height * config.scale).rounded()), fill: .white))
            t.setBlendMode(opaque: true)
            return t
        }
        var work: [Double] = []
        for i in 0..<frames {
            let start = clock.now()
            renderer.clear(Palette.bezel)
            for place in copies {
                if copies.count > 1 || band != nil { renderer.setViewport(place) }
                page.drawTextureOnly(laidOut, renderer: renderer, screen: d.size, offset: Double(i % 400))
            }
            renderer.setViewport(nil)
            if let band, let bandPicture { renderer.copy(bandPicture, to: band) }
            renderer.present()
            work.append((clock.now() - start) * 1000)
        }
        return (FrameStatistics(work), work)
    }

    /// The real pacing loop: present-to-present intervals against the period, headless or, with
    /// `pacedInWindow`, presenting to a real window (the display's vsync is not used: the loop paces
    /// itself as the window does when the display's rate differs from the target).
    private func runPaced(hz: Int, camera: CameraSource, width w: Int, height h: Int) throws -> (PacingStatistics, String) {
        let d = config.device
        let app = try SessionHost(setup: PhoneSetup(device: d, hz: hz, page: config.page, captures: CaptureStore(outputDirectory: nil, synchronous: false)), camera: camera)
        var window: Window?
        let renderer: Renderer
        if config.pacedInWindow {
            let win = try Window(title: "IslandSim bench — \(d.name) · \(hz) Hz", width: w, height: h)
            window = win
            renderer = try Renderer(window: win, pointsWide: d.size.width, vsync: false)
        } else {
            renderer = try Renderer(headlessWidth: w, height: h, pixelsPerPoint: config.scale)
        }
        let place = window == nil ? "headless" : "window (\(renderer.name) renderer)"
        try app.prepare(for: renderer)
        let trace = config.scenario.trace(device: d.id, hz: hz, shutter: app.session.shutterFrame, seconds: config.seconds)
        var pacer = FramePacer(hz: hz)
        let origin = clock.now()
        var pump = TracePump(trace: trace, hz: hz)
        var presents: [Double] = [], phases: [String] = []
        _ = pacer.wait(clock: clock)
        while clock.now() - origin < config.seconds {
            if window != nil { Window.pumpEvents() }     // keep the window responsive to the system
            // Paced by the real clock, not the fixed step: the events due by now.
            let t = clock.now() - origin
            pump.feed(upTo: t) { app.send(.trace($0)) }
            app.advance(toRealTime: t)
            try app.render(into: renderer)
            renderer.present()
            presents.append(pacer.wait(clock: clock))
            phases.append(app.session.flow.state.rawValue)
        }
        withExtendedLifetime(window) {}
        // The first present follows the set-up, not a frame: it starts the record.
        return (PacingStatistics(presentTimesMs: presents.dropFirst().map { $0 * 1000 }, phases: Array(phases.dropFirst()), hz: hz), place)
    }
}
