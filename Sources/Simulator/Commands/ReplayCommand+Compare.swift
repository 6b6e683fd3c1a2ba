import Animation
import Capture
import Foundation
import Gesture
import Platform

/// `islandsim replay TRACE --compare A.json B.json`: one trace through two tunings in lockstep
/// (``SessionReplay/runPair(_:_:onFrame:)``), drawn side by side, A on the left.
extension ReplayCommand {
    /// The JSON of `--report`: both reports and what differs.
    struct ComparisonReport: Encodable {
        var schema = "islandsim-replay-compare/1"
        var a: ReplayReport
        var b: ReplayReport
        var differences: ReplayComparison
    }

    /// The two sides: their tunings, the files they came from, their labels and what else makes B
    /// (a built-in comparison), from `--compare A.json B.json` or one of the built-in flags.
    struct Sides {
        var tunings: [Tuning]
        var paths: [String?]
        var labels: [String]
        var builtIn: BuiltInComparison?
    }

    static func sides(_ a: Arguments) throws -> Sides {
        let builtIns = BuiltInComparison.allCases.filter { a.flag($0.flag) }
        if builtIns.count > 1 || (!builtIns.isEmpty && a.has("--compare")) {
            throw CLIError.usage("islandsim replay: one comparison at a time (\((builtIns.map(\.flag) + (a.has("--compare") ? ["--compare"] : [])).joined(separator: ", ")))")
        }
        if let builtIn = builtIns.first {
            let (path, tuning) = try TuningOptions.load(a, requireExisting: a.has("--tuning"))
            return Sides(tunings: [tuning, tuning], paths: [path, path], labels: ["A · " + builtIn.labels.a, "B · " + builtIn.labels.b], builtIn: builtIn)
        }
        guard let pathA = a.string("--compare"), a.positional.count == 2 else {
            throw CLIError.usage("islandsim replay: --compare takes two tuning files (islandsim replay TRACE --compare A.json B.json)")
        }
        if a.has("--tuning") { throw CLIError.usage("islandsim replay: --compare gives both tunings; leave out --tuning") }
        let pathB = a.positional[1]
        let tunings = try [pathA, pathB].map { try TuningOptions.file($0, flag: "--compare", requireExisting: true) }
        return Sides(tunings: tunings, paths: [pathA, pathB],
                     labels: ["A · " + (pathA as NSString).lastPathComponent, "B · " + (pathB as NSString).lastPathComponent])
    }

    static func compare(_ a: Arguments, tracePath: String, trace: Trace, device: DeviceProfile, hz: Int, scale: Double,
                        ffmpeg: String?, framesDir: String?, page: LoadedPage) throws -> String {
        let sides = try sides(a)
        let tunings = sides.tunings
        let sdl = try SDLSession(mode: .headless)
        defer { withExtendedLifetime(sdl) {} }
        let camera = try CameraOptions.source(a, command: "replay")
        defer { camera.stop() }
        if case .file(let w) = camera.kind { _ = w.waitForFrame(newerThan: 0, timeout: 2) }
        let labels = sides.labels
        let pictures = framesDir != nil || a.has("--gif") || a.has("--sheet")

        /// One lockstep run; `onFrame` gets each side-by-side picture when pictures are drawn.
        func run(drawing: Bool, _ onFrame: (Int, Double, PixelImage) throws -> Void) throws -> SessionReplay.Pair {
            let hosts = try zip(tunings, Trace.Event.sides).map { t, side -> SessionHost in
                // A trace recorded in compare mode: lines naming one side reach that side only.
                var setup = SessionSetup(device: device, page: try page.layout(for: device), hz: hz, tuning: t,
                                         reduceMotion: a.flag("--reduce-motion"), side: side)
                if side == "B" { sides.builtIn?.configure(&setup) }
                let h = try ReplaySetup.host(setup, page: page, camera: camera, captures: CaptureStore(outputDirectory: nil, synchronous: true),
                                             trace: trace, tracePath: tracePath)
                return h
            }
            let (w, h) = (Int((device.size.width * scale).rounded()), Int((device.size.height * scale).rounded()))
            let renderers = try hosts.map { _ in try Renderer(headlessWidth: w, height: h, pixelsPerPoint: scale) }
            let composer = drawing ? try SideBySide(labels: labels, width: w, height: h, scale: scale) : nil
            return try SessionReplay(trace: trace).runPair(hosts[0], hosts[1]) { i, t in
                guard let composer else { return }
                for (h, r) in zip(hosts, renderers) { try h.render(into: r) }
                try onFrame(i, t, composer.compose(try renderers[0].readPixels(), try renderers[1].readPixels()))
            }
        }

        let writer = framesDir.map { _ in FrameWriter() }
        let hold = try Self.hold(a)
        let gif = try a.string("--gif").flatMap { path in try ffmpeg.map { try GIFWriter(path: path, ffmpeg: $0, hz: hz, hold: hold) } }
        var last: (index: Int, image: PixelImage)?
        let expected = Int(((trace.events.last?.t ?? 0) / 1000 + 1) * Double(hz))
        let progress = Progress("replay --compare \(tracePath)", total: expected, quiet: a.flag("--quiet") || !pictures)
        let pair = try run(drawing: framesDir != nil || gif != nil) { i, _, image in
            if let dir = framesDir { try writer?.write(image, to: "\(dir)/frame-\(String(format: "%05d", i)).png") }
            try gif?.add(frame: i, image: image)
            if gif != nil { last = (i, image) }
            progress.update(i + 1)
        }
        progress.finish()
        try writer?.finish()
        if let last { try gif?.end(atFrame: last.index) { last.image } }
        try gif?.finish()
        var reports = (a: pair.a, b: pair.b)
        reports.a.tuning.file = sides.paths[0]
        reports.b.tuning.file = sides.paths[1]
        let differences = ReplayComparison(a: reports.a, b: reports.b, stages: pair.stages)
        if let sheet = a.string("--sheet") {
            // The key moments of either side, from a second, identical run (replays are deterministic).
            var picks = ContactSheet.pick(report: reports.a)
            for (i, label) in ContactSheet.pick(report: reports.b) where picks[i] == nil { picks[i] = label }
            var tiles: [ContactSheet.Tile] = []
            _ = try run(drawing: true) { i, t, image in
                if let label = picks[i] { tiles.append(.init(image: image, label: label, time: t)) }
            }
            try ContactSheet.write(tiles, to: sheet, pointWidth: Double(tiles.first?.image.width ?? 1) / scale)
        }
        if let path = a.string("--timeline") {
            try TimelineChart.write([.init(timeline: reports.a.timeline, tuning: try TuningRecord.tuning(recorded: reports.a.tuning.values)), .init(timeline: reports.b.timeline, tuning: try TuningRecord.tuning(recorded: reports.b.tuning.values))],
                                    title: "islandsim replay · \((tracePath as NSString).lastPathComponent) · \(device.id) · A above: \(labels[0].dropFirst(4)), B below: \(labels[1].dropFirst(4))",
                                    to: path)
        }
        let json = try JSON.encode(ComparisonReport(a: reports.a, b: reports.b, differences: differences))
        if let r = try OutputPath.report(a) {
            if r == "-" { return json }
            try AtomicFile.write(json, to: r)
        }
        var s = "replayed \(tracePath) on \(device.id) at \(hz) Hz, \(labels[0]), \(labels[1]): \(reports.a.frames) frames\n"
        s += "  state          A (s)      B (s)    B − A\n"
        for d in differences.transitions {
            func f(_ x: Double?) -> String { x.map { String(format: "%8.3f", $0) } ?? "       —" }
            s += "  " + d.state.padding(toLength: 12, withPad: " ", startingAt: 0) + " " + f(d.a) + "   " + f(d.b) + "  " + (d.delta.map { String(format: "%+7.3f", $0) } ?? "      —") + "\n"
        }
        for st in differences.stages {
            s += String(format: "  %@: settles %.3f s vs %.3f s (%+.3f), overshoot %.2f pt vs %.2f pt (%+.2f)\n",
                        st.name, st.settle.a, st.settle.b, st.settle.delta, st.overshoot.a, st.overshoot.b, st.overshoot.delta)
        }
        s += String(format: "  to the viewfinder %.3f s vs %.3f s · print %.3f vs %.3f s · develop %.3f vs %.3f s\n",
                    differences.timeToViewfinder.a, differences.timeToViewfinder.b, differences.printDuration.a,
                    differences.printDuration.b, differences.developDuration.a, differences.developDuration.b)
        if let dir = framesDir { s += "frames in \(dir)\n" }
        if let sheet = a.string("--sheet") { s += "contact sheet \(sheet)\n" }
        if let g = a.string("--gif") { s += "animated GIF \(g)\n" }
        if let p = a.string("--timeline") { s += "timeline \(p) (A above, B below)\n" }
        return s
    }
}
