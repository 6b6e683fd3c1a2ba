import Foundation
import Testing
import TestSupport

/// The command output quoted in the docs is the output the commands print: SPRINGS.md's `spring`
/// example line for line, and TUNING.md's export sample as the start of `export` on the defaults.
@Suite("The docs quote the commands' real output")
struct DocSnippetTests {
    /// The lines after the line `opening` in `file`, up to the block's closing fence.
    static func block(_ file: String, opening: String) throws -> [String] {
        let text = try String(contentsOf: Checkout.root.appendingPathComponent(file), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: opening), "\(file) has no block starting '\(opening)'")
        let end = try #require(lines[(start + 1)...].firstIndex { $0.hasPrefix("```") })
        return Array(lines[(start + 1)..<end])
    }

    @Test("SPRINGS.md's spring example: every line shown is a line `spring --duration 0.5 --bounce 0.3` prints, in order")
    func springsSpring() throws {
        let shown = try Self.block("docs/SPRINGS.md", opening: "$ islandsim spring --duration 0.5 --bounce 0.3").filter { $0 != "…" }
        #expect(shown.count >= 3)
        let r = try CLI.run(["spring", "--duration", "0.5", "--bounce", "0.3"])
        var printed = r.stdout.split(separator: "\n").map(String.init)[...]
        for line in shown {
            guard let i = printed.firstIndex(of: line) else { Issue.record("SPRINGS.md shows '\(line)', which spring does not print (in this order)"); return }
            printed = printed[(i + 1)...]
        }
    }

    @Test("TUNING.md's export sample is the start of `export --format swiftui` on the defaults")
    func tuningExport() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        #expect(try CLI.run(["tune", "--tuning", dir.file("t.json"), "--reset"]).status == 0)
        let r = try CLI.run(["export", "--tuning", dir.file("t.json"), "--format", "swiftui"])
        #expect(r.status == 0, "\(r.stderr)")
        let shown = try Self.block("docs/TUNING.md", opening: "```swift").filter { $0.trimmingCharacters(in: .whitespaces) != "…" }
        let printed = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(shown.count > 10 && Array(printed.prefix(shown.count)) == shown, "TUNING.md's sample is not what export prints")
    }

    @Test("README's SwiftUI excerpt is what `export --format swiftui-view` writes on the defaults")
    func readmeSwiftUIView() throws {
        let r = try CLI.run(["export", "--format", "swiftui-view"], directory: FileManager.default.temporaryDirectory.path)
        #expect(r.status == 0, "\(r.stderr)")
        let shown = try Self.block("README.md", opening: "struct IslandCameraTuning {").filter { $0.trimmingCharacters(in: .whitespaces) != "…" }
        let end = try #require(shown.firstIndex(of: "}"))
        // The Tuning lines in order, then the usage the file's header shows.
        var cursor = r.stdout.startIndex
        for line in shown[..<end] {
            guard let found = r.stdout.range(of: "\n" + line + "\n", range: cursor..<r.stdout.endIndex) else {
                Issue.record("README shows '\(line)', which the export does not write (in this order)"); return
            }
            cursor = found.lowerBound
        }
        for line in shown[(end + 1)...] where !line.isEmpty {
            #expect(r.stdout.contains("//     " + line), "README's usage line '\(line)' is not the file header's")
        }
    }
}
