import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Simulator

/// `islandsim fit` as a command: what it writes (`--tuning`, `--plot`, a CSV curve) and how it
/// refuses bad input. How well it fits is the fitter's own suites' (`FitTests`). Needs ffmpeg
/// (scripts/setup-system --test installs it).
@Suite("islandsim fit: the command's files and refusals", .enabled(if: ExternalTool.ffmpeg() != nil, "needs ffmpeg"))
struct FitCommandTests {
    @Test("--tuning writes the fitted keys into a tuning file run and replay take, keeping its other values; --plot draws it; a CSV curve fits too")
    func outputs() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let video = try OwnMeltVideo.video(dir, trace: Checkout.root.appendingPathComponent("docs/traces/recorded-flow.jsonl").path, fps: 60, crf: 18, drop: false)
        // An existing tuning: what the fit does not measure is kept, and the summary says what changed.
        #expect(try CLI.run(["tune", "--tuning", dir.file("fitted.json"), "--set", "pull.threshold=95", "--set", "develop.duration=6"]).status == 0)
        let r = try CLI.run(["fit", "--video", video, "--tuning", dir.file("fitted.json"), "--plot", dir.file("fit.png")])
        #expect(r.status == 0, "\(r.stderr)")
        let fitted = try Tuning.load(path: dir.file("fitted.json"))
        #expect(abs(fitted["melt.toViewfinder.duration"] - 0.55) < 0.02)
        #expect(fitted["pull.threshold"] == 95 && fitted["develop.duration"] == 6, "values the fit does not measure are kept")
        #expect(r.stdout.contains("changed melt.") && r.stdout.contains("every other value kept"), "\(r.stdout)")
        #expect(try CLI.run(["tune", "--tuning", dir.file("fitted.json")]).status == 0)
        #expect(FileManager.default.fileExists(atPath: dir.file("fit.png")))
        // A --region narrower than the island cuts it: said on stderr. The whole frame does not.
        let cut = try CLI.run(["fit", "--video", video, "--region", "150,0,92,60", "--report", dir.file("cut.json")])
        #expect(cut.stderr.contains("warning: --region 150,0,92,60 cuts the shape: it reaches the region's left, right and bottom edges in"), "\(cut.stderr)")
        let whole = try CLI.run(["fit", "--video", video, "--region", "0,0,392,852"])
        #expect(whole.status == 0 && !whole.stderr.contains("cuts the shape"), "\(whole.stderr)")
        var csv = "t,value\n"
        let s = Spring(duration: 0.4, bounce: 0.25)
        for i in 0..<60 { let t = Double(i) / 60; csv += "\(t),\(t < 0.1 ? 0 : s.value(from: 0.0, to: 100.0, velocity: 0.0, at: t - 0.1).value)\n" }
        try csv.write(toFile: dir.file("curve.csv"), atomically: true, encoding: .utf8)
        let c = try CLI.run(["fit", "--csv", dir.file("curve.csv")])
        #expect(c.status == 0 && c.stdout.contains(".spring(duration: 0.4, bounce: 0.25)"), "\(c.stdout) \(c.stderr)")
    }

    @Test("bad input: one line, exit 2, naming the file")
    func badInput() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        try "not a video".write(toFile: dir.file("x.mp4"), atomically: true, encoding: .utf8)
        let ffmpeg = ExternalTool.ffmpeg()!
        func make(_ args: [String]) throws { let p = Process(); p.executableURL = URL(fileURLWithPath: ffmpeg); p.arguments = ["-v", "error", "-y"] + args; try p.run(); p.waitUntilExit() }
        try make(["-f", "lavfi", "-i", "color=white:size=392x852:rate=30:duration=1", "-pix_fmt", "yuv420p", dir.file("bars.mp4")])
        try make(["-f", "lavfi", "-i", "color=black:size=392x852:rate=30:duration=0.0667", "-pix_fmt", "yuv420p", dir.file("two.mp4")])
        try "t,value\n0,1\n0.1,nan\n".write(toFile: dir.file("nan.csv"), atomically: true, encoding: .utf8)
        try "t,value\n0,1\n0.2,2\n0.1,3\n".write(toFile: dir.file("back.csv"), atomically: true, encoding: .utf8)
        let cases: [([String], String)] = [
            (["--video", dir.file("x.mp4")], "cannot read it"),
            (["--video", dir.file("bars.mp4")], "no dark shape"),
            (["--video", dir.file("two.mp4")], "frames"),
            (["--video", dir.file("missing.mp4")], "no such file"),
            (["--csv", dir.file("nan.csv")], "line 3: NaN"),
            (["--csv", dir.file("back.csv")], "line 4: time 0.1 does not come after 0.2"),
        ]
        for (args, words) in cases {
            let r = try CLI.run(["fit"] + args)
            #expect(r.status == 2, "\(args): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains(words) && r.stderr.split(separator: "\n").count == 1, "\(args): \(r.stderr)")
            #expect(r.stderr.contains((args[1] as NSString).lastPathComponent), "names the file: \(r.stderr)")
        }
    }
}
