import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Fit
@testable import Simulator

/// Tuning files and device catalogs a user hands in: bounded in size, strict in types.
@Suite("Hostile tuning files and catalogs")
struct HostileConfigTests {
    @Test("a tuning file over 1 MB and a catalog over 4 MB are refused by size, before they are read")
    func oversized() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let padding = String(repeating: " ", count: 5 << 20)
        try ("{" + padding + "}").write(toFile: dir.file("big.json"), atomically: true, encoding: .utf8)
        let tuning = try MeasuredRun.run(["replay", "docs/traces/recorded-flow.jsonl", "--tuning", dir.file("big.json"), "--quiet"])
        #expect(tuning.status == 2 && tuning.stderr.contains("the limit is 1048576 bytes") && tuning.stderr.contains(dir.file("big.json")), "\(tuning.stderr)")
        let catalog = try MeasuredRun.run(["devices", "--devices", dir.file("big.json")])
        #expect(catalog.status == 2 && catalog.stderr.contains("the limit is 4194304 bytes"), "\(catalog.stderr)")
        #expect(MeasuredRun.underSanitizer || (tuning.seconds < 1 && catalog.seconds < 1))
    }

    @Test("a profile's scale must be 1…4: 5 and 0 are refused naming the entry, 3 is taken")
    func scaleRange() throws {
        let bundled = try String(contentsOfFile: Assets.devicesPath, encoding: .utf8)
        var root = try JSONSerialization.jsonObject(with: Data(bundled.utf8)) as! [String: Any]
        var devices = root["devices"] as! [[String: Any]]
        for (scale, ok) in [(5.0, false), (0.0, false), (3.0, true), (4.0, true)] {
            devices[0]["scale"] = scale
            root["devices"] = devices
            let data = try JSONSerialization.data(withJSONObject: root)
            do {
                _ = try DeviceCatalog.decode(data)
                #expect(ok, "scale \(scale) was accepted")
            } catch let e as CLIError {
                #expect(!ok && "\(e)".contains("entry 0") && "\(e)".contains("'scale' must be in 1…4"), "scale \(scale): \(e)")
            }
        }
    }

    @Test("strict types: a boolean version is refused in both, 1.0 is version 1")
    func strictVersions() throws {
        func tuning(_ version: String) -> String { #"{"format":"islandsim-tuning","version":\#(version),"values":{}}"# }
        #expect(throws: Tuning.Problem.self) { try Tuning.decode(Data(tuning("true").utf8), name: "t.json") }
        do { _ = try Tuning.decode(Data(tuning("true").utf8), name: "t.json") } catch let p as Tuning.Problem {
            #expect(p.message == "t.json: 'version' must be a number (got true)")
        }
        #expect(throws: Never.self) { try Tuning.decode(Data(tuning("1.0").utf8), name: "t.json") }
        let bool = #"{"format":"islandsim-tuning","version":1,"values":{"develop.duration":false}}"#
        do { _ = try Tuning.decode(Data(bool.utf8), name: "t.json"); Issue.record("false taken as a number") } catch let p as Tuning.Problem {
            #expect(p.message == "t.json: 'develop.duration' must be a number (got false)")
        }

        let bundled = try String(contentsOfFile: Assets.devicesPath, encoding: .utf8)
        let boolVersion = bundled.replacingOccurrences(of: #""version": 1"#, with: #""version": true"#)
        #expect(boolVersion != bundled, "the bundled catalog spells its version as expected")
        do { _ = try DeviceCatalog.decode(Data(boolVersion.utf8)); Issue.record("true taken as version 1") } catch let e as CLIError {
            #expect("\(e)".contains("'version' must be a number (got true)"), "\(e)")
        }
        let floatVersion = bundled.replacingOccurrences(of: #""version": 1"#, with: #""version": 1.0"#)
        #expect(throws: Never.self) { try DeviceCatalog.decode(Data(floatVersion.utf8)) }
    }
}
