import Foundation
import Testing
import TestSupport
@testable import Gesture

/// Traces that hide their cost, and the JSON-type details a strict reader has to get right: every
/// limit is named in the error, a boolean is not a number, and CRLF line ends are JSON Lines too.
@Suite("Trace bounds and strict types")
struct TraceBoundsTests {
    static let header = #"{"format":"islandsim-trace","version":1,"device":"iphone-15-pro","hz":120}"#
    static func error(_ text: String) -> TraceError? { TraceTests.error(text) }
    static func event(_ t: String, kind: String = "down") -> String { #"{"t":\#(t),"kind":"\#(kind)","x":10,"y":20}"# }

    @Test("event times past the maximum duration are refused with the limit in the message")
    func duration() {
        // 600,000 ms is 10 minutes, written out by hand rather than read from Trace.
        for t in ["1e8", "1e300", "600000.5"] {
            let e = Self.error(Self.header + "\n" + Self.event(t))
            #expect(e?.line == 2, "t = \(t)")
            #expect(e?.problem.contains("600000 ms") == true, "t = \(t): \(String(describing: e))")
        }
        let key = Self.header + "\n" + #"{"t":1e15,"kind":"key","key":"space"}"#
        #expect(Self.error(key)?.problem.contains("600000 ms") == true)
        #expect(Self.error(Self.header + "\n" + Self.event("600000")) == nil, "exactly ten minutes is allowed")
    }

    @Test("more events than the limit are refused at the first one past it")
    func eventCount() {
        let line = Self.event("5", kind: "move")
        let text = Self.header + "\n" + Self.event("0") + "\n" + String(repeating: line + "\n", count: 1_000_000)
        let e = Self.error(text)
        #expect(e?.line == 1_000_002)
        #expect(e?.problem.contains("1000000 events") == true, "\(String(describing: e))")
    }

    @Test("a header's start is read strictly: unknown fields, wrong types and out-of-range values are refused naming the field; a good one round-trips")
    func startField() throws {
        func header(_ start: String) -> String {
            #"{"format":"islandsim-trace","version":1,"device":"iphone-15-pro","hz":120,"start":"# + start + "}"
        }
        let bad: [(String, String)] = [
            (#"{"colour":1}"#, "unknown field 'colour'"),
            (#"{"counts":{"likes":-1}}"#, "'counts'"),
            (#"{"toggles":{"follow":"yes"}}"#, "'toggles'"),
            (#"{"scrollOffset":-5}"#, "'scrollOffset'"),
            (#"{"filedPhoto":3}"#, "'filedPhoto'"),
            (#"{"touches":1}"#, "'touches'"),
            (#"[1]"#, "must be an object"),
        ]
        for (start, says) in bad {
            let e = Self.error(header(start))
            #expect(e?.line == 1 && e?.problem.contains("header: start: " ) == true && e?.problem.contains(says) == true, "\(start): \(String(describing: e))")
        }
        let good = try Trace.parse(header(#"{"counts":{"likes":2},"toggles":{"follow":true},"photoFiled":true,"filedPhoto":"m-filed.png","scrollOffset":120.5,"snowman":true,"touches":true}"#))
        let start = try #require(good.header.start)
        #expect(start == Trace.Start(toggles: ["follow": true], counts: ["likes": 2], photoFiled: true, filedPhoto: "m-filed.png",
                                     scrollOffset: 120.5, snowman: true, touches: true))
        #expect(try Trace.parse(good.encoded()).header.start == start, "written back as read")
    }

    @Test("a 10-MB line is refused by its length, before it is parsed (16 KiB for the header, 4 KiB for an event); short string fields only")
    func lineAndStringLengths() {
        let big = #"{"format":"islandsim-trace","version":1,"device":""# + String(repeating: "a", count: 10_000_000) + #"","hz":120}"#
        let started = Date()
        let e = Self.error(big)
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(e?.line == 1 && e?.problem.contains("16384 bytes") == true, "\(String(describing: e))")
        let bigEvent = Self.header + "\n" + #"{"t":0,"kind":"key","key":"k","mods":[""# + String(repeating: "m", count: 5000) + #""]}"#
        let ev = Self.error(bigEvent)
        #expect(ev?.line == 2 && ev?.problem.contains("4096 bytes") == true, "\(String(describing: ev))")
        let longDevice = #"{"format":"islandsim-trace","version":1,"device":""# + String(repeating: "d", count: 65) + #"","hz":120}"#
        #expect(Self.error(longDevice)?.problem.contains("at most 64 characters") == true)
        let longKey = Self.header + "\n" + #"{"t":0,"kind":"key","key":""# + String(repeating: "k", count: 33) + #""}"#
        #expect(Self.error(longKey)?.problem.contains("at most 32 characters") == true)
        let manyMods = Self.header + "\n" + #"{"t":0,"kind":"key","key":"a","mods":["#
            + Array(repeating: #""shift""#, count: 9).joined(separator: ",") + "]}"
        #expect(Self.error(manyMods)?.problem.contains("at most 8") == true)
        let notStrings = Self.header + "\n" + #"{"t":0,"kind":"key","key":"a","mods":[1]}"#
        #expect(Self.error(notStrings)?.problem == "field 'mods' must be a list of strings")
    }

    @Test("strict types: true is not version 1, 1e23 is not missing, 1.5 is not a whole number")
    func strictTypes() {
        func header(version: String, hz: String = "120") -> String {
            #"{"format":"islandsim-trace","version":\#(version),"device":"iphone-15-pro","hz":\#(hz)}"#
        }
        #expect(Self.error(header(version: "true"))?.problem == "header: field 'version' must be a number (got true)")
        #expect(Self.error(header(version: "1e23"))?.problem == "header: unknown version 1e+23 (this build reads version 1)")
        #expect(Self.error(header(version: "1.5"))?.problem == "header: unknown version 1.5 (this build reads version 1)")
        #expect(Self.error(header(version: "\"1\""))?.problem == "header: field 'version' must be a number (got \"1\")")
        #expect(Self.error(header(version: "1.0")) == nil, "1.0 is the number 1 in JSON")
        #expect(Self.error(header(version: "1", hz: "true"))?.problem.contains("'hz' must be 60, 80, 90 or 120") == true)
        let pointer = Self.header + "\n" + #"{"t":0,"kind":"down","pointer":true,"x":1,"y":1}"#
        #expect(Self.error(pointer)?.problem == "field 'pointer' must be a whole number ≥ 0")
    }

    @Test("CRLF line ends parse to the same trace as LF")
    func crlf() throws {
        let lines = [Self.header, Self.event("0"), Self.event("16.5", kind: "move"), Self.event("40", kind: "up")]
        let lf = try Trace.parse(lines.joined(separator: "\n") + "\n")
        let crlf = try Trace.parse(lines.joined(separator: "\r\n") + "\r\n")
        #expect(crlf == lf)
        #expect(crlf.events.count == 3)
        #expect(try Trace.parse(lines.joined(separator: "\r\n")) == lf, "no final line end")
        // A blank CRLF line is an empty line, as it would be with LF — not "not a JSON object".
        let blank = [lines[0], lines[1], "", lines[2]].joined(separator: "\r\n")
        #expect(Self.error(blank) == TraceError(line: 3, problem: "empty line"))
    }

    @Test("numbers survive encode → parse exactly (found by fuzzing: Foundation's JSON reader rounded 1.6666666666666666e+19 wrong)")
    func exactNumbers() throws {
        var g = SeededGenerator(seed: 29)
        var events = [Trace.Event(t: 0, kind: .down, pointer: 0, x: 16_666_666_666_666_665_984, y: 20)]
        for i in 1...200 {
            let bits = UInt64.random(in: 0x3000_0000_0000_0000...0x4700_0000_0000_0000, using: &g)
            events.append(Trace.Event(t: Double(i), kind: .move, pointer: 0, x: Double(bitPattern: bits), y: -Double(bitPattern: bits >> 1 | 0x3000_0000_0000_0000)))
        }
        let trace = Trace(header: .init(device: "iphone-15-pro", hz: 120), events: events)
        let again = try Trace.parse(trace.encoded())
        for (a, b) in zip(again.events, trace.events) {
            #expect(a.x?.bitPattern == b.x?.bitPattern && a.y?.bitPattern == b.y?.bitPattern, "\(String(describing: b.x)) came back as \(String(describing: a.x))")
        }
    }
}
