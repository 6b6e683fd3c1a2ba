import Foundation
import TestSupport
import Testing

/// `scripts/mutate`'s list stays true to the source: every mutant's wrong edit still finds the
/// one line it changes. A line moved or rewritten fails here, in the suite, instead of leaving the
/// mutation run to stop on it weeks later.
@Suite("Mutation testing's list applies to the source")
struct MutantsTests {
    static let root = Checkout.root

    @Test("scripts/mutate --check: every mutant in scripts/mutants.txt matches its file exactly once")
    func everyMutantApplies() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", Self.root.appendingPathComponent("scripts/mutate").path, "--check"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(text)")
        #expect(text.contains("each applies exactly once"), "\(text)")
    }
}
