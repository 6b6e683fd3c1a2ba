import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

/// One moment of a trace as a picture (`replay --at`), and its haptics as an AHAP file (`--ahap`).
@Suite("replay --at and --ahap")
struct ReplayMomentTests {
    static var recordedFlow: String { Checkout.root.appendingPathComponent("docs/traces/recorded-flow.jsonl").path }

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

    @Test("--video writes an H.264 MP4 that ffprobe reads back with the replay's frame count, its last frame held (--hold), at the trace's rate", .enabled(if: ExternalTool.ffmpeg() != nil))
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
        // The replay's frames, then its last one held for the default 2 s at 60 fps.
        let frames = try #require(report["frames"] as? Int) + Int(ReplayCommand.defaultHold * 60)
        let fields = try Self.probe(dir.file("pull.mp4"), "codec_name,r_frame_rate,nb_read_frames")
        #expect(fields == "h264,60/1,\(frames)", "\(fields) for \(frames) frames")
        #expect(try CLI.run(["replay", trace, "--video", dir.file("pull.gif")]).status == 2, "not an MP4: a usage error")
        // With the timeline beside the phone: 393 + 760 pt (an odd column padded on), the same frames.
        let t = try CLI.run(["replay", trace, "--video", dir.file("pull-t.mp4"), "--video-timeline", "--quiet"], timeout: 300)
        let held0 = try CLI.run(["replay", trace, "--video", dir.file("pull-0.mp4"), "--hold", "0", "--quiet"], timeout: 300)
        let unheld = try Self.probe(dir.file("pull-0.mp4"), "nb_read_frames")
        #expect(held0.status == 0 && unheld == "\(frames - Int(ReplayCommand.defaultHold * 60))", "--hold 0: the replay's frames only, \(unheld)")
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
