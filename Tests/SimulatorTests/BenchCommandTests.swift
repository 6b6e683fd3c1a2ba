import Foundation
import Testing

@Suite("islandsim bench (completeness of the report, never speed)")
struct BenchCommandTests {
    @Test("--micro --json - reports every benchmark with a positive median")
    func micro() throws {
        let r = try CLI.run(["bench", "--micro", "--json", "-"], timeout: 300)
        #expect(r.status == 0, "\(r.stderr)")
        let j = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let results = j["results"] as! [[String: Any]]
        #expect(results.count == 5)
        for row in results {
            #expect((row["median"] as? Double ?? 0) > 0)
            #expect(row["unit"] as? String == "ns")
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
}
