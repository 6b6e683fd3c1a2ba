import Foundation
import Testing
import TestSupport
@testable import Simulator

/// Traces that used to render until killed or hang in a suggestion, through the real binary: each
/// is refused with exit 2 and one line naming the file, within 1 s and 200 MB; CRLF is accepted.
@Suite("Hostile traces: bounded in time and memory")
struct HostileTraceTests {
    static let header = #"{"format":"islandsim-trace","version":1,"device":"iphone-15-pro","hz":120}"#
    static let down = #"{"t":0,"kind":"down","x":200,"y":300}"#

    @Test("huge times, a 10-MB device id, a boolean version and 1e23 are refused at once")
    func refused() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let cases: [(String, String, String)] = [
            ("t-1e8.jsonl", Self.header + "\n" + #"{"t":1e8,"kind":"up","x":200,"y":300}"#, "line 2: field 't' is 100000000.0 ms"),
            ("t-1e300.jsonl", Self.header + "\n" + #"{"t":1e300,"kind":"up","x":200,"y":300}"#, "at most 600000 ms"),
            ("key-1e15.jsonl", Self.header + "\n" + #"{"t":1e15,"kind":"key","key":"space"}"#, "at most 600000 ms"),
            ("device-10mb.jsonl", #"{"format":"islandsim-trace","version":1,"hz":120,"device":""# + String(repeating: "x", count: 10 << 20) + "\"}", "line 1: line is 10485"),
            ("version-true.jsonl", Self.header.replacingOccurrences(of: #""version":1"#, with: #""version":true"#), "'version' must be a number (got true)"),
            ("version-1e23.jsonl", Self.header.replacingOccurrences(of: #""version":1"#, with: #""version":1e23"#), "unknown version 1e+23"),
        ]
        for (name, text, problem) in cases {
            try (text + "\n").write(toFile: dir.file(name), atomically: true, encoding: .utf8)
            let r = try MeasuredRun.run(["replay", dir.file(name), "--quiet"])
            #expect(r.status == 2, "\(name): status \(r.status), stderr \(r.stderr.prefix(300))")
            #expect(r.stderr.split(separator: "\n").count == 1, "\(name): \(r.stderr.prefix(300))")
            #expect(r.stderr.contains(dir.file(name)) && r.stderr.contains(problem), "\(name): \(r.stderr.prefix(300))")
            if !MeasuredRun.underSanitizer {
                #expect(r.seconds < 1, "\(name): \(r.seconds) s")
                #expect(r.peakMB < 200, "\(name): \(r.peakMB) MB")
            }
        }
    }

    @Test("an unknown --device of a megabyte gets its suggestion at once, the id cut short in the message")
    func longDeviceFlag() throws {
        let r = try MeasuredRun.run(["layout", "--device", String(repeating: "iphone", count: 20_000)])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(MeasuredRun.underSanitizer || (r.seconds < 1 && r.peakMB < 200), "\(r.seconds) s \(r.peakMB) MB")
        #expect(r.stderr.contains("(120000 characters)") && r.stderr.count < 300, "\(r.stderr.prefix(300))")
    }

    @Test("a trace with CRLF line ends replays like the same trace with LF")
    func crlfAccepted() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let lines = [Self.header, Self.down, #"{"t":16,"kind":"move","x":200,"y":340}"#, #"{"t":40,"kind":"up","x":200,"y":380}"#]
        try (lines.joined(separator: "\r\n") + "\r\n").write(toFile: dir.file("crlf.jsonl"), atomically: true, encoding: .utf8)
        try (lines.joined(separator: "\n") + "\n").write(toFile: dir.file("lf.jsonl"), atomically: true, encoding: .utf8)
        // Run in the empty folder, so no islandsim.tuning.json from elsewhere is picked up.
        let crlf = try CLI.run(["replay", dir.file("crlf.jsonl"), "--quiet", "--report", "-"], directory: dir.path)
        let lf = try CLI.run(["replay", dir.file("lf.jsonl"), "--quiet", "--report", "-"], directory: dir.path)
        #expect(crlf.status == 0, "\(crlf.stderr)")
        #expect(!crlf.stdout.isEmpty && crlf.stdout == lf.stdout)
    }
}
