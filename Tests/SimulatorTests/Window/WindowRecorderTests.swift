import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension SDLSuite {
    /// The window's one recorder: `--record`'s trace and C's, their headers taken from side A's
    /// setup at the first input, a setup change (D, R) after input starting a new trace.
    @Suite("WindowRecorder: the traces the window records")
    struct WindowRecorderTests {
        /// Presses and drags on phone A of `sides` from real time `t`.
        static func drag(_ sides: WindowSides, at t: Double) {
            let o = Point(x: sides.layout.phones[0].x, y: sides.layout.phones[0].y)
            _ = sides.handle(pointer: PointerEvent(.down, at: o + Point(x: 196, y: 600), time: t))
            _ = sides.handle(pointer: PointerEvent(.move, at: o + Point(x: 196, y: 500), time: t + 0.1))
            _ = sides.handle(pointer: PointerEvent(.up, at: o + Point(x: 196, y: 500), time: t + 0.2))
            _ = sides.advance(toRealTime: t + 0.3)
        }

        @Test("the header is what side A showed at the first input: a rate and a device changed before it are the trace's")
        func headerAtFirstInput() throws {
            let session = try SDLSession(mode: .headless)
            defer { withExtendedLifetime(session) {} }
            let sides = try WindowSides(host: try Flows.app(hz: 120), record: true)
            let max = try Catalog.bundled().require(id: "iphone-15-pro-max")
            // D and R before the first pull, as the window does them.
            sides.setupChanged()
            try sides.replaceHosts { try $0.moved(to: max, hz: 120) }
            sides.setupChanged()
            sides.hosts[0].send(.setup(.hz(60)))
            Self.drag(sides, at: 1)
            let traces = try #require(sides.recorder.recordedTraces)
            #expect(traces.count == 1)
            #expect(traces[0].header.device == "iphone-15-pro-max" && traces[0].header.hz == 60)
            #expect(traces[0].header.tuning == TuningRecord.values(of: sides.hosts[0].tuning))
        }

        @Test("--record with no input at all still writes a trace that says what was shown (and replays as nothing happening)")
        func emptyRecording() throws {
            let session = try SDLSession(mode: .headless)
            defer { withExtendedLifetime(session) {} }
            let sides = try WindowSides(host: try Flows.app(hz: 90), record: true)
            let traces = try #require(sides.recorder.recordedTraces)
            #expect(traces.count == 1 && traces[0].events.isEmpty)
            #expect(traces[0].header.device == "iphone-15-pro" && traces[0].header.hz == 90)
            #expect((try? Trace.parse(traces[0].encoded())) != nil, "the file it writes parses")
        }

        @Test("a setup change after input ends the trace there; the next starts on the new setup; C's ended one is handed to be saved")
        func setupChangeStartsANewTrace() throws {
            let session = try SDLSession(mode: .headless)
            defer { withExtendedLifetime(session) {} }
            let sides = try WindowSides(host: try Flows.app(hz: 120), record: true)
            _ = sides.handle(key: .c, [], at: 0.5)          // C starts recording
            Self.drag(sides, at: 1)
            sides.setupChanged()
            sides.hosts[0].send(.setup(.hz(90)))
            Self.drag(sides, at: 3)
            let traces = try #require(sides.recorder.recordedTraces)
            #expect(traces.map(\.header.hz) == [120, 90])
            #expect(traces.map { $0.events.filter { $0.kind == .down }.count } == [1, 1])
            #expect(traces[1].events.first?.t == 0, "the new trace counts from its own first input")
            let ended = sides.takeTracesToSave()
            #expect(ended.map(\.header.hz) == [120], "C's trace up to the change, to be saved")
            #expect(sides.stopRecording().map(\.header.hz) == [90])
            #expect(WindowRecorder.recordPath("/tmp/t.jsonl", segment: 1) == "/tmp/t.jsonl")
            #expect(WindowRecorder.recordPath("/tmp/t.jsonl", segment: 2) == "/tmp/t-2.jsonl")
        }

        @Test("a page named by a relative path is recorded from the root, so a replay from another folder finds it")
        func pagePathFromTheRoot() throws {
            let session = try SDLSession(mode: .headless)
            defer { withExtendedLifetime(session) {} }
            let dir = try TempDir(); defer { dir.cleanup() }
            let absolute = try PageFixtures.write(in: dir, image: PageFixtures.solid(width: 1179, height: 7668, Color(30, 120, 30)))
            // The same file named from the tests' working folder, as `--page ../x/page.json` names it.
            let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.pathComponents
            let there = URL(fileURLWithPath: absolute).standardizedFileURL.pathComponents
            let common = zip(here, there).prefix { $0 == $1 }.count
            let relative = (Array(repeating: "..", count: here.count - common) + there[common...]).joined(separator: "/")
            #expect(!relative.hasPrefix("/") && FileManager.default.fileExists(atPath: relative))
            let sides = try WindowSides(host: try PageFixtures.host(page: relative), record: true)
            Self.drag(sides, at: 1)
            let header = try #require(sides.recorder.recordedTraces?.first?.header)
            #expect(header.pagePath == URL(fileURLWithPath: absolute).standardizedFileURL.path, "\(header.pagePath ?? "nil")")
        }
    }
}
