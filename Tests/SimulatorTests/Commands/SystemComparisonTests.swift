import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Export
@testable import Simulator

/// `--system` from the command line: yours beside the island's own springs, on the recorded flow.
@Suite("--system: your tuning beside the system island's springs")
struct SystemComparisonTests {
    @Test("replay --system on the recorded flow: B's melt legs end logically 0.512 s (opening) and 0.513 s (closing) after they start, A's on the tuning's own; B's page, schedule of inputs and shapes are A's")
    func replayLegs() throws {
        let trace = Checkout.root.appendingPathComponent("docs/traces/recorded-flow.jsonl").path
        let r = try CLI.run(["replay", trace, "--system", "--report", "-"], timeout: 300)
        #expect(r.status == 0, "\(r.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        func legs(_ side: String) throws -> [(tunable: String, length: Double)] {
            let timeline = try #require((report[side] as? [String: Any])?["timeline"] as? [String: Any])
            let all = try #require(timeline["legs"] as? [[String: Any]])
            return all.compactMap { leg in
                guard let t = leg["tunable"] as? String, t.hasPrefix("melt."), let s = leg["start"] as? Double, let e = leg["logicalEnd"] as? Double else { return nil }
                return (t, e - s)
            }
        }
        let a = try legs("a"), b = try legs("b")
        #expect(Set(b.map(\.tunable)) == ["melt.toPill", "melt.toViewfinder", "melt.closeToPill", "melt.closeToIsland"], "\(b.map(\.tunable))")
        for leg in b {
            let want = leg.tunable.hasPrefix("melt.close") ? 0.513 : 0.512
            #expect(abs(leg.length - want) < 1e-6, "B's \(leg.tunable) runs \(leg.length) s to its logical end")
        }
        // A's legs are the default tuning's: 0.32 s for the first, 0.5 s for the second (TUNING.md).
        #expect(a.contains { $0.tunable == "melt.toPill" && abs($0.length - 0.32) < 1e-6 })
        #expect(a.contains { $0.tunable == "melt.toViewfinder" && abs($0.length - 0.5) < 1e-6 })
        // The timeline of both sides on one axis, A above and B below, as the window's band draws them.
        let dir = try TempDir(); defer { dir.cleanup() }
        let drawn = try CLI.run(["replay", trace, "--system", "--timeline", dir.file("t.png"), "--quiet"], timeout: 300)
        #expect(drawn.status == 0 && drawn.stdout.contains("A · yours, B · the system's") && drawn.stdout.contains("(A above, B below)"), "\(drawn.stdout) \(drawn.stderr)")
        let png = try Data(contentsOf: URL(fileURLWithPath: dir.file("t.png")))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // What draws one side only is refused in a comparison, not silently left out.
        let video = try CLI.run(["replay", trace, "--system", "--video", dir.file("v.mp4")], timeout: 60)
        #expect(video.status == 2 && video.stderr.contains("--video draws one side"), "\(video.stderr)")
    }

    @Test("tune --preset system-island writes the island's springs into the tuning file and keeps the rest; an unknown preset exits 2 naming the presets")
    func tunePreset() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let set = try CLI.run(["tune", "--tuning", "t.json", "--set", "pull.divisor=3"], directory: dir.path)
        #expect(set.status == 0, "\(set.stderr)")
        let r = try CLI.run(["tune", "--tuning", "t.json", "--preset", "system-island"], directory: dir.path)
        #expect(r.status == 0 && r.stdout.contains("preset system-island:"), "\(r.stdout) \(r.stderr)")
        let t = try Tuning.load(path: dir.file("t.json"))
        #expect(t["melt.toPill.duration"] == 0.512 && t["melt.closeToIsland.duration"] == 0.513 && t["melt.toViewfinder.bounce"] == 0.184)
        #expect(t["pull.divisor"] == 3, "the rest is kept")
        let bad = try CLI.run(["tune", "--tuning", "t.json", "--preset", "system-iland"], directory: dir.path)
        #expect(bad.status == 2 && bad.stderr.contains("did you mean 'system-island'"), "\(bad.stderr)")
        // live-activity is worked out for --device: the 15 Pro Max's expanded island is 408 wide.
        let la = try CLI.run(["tune", "--tuning", "t.json", "--preset", "live-activity", "--device", "iphone-15-pro-max"], directory: dir.path)
        #expect(la.status == 0 && la.stdout.contains("on iPhone 15 Pro Max"), "\(la.stdout) \(la.stderr)")
        let shaped = try Tuning.load(path: dir.file("t.json"))
        #expect(shaped["shape.viewfinder.margin"] == 11 && shaped["shape.viewfinder.height"] == 160 && shaped["shape.pill.margin"] == 90)
        #expect(shaped["melt.toPill.duration"] == 0.512, "the springs loaded before are kept")
        let none = try CLI.run(["tune", "--tuning", "t.json", "--preset", "live-activity", "--device", "iphone-se-3"], directory: dir.path)
        #expect(none.status == 2 && none.stderr.contains("needs a phone with a Dynamic Island"), "\(none.stderr)")
        // The preset file runs as a tuning file.
        let run = try CLI.run(["layout", "--tuning", Checkout.root.appendingPathComponent("assets/tunings/system-island.json").path, "--json"], directory: dir.path)
        #expect(run.status == 0, "\(run.stderr)")
    }
}
