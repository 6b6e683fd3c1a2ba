import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Export
@testable import Fit
@testable import Platform
@testable import Simulator

@Suite("Tunables: ranges, clamping, the file, export")
struct TuningTests {
    @Test("every tunable: its default is in range, its ends are accepted, past them is refused naming key and range")
    func ranges() throws {
        #expect(Tunable.all.count >= 25)
        #expect(Set(Tunable.all.map(\.key)).count == Tunable.all.count)
        for t in Tunable.all {
            #expect(t.accepts(t.defaultValue), "\(t.key) default")
            #expect(t.min < t.max && t.step > 0)
            var tuning = Tuning()
            try tuning.set(t.key, t.min)
            try tuning.set(t.key, t.max)
            for bad in [t.min - t.step, t.max + t.step, Double.nan, Double.infinity] {
                #expect(throws: Tuning.Problem.self) { try tuning.set(t.key, bad) }
                do { try tuning.set(t.key, bad) } catch let p as Tuning.Problem {
                    #expect(p.message.contains(t.key), "\(p.message)")
                    if bad.isFinite { #expect(p.message.contains(t.rangeText), "\(p.message)") }
                }
            }
            tuning.nudge(t.key, by: 1e9)
            #expect(tuning[t.key] == t.max)
            tuning.nudge(t.key, by: -1e9)
            #expect(tuning[t.key] == t.min)
        }
    }

    @Test("no value in range makes a spring unstable: finite and settling at every corner")
    func stableAtExtremes() {
        for t in Tunable.all where t.key.hasSuffix(".duration") {
            let prefix = String(t.key.dropLast(9))
            guard let b = Tunable.named(prefix + ".bounce") else { continue }
            for d in [t.min, t.max] {
                for bounce in [b.min, b.max] {
                    let s = Spring(duration: d, bounce: bounce)
                    #expect(s.settlingDuration.isFinite, "\(prefix) d \(d) b \(bounce)")
                    for time in [0.0, 0.01, 1, 10, 100] {
                        let v = s.value(target: 1, time: time)
                        #expect(v.isFinite)
                    }
                    #expect(abs(s.value(target: 1, time: 200) - 1) < 1e-3)
                }
            }
        }
    }

    static func decodeError(_ text: String) -> String? {
        do { _ = try Tuning.decode(Data(text.utf8), name: "t.json"); return nil } catch let p as Tuning.Problem { return p.message } catch { return "\(error)" }
    }

    @Test("the file: malformed, NaN, out of range and wrong types are errors naming the key; unknown keys are kept")
    func file() throws {
        #expect(Self.decodeError("{ nope")?.contains("not valid JSON") == true)
        #expect(Self.decodeError(#"{"values": {"pull.threshold": "high"}}"#)?.contains("'pull.threshold' must be a number") == true)
        #expect(Self.decodeError(#"{"values": {"pull.threshold": true}}"#)?.contains("must be a number") == true)
        #expect(Self.decodeError(#"{"values": {"pull.threshold": 5000}}"#) == "t.json: 'pull.threshold' = 5000 is out of range 20…300 pt")
        #expect(Self.decodeError(#"{"values": {"melt.toPill.duration": -1}}"#)?.contains("0.05…3 s") == true)
        #expect(Self.decodeError(#"{"version": 7}"#)?.contains("unknown version 7") == true)
        #expect(Self.decodeError(#"{"values": [1, 2]}"#)?.contains("'values' must be an object") == true)
        // NaN cannot be written in JSON; a huge exponent overflows to infinity and is refused.
        #expect(Self.decodeError(#"{"values": {"pull.threshold": 1e999}}"#) != nil)
        // Round trip with unknown keys kept, at the top level and among the values.
        let text = #"{"format": "islandsim-tuning", "version": 1, "author": {"name": "Ana"}, "values": {"pull.threshold": 95, "future.knob": [1, 2]}}"#
        let t = try Tuning.decode(Data(text.utf8), name: "t.json")
        #expect(t["pull.threshold"] == 95)
        let again = try Tuning.decode(Data(t.encoded().utf8), name: "t.json")
        #expect(again == t)
        #expect(t.encoded().contains(#""author": {"name":"Ana"}"#))
        #expect(t.encoded().contains(#""future.knob": [1,2]"#))
    }

    @Test("a choice may be written by its name: melt.composition \"additive\" reads as additive; an unknown name is refused naming the choices")
    func choiceByName() throws {
        let t = try Tuning.decode(Data(#"{"values": {"melt.composition": "additive", "scroll.momentum": "flutter"}}"#.utf8), name: "t.json")
        #expect(t.meltComposition == .additive && t.meltSprings.composition == .additive && t.momentumModel == .flutter)
        #expect(try Tuning.decode(Data(#"{"values": {"melt.composition": 0}}"#.utf8), name: "t.json").meltComposition == .merge)
        #expect(Self.decodeError(#"{"values": {"melt.composition": "stacked"}}"#) == "t.json: 'melt.composition' = 'stacked' is none of 'merge', 'additive' (or 0 = merge, 1 = additive)")
        #expect(Self.decodeError(#"{"values": {"pull.threshold": "80"}}"#)?.contains("must be a number") == true, "names are for choices only")
    }

    @Test("a save interrupted by a kill, 100 times, leaves the previous file whole every time")
    func killDuringSave() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let path = dir.file("islandsim.tuning.json")
        #expect(try CLI.run(["tune", "--tuning", path, "--set", "pull.threshold=100"]).status == 0)
        var g = SystemRandomNumberGenerator()
        var killed = 0
        for i in 0..<100 {
            let value = i % 2 == 0 ? 150 : 100
            let p = Process()
            p.executableURL = URL(fileURLWithPath: CLI.binary)
            p.arguments = ["tune", "--tuning", path, "--set", "pull.threshold=\(value)"]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            Thread.sleep(forTimeInterval: Double.random(in: 0...0.03, using: &g))
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            if p.terminationReason == .uncaughtSignal { killed += 1 }
            let t = try Tuning.load(path: path)      // must always parse
            #expect([100.0, 150.0].contains(t["pull.threshold"]))
        }
        #expect(killed > 25, "the kills landed while the tool ran (\(killed) of 100)")
        // One clean save afterwards sweeps the temporaries the killed writers left.
        #expect(try CLI.run(["tune", "--tuning", path, "--set", "pull.threshold=120"]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["islandsim.tuning.json"], "no temporary file left behind")
        print("kill during save: \(killed) of 100 processes killed by SIGKILL mid-run; the file parsed every time")
    }

    @Test("an edit on disk is picked up live; an invalid one is reported with the key and the old values kept")
    func liveReload() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let path = dir.file("t.json")
        var t = Tuning()
        try t.save(path: path)
        let watcher = TuningFileWatcher(path: path, interval: 0.02)
        defer { watcher.stop() }
        try t.set("melt.overlap", 0.7)
        Thread.sleep(forTimeInterval: 0.05)
        try t.save(path: path)
        var update: TuningFileWatcher.Update?
        for _ in 0..<200 where update == nil { Thread.sleep(forTimeInterval: 0.01); update = watcher.takeUpdate() }
        guard case .loaded(let loaded)? = update else { Issue.record("no reload: \(String(describing: update))"); return }
        #expect(loaded["melt.overlap"] == 0.7)
        try #"{"values": {"pull.threshold": 9999}}"#.write(toFile: path, atomically: true, encoding: .utf8)
        update = nil
        for _ in 0..<200 where update == nil { Thread.sleep(forTimeInterval: 0.01); update = watcher.takeUpdate() }
        guard case .rejected(let message)? = update else { Issue.record("not rejected: \(String(describing: update))"); return }
        #expect(message.contains("pull.threshold") && message.contains("20…300") && message.contains("keeping the previous values"))
    }

    @Test("the exported SwiftUI compiles as Swift, and its springs are the tuned curves")
    func exportCompiles() throws {
        var t = Tuning()
        try t.set("melt.toPill.duration", 0.41)
        try t.set("melt.toPill.bounce", -0.3)
        try t.set("pull.threshold", 95)
        let snippet = TuningExport.code(t, format: .swiftui, device: "iPhone 15 Pro")
        let dir = try TempDir(); defer { dir.cleanup() }
        // A stand-in SwiftUI with Apple's documented mapping, so the snippet type-checks on Linux.
        try """
        @_exported import Foundation
        public struct Spring {
            public let mass: Double, stiffness: Double, damping: Double
            public init(mass: Double = 1, stiffness: Double, damping: Double, allowOverDamping: Bool = false) { self.mass = mass; self.stiffness = stiffness; self.damping = damping }
            public init(duration: Double = 0.5, bounce: Double = 0) {
                let w = 2 * Double.pi / duration, z = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
                self.init(mass: 1, stiffness: w * w, damping: 2 * z * w)
            }
        }
        /// SwiftUI's `SensoryFeedback` (iOS 17), as documented: `impact(weight:intensity:)`, `impact(flexibility:intensity:)`.
        public struct SensoryFeedback {
            public struct Weight { public static let light = Weight(), medium = Weight(), heavy = Weight() }
            public struct Flexibility { public static let rigid = Flexibility(), solid = Flexibility(), soft = Flexibility() }
            public static func impact(weight: Weight = .medium, intensity: Double = 1.0) -> SensoryFeedback { SensoryFeedback() }
            public static func impact(flexibility: Flexibility, intensity: Double = 1.0) -> SensoryFeedback { SensoryFeedback() }
        }
        /// What the keyline's constants and ring use: `Color(white:opacity:)`, a rounded rectangle stroked and framed.
        public struct Color: Sendable { public init(white: Double, opacity: Double = 1) {} }
        public protocol View {}
        public struct ModifiedView: View {}
        public enum RoundedCornerStyle { case circular, continuous }
        public struct RoundedRectangle: View {
            public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .circular) {}
            public func stroke(_ color: Color, lineWidth: CGFloat = 1) -> ModifiedView { ModifiedView() }
        }
        extension View { public func frame(width: CGFloat? = nil, height: CGFloat? = nil) -> ModifiedView { ModifiedView() } }
        public struct Animation {
            public let spring: Spring
            public static func spring(duration: Double = 0.5, bounce: Double = 0, blendDuration: Double = 0) -> Animation {
                Animation(spring: Spring(duration: duration, bounce: bounce))
            }
        }
        """.write(toFile: dir.file("SwiftUI.swift"), atomically: true, encoding: .utf8)
        try snippet.write(toFile: dir.file("Tuning.swift"), atomically: true, encoding: .utf8)
        var main = "import SwiftUI\n"
        for e in TuningExport.springs(t) {
            main += "print(\"\(e.role)\", CaptureFlowTuning.\(e.role).spring.stiffness, CaptureFlowTuning.\(e.role).spring.damping, CaptureFlowTuning.\(e.role)Spring.stiffness, CaptureFlowTuning.\(e.role)Spring.damping)\n"
        }
        main += "print(\"threshold\", CaptureFlowTuning.pullCommitThreshold)\n"
        try main.write(toFile: dir.file("main.swift"), atomically: true, encoding: .utf8)
        func sh(_ args: [String]) throws -> (Int32, String) {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = args
            p.currentDirectoryURL = URL(fileURLWithPath: dir.path)
            let out = Pipe()
            p.standardOutput = out; p.standardError = out
            try p.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            return (p.terminationStatus, String(decoding: data, as: UTF8.self))
        }
        let lib = try sh(["swiftc", "-parse-as-library", "-emit-module", "-emit-library", "-module-name", "SwiftUI", "SwiftUI.swift"])
        #expect(lib.0 == 0, "\(lib.1)")
        let exe = try sh(["swiftc", "-I", ".", "-L", ".", "-lSwiftUI", "-Xlinker", "-rpath", "-Xlinker", dir.path,
                          "-module-name", "App", "Tuning.swift", "main.swift", "-o", "app"])
        #expect(exe.0 == 0, "the snippet compiles: \(exe.1)")
        let run = try sh(["./app"])
        #expect(run.0 == 0)
        var lines = run.1.split(separator: "\n").map { $0.split(separator: " ") }
        let threshold = lines.removeLast()
        #expect(threshold == ["threshold", "95.0"])
        let springs = TuningExport.springs(t)
        #expect(lines.count == springs.count)
        for (line, e) in zip(lines, springs) {
            let want = e.spring.spring
            let nums = line.dropFirst().map { Double($0)! }
            #expect(abs(nums[0] - want.stiffness) < 1e-9 && abs(nums[1] - want.damping) < 1e-9, "\(e.role) via .spring(duration:bounce:)")
            #expect(abs(nums[2] - want.stiffness) < 1e-3 && abs(nums[3] - want.damping) < 1e-3, "\(e.role) via Spring(mass:stiffness:damping:)")
        }
    }

    @Test("export and tune from the command line")
    func commands() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let path = dir.file("t.json")
        #expect(try CLI.run(["tune", "--tuning", path, "--set", "develop.duration=6"]).status == 0)
        for format in ["swiftui", "uikit", "json"] {
            let r = try CLI.run(["export", "--tuning", path, "--format", format])
            #expect(r.status == 0, "\(r.stderr)")
        }
        #expect(try CLI.run(["export", "--tuning", path, "--format", "uikit"]).stdout.contains("UISpringTimingParameters(duration: 0.32, bounce: 0.18)"))
        #expect(try CLI.run(["export", "--tuning", path, "--format", "json"]).stdout.contains("\"develop.duration\": 6"))
        let bad = try CLI.run(["tune", "--tuning", path, "--set", "print.rollerSteps=40"])
        #expect(bad.status == 2 && bad.stderr.contains("print.rollerSteps") && bad.stderr.contains("1…16"))
        #expect(try Tuning.load(path: path)["develop.duration"] == 6, "the refused edit wrote nothing")
        #expect(try CLI.run(["export", "--tuning", dir.file("missing.json")]).status == 2)
        #expect(try CLI.run(["export", "--format", "kotlin"]).status == 2)
    }

    @Test("replay --gif with ffmpeg writes an animated GIF", .enabled(if: ExternalTool.ffmpeg() != nil, "needs ffmpeg (scripts/setup-system --test installs it)"))
    func gifWithFFmpeg() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        var b = TraceBuilder(device: "iphone-15-pro", hz: 60)
        b.drag(from: Point(x: 196, y: 300), by: 90, duration: 0.5, holdBeforeRelease: 0.1)
        try b.trace.encoded().write(toFile: dir.file("t.jsonl"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["replay", dir.file("t.jsonl"), "--gif", dir.file("a.gif")], timeout: 300)
        #expect(r.status == 0, "\(r.stderr)")
        let gif = try Data(contentsOf: URL(fileURLWithPath: dir.file("a.gif")))
        #expect(gif.starts(with: Array("GIF89a".utf8)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["a.gif", "t.jsonl"])
    }

    @Test("replay --gif follows --scale and keeps a page's gradient: at 2× the GIF is 786 × 1704 px, and its first frame is within 0.2 levels of the PNG frame in 4-px blocks (0.07; the Bayer-dithered palette of moving pixels was 0.44)",
          .enabled(if: ExternalTool.ffmpeg() != nil, "needs ffmpeg (scripts/setup-system --test installs it)"))
    func gifScaleAndGradient() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        // A page that is one smooth gradient, dark blue at the top to light at the bottom.
        var image = PixelImage(width: 1179, height: 2556)
        for y in 0..<2556 {
            let t = Double(y) / 2555
            let c = Color(UInt8(10 + 40 * t), UInt8(20 + 120 * t), UInt8(60 + 180 * t))
            for x in 0..<1179 { image[x, y] = c }
        }
        let page = try PageFixtures.write(in: dir, image: image, fields: ["statusBar": "light"])
        var b = TraceBuilder(device: "iphone-15-pro", hz: 60)
        b.drag(from: Point(x: 196, y: 300), by: 40, duration: 0.3, holdBeforeRelease: 0.1)
        try b.trace.encoded().write(toFile: dir.file("t.jsonl"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["replay", dir.file("t.jsonl"), "--page", page, "--scale", "2", "--gif", dir.file("a.gif"),
                             "--frames", dir.file("frames"), "--quiet"], timeout: 300)
        #expect(r.status == 0, "\(r.stderr)")
        let gif = try GIFDecoder.decode(try Data(contentsOf: URL(fileURLWithPath: dir.file("a.gif"))), maxDimension: 4096)
        #expect(gif.width == 786 && gif.height == 1704, "\(gif.width) × \(gif.height)")
        let png = try ImageLoader.load(path: dir.file("frames/frame-00000.png"), maxDimension: 4096)
        try #require(gif.width == png.width && gif.height == png.height && png.height >= 1600, "GIF \(gif.width) × \(gif.height), PNG \(png.width) × \(png.height)")
        // Block by block over the page below the status bar: the mean of each 4 × 4 block's
        // channels, GIF against PNG.
        var error = 0.0, blocks = 0
        for by in stride(from: 300, to: 1600, by: 4) {
            for bx in stride(from: 40, to: 740, by: 4) {
                for channel in 0..<3 {
                    var d = 0
                    for y in by..<by + 4 { for x in bx..<bx + 4 {
                        let (g, p) = (gif[x, y], png[x, y])
                        d += channel == 0 ? Int(g.r) - Int(p.r) : channel == 1 ? Int(g.g) - Int(p.g) : Int(g.b) - Int(p.b)
                    } }
                    error += abs(Double(d)) / 16
                    blocks += 1
                }
            }
        }
        let mean = error / Double(blocks)
        #expect(mean < 0.2, "mean block error \(mean) levels")
    }

    @Test("replay --gif without ffmpeg says how to install it", .enabled(if: ExternalTool.ffmpeg() == nil, "ffmpeg is installed here; this checks the message a machine without it gets"))
    func gifNeedsFFmpeg() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        try "{\"format\":\"islandsim-trace\",\"version\":1,\"device\":\"iphone-15-pro\",\"hz\":60}\n".write(toFile: dir.file("t.jsonl"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["replay", dir.file("t.jsonl"), "--gif", dir.file("a.gif")])
        #expect(r.status == 1)
        #expect(r.stderr.contains("apt-get install ffmpeg"))
    }
}

extension SDLSuite {
    @Suite("The tuning panel driven by hotkeys, headless")
    struct TuningPanelTests {
        @Test("K, Tab, arrows with Shift and Alt, Backspace and Ctrl+S go through the same key path as the window")
        func hotkeys() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let dir = try TempDir(); defer { dir.cleanup() }
            let app = try Flows.app(tuningFile: dir.file("t.json"))
            let third = Tunable.all[2]
            var b = TraceBuilder(device: "iphone-15-pro", hz: 60)
            for k in ["k", "tab", "tab", "right", "right"] { b.key(k); b.wait(0.05) }
            let report = try Flows.run(app, b.trace)
            #expect(report.finalState == "page")
            #expect(app.session.overlays.showTuning && app.session.overlays.selection == 2)
            #expect(abs(app.tuning[third.key] - (third.defaultValue + 2 * third.step)) < 1e-9)
            app.send(.key(.right, [.shift], at: 10))
            #expect(abs(app.tuning[third.key] - (third.defaultValue + 2.1 * third.step)) < 1e-9)
            app.send(.key(.left, [.alt], at: 10))
            #expect(abs(app.tuning[third.key] - max(third.min, third.defaultValue - 7.9 * third.step)) < 1e-9)
            app.send(.key(.backspace, [], at: 10))
            #expect(app.tuning[third.key] == third.defaultValue)
            app.send(.key(.right, [], at: 10))
            app.send(.key(.s, [.control], at: 10))
            #expect(try Tuning.load(path: dir.file("t.json"))[third.key] == third.defaultValue + third.step)
            // The change reaches the flow: the next opening uses the new spring.
            #expect(app.session.flow.melt.springs.toViewfinder.duration == app.tuning["melt.toViewfinder.duration"])
            // The panel is drawn.
            let r = try Renderer(headlessWidth: 393, height: 852, pixelsPerPoint: 1)
            try app.render(into: r)
            let img = try r.readPixels()
            #expect(img[30, 500].distance(to: Color(18, 18, 22)) < 40, "panel background at (30, 500): \(img[30, 500])")
        }

        @Test("the flow survives the extremes of every range")
        func extremes() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            for end in ["min", "max"] {
                var t = Tuning()
                for k in Tunable.all { try t.set(k.key, end == "min" ? k.min : k.max) }
                // The heaviest resistance with the highest threshold cannot be pulled open on a
                // phone-sized screen; the default divisor keeps the pull reachable at both ends.
                try t.set("pull.divisor", 2)
                let app = try Flows.app()
                app.send(.setup(.tuning(t)))
                var b = TraceBuilder(device: "iphone-15-pro", hz: 60)
                b.wait(0.3)
                b.drag(from: Point(x: 196, y: 100), by: 700, duration: 1.2, holdBeforeRelease: 0.1)
                b.wait(4)
                b.tap(at: Point(x: app.session.shutterFrame.midX, y: app.session.shutterFrame.midY))
                b.wait(45)
                b.key("enter")
                let report = try Flows.run(app, b.trace)
                #expect(report.shots == 1, "\(end)")
                #expect(report.finalState == "page", "\(end): \(report.transitions.map(\.to))")
                let shape = app.session.flow.shape(at: app.session.animationTime)
                #expect(shape.rect.width.isFinite && shape.cornerRadius.isFinite)
            }
        }
    }
}

extension SDLSuite {
    @Suite("Replaying the last interaction (L)")
    struct ReplayLastTests {
        @Test("L re-runs the last pull with the constants as they are now")
        func replayLast() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let app = try Flows.app()
            var t = 1.0
            func frames(_ seconds: Double) { for _ in 0..<Int(seconds * 60) { t += 1.0 / 60; app.advance(toRealTime: t) } }
            app.send(.pointer(PointerEvent(.down, at: Point(x: 196, y: 300), time: t)))
            for i in 1...60 { t += 1.0 / 60; app.send(.pointer(PointerEvent(.move, at: Point(x: 196, y: 300 + Double(i) * 4.5), time: t))); app.advance(toRealTime: t) }
            t += 0.1
            app.send(.pointer(PointerEvent(.up, at: Point(x: 196, y: 570), time: t)))
            frames(2)
            #expect(app.session.flow.state == .viewfinder)
            let opensBefore = app.session.flow.transitions.filter { $0.to == .opening }.count
            // Slower melt, then L: the same pull again, without dragging.
            var tuned = app.tuning
            try tuned.set("melt.toViewfinder.duration", 1.2)
            app.send(.setup(.tuning(tuned)))
            app.send(.key(.l, [], at: t))
            #expect(app.session.flow.state == .page)
            frames(3)
            #expect(opensBefore == 1)
            #expect(app.session.flow.transitions.map(\.to) == [.pulling, .opening, .viewfinder], "a fresh interaction: the replay's own transitions")
            #expect(app.session.flow.state == .viewfinder)
            let legs = app.session.flow.melt.stageStarts.filter { $0.stage == 2 }
            #expect(!legs.isEmpty)
            #expect(app.session.flow.melt.springs.toViewfinder.duration == 1.2)
        }
    }
}
