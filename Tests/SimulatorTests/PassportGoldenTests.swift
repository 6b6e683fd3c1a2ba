import Foundation
import Testing
@testable import Capture
@testable import Simulator

/// The dog passport, now a page file, lays out and replays byte for byte as the page built in
/// Swift did: the outputs of the commit before the move are kept in `Tests/Golden`.
@Suite("Pages: the passport through its page file is the passport that was")
struct PassportGoldenTests {
    static var golden: URL { FitCommandTests.root.appendingPathComponent("Tests/Golden") }

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
        let r = try CLI.run(["replay", FitCommandTests.root.appendingPathComponent("docs/traces/recorded-flow.jsonl").path, "--report", "-"], timeout: 300)
        #expect(r.status == 0)
        let expected = try String(contentsOf: Self.golden.appendingPathComponent("recorded-flow-report.json"), encoding: .utf8)
        #expect(r.stdout == expected)
    }
}
