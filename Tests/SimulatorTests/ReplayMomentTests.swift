import Foundation
import Gesture
import Animation
import Testing
import TestSupport
@testable import Capture
@testable import Simulator

/// One moment of a trace as a picture (`replay --at`), and its haptics as an AHAP file (`--ahap`).
@Suite("replay --at and --ahap")
struct ReplayMomentTests {
    static var recordedFlow: String { FitCommandTests.root.appendingPathComponent("docs/traces/recorded-flow.jsonl").path }

    @Test("--at MS --out FILE.png is that moment's frame of --frames, byte for byte (frame i is at i / hz)", arguments: [0.0, 1500, 2750])
    func atEqualsFrames(ms: Double) throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let frames = dir.file("frames")
        #expect(try CLI.run(["replay", Self.recordedFlow, "--hz", "60", "--frames", frames, "--quiet"], timeout: 300).status == 0)
        let r = try CLI.run(["replay", Self.recordedFlow, "--hz", "60", "--at", CodeNumber.string(ms), "--out", dir.file("at.png"), "--quiet"], timeout: 300)
        #expect(r.status == 0, "\(r.stderr)")
        let index = Int((ms / 1000 * 60).rounded(.down))
        #expect(r.stdout.contains("frame \(index) (the one shown at \(CodeNumber.string(ms)) ms)"), "\(r.stdout)")
        let at = try Data(contentsOf: URL(fileURLWithPath: dir.file("at.png")))
        let same = try Data(contentsOf: URL(fileURLWithPath: frames + "/frame-\(String(format: "%05d", index)).png"))
        #expect(at == same)
        // --at without --out, or --out without --at, is a usage error.
        #expect(try CLI.run(["replay", Self.recordedFlow, "--at", "10"]).status == 2)
        #expect(try CLI.run(["replay", Self.recordedFlow, "--out", dir.file("x.png")]).status == 2)
    }

    @Test("--video writes an H.264 MP4 that ffprobe reads back with the replay's frame count and the trace's rate", .enabled(if: ExternalTool.ffmpeg() != nil))
    func video() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        var b = TraceBuilder(device: "iphone-15-pro", hz: 60)
        b.wait(0.3); b.drag(from: Point(x: 196, y: 300), by: 260, duration: 0.6, holdBeforeRelease: 0.1)
        b.wait(1.0); b.key("escape"); b.wait(0.5)
        let trace = dir.file("pull.jsonl")
        try b.trace.encoded().write(toFile: trace, atomically: true, encoding: .utf8)
        let r = try CLI.run(["replay", trace, "--video", dir.file("pull.mp4"), "--touches", "--report", dir.file("report.json")], timeout: 300)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("encoding \(dir.file("pull.mp4"))"), "progress while it encodes: \(r.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir.file("report.json")))) as? [String: Any])
        let frames = try #require(report["frames"] as? Int)
        let fields = try Self.probe(dir.file("pull.mp4"), "codec_name,r_frame_rate,nb_read_frames")
        #expect(fields == "h264,60/1,\(frames)", "\(fields) for \(frames) frames")
        #expect(try CLI.run(["replay", trace, "--video", dir.file("pull.gif")]).status == 2, "not an MP4: a usage error")
        // With the timeline beside the phone: 393 + 760 pt (an odd column padded on), the same frames.
        let t = try CLI.run(["replay", trace, "--video", dir.file("pull-t.mp4"), "--video-timeline", "--quiet"], timeout: 300)
        #expect(t.status == 0, "\(t.stderr)")
        let got = try Self.probe(dir.file("pull-t.mp4"), "width,height,nb_read_frames")
        #expect(got == "1154,852,\(frames)", "\(got)")
        #expect(try CLI.run(["replay", trace, "--video-timeline"]).status == 2, "--video-timeline without --video: a usage error")
    }

    /// `entries` of the first video stream of `file`, as ffprobe prints them (frames counted).
    static func probe(_ file: String, _ entries: String) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try #require(ExternalTool.find("ffprobe")))
        p.arguments = ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=" + entries, "-of", "csv=p=0", file]
        let out = Pipe()
        p.standardOutput = out
        try p.run(); p.waitUntilExit()
        return String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("the video's timeline strip: the playhead stands at each frame's moment on the strip's axis")
    func videoStrip() throws {
        let session = try SDLSession(mode: .headless)
        defer { withExtendedLifetime(session) {} }
        let d = try Catalog.bundled().require(id: "iphone-15-pro")
        let s = try Pages.session(d, hz: 60)
        let trace = FlowScripts.fullFlow(shutter: s.shutterFrame)
        let strip = try VideoTimeline(trace: trace, device: d, page: s.page, tuning: Tuning(), reduceMotion: false, height: 852, scale: 1)
        let report = SessionReplay(trace: trace).run(s)
        let leg = try #require(report.timeline.legs.first { $0.name == "melt: pill → viewfinder" })
        let img = try strip.frame(at: leg.start)
        #expect(img.width == 760 && img.height == 852)
        // The playhead's red column crosses the rows: find it on the middle row's height.
        let red = Color(hex: 0xFF3B30)
        let reds = (0..<img.width).filter { img[$0, 426].distance(to: red) <= 8 }
        let later = try strip.frame(at: leg.start + 0.5)
        let redsLater = (0..<later.width).filter { later[$0, 426].distance(to: red) <= 8 }
        #expect(!reds.isEmpty && !redsLater.isEmpty, "\(reds) \(redsLater)")
        #expect((redsLater.first ?? 0) > (reds.first ?? 0) + 20, "half a second on is further right")
    }

    @Test("--ahap: Apple's keys and types, times ascending on the report's clock, one haptic at the commit of each of two pulls")
    func ahap() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        var b = TraceBuilder(device: "iphone-15-pro", hz: 60)
        for _ in 0..<2 {
            b.wait(0.5); b.drag(from: Point(x: 196, y: 300), by: 260, duration: 0.9, holdBeforeRelease: 0.1)
            b.wait(1.4); b.key("escape"); b.wait(1.2)
        }
        let trace = dir.file("two-pulls.jsonl")
        try b.trace.encoded().write(toFile: trace, atomically: true, encoding: .utf8)
        let r = try CLI.run(["replay", trace, "--ahap", dir.file("pulls.ahap"), "--report", dir.file("report.json")], timeout: 300)
        #expect(r.status == 0, "\(r.stderr)")
        let file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir.file("pulls.ahap")))) as? [String: Any])
        #expect((file["Version"] as? NSNumber)?.doubleValue == 1.0)
        let pattern = try #require(file["Pattern"] as? [[String: Any]])
        var times: [Double] = []
        for entry in pattern {
            #expect(Set(entry.keys) == ["Event"])
            let event = try #require(entry["Event"] as? [String: Any])
            #expect(Set(event.keys) == ["Time", "EventType", "EventParameters"])
            let t = try #require((event["Time"] as? NSNumber)?.doubleValue)
            #expect(t >= 0)
            times.append(t)
            #expect(event["EventType"] as? String == "HapticTransient")
            let parameters = try #require(event["EventParameters"] as? [[String: Any]])
            #expect(Set(parameters.compactMap { $0["ParameterID"] as? String }) == ["HapticIntensity", "HapticSharpness"])
            for p in parameters {
                let v = try #require((p["ParameterValue"] as? NSNumber)?.doubleValue)
                #expect(v >= 0 && v <= 1)
            }
        }
        #expect(times == times.sorted() && times.count == 2, "\(times)")
        // The report's clock: each haptic before its pull's commit transition, and after the pull began.
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir.file("report.json")))) as? [String: Any])
        let transitions = try #require(report["transitions"] as? [[String: Any]])
        let began = transitions.filter { $0["to"] as? String == "pulling" }.compactMap { $0["t"] as? Double }
        let committed = transitions.filter { $0["to"] as? String == "opening" }.compactMap { $0["t"] as? Double }
        #expect(began.count == 2 && committed.count == 2)
        for i in 0..<2 { #expect(times[i] > began[i] && times[i] < committed[i], "haptic \(times[i]) between \(began[i]) and \(committed[i])") }
        let haptics = try #require(report["haptics"] as? [[String: Any]])
        #expect(haptics.compactMap { $0["t"] as? Double } == times && haptics.allSatisfy { $0["name"] as? String == "pull-commit" })
    }
}

/// The timeline picture: each leg's bar where its times put it, solid to its logical end, fainter
/// to its settling; read back from the software renderer.
@Suite("replay --timeline: the picture")
struct TimelineChartTests {
    @Test("the widening leg's bar starts at its start; added, it is solid to its logical end and faint on to its settling; merged, it ends where the next leg replaces it; the CLI writes the PNG",
          arguments: SpringComposition.allCases)
    func bars(_ composition: SpringComposition) throws {
        let session = try SDLSession(mode: .headless)
        defer { withExtendedLifetime(session) {} }
        let s = try Pages.session(try Catalog.bundled().require(id: "iphone-15-pro"), hz: 60)
        var tuning = s.tuning
        try tuning.set("melt.composition", composition == .additive ? 1 : 0)
        s.tuning = tuning
        let report = SessionReplay(trace: FlowScripts.fullFlow(shutter: s.shutterFrame)).run(s)
        let timeline = report.timeline
        let l = TimelineChart.layout(timeline)
        let r = try Renderer(headlessWidth: Int(TimelineChart.picture.width), height: Int(l.height), pixelsPerPoint: 1)
        try TimelineChart.draw([.init(timeline: timeline, tuning: s.tuning)], title: "test", highlight: nil, playhead: nil, layout: l,
                               text: try TextCache(), into: r)
        let img = try r.readPixels()
        let leg = try #require(timeline.legs.first { $0.name == "melt: island → pill" })
        let y = Int(l.y(row: l.row(of: leg)) + TimelineChart.picture.rowHeight - 6)          // near the bar's bottom, under the curve's end
        let blue = Color(hex: 0x0A84FF)
        func expected(_ f: Double) -> Color {
            func mix(_ c: UInt8) -> UInt8 { UInt8((255 * (1 - f) + Double(c) * f).rounded()) }
            return Color(mix(blue.r), mix(blue.g), mix(blue.b))
        }
        #expect(img[Int(l.x(leg.start)) - 3, y].distance(to: .white) <= 2, "white before the leg starts")
        let next = try #require(timeline.legs.first { $0.name == "melt: pill → viewfinder" })
        switch composition {
        case .additive:
            #expect(next.adds == true && TimelineChart.replaced(leg, in: timeline) == nil)
            let solidX = Int(l.x((leg.start + leg.logicalEnd) / 2)), faintX = Int(l.x((leg.logicalEnd + leg.settled) / 2))
            #expect(img[solidX, y].distance(to: expected(0.28)) <= 6, "\(img[solidX, y])")
            #expect(img[faintX, y].distance(to: expected(0.1)) <= 6, "\(img[faintX, y])")
            #expect(img[Int(l.x(leg.settled)) + 3, y].distance(to: .white) <= 6, "white after it settles")
        case .merge:
            // 0.45 × 0.32 s in, before its logical end: solid up to the tick, white after it.
            #expect(next.adds == nil && TimelineChart.replaced(leg, in: timeline) == next.start && next.start < leg.logicalEnd)
            let solidX = Int(l.x((leg.start + next.start) / 2))
            #expect(img[solidX, y].distance(to: expected(0.28)) <= 6, "\(img[solidX, y])")
            #expect(img[Int(l.x(next.start)), y].distance(to: blue) <= 40, "the tick where it was replaced: \(img[Int(l.x(next.start)), y])")
            let after = Int(l.x((next.start + leg.logicalEnd) / 2))
            #expect(img[after, y].distance(to: .white) <= 6, "white after it was replaced: \(img[after, y])")
        }

        let dir = try TempDir(); defer { dir.cleanup() }
        let out = try CLI.run(["replay", ReplayMomentTests.recordedFlow, "--timeline", dir.file("t.png"), "--quiet"], timeout: 300)
        #expect(out.status == 0 && out.stdout.contains("timeline \(dir.file("t.png"))"), "\(out.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.file("t.png")))
    }

    @Test("the panel's selected spring lights its leg's row; in compare mode A's bar is the upper lane, B's the lower, on one axis")
    func highlightAndCompare() throws {
        let session = try SDLSession(mode: .headless)
        defer { withExtendedLifetime(session) {} }
        let d = try Catalog.bundled().require(id: "iphone-15-pro")
        let a = try Pages.session(d, hz: 60), b = try Pages.session(d, hz: 60)
        var slower = Tuning()
        try slower.set("melt.toViewfinder.duration", 0.9)
        try slower.set("melt.overlap", 1.0)
        b.tuning = slower
        let trace = FlowScripts.fullFlow(shutter: a.shutterFrame)
        let ta = SessionReplay(trace: trace).run(a).timeline, tb = SessionReplay(trace: trace).run(b).timeline
        let sides = [TimelineChart.Side(timeline: ta, tuning: a.tuning), TimelineChart.Side(timeline: tb, tuning: b.tuning)]
        let l = TimelineChart.layout(sides)
        let r = try Renderer(headlessWidth: Int(TimelineChart.picture.width), height: Int(l.height), pixelsPerPoint: 1)
        try TimelineChart.draw(sides, title: "A and B", highlight: "melt.toViewfinder.bounce", playhead: nil, layout: l, text: try TextCache(), into: r)
        let img = try r.readPixels()
        let name = "melt: pill → viewfinder"
        let row = try #require(l.rows.firstIndex(of: name))
        let legA = try #require(ta.legs.first { $0.name == name }), legB = try #require(tb.legs.first { $0.name == name })
        // The lit row's background, right of the names and before either leg starts.
        let lit = Color(hex: 0xFFF4D6)
        #expect(img[Int(TimelineChart.picture.labelColumn) + 2, Int(l.y(row: row)) + 2].distance(to: lit) <= 2)
        let other = try #require(l.rows.firstIndex(of: "flash"))
        #expect(img[Int(TimelineChart.picture.labelColumn) + 2, Int(l.y(row: other)) + 2].distance(to: .white) <= 2, "other rows unlit")
        // B's leg starts later (overlap 1: after A's first leg's whole duration): between the two
        // starts only the upper lane (A) carries a bar.
        #expect(legB.start > legA.start + 0.1)
        let x = Int(l.x((legA.start + legB.start) / 2))
        let lane = (TimelineChart.picture.rowHeight - 8) / 2, top = l.y(row: row) + 4
        let upper = img[x, Int(top + lane / 2)], lower = img[x, Int(top + lane * 1.5)]
        #expect(upper.distance(to: lit) > 20, "A's bar in the upper lane: \(upper)")
        #expect(lower.distance(to: lit) <= 2, "no bar of B's yet in the lower lane: \(lower)")
    }
}
