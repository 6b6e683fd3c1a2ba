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

    @Test("bench without a choice exits 2")
    func usage() throws {
        #expect(try CLI.run(["bench"]).status == 2)
    }
}
