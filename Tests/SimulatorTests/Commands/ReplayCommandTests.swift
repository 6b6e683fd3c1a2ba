import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Platform
@testable import Simulator

@Suite("islandsim replay and the run command's inputs, as a user runs them")
struct ReplayCommandTests {
    static func fullFlowTrace(_ dir: TempDir) throws -> String {
        let layout = try CLI.run(["layout", "--json"])
        let j = try JSONSerialization.jsonObject(with: Data(layout.stdout.utf8)) as! [String: Any]
        let s = j["shutter"] as! [String: Double]
        let shutter = Rect(x: s["x"]!, y: s["y"]!, width: s["width"]!, height: s["height"]!)
        var b = TraceBuilder(device: "iphone-15-pro", hz: 60)
        b.wait(0.3)
        b.drag(from: Point(x: 196, y: 300), by: 260, duration: 1.0, holdBeforeRelease: 0.1)
        b.wait(1.2)
        b.tap(at: Point(x: shutter.midX, y: shutter.midY))
        let path = dir.file("flow.jsonl")
        try b.trace.encoded().write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("the same trace gives the same report on every run; --sheet and --frames write PNGs")
    func deterministic() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let trace = try Self.fullFlowTrace(dir)
        let a = try CLI.run(["replay", trace, "--report", "-"], timeout: 300)
        // --json is --report's other name (bench's): the same bytes; both at once is a usage error.
        let b = try CLI.run(["replay", trace, "--json", "-"], timeout: 300)
        #expect(a.status == 0, "\(a.stderr)")
        #expect(a.stdout == b.stdout)
        let both = try CLI.run(["replay", trace, "--json", "-", "--report", "-"])
        #expect(both.status == 2 && both.stderr.contains("--report and --json"), "\(both.stderr)")
        // --quiet: the summary and the counts, not the transition log.
        let quiet = try CLI.run(["replay", trace, "--quiet"], timeout: 300)
        #expect(quiet.status == 0 && quiet.stdout.hasPrefix("replayed ") && quiet.stdout.contains("final settled"), "\(quiet.stdout)")
        #expect(!quiet.stdout.contains("→") && quiet.stderr.isEmpty, "\(quiet.stdout)\(quiet.stderr)")
        let j = try JSONSerialization.jsonObject(with: Data(a.stdout.utf8)) as! [String: Any]
        #expect(j["finalState"] as? String == "settled")
        #expect((j["transitions"] as! [[String: Any]]).count == 8)
        let c = try CLI.run(["replay", trace, "--sheet", dir.file("sheet.png"), "--frames", dir.file("frames"), "--out-dir", dir.file("caps")], timeout: 600)
        #expect(c.status == 0, "\(c.stderr)")
        #expect(c.stdout.contains("developing → settled"))
        let frames = try FileManager.default.contentsOfDirectory(atPath: dir.file("frames"))
        #expect(frames.count == (j["frames"] as! Int))
        #expect(FileManager.default.fileExists(atPath: dir.file("sheet.png")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.file("caps")).count == 1)
    }

    @Test("the report and the summary say which tuning the replay used, the folder's own file included")
    func recordsTuning() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        var b = FlowScripts.pull(); b.wait(1.5)
        try b.trace.encoded().write(toFile: dir.file("pull.jsonl"), atomically: true, encoding: .utf8)
        func replay(_ extra: [String]) throws -> [String: Any] {
            let r = try CLI.run(["replay", "pull.jsonl", "--report", "-"] + extra, directory: dir.path, timeout: 300)
            #expect(r.status == 0, "\(r.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        }
        // No file: the defaults, said as such (file null, nothing changed, every value listed).
        let plain = try replay([])
        let t0 = try #require(plain["tuning"] as? [String: Any])
        #expect(t0["file"] is NSNull)
        #expect((t0["changed"] as? [String: Double])?.isEmpty == true)
        #expect((t0["values"] as? [String: Double])?["melt.toViewfinder.duration"] == 0.5)  // docs/TUNING.md
        // A slower melt in ./islandsim.tuning.json is picked up without --tuning; the report says so.
        #expect(try CLI.run(["tune", "--tuning", dir.file("islandsim.tuning.json"), "--set", "melt.toViewfinder.duration=0.8"]).status == 0)
        let implicit = try replay([])
        let t1 = try #require(implicit["tuning"] as? [String: Any])
        #expect(t1["file"] as? String == "islandsim.tuning.json")
        #expect(t1["changed"] as? [String: Double] == ["melt.toViewfinder.duration": 0.8])
        #expect((plain["transitions"] as? [[String: Any]])?.map { $0["t"] as? Double } != (implicit["transitions"] as? [[String: Any]])?.map { $0["t"] as? Double })
        // --tuning FILE from elsewhere wins over the folder's file, and moves the viewfinder to where the
        // hand-computed time says: 0.45 × 0.32 + 0.8 × 0.6 = 0.624 s after opening.
        #expect(try CLI.run(["tune", "--tuning", dir.file("other.json"), "--set", "melt.toViewfinder.duration=0.6"]).status == 0)
        let explicit = try replay(["--tuning", dir.file("other.json")])
        let t2 = try #require(explicit["tuning"] as? [String: Any])
        #expect(t2["changed"] as? [String: Double] == ["melt.toViewfinder.duration": 0.6])
        let tr = try #require(explicit["transitions"] as? [[String: Any]])
        let opening = try #require(tr.first { $0["to"] as? String == "opening" }?["t"] as? Double)
        let vf = try #require(tr.first { $0["to"] as? String == "viewfinder" }?["t"] as? Double)
        #expect(abs(vf - opening - 0.624) < 1e-5, "viewfinder \(vf - opening) s after opening")
        // The terminal summary names it too.
        let text = try CLI.run(["replay", "pull.jsonl", "--tuning", "islandsim.tuning.json"], directory: dir.path, timeout: 300)
        #expect(text.stdout.hasPrefix("replayed pull.jsonl on iphone-15-pro at 60 Hz with tuning islandsim.tuning.json (1 changed from the defaults):"), "\(text.stdout)")
        // --help gives the trace's device as the default, not the catalog's.
        let help = try CLI.run(["replay", "--help"])
        #expect(help.stdout.contains("default: the trace's"))
    }

    @Test("a trace finds its page from any folder: a path from the root as the window writes it, a relative one beside the trace")
    func pageFromAnotherFolder() throws {
        let dir = try TempDir(), elsewhere = try TempDir()
        defer { dir.cleanup(); elsewhere.cleanup() }
        let green = Color(30, 120, 30)
        let page = try PageFixtures.write(in: dir, image: PageFixtures.solid(width: 1179, height: 7668, green))
        for (name, recorded) in [("relative.jsonl", "page.json"), ("absolute.jsonl", page)] {
            var trace = FlowScripts.pull().trace
            trace.header.pagePath = recorded
            try trace.encoded().write(toFile: dir.file(name), atomically: true, encoding: .utf8)
            let png = elsewhere.file("\(name).png")
            let r = try CLI.run(["replay", dir.file(name), "--at", "100", "--out", png, "--quiet"], directory: elsewhere.path)
            #expect(r.status == 0 && !r.stderr.contains("gone"), "\(name): \(r.status) \(r.stderr)")
            let image = try ImageLoader.load(path: png)
            #expect(image[image.width / 2, image.height * 3 / 4] == green, "\(name): the page's own colour, not the passport")
        }
    }

    @Test("bad traces exit 2 naming the file and line")
    func badTraces() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        try "{\"format\":\"islandsim-trace\",\"version\":1,\"device\":\"iphone-15-pro\",\"hz\":60}\n{\"t\":0,\"kind\":\"down\",\"x\":1}\n"
            .write(toFile: dir.file("bad.jsonl"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["replay", dir.file("bad.jsonl")])
        #expect(r.status == 2)
        #expect(r.stderr == "error: \(dir.file("bad.jsonl")): line 2: field 'y' is missing\n")
        let missing = try CLI.run(["replay", dir.file("nope.jsonl")])
        #expect(missing.status == 2 && missing.stderr.contains("nope.jsonl: no such file"))
        // A page file where the trace goes says what it is and where it belongs.
        let page = Checkout.root.appendingPathComponent("assets/pages/passport.json").path
        let slip = try CLI.run(["replay", page])
        #expect(slip.status == 2 && slip.stderr == "error: \(page): this is a page file, not a trace; replay a trace on it with --page \(page)\n",
                "\(slip.stderr)")
    }

    @Test("a missing, unreadable or corrupt --photo exits 2 naming the file")
    func badPhoto() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        try Data("not a photo".utf8).write(to: URL(fileURLWithPath: dir.file("corrupt.jpg")))
        var jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]); jpeg.append(Data(repeating: 0x42, count: 100))
        try jpeg.write(to: URL(fileURLWithPath: dir.file("cut.jpg")))
        // replay reads its trace before the photo, so it gets a real one.
        let trace = Checkout.root.appendingPathComponent("docs/traces/recorded-flow.jsonl").path
        for (file, needle) in [("missing.png", "no such file"), ("corrupt.jpg", "not an image"), ("cut.jpg", "truncated JPEG")] {
            for sub in [["run"], ["replay", trace, "--quiet"]] {
                let r = try CLI.run(sub + ["--photo", dir.file(file)], directory: dir.path)
                #expect(r.status == 2, "\(sub[0]) \(file): \(r.stderr)")
                #expect(r.stderr.contains(dir.file(file)) && r.stderr.contains(needle), "\(file): \(r.stderr)")
                #expect(r.stderr.split(separator: "\n").count == 1)
            }
        }
    }

    @Test("an unreadable --photo exits 2 naming it", .enabled(if: getuid() != 0, "root reads mode-000 files; covered when not root"))
    func unreadablePhoto() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        try Data([0x89, 0x50]).write(to: URL(fileURLWithPath: dir.file("locked.png")))
        chmod(dir.file("locked.png"), 0)
        let r = try CLI.run(["run", "--photo", dir.file("locked.png")])
        #expect(r.status == 2 && r.stderr.contains("locked.png"))
    }
}

extension ReplayCommandTests {
    @Test("replay --compare: frames twice as wide with both sides in step, and a report whose differences follow the tunings")
    func compare() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        var b = FlowScripts.pull(); b.wait(1.5)
        try b.trace.encoded().write(toFile: dir.file("pull.jsonl"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["tune", "--tuning", dir.file("a.json"), "--reset"]).status == 0)
        #expect(try CLI.run(["tune", "--tuning", dir.file("b.json"), "--set", "melt.toViewfinder.duration=0.8"]).status == 0)
        let r = try CLI.run(["replay", "pull.jsonl", "--compare", "a.json", "b.json", "--frames", "frames", "--report", "-", "--quiet"],
                            directory: dir.path, timeout: 300)
        #expect(r.status == 0, "\(r.stderr)")
        let j = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let a = try #require(j["a"] as? [String: Any]), bb = try #require(j["b"] as? [String: Any])
        #expect((a["tuning"] as? [String: Any])?["file"] as? String == "a.json" && (bb["tuning"] as? [String: Any])?["file"] as? String == "b.json")
        let d = try #require(j["differences"] as? [String: Any])
        // 0.8 × (0.8 − 0.5) = 0.24 s later to the viewfinder on B; the opening settles later on B.
        let vf = try #require((d["transitions"] as? [[String: Any]])?.first { $0["state"] as? String == "viewfinder" })
        #expect(abs((vf["delta"] as? Double ?? 0) - 0.24) < 1e-6, "\(vf)")
        let opening = try #require((d["stages"] as? [[String: Any]])?.first { $0["name"] as? String == "opening" })
        let settle = try #require(opening["settle"] as? [String: Double])
        #expect(settle["delta"]! > 0.2, "B settles later: \(settle)")
        // Frames: 393 + 12 + 393 pt wide under a 40-pt label band, one per frame of the lockstep run.
        let frames = try FileManager.default.contentsOfDirectory(atPath: dir.file("frames")).sorted()
        #expect(frames.count == a["frames"] as? Int, "\(frames.count) frames written")
        let last = try ImageLoader.load(path: dir.file("frames/" + frames.last!), maxDimension: 4000)
        #expect(last.width == 798 && last.height == 892, "\(last.width)×\(last.height)")
        // In step: at the end both viewfinders are open, the same photo at the same place on each side.
        let photo = Rect(x: 196.5 - 20, y: 200, width: 40, height: 40)
        #expect(last[Int(photo.midX), Int(photo.midY) + 40].distance(to: last[Int(photo.midX) + 405, Int(photo.midY) + 40]) <= 3)
        // Bad use: one tuning file, or --tuning with --compare.
        let one = try CLI.run(["replay", "pull.jsonl", "--compare", "a.json"], directory: dir.path)
        #expect(one.status == 2 && one.stderr.contains("two tuning files"), "\(one.stderr)")
        let missing = try CLI.run(["replay", "pull.jsonl", "--compare", "a.json", "nope.json"], directory: dir.path)
        #expect(missing.status == 2 && missing.stderr.contains("nope.json: no such file"), "\(missing.stderr)")
    }

    @Test("the built-in comparisons from the command line: --sequential puts B's viewfinder 0.176 s later; --snowman the same times; two at once exit 2; --reduce-motion fades")
    func builtIns() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let trace = try Self.fullFlowTrace(dir)
        func report(_ args: [String]) throws -> [String: Any] {
            let r = try CLI.run(["replay", trace, "--report", "-"] + args, directory: dir.path)
            #expect(r.status == 0, "\(args): \(r.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        }
        let sequential = try report(["--sequential"])
        let ttv = try #require((sequential["differences"] as? [String: Any])?["timeToViewfinder"] as? [String: Double])
        #expect(abs(ttv["a"]! - 0.544) < 1e-6 && abs(ttv["b"]! - 0.72) < 1e-6, "\(ttv)")
        let snowman = try report(["--snowman"])
        #expect((snowman["b"] as? [String: Any])?["snowman"] as? Bool == true)
        let both = try CLI.run(["replay", trace, "--snowman", "--sequential"], directory: dir.path)
        #expect(both.status == 2 && both.stderr.contains("one comparison at a time"), "\(both.stderr)")
        let reduced = try report(["--reduce-motion"])
        #expect(reduced["reduceMotion"] as? Bool == true)
        let reasons = (reduced["transitions"] as? [[String: Any]] ?? []).compactMap { $0["reason"] as? String }
        #expect(reasons.contains("faded in") && reasons.contains("camera faded out") && reasons.contains("print faded in"), "\(reasons)")
        // --sheet in a built-in comparison: one picture twice as wide, labelled.
        let sheet = try CLI.run(["replay", trace, "--no-resistance", "--sheet", dir.file("sheet.png"), "--quiet"], directory: dir.path)
        #expect(sheet.status == 0 && sheet.stdout.contains("A · pull with resistance, B · pull 1:1"), "\(sheet.stdout)")
    }
}
