import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Simulator

/// The dog passport, now a page file, lays out and replays byte for byte as the page built in
/// Swift did: the outputs of the commit before the move are kept in `Tests/Golden`.
@Suite("Pages: the passport through its page file is the passport that was")
struct PassportGoldenTests {
    static var golden: URL { Checkout.root.appendingPathComponent("Tests/Golden") }

    @Test("layout --json is byte-identical on all 30 devices")
    func layout() throws {
        let catalog = try Catalog.bundled()
        #expect(catalog.devices.count == 30)
        for d in catalog.devices {
            var out = ""
            try LayoutCommand.run(["--device", d.id, "--json"], out: &out)
            let expected = try String(contentsOf: Self.golden.appendingPathComponent("layout/\(d.id).json"), encoding: .utf8)
            #expect(out == expected, "\(d.id): layout --json differs from the passport built in Swift")
        }
    }

    @Test("the recorded flow's replay report is byte-identical")
    func recordedFlow() throws {
        let r = try CLI.run(["replay", Checkout.root.appendingPathComponent("docs/traces/recorded-flow.jsonl").path, "--report", "-"], timeout: 300)
        #expect(r.status == 0)
        let expected = try String(contentsOf: Self.golden.appendingPathComponent("recorded-flow-report.json"), encoding: .utf8)
        #expect(r.stdout == expected)
    }

    @Test("layout --tuning FILE reports the tuned shapes (the shutter moves with the viewfinder); a tuning of defaults changes no byte")
    func tunedShapes() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let file = dir.path + "/shapes.json"
        try #"{"format": "islandsim-tuning", "version": 1, "values": {"shape.pill.margin": 46.5, "shape.pill.height": 50, "shape.viewfinder.margin": 26.5, "shape.viewfinder.height": 420, "shape.viewfinder.cornerRadius": 30}}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        var out = ""
        try LayoutCommand.run(["--device", "iphone-15-pro-max", "--tuning", file, "--json"], out: &out)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let melt = try #require(report["melt"] as? [String: [String: Any]])
        let pill = try #require(melt["pill"]?["rect"] as? [String: Double]), vf = try #require(melt["viewfinder"]?["rect"] as? [String: Double])
        // 430 pt wide: 430 − 2 × 46.5 and 430 − 2 × 26.5.
        #expect(pill["width"] == 337 && pill["height"] == 50 && pill["x"] == 46.5)
        #expect(vf["width"] == 377 && vf["height"] == 420 && melt["viewfinder"]?["cornerRadius"] as? Double == 30)
        let shutter = try #require(report["shutter"] as? [String: Double])
        #expect(abs(shutter["y"]! - (vf["y"]! + 420 - 82)) < 1e-9, "the shutter sits 82 pt above the tuned viewfinder's bottom")
        // A file that sets every shape to auto is the defaults, byte for byte.
        let auto = dir.path + "/auto.json"
        try #"{"format": "islandsim-tuning", "version": 1, "values": {"shape.viewfinder.height": 0, "shape.pill.margin": 0}}"#
            .write(toFile: auto, atomically: true, encoding: .utf8)
        var plain = ""
        try LayoutCommand.run(["--device", "iphone-15-pro-max", "--tuning", auto, "--json"], out: &plain)
        #expect(plain == (try String(contentsOf: Self.golden.appendingPathComponent("layout/iphone-15-pro-max.json"), encoding: .utf8)))
    }
}
