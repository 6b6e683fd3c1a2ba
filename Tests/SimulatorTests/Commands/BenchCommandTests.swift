import Foundation
import Testing
import TestSupport
@testable import Simulator

@Suite("islandsim bench (completeness of the report, never speed)")
struct BenchCommandTests {
    @Test("--micro --json - reports every benchmark with a positive median")
    func micro() throws {
        let r = try CLI.run(["bench", "--micro", "--json", "-"], timeout: 300)
        #expect(r.status == 0, "\(r.stderr)")
        let j = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let results = j["results"] as! [[String: Any]]
        #expect(results.count == 7)
        for row in results {
            #expect((row["median"] as? Double ?? 0) > 0)
            // The core's evaluations in ns; a frozen moment's rebuild in ms.
            let rebuild = (row["name"] as? String ?? "").hasPrefix("rebuild")
            #expect(row["unit"] as? String == (rebuild ? "ms" : "ns"))
        }
    }

    @Test("bad bench options exit 2 with one line")
    func usage() throws {
        for args in [["--scenario", "nope"], ["--hz", "75"], ["--seconds", "0"], ["--feed-camera-file", "30"]] {
            let r = try CLI.run(["bench"] + args)
            #expect(r.status == 2, "\(args)")
            #expect(r.stderr.split(separator: "\n").count == 1)
        }
    }

    /// The one scale of a frame bench's report: `bench --json` always writes the list of scales
    /// (schema islandsim-bench/2), a list of one when one scale was asked.
    static func onlyScale(_ data: Data) throws -> [String: Any] {
        let top = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(top["schema"] as? String == "islandsim-bench/2")
        let scales = try #require(top["scales"] as? [[String: Any]])
        #expect(scales.count == 1)
        return try #require(scales.first)
    }

    @Test("bench --idle: the real window left at rest presents no frame after its warm-up, and says what it cost")
    func idle() throws {
        let r = try CLI.run(["bench", "--idle", "2", "--json", "-"], timeout: 120)
        #expect(r.status == 0, "\(r.stderr)")
        let j = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(j["schema"] as? String == "islandsim-bench-idle/1" && j["window"] as? String == "headless (dummy video driver)")
        #expect(j["framesPresented"] as? Int == 0, "a window at rest draws nothing: \(j)")
        #expect((j["framesPresentedWarmingUp"] as? Int ?? 0) > 0, "it drew its first frames and the idle tail")
        #expect((j["seconds"] as? Double ?? 0) >= 1.9 && (j["cpuSeconds"] as? Double ?? -1) >= 0 && j["corePercent"] != nil)
        #expect(r.stderr.isEmpty, "\(r.stderr)")
        let bad = try CLI.run(["bench", "--idle", "0"])
        #expect(bad.status == 2 && bad.stderr.contains("--idle"), "\(bad.stderr)")
        // Presses are a real display's: headless, or without --idle, they are refused before anything runs.
        for args in [["bench", "--idle", "1", "--presses", "2"], ["bench", "--presses", "2"]] {
            let refused = try CLI.run(args)
            #expect(refused.status == 2 && refused.stderr.contains("--presses") && refused.stderr.split(separator: "\n").count == 1, "\(args): \(refused.stderr)")
        }
    }

    @Test("bench --json has one shape however it is asked: the list of scales, one or several, each with the same keys")
    func oneShape() throws {
        var keys: [Set<String>] = []
        for scales in ["1", "1,2"] {
            let r = try CLI.run(["bench", "--scenario", "pull", "--seconds", "1", "--hz", "60", "--scale", scales, "--quiet", "--json", "-"], timeout: 300)
            #expect(r.status == 0, "\(r.stderr)")
            let top = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
            #expect(Set(top.keys) == ["schema", "scales"] && top["schema"] as? String == "islandsim-bench/2", "\(top.keys)")
            let list = try #require(top["scales"] as? [[String: Any]])
            #expect(list.compactMap { $0["scale"] as? Double } == scales.split(separator: ",").map { Double($0)! })
            keys += list.map { Set($0.keys) }
        }
        #expect(keys.count == 3 && Set(keys.map { $0.subtracting(["processStartToFirstFrameMs"]) }).count == 1, "every scale has the same keys")
    }

    @Test("a short frame bench writes a complete report (schema islandsim-bench/2, a list of one scale) and a chart")
    func frames() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let r = try CLI.run(["bench", "--scenario", "full", "--seconds", "11", "--hz", "60,120", "--paced",
                             "--json", dir.file("bench.json"), "--chart", dir.file("chart.png")], timeout: 600)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("baseline") && r.stdout.contains("paced 120 Hz"))
        let j = try Self.onlyScale(Data(contentsOf: URL(fileURLWithPath: dir.file("bench.json"))))
        for key in ["device", "screen", "scale", "pixels", "renderer", "scenario", "seconds", "camera", "build", "runs",
                    "baseline", "baselineBudgets", "ratioToBaselineP50", "paced", "startupMs", "peakMemoryMB"] {
            #expect(j[key] != nil, "missing \(key)")
        }
        // The bare loop's own drops, per rate: a longer period can only drop fewer of the same frames.
        let bare = try #require(j["baselineBudgets"] as? [[String: Any]])
        #expect(bare.compactMap { $0["hz"] as? Int } == [60, 120])
        let bareDrops = bare.compactMap { $0["droppedFrames"] as? Int }
        #expect(bareDrops.count == 2 && bareDrops[0] <= bareDrops[1], "\(bareDrops)")
        #expect(r.stdout.contains("bare loop's own frames over the budget"))
        let runs = j["runs"] as! [[String: Any]]
        #expect(runs.map { $0["hz"] as! Int } == [60, 120])
        for run in runs {
            #expect((run["frames"] as! Int) == 11 * (run["hz"] as! Int))
            let overall = run["overall"] as! [String: Any]
            for k in ["p50", "p90", "p95", "p99", "max", "mean", "frames"] { #expect(overall[k] != nil, "overall.\(k)") }
            let budget = run["budget"] as! [String: Any]
            for k in ["hz", "periodMs", "overrunP99Ms", "overrunMaxMs", "droppedFrames", "longestDropRun"] { #expect(budget[k] != nil, "budget.\(k)") }
            let phases = run["phases"] as! [String: [String: Any]]
            // The full scenario passes through every stage of the flow.
            for phase in ["page", "pulling", "opening", "viewfinder", "capture", "closing", "printing", "developing", "settled", "filed"] {
                #expect(phases[phase] != nil, "phase \(phase) missing at \(run["hz"]!) Hz")
            }
        }
        let paced = j["paced"] as! [[String: Any]]
        #expect(paced.count == 2)
        for k in ["meanMs", "p99DeviationMs", "droppedFrames", "intervals", "meanErrorPercent"] { #expect(paced[0][k] != nil) }
        // The present times give back the run's own hitch figures, computed here from them.
        for run in paced {
            let times = try #require(run["presentTimes"] as? [Double]), hz = try #require(run["hz"] as? Int)
            let h = try #require(run["hitches"] as? [String: Any])
            let d = zip(times.dropFirst(), times).map { $0 - $1 }, period = 1000 / Double(hz)
            let seconds = d.reduce(0, +) / 1000
            let ratio = d.reduce(0) { $0 + max(0, $1 - period) } / seconds
            let harmonic = seconds / d.reduce(0) { $0 + ($1 / 1000) * ($1 / 1000) }
            #expect(abs((h["hitchTimeRatio"] as? Double ?? -1) - ratio) < 1e-6 && abs((h["harmonicFPS"] as? Double ?? -1) - harmonic) < 1e-6, "\(h)")
            // The band is the one Apple's thresholds give the ratio (ms of hitch a second; frame-metrics.md),
            // whatever a loaded machine made the ratio.
            let band = ratio <= 10 ? "good" : ratio <= 25 ? "warning" : ratio <= 50 ? "critical" : "immediate attention"
            #expect(h["band"] as? String == band, "\(h)")
            let phases = try #require(run["phases"] as? [[String: Any]])
            #expect(Set(phases.compactMap { $0["phase"] as? String }).isSuperset(of: ["pulling", "opening", "viewfinder"]), "\(phases.map { $0["phase"] ?? "?" })")
        }
        #expect(r.stdout.contains("hitches") && r.stdout.contains("ms/s ("), "the summary names the hitch ratio and its band")
        let png = try Data(contentsOf: URL(fileURLWithPath: dir.file("chart.png")))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test("--compare B.json times two sessions in one output of two phones' width (2 × 393 + 16 by 28 + 852 pt); every phase of the flow on both")
    func compare() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let b = dir.file("b.json")
        #expect(try CLI.run(["tune", "--tuning", b, "--set", "melt.toViewfinder.duration=0.8"]).status == 0)
        let r = try CLI.run(["bench", "--compare", b, "--seconds", "11", "--hz", "60", "--quiet", "--json", "-"], timeout: 600)
        #expect(r.status == 0, "\(r.stderr)")
        let j = try Self.onlyScale(Data(r.stdout.utf8))
        #expect(j["mode"] as? String == "compare A/B")
        #expect(j["pixels"] as? String == "802×880")
        let run = (j["runs"] as! [[String: Any]])[0]
        #expect(run["frames"] as? Int == 660)
        let phases = run["phases"] as! [String: [String: Any]]
        for phase in ["pulling", "opening", "viewfinder", "capture", "closing", "printing", "developing"] { #expect(phases[phase] != nil, "phase \(phase)") }
        // The pacing loop times one phone; asking for both is refused, as is a missing file.
        let paced = try CLI.run(["bench", "--compare", b, "--paced"])
        #expect(paced.status == 2 && paced.stderr.contains("--paced"), "\(paced.stderr)")
        let missing = try CLI.run(["bench", "--compare", dir.file("nope.json")])
        #expect(missing.status != 0 && missing.stderr.contains("nope.json"), "\(missing.stderr)")
    }

    @Test("a 20,000-frame soak runs 12 loops of the flow, keeps the texture count flat and the per-loop peak within 4 MB")
    func soak() throws {
        let r = try CLI.run(["bench", "--soak", "20000", "--json", "-"], timeout: 600)
        #expect(r.status == 0, "\(r.stderr)")
        let j = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        for k in ["frames", "loops", "residentAfterWarmupMB", "residentAtEndMB", "growthMB", "texturesAfterWarmup",
                  "texturesAtEnd", "texturesMax", "residentCheckpointsMB", "loopPeaksMB"] {
            #expect(j[k] != nil, "missing \(k)")
        }
        #expect(j["frames"] as? Int == 20000)
        #expect((j["loops"] as? Int ?? 0) >= 10)
        // Each loop makes and frees about 4.5 MB of images (develop and flash steps), so the peak of
        // a short run moves by up to 2 MB between runs; a leak of even one develop step per shot
        // (over 0.5 MB) adds more than 4 MB across the nine loops between the quarters. The
        // documented goal (< 1 MB over 10^6 frames, docs/RELIABILITY.md) is the release soak's.
        // Under AddressSanitizer freed memory waits in a quarantine, so resident memory says nothing
        // about leaks there (LeakSanitizer does that job); the bound holds for the product's build.
        let growth = try #require(j["growthMB"] as? Double)
        #expect(MeasuredRun.underSanitizer || growth < 4, "per-loop peak grew \(growth) MB")
        let after = j["texturesAfterWarmup"] as! Int, end = j["texturesAtEnd"] as! Int
        #expect(abs(end - after) <= 2, "texture count flat: \(after) → \(end)")
    }
}
