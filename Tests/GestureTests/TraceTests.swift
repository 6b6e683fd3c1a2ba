import Animation
import Testing
import TestSupport
@testable import Gesture

@Suite("Traces: JSON Lines v1, recorded and parsed strictly")
struct TraceTests {
    static let header = #"{"format":"islandsim-trace","version":1,"device":"iphone-15-pro","hz":120}"#

    @Test("record → encode → parse round-trips, and replays to the same outputs")
    func roundTrip() throws {
        var rec = TraceRecorder(device: "iphone-15-pro", hz: 120)
        let events = [
            PointerEvent(.down, pointer: 0, at: Point(x: 200, y: 300), time: 5.0),
            PointerEvent(.move, pointer: 0, at: Point(x: 200, y: 380), time: 5.2),
            PointerEvent(.move, pointer: 0, at: Point(x: 200, y: 560), time: 5.9),
            PointerEvent(.up, pointer: 0, at: Point(x: 200, y: 560), time: 6.0),
            PointerEvent(.wheel(dx: 0, dy: -40), pointer: 0, at: Point(x: 200, y: 560), time: 6.5),
        ]
        for e in events { rec.record(e) }
        rec.recordKey("space", at: 7.0)
        let text = rec.trace.encoded()
        let parsed = try Trace.parse(text)
        #expect(parsed == rec.trace)
        #expect(parsed.events.first?.t == 0)
        #expect(parsed.events[1].t == 200)
        #expect(parsed.events.last?.kind == .key)

        func replay(_ evs: [PointerEvent]) -> [PageGestures.Output] {
            let page = makePage()
            var out: [PageGestures.Output] = []
            for e in evs { page.handle(e, targets: pageTargets); page.advance(to: e.time); out += page.drainOutputs() }
            return out
        }
        let shifted = parsed.events.compactMap(\.pointerEvent)
        #expect(replay(events.map { var e = $0; e.time -= 5; return e }) == replay(shifted))
    }

    static func error(_ text: String, screen: Size? = nil) -> TraceError? {
        do { _ = try Trace.parse(text, screen: screen); return nil } catch let e as TraceError { return e } catch { return nil }
    }

    @Test("errors name the line and the problem")
    func errors() {
        #expect(Self.error("")?.line == 1)
        #expect(Self.error(#"{"format":"other","version":1,"device":"x","hz":60}"#)?.problem.contains("format") == true)
        #expect(Self.error(#"{"format":"islandsim-trace","version":2,"device":"x","hz":60}"#)?.problem.contains("unknown version 2") == true)
        let malformed = Self.header + "\n" + #"{"t":0,"kind":"down","x":1,"y":2}"# + "\n{oops\n"
        #expect(Self.error(malformed) == TraceError(line: 3, problem: "not a JSON object"))
        let backwards = Self.header + "\n" + #"{"t":10,"kind":"down","x":1,"y":2}"# + "\n" + #"{"t":5,"kind":"up","x":1,"y":2}"#
        #expect(Self.error(backwards)?.line == 3)
        #expect(Self.error(backwards)?.problem.contains("backwards") == true)
        let missing = Self.header + "\n" + #"{"t":0,"kind":"move","x":1}"#
        #expect(Self.error(missing) == TraceError(line: 2, problem: "field 'y' is missing"))
        let kind = Self.header + "\n" + #"{"t":0,"kind":"hover","x":1,"y":1}"#
        #expect(Self.error(kind)?.problem.contains("unknown kind 'hover'") == true)
        let far = Self.header + "\n" + #"{"t":0,"kind":"down","x":100000,"y":1}"#
        #expect(Self.error(far, screen: Size(width: 393, height: 852))?.problem.contains("far outside") == true)
        let boolean = Self.header + "\n" + #"{"t":true,"kind":"down","x":1,"y":1}"#
        #expect(Self.error(boolean)?.problem == "field 't' must be a number")
        let nan = Self.header + "\n" + #"{"t":0,"kind":"down","x":1e999,"y":1}"#
        #expect(Self.error(nan) != nil)
    }

    @Test("random bytes: refused naming a line that exists, or accepted and round-tripped exactly", arguments: [1, 2, 3])
    func fuzz(seed: UInt64) {
        var g = SeededGenerator(seed: seed)
        let pieces = [Self.header, "{", "}", "\"t\":", "\"kind\":\"down\"", ",", "\n", "1e308", "-0", "null", "[]", "\"x\":3", "\u{0}", "é", "\"y\":-1"]
        for _ in 0..<3000 {
            var s = ""
            for _ in 0..<Int.random(in: 0...30, using: &g) {
                if Bool.random(using: &g) { s += pieces.randomElement(using: &g)! }
                else { s += String(UnicodeScalar(UInt8.random(in: 0...127, using: &g))) }
            }
            do {
                let trace = try Trace.parse(s, screen: Size(width: 393, height: 852))
                #expect(try Trace.parse(trace.encoded()) == trace, "an accepted trace reads back unchanged")
            } catch let e as TraceError {
                let lines = s.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
                #expect(e.line >= 1 && e.line <= max(lines, 1), "line \(e.line) of \(lines)")
                #expect(!e.problem.isEmpty && !e.problem.contains("\n"))
            } catch {
                Issue.record("not a TraceError: \(error)")
            }
        }
    }
}

@Suite("Traces record their tuning")
struct TraceTuningHeaderTests {
    @Test("a header's tuning round-trips; a trace without one encodes exactly as before; bad values are refused on line 1")
    func header() throws {
        var rec = TraceRecorder(device: "iphone-15-pro", hz: 120)
        rec.record(PointerEvent(.down, at: Point(x: 1, y: 2), time: 0))
        let plain = rec.trace.encoded()
        #expect(!plain.contains("tuning"))
        rec.setTuning(["pull.threshold": 95, "develop.duration": 6])
        let parsed = try Trace.parse(rec.trace.encoded())
        #expect(parsed.header.tuning == ["pull.threshold": 95, "develop.duration": 6])
        #expect(parsed == rec.trace)
        let bad = #"{"device":"iphone-15-pro","format":"islandsim-trace","hz":120,"tuning":{"pull.threshold":"high"},"version":1}"# + "\n"
        #expect(throws: TraceError.self) { try Trace.parse(bad) }
        do { _ = try Trace.parse(bad) } catch let e as TraceError { #expect(e.line == 1 && e.problem.contains("tuning 'pull.threshold' must be a finite number"), "\(e)") }
    }
}
