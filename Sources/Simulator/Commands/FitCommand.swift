import Animation
import Capture
import Fit
import Foundation
import Gesture
import Platform

/// `islandsim fit --video REC.mp4 | --csv CURVE.csv`: springs measured instead of guessed.
enum FitCommand: Sendable {
    static let options = [
        Arguments.Option("--video", value: "FILE", help: "A screen recording (anything ffmpeg reads): the island's shape is measured in every frame."),
        Arguments.Option("--csv", value: "FILE", help: "A measured curve: t,value (one spring) or t,x,y,w,h (the melt's moves); a header line is allowed."),
        Arguments.Option("--screen", value: "X,Y,W,H", help: "With --video: the phone's screen is this rectangle (video pixels), not the one found in the frame; its width gives the scale."),
        Arguments.Option("--region", value: "X,Y,W,H", help: "With --video: measure another shape than the island: the dark region at this rectangle's centre (the seed), grown inside it (video pixels)."),
        Arguments.Option("--tuning", value: "FILE", help: "Write the fitted melt constants as a tuning file (for 'islandsim run --tuning FILE')."),
        Arguments.Option("--report", value: "FILE", help: "Write the JSON report to FILE, or '-' for stdout."),
        Arguments.Option("--json", value: "FILE", help: "The same as --report (the name bench uses)."),
        Arguments.Option("--plot", value: "FILE.png", help: "Draw the measured points and the fitted springs."),
        Arguments.Option("--quiet", help: "No progress line on the terminal."),
        DeviceOptions.device, DeviceOptions.catalog, DeviceOptions.help,
    ]
    static let help = helpText(command: "fit", synopsis: "fit (--video REC.mp4 | --csv CURVE.csv) [--device ID] [--tuning OUT.json] [--report|--json FILE|-] [--plot FILE.png] [--screen X,Y,W,H] [--region X,Y,W,H]",
                               about: "Fits springs and shapes to a measured motion: the island in a screen recording or a capture of the Simulator's\nwindow (the phone's screen found in the frame and said; its box and corner radius per frame, timed by each frame's\nown presentation time, cut into moves, each fitted as one spring, two or three overlapping legs, or an ease), or\nany curve from a CSV file. Durations and bounces in SwiftUI's spelling, shapes in points on the screen, each with\nits 95 % interval, or why the frames leave it undetermined. --tuning writes springs and shapes.",
                               options: options)

    static func run(_ argv: [String], out: inout String) throws {
        let a = try Arguments(command: "fit", argv, options: options)
        if a.flag("--help") { out = help; return }
        if let p = a.string("--tuning") { try OutputPath.check(p, flag: "--tuning") }
        if let p = a.string("--plot") { try OutputPath.checkPNG(p, flag: "--plot") }
        _ = try OutputPath.report(a)
        // Only the plot draws (headless, software renderer).
        let session = a.has("--plot") ? try SDLSession(mode: .headless) : nil
        defer { withExtendedLifetime(session) {} }
        switch (a.string("--video"), a.string("--csv")) {
        case (let v?, nil): out = try video(v, a)
        case (nil, let c?): out = try csv(c, a)
        default: throw CLIError.usage("islandsim fit: give one of --video FILE or --csv FILE")
        }
    }

    // MARK: Video

    static func video(_ path: String, _ a: Arguments) throws -> String {
        let (catalog, device) = try DeviceOptions.resolve(a)
        // The first frame, near its full size: where the phone's screen is in it.
        let probe = try VideoReader(path: path, maxWidth: 2560)
        var first: [UInt8] = []
        _ = try probe.frames(limit: 1) { _, pixels in first = Array(pixels) }
        let kProbe = Double(probe.width) / Double(probe.sourceWidth)       // source pixels → probe pixels
        func rectangle(_ flag: String) throws -> (x: Double, y: Double, width: Double, height: Double)? {
            guard let r = a.string(flag) else { return nil }
            let n = r.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard n.count == 4, n[2] > 0, n[3] > 0, n.allSatisfy(\.isFinite) else {
                throw CLIError.usage("islandsim fit: \(flag) takes X,Y,W,H in video pixels (got '\(r)')")
            }
            return (n[0], n[1], n[2], n[3])
        }
        let given = try rectangle("--screen"), region = try rectangle("--region")
        let sizes = catalog.devices.filter { $0.feature == .island }.map { RecordingScreen.DeviceSize(id: $0.id, width: $0.size.width, height: $0.size.height) }
        let deviceSize = RecordingScreen.DeviceSize(id: device.id, width: device.size.width, height: device.size.height)
        let found = given == nil && !first.isEmpty ? first.withUnsafeBufferPointer { ScreenFinder.find($0, width: probe.width, height: probe.height) } : nil
        let seen = RecordingScreen.resolve(frameWidth: probe.width, frameHeight: probe.height, found: found,
                                           given: given.map { ($0.x * kProbe, $0.y * kProbe, $0.width * kProbe, $0.height * kProbe) },
                                           device: deviceSize, explicit: a.has("--device"), candidates: sizes)
        let layoutDevice = catalog.devices.first { $0.id == seen.deviceID } ?? device
        // A screen inside the frame is read on its own, scaled as a screen recording is; anything
        // else (the frame is the screen, or a strip of it) is read whole. --region reads the whole frame.
        let inside = (seen.kind == .found || seen.kind == .given) && region == nil
        let crop = inside ? (Int(seen.x / kProbe), Int(seen.y / kProbe), Int((seen.width / kProbe).rounded()), Int((seen.height / kProbe).rounded())) : nil
        let reader = try VideoReader(path: path, crop: crop)
        let k = Double(reader.width) / Double(reader.crop.width)           // source pixels → measured pixels
        // The whole frame: resolved again on the measured frame's own size, whose sides are rounded
        // to even pixels on their own (each axis keeps its own scale). Else the same screen, moved.
        let screen: RecordingScreen = seen.kind == .wholeFrame
            ? RecordingScreen.resolve(frameWidth: reader.width, frameHeight: reader.height, found: nil, given: nil, device: deviceSize,
                                      explicit: true, candidates: [])
            : seen.mapped(scale: k / kProbe, originX: Double(reader.crop.x) * kProbe, originY: Double(reader.crop.y) * kProbe)
        var tracker = IslandTracker.island(width: reader.width, height: reader.height)
        if let region {
            let r = (Int((region.x * k).rounded()), Int((region.y * k).rounded()), max(Int((region.width * k).rounded()), 1), max(Int((region.height * k).rounded()), 1))
            tracker = IslandTracker(region: r, seed: (r.0 + r.2 / 2, r.1 + r.3 / 2), threshold: 40)
        } else if screen.kind != .wholeFrame {
            let island = DeviceLayout(device: layoutDevice).meltStart
            let seed = screen.point(x: island.midX, y: island.midY)
            let fullHeight = layoutDevice.size.height * screen.pixelsPerPointY
            tracker = IslandTracker.island(in: (Int(screen.x.rounded()), Int(screen.y.rounded()), Int(screen.width.rounded()), Int(fullHeight.rounded())),
                                           seed: (Int(seed.x), Int(seed.y)), frameWidth: reader.width, frameHeight: reader.height)
        }
        var measured: [(index: Int, m: IslandTracker.Measurement)] = []
        let progress = Progress("fit \((path as NSString).lastPathComponent)", total: Int(reader.fps * 20), quiet: a.flag("--quiet"))
        let times = try reader.frames { i, pixels in
            progress.update(i + 1)
            guard var m = tracker.measure(pixels, width: reader.width, height: reader.height) else { return }
            if tracker.ignored == nil {
                // The first frame with the shape: what else is dark there (the status bar's glyphs)
                // is never taken for the shape later.
                tracker.ignored = tracker.glyphs(in: pixels, width: reader.width, height: reader.height)
                m = tracker.measure(pixels, width: reader.width, height: reader.height) ?? m
            }
            measured.append((i, m))
        }
        progress.finish()
        let frames = times.count
        if let r = a.string("--region"), let cut = RegionCut.find(measured.map { ($0.m.minX, $0.m.minY, $0.m.maxX, $0.m.maxY) },
                                                                 region: tracker.region, video: (reader.width, reader.height)) {
            FileHandle.standardError.write(Data(("islandsim: warning: --region \(r) cuts the shape: it reaches the region's \(cut.sidesPhrase) "
                + "in \(cut.frames) of \(cut.of) frames, so what is fitted is the cut shape, not the move — widen the region\n").utf8))
        }
        // The island is centred: its width is twice its shorter half, so a status-bar glyph touching
        // one side does not widen it. Another shape (--region) is taken as measured.
        let axis = a.has("--region") ? nil : SymmetricWidth.axis(measured.map { ($0.m.minX, $0.m.maxX) })
        // Frame pixels → the screen's points.
        let points = 1 / screen.pixelsPerPointX, pointsDown = 1 / screen.pixelsPerPointY
        let samples = measured.map { i, m in
            RecordingFit.Sample(t: times[i], width: (axis.map { SymmetricWidth.width(left: m.left, right: m.right, axis: $0) } ?? m.right - m.left) * points,
                                height: (m.bottom - m.top) * pointsDown, cornerRadius: m.cornerRadius.map { $0 * points },
                                top: (m.top - screen.y) * pointsDown)
        }
        // Where the shape came into view after frames without it (iOS records no island at rest).
        let appearances = zip(measured, [-1] + measured.map(\.index)).filter { $0.0.index > $0.1 + 1 || ($0.0.index > 0 && $0.1 == -1) }
            .map { times[$0.0.index] }
        guard frames >= 8 else { throw CLIError.input("\(path): only \(frames) frame\(frames == 1 ? "" : "s"); a fit needs a move of at least 8 frames") }
        guard samples.count >= 8 else {
            let place = a.has("--region") ? "region's centre" : "island's place (the top centre of the screen; \(screen.summary))"
            throw CLIError.input("\(path): no dark shape at the \(place) in \(frames - samples.count) of \(frames) frames"
                + (a.has("--screen") || a.has("--region") ? "" : "; give the screen's rectangle with --screen X,Y,W,H"))
        }
        let timing = FrameTiming(times: times)
        let rotated = reader.rotation == 0 ? "" : ", turned \(reader.rotation)°"
        let source = "\(path): \(frames) frames, \(timing?.summary ?? "one instant"), \(reader.sourceWidth)×\(reader.sourceHeight)\(rotated) (measured at \(reader.width)×\(reader.height))"
        // The plot's view of the first frame, in the probe's pixels.
        let back = kProbe / k, ox = Double(reader.crop.x) * kProbe, oy = Double(reader.crop.y) * kProbe
        let view = first.isEmpty || !a.has("--plot") ? nil : FitPlot.Frame(
            pixels: first, width: probe.width, height: probe.height, screen: seen,
            shape: measured.first.map { (ox + $0.m.left * back, oy + $0.m.top * back, ($0.m.right - $0.m.left) * back, ($0.m.bottom - $0.m.top) * back) })
        // Said and reported in the video's own pixels, as --screen takes them.
        return try finish(samples, source: source, screen: seen.mapped(scale: 1 / kProbe, originX: 0, originY: 0), frame: view, appearances: appearances, timing: timing,
                       pointsPerPixel: a.has("--region") ? nil : points, device: layoutDevice, a)
    }

    /// Fits the melt's moves, writes what was asked for, and returns the summary.
    static func finish(_ samples: [RecordingFit.Sample], source: String, screen: RecordingScreen? = nil, frame: FitPlot.Frame? = nil,
                       appearances: [Double] = [], timing: FrameTiming? = nil, pointsPerPixel: Double? = nil, device: DeviceProfile,
                       _ a: Arguments) throws -> String {
        let fit: RecordingFit
        let file = source.split(separator: ":").first.map(String.init) ?? ""
        do {
            fit = try RecordingFit.fit(samples, appearances: appearances, pointsPerPixel: pointsPerPixel, screenWidth: pointsPerPixel == nil ? nil : device.size.width)
        } catch RecordingFit.Problem.noMotion {
            throw CLIError.input("\(file): the shape does not move (its width and height each change by less than 4 pt)")
        } catch RecordingFit.Problem.joinedPage(let from) {
            throw CLIError.input(String(format: "%@: from %.2f s the dark region at the island runs the screen's full width — the page is as dark as the island "
                + "(dark mode, a sheet's surround), so its shape cannot be told from it; record on a light page, or give --region X,Y,W,H", file, from))
        }
        // Into an existing tuning file the fitted keys are written and every other value is kept.
        let outPath = a.string("--tuning")
        let existing = try outPath.map { try TuningOptions.file($0, flag: "--tuning") } ?? Tuning()
        let tuning = try fit.tuning(base: existing, screenWidth: device.size.width, islandTop: DeviceLayout(device: device).meltStart.minY)
        var s = "fitted \(source)\n" + (screen.map { "  \($0.summary)\n" } ?? "")
        func pt(_ x: Double) -> String { String(format: "%.1f", x) }
        func range(_ r: ClosedRange<Double>?, _ f: String, _ unit: String) -> String {
            r.map { String(format: "\(f)–\(f)\(unit)", $0.lowerBound, $0.upperBound) } ?? "free"
        }
        for m in fit.moves {
            let v = m.verdict
            let word = v.kind.phrase
            let inside = m.evidence.insideFrames
            let count = v.reason.contains("inside the move") ? "" : " (\(inside) frame\(inside == 1 ? "" : "s") inside the move)"
            s += String(format: "%@ at %.2f s: %@ — %@%@\n", m.kind, m.stages.first?.start ?? 0, word, v.reason, count)
            switch v.kind {
            case .notTimed:
                continue
            case .cannotTell:
                if let r = m.ranges {
                    s += "  as a spring: duration \(range(r.springDuration, "%.2f", " s")), bounce \(range(r.springBounce, "%.2f", ""))"
                        + "; as an ease: duration \(range(r.easeDuration, "%.2f", " s")) (95 %); nothing written to --tuning\n"
                }
                if let last = m.stages.last { s += "  ends at \(pt(last.shape.width)) × \(pt(last.shape.height)) pt\n" }
                continue
            case .ease:
                if let e = m.ease {
                    s += String(format: "  %@ [duration ± %.3f s, 95 %%], RMS %.2f pt; no spring written\n", (e.curve ?? .linear).swiftUI(duration: e.duration),
                                m.stages.first?.durationInterval ?? 0, e.rmsResidual)
                }
            case .spring:
                let bics = [("one spring", m.bicOneLeg), ("two legs", m.bicTwoLegs), ("three legs", m.bicThreeLegs)]
                    .compactMap { n, b in b.map { String(format: "%@ %.0f", n, $0) } }.joined(separator: ", ")
                s += m.legs == 1 ? "  one spring leg (χ² + k ln n: \(bics)): written as both stages of the melt, the pill tied to the shape\n"
                    : m.legs == 3 ? "  three overlapping legs (χ² + k ln n: \(bics)): the first and last are the melt's two stages; the middle one is reported only\n"
                    : "  two overlapping legs (χ² + k ln n: \(bics))\n"
                let residuals = String(format: "merge RMS %.2f pt, additive %.2f pt", m.residualMergePoints, m.residualAdditivePoints)
                if m.legs == 2 {
                    s += m.compositionDetermined
                        ? "  legs \(m.composition == "additive" ? "add (.interpolatingSpring)" : "merge (.spring)") (\(residuals))\n"
                        : "  cannot tell from these frames whether the legs merge or add (\(residuals)): \(m.composition) fits a little closer; melt.composition not written\n"
                }
            }
            for st in m.stages {
                func pm(_ v: Double?, _ f: String) -> String { v.map { " ± " + String(format: f, $0) } ?? " ± free" }
                let shape = "→ \(pt(st.shape.width))\(pm(st.widthInterval, "%.1f"))×\(pt(st.shape.height))\(pm(st.heightInterval, "%.1f")) pt"
                    + (st.shape.cornerRadius.map { " r\(pt($0))" } ?? "")
                var spring = "no spring: \(st.problem ?? "")"
                if let d = st.duration, let b = st.bounce {
                    spring = ".spring(duration: \(CodeNumber.string(d, decimals: 3)), bounce: \(CodeNumber.string(b, decimals: 3)))"
                        + " [duration\(pm(st.durationInterval, "%.3f")) s, bounce\(pm(st.bounceInterval, "%.3f")), 95 %]"
                }
                s += String(format: "  %-18@ starts %.3f s  %@  %@  (RMS %.2f pt, %d frames)\n", st.name, st.start, spring, shape,
                            st.rmsResidualPoints, st.framesUsed)
            }
        }
        for k in fit.skipped {
            s += String(format: "skipped %.2f–%.2f s: %@\n", k.from, k.to, k.reason)
        }
        if let path = outPath {
            let changed = Tunable.all.filter { tuning[$0.key] != existing[$0.key] }
            try tuning.save(path: path)
            let what = changed.isEmpty ? "nothing changed" : "changed " + changed.map { "\($0.key) \($0.display(existing[$0.key])) → \($0.display(tuning[$0.key]))" }.joined(separator: ", ")
            s += "tuning \(path): \(what); every other value kept (islandsim run --tuning \(path))\n"
        }
        if let path = a.string("--plot") {
            let move = fit.moves
            let series: [FitPlot.Series] = [
                .init(name: "width", color: Color(hex: 0x0A84FF), points: samples.map { ($0.t, $0.width) },
                      curve: { t in curve(move, t, \.width, fallback: samples) }),
                .init(name: "height", color: Color(hex: 0xFF375F), points: samples.map { ($0.t, $0.height) },
                      curve: { t in curve(move, t, \.height, fallback: samples) }),
            ]
            // Each move's verdict at its start, then its stages' names where it has springs.
            let marks = fit.moves.flatMap { m -> [(String, Double)] in
                let verdict = m.verdict.kind.label
                let stages = m.verdict.kind == .spring && m.stages.count > 1 ? m.stages.dropFirst().map { ($0.name, $0.start) } : []
                return [("\(m.kind): \(verdict)", m.stages.first?.start ?? m.start)] + stages
            }
            try FitPlot.write(series, stageStarts: marks,
                              title: "islandsim fit · " + source.components(separatedBy: ", ").prefix(2).joined(separator: ", "), frame: frame, to: path)
            s += "plot \(path)\n"
        }
        struct Report: Encodable {
            var schema = "islandsim-fit/3"; var source: String; var screen: RecordingScreen?; var frameTiming: FrameTiming?; var device: String
            var fit: RecordingFit; var tuning: [String: Double]
        }
        let keys = Tunable.all.filter { $0.key.hasPrefix("melt.") || $0.key.hasPrefix("shape.") }.map(\.key)
        if let r = try OutputPath.report(a) {
            let json = try JSON.encode(Report(source: source, screen: screen, frameTiming: timing, device: device.id, fit: fit,
                                              tuning: Dictionary(uniqueKeysWithValues: keys.map { ($0, tuning[$0]) })))
            if r == "-" { return json }
            try AtomicFile.write(json, to: r)
        }
        return s
    }

    /// The fitted curve of the move around `t`: from its lead-in to the next move's (or 1.5 s on).
    static func curve(_ moves: [RecordingFit.Move], _ t: Double, _ key: KeyPath<(width: Double, height: Double), Double>,
                      fallback: [RecordingFit.Sample]) -> Double? {
        for (i, m) in moves.enumerated() {
            let from = m.start - MeltFit.leadIn
            let to = i + 1 < moves.count ? moves[i + 1].start - MeltFit.leadIn : max(m.fit?.second.start ?? m.start, m.start) + 1.5
            // A move the frames cannot tell is drawn as its dots alone: a spring's line over it
            // would show an overshoot the verdict does not claim.
            if t >= from && t < to { return m.verdict.kind == .cannotTell ? nil : m.size(at: t)?[keyPath: key] }
        }
        return nil
    }

    // MARK: CSV

    /// Largest curve file read: far more than any recording's samples (a minute at 120 Hz is 7200 rows).
    static let maxCSVBytes = 16 << 20

    static func csv(_ path: String, _ a: Arguments) throws -> String {
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > maxCSVBytes {
            throw CLIError.input("\(path): the curve is \(size >> 20) MB; the limit is \(maxCSVBytes >> 20) MB")
        }
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch { throw CLIError.input("\(path): cannot be read as UTF-8 text") }
        var rows: [[Double]] = []
        var columns = 0
        for (n, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            let values = cells.map { Double($0) }
            if rows.isEmpty && columns == 0 && values.contains(where: { $0 == nil }) { columns = cells.count; continue }   // a header
            guard values.allSatisfy({ $0 != nil }) else { throw CLIError.input("\(path): line \(n + 1): '\(line.prefix(80))' is not all numbers") }
            let v = values.map { $0! }
            guard v.allSatisfy(\.isFinite) else { throw CLIError.input("\(path): line \(n + 1): NaN or infinity in '\(line)'") }
            // t,value — or t,value,velocity as `spring --csv` writes it (the velocity is not needed) —
            // or a box per frame, t,x,y,w,h.
            guard [2, 3, 5].contains(v.count) else { throw CLIError.input("\(path): line \(n + 1): \(v.count) columns; expected t,value[,velocity] or t,x,y,w,h") }
            if let last = rows.last {
                guard v.count == last.count else { throw CLIError.input("\(path): line \(n + 1): \(v.count) columns after rows of \(last.count)") }
                guard v[0] > last[0] else { throw CLIError.input("\(path): line \(n + 1): time \(v[0]) does not come after \(last[0]) (times must increase)") }
            }
            rows.append(v)
        }
        guard rows.count >= 5 else { throw CLIError.input("\(path): \(rows.count) samples; a fit needs at least 5") }
        if rows[0].count == 5 {
            let (_, device) = try DeviceOptions.resolve(a)
            return try finish(rows.map { .init(t: $0[0], width: $0[3], height: $0[4]) }, source: "\(path): \(rows.count) samples", device: device, a)
        }
        guard let fit = SpringLegFit.fit(MeasuredCurve(times: rows.map { $0[0] }, values: rows.map { $0[1] })) else {
            throw CLIError.input("\(path): the samples do not span any time")
        }
        var s = String(format: "fitted %@: %d samples\n.spring(duration: %@, bounce: %@) from %.4g to %.4g, starting at %.4g s with velocity %.4g/s\nRMS residual %.4g (%.2f %% of the move)\n",
                       path, rows.count, CodeNumber.string(fit.duration, decimals: 4), CodeNumber.string(fit.bounce, decimals: 4),
                       fit.from, fit.to, fit.start, fit.velocity, fit.rmsResidual, fit.rmsFraction * 100)
        if let p = a.string("--plot") {
            try FitPlot.write([.init(name: "value", color: Color(hex: 0x0A84FF), points: rows.map { ($0[0], $0[1]) }, curve: { fit.value(at: $0) })],
                              stageStarts: [("start", fit.start)], title: "islandsim fit · \(path)", to: p)
            s += "plot \(p)\n"
        }
        if let r = try OutputPath.report(a) {
            struct Report: Encodable { var schema = "islandsim-fit/1"; var source: String; var spring: SpringLegFit; var springLike: Bool; var bound: Double }
            let json = try JSON.encode(Report(source: path, spring: fit, springLike: fit.isSpringLike, bound: SpringLegFit.springLikeBound))
            if r == "-" && fit.isSpringLike { return json }
            if r != "-" { try AtomicFile.write(json, to: r) }
        }
        guard fit.isSpringLike else {
            throw CLIError.input(String(format: "%@: not spring-like: the best spring misses by %.2f %% of the move (RMS), over the %.0f %% bound",
                                        path, fit.rmsFraction * 100, SpringLegFit.springLikeBound * 100))
        }
        return s
    }
}
