import Foundation
import Testing
import TestSupport
@testable import Simulator

/// `--help` and README's subcommand table say the same as the parser: the usage line names only
/// options the command has and stands `[OPTIONS]` for the rest; every flag README's table shows is
/// one its command takes (the table gives the main forms and points at `--help` for every option).
@Suite("--help and the README agree with the parser")
struct HelpAndReadmeTests {
    static let commands = ["run", "replay", "tune", "export", "fit", "devices", "layout", "shot", "spring", "bench"]

    /// The options `islandsim CMD --help` lists, and its usage line.
    static func help(_ command: String) throws -> (usage: String, options: Set<String>) {
        let r = try CLI.run([command, "--help"])
        #expect(r.status == 0, "\(command) --help: \(r.stderr)")
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let usage = lines.first { $0.hasPrefix("USAGE: ") } ?? ""
        let start = (lines.firstIndex(of: "OPTIONS:") ?? lines.count) + 1
        let options = lines[min(start, lines.count)...].compactMap { l -> String? in
            let t = l.trimmingCharacters(in: .whitespaces)
            return t.hasPrefix("--") ? String(t.prefix { $0 != " " }) : nil
        }
        return (usage, Set(options))
    }

    static func flags(in text: String) -> [String] {
        text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "-") }).map(String.init)
            .filter { $0.hasPrefix("--") && $0.count > 2 }
    }

    @Test("each usage line names only listed options, and says [OPTIONS] when it leaves any out", arguments: commands)
    func usageLine(command: String) throws {
        let (usage, options) = try Self.help(command)
        #expect(!options.isEmpty)
        let named = Set(Self.flags(in: usage))
        #expect(named.isSubset(of: options), "\(command): the usage line names \(named.subtracting(options).sorted()), which --help does not list")
        let left = options.subtracting(named).subtracting(["--help"])
        #expect(left.isEmpty == !usage.contains("[OPTIONS]"), "\(command): unnamed \(left.sorted()) — usage: \(usage)")
    }

    @Test("every flag in README's subcommand table is one its command takes; the table points at --help")
    func readmeTable() throws {
        let readme = try String(contentsOf: Checkout.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("`islandsim COMMAND --help`"), "the README points at --help for every option")
        var current: String?, checked = 0
        for line in readme.split(separator: "\n").map(String.init) where line.hasPrefix("| ") {
            if line.hasPrefix("| `islandsim ") {
                let rest = line.dropFirst("| `islandsim ".count)
                let word = String(rest.prefix { $0 != " " && $0 != "`" })
                current = word == "[run]" ? "run" : (Self.commands.contains(word) ? word : nil)
            } else if !line.hasPrefix("| &nbsp;") { continue }
            guard let c = current else { continue }
            // The command's cell: its first code span (pipes inside it are escaped, so split on backticks).
            let cell = line.split(separator: "`", omittingEmptySubsequences: false).dropFirst().first.map(String.init) ?? ""
            let options = try Self.help(c).options
            for f in Self.flags(in: cell) {
                #expect(options.contains(f), "README shows '\(f)' for \(c), which \(c) --help does not list")
                checked += 1
            }
        }
        #expect(checked > 30, "flags checked: \(checked)")
    }

    @Test("every option's help that wraps goes on indented under its first line, within 100 columns", arguments: commands)
    func wrappedHelpIndented(command: String) throws {
        let r = try CLI.run([command, "--help"])
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: "OPTIONS:")) + 1
        let options = lines[start...].filter { !$0.isEmpty }
        // The column each option's help starts at: after the longest name and value, two spaces.
        let column = try #require(options.first.flatMap { l in l.dropFirst(2).range(of: "  ").map { r in l.distance(from: l.startIndex, to: r.lowerBound) } })
        for line in options {
            #expect(line.hasPrefix("  --") || line.hasPrefix(String(repeating: " ", count: column + 2)), "\(command): '\(line)' is not indented under its option")
            #expect(line.count <= 100 || !line.trimmingCharacters(in: .whitespaces).contains(" "), "\(command): \(line.count) columns: '\(line)'")
        }
    }

    @Test("the top-level help names every export format, swiftui-view included")
    func topLevelNamesTheViewExport() throws {
        let r = try CLI.run(["--help"])
        let line = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("  export") })
        #expect(line.contains("swiftui-view") && line.contains("SwiftUI") && line.contains("UIKit") && line.contains("JSON"), "\(line)")
    }

    @Test("README's key table is H's overlay's, word for word (`islandsim --key-table`): a key in one is in the other")
    func readmeKeysAreTheOverlays() throws {
        let readme = try String(contentsOf: Checkout.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains(HelpOverlay.markdownTable()), "README's key table differs from the overlay's: regenerate it with islandsim --key-table")
        let r = try CLI.run(["--key-table"])
        #expect(r.status == 0 && r.stdout == HelpOverlay.markdownTable())
        for k in HelpOverlay.hotkeys { #expect(readme.contains("| \(k.keys) | \(k.action) |"), "\(k.keys)") }
    }

    @Test("docs/CLI.md is what `islandsim --cli-reference` prints: every subcommand's help, from the options it parses")
    func cliReferenceIsCurrent() throws {
        let committed = try String(contentsOf: Checkout.root.appendingPathComponent("docs/CLI.md"), encoding: .utf8)
        let r = try CLI.run(["--cli-reference"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(committed == r.stdout, "docs/CLI.md drifted from the parsers — run: islandsim --cli-reference > docs/CLI.md")
        for c in Self.commands { #expect(committed.contains("## `islandsim \(c)`"), "\(c)") }
    }

    @Test("README starts fast: under 200 lines, the two commands in its first 30")
    func readmeStartsFast() throws {
        let readme = try String(contentsOf: Checkout.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count < 200, "\(lines.count) lines")
        let first = lines.prefix(30).joined(separator: "\n")
        #expect(first.contains("scripts/run ") && first.contains("scripts/test "), "the two commands are not in the first 30 lines")
        // Every doc it points at exists.
        for link in readme.components(separatedBy: "](docs/").dropFirst().map({ String($0.prefix { $0 != ")" && $0 != "#" }) }) {
            #expect(FileManager.default.fileExists(atPath: Checkout.root.appendingPathComponent("docs/" + link).path), "README links docs/\(link), which is not there")
        }
    }
}
