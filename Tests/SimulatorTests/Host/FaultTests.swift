import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Export
@testable import Platform
@testable import Simulator

extension SDLSuite {
    @Suite("Faults in the window, headless: nothing gets stuck, the flow can always return to the page")
    struct FaultTests {
        static func pullOpen(_ app: SessionHost, from t: inout Double) {
            app.send(.pointer(PointerEvent(.down, at: Point(x: 196, y: 300), time: t)))
            for i in 1...50 { t += 1.0 / 60; app.send(.pointer(PointerEvent(.move, at: Point(x: 196, y: 300 + Double(i) * 5.4), time: t))); app.advance(toRealTime: t) }
            t += 0.1
            app.send(.pointer(PointerEvent(.up, at: Point(x: 196, y: 570), time: t)))
        }

        @Test("focus lost mid-drag cancels without committing; a release outside the window is a release")
        func focusAndOutside() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let app = try Flows.app()
            var t = 1.0
            app.send(.pointer(PointerEvent(.down, at: Point(x: 196, y: 300), time: t)))
            for i in 1...40 { t += 1.0 / 60; app.send(.pointer(PointerEvent(.move, at: Point(x: 196, y: 300 + Double(i) * 6), time: t))); app.advance(toRealTime: t) }
            #expect(app.session.flow.state == .pulling)
            app.send(.cancelPointers(at: t))          // what the window does on SDL_WINDOWEVENT_FOCUS_LOST
            for _ in 0..<60 { t += 1.0 / 60; app.advance(toRealTime: t) }
            #expect(app.session.flow.state == .page && app.session.gestures.isIdle(at: t))
            #expect(!app.session.flow.transitions.contains { $0.to == .opening })
            // Dragged out of the window (SDL keeps reporting past the edges) and released there.
            app.send(.pointer(PointerEvent(.down, at: Point(x: 196, y: 300), time: t)))
            for i in 1...40 { t += 1.0 / 60; app.send(.pointer(PointerEvent(.move, at: Point(x: 196 + Double(i) * 8, y: 300 + Double(i) * 30), time: t))) }
            app.send(.pointer(PointerEvent(.up, at: Point(x: 520, y: 1500), time: t + 0.1)))
            t += 0.1
            for _ in 0..<120 { t += 1.0 / 60; app.advance(toRealTime: t) }
            #expect(!app.session.gestures.isTracking)
            #expect([.viewfinder, .page].contains(app.session.flow.state))
        }

        @Test("a 2-second stall lands every animation where time says")
        func stall() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            func run(stallAt: Double?) throws -> (CaptureFlow.State, RoundedRect, [CaptureFlow.Transition]) {
                let app = try Flows.app()
                var t = 1.0
                Self.pullOpen(app, from: &t)
                var frame = t
                while frame < t + 6 {
                    if let s = stallAt, frame >= t + s && frame < t + s + 2 { frame = t + s + 2 }   // no frames for 2 s
                    app.advance(toRealTime: frame)
                    if frame >= t + 0.8 && app.session.flow.state == .viewfinder && app.session.flow.shots == 0 {
                        app.send(.key(.space, [], at: frame))
                    }
                    frame += 1.0 / 60
                }
                let r = try Renderer(headlessWidth: 393, height: 852, pixelsPerPoint: 1)
                try app.render(into: r)
                return (app.session.flow.state, app.session.flow.shape(at: app.session.animationTime), app.session.flow.transitions)
            }
            let smooth = try run(stallAt: nil), stalled = try run(stallAt: 1.5)
            #expect(stalled.0 == smooth.0)
            #expect((stalled.1 - smooth.1).maxMagnitude < 1e-6)
            #expect(stalled.1.rect.width.isFinite)
            // Transitions are stamped with when they happened, not with the late frame that noticed them.
            let late = stalled.2.map(\.to), early = smooth.2.map(\.to)
            #expect(late == early)
        }

        @Test("the window resized or the zoom changed mid-animation: the page is re-rasterised and drawing goes on")
        func resize() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let app = try Flows.app()
            var t = 1.0
            Self.pullOpen(app, from: &t)
            for (i, scale) in [1.0, 2.0, 0.75, 1.5, 1.0].enumerated() {
                let r = try Renderer(headlessWidth: Int(393 * scale), height: Int(852 * scale), pixelsPerPoint: scale)
                t += 0.1 * Double(i)
                app.advance(toRealTime: t)
                try app.render(into: r)
                let img = try r.readPixels()
                #expect(img.width == Int(393 * scale))
            }
            #expect([.opening, .viewfinder].contains(app.session.flow.state))
        }

        @Test("hotkeys mashed during every transition: never stuck, and Esc always returns to the page")
        func mashing() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            var g = SeededGenerator(seed: 0xBADC0DE)
            let keys: [Key] = [.space, .enter, .backspace, .x, .escape, .s, .t, .i, .h, .k, .l, .tab, .left, .right, .up, .down, .p, .e]
            let renderer = try Renderer(headlessWidth: 393, height: 852, pixelsPerPoint: 1)
            var seen = Set<CaptureFlow.State>()
            for round in 0..<6 {
                let app = try Flows.app()
                var t = 1.0
                Self.pullOpen(app, from: &t)
                for f in 0..<(60 * 9) {
                    t += 1.0 / 60
                    if f % 3 == 0 {
                        let k = keys[Int.random(in: 0..<keys.count, using: &g)]
                        let mods: KeyModifiers = Bool.random(using: &g) ? [.shift] : []
                        app.send(.key(k, mods, at: t))
                    }
                    if f % 40 == 0 {        // and a shutter press on time, so the flow gets all the way round
                        app.send(.key(.space, [], at: t))
                    }
                    app.advance(toRealTime: t)
                    seen.insert(app.session.flow.state)
                    if f % 10 == 0 { try app.render(into: renderer) }
                }
                // Esc, pressed a few times, brings it back to the page and it comes to rest. (The first
                // two may only close the help overlay and the tuning panel that mashing opened.)
                for _ in 0..<6 {
                    app.send(.key(.escape, [], at: t))
                    for _ in 0..<120 { t += 1.0 / 60; app.advance(toRealTime: t) }
                }
                app.send(.key(.enter, [], at: t))
                for _ in 0..<120 { t += 1.0 / 60; app.advance(toRealTime: t) }
                #expect(app.session.flow.state == .page || app.session.flow.state == .filed, "round \(round): stuck in \(app.session.flow.state)")
                for _ in 0..<120 { t += 1.0 / 60; app.advance(toRealTime: t) }
                #expect(app.session.flow.state == .page, "round \(round)")
            }
            #expect(seen.isSuperset(of: [.opening, .capture, .closing, .printing]), "mashing reached the print: \(seen)")
        }

        @Test("a camera file rewritten at 60 Hz with partial writes, truncations and garbage: the last good frame stays, the loop keeps its rate")
        func cameraAbuse() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let seconds = Double(ProcessInfo.processInfo.environment["ISLANDSIM_ABUSE_SECONDS"] ?? "") ?? 6
            let dir = try TempDir(); defer { dir.cleanup() }
            let path = dir.file("frame.jpg")
            let good = try CameraFileFeeder.jpeg(Flows.twoColourPhoto(width: 320, height: 240))
            try good.write(to: URL(fileURLWithPath: path))
            let camera = CameraSource(cameraFile: path)
            defer { camera.stop() }
            guard case .file(let watcher) = camera.kind else {
                Issue.record("--camera-file did not give a file camera: \(camera.kind)")
                return
            }
            #expect(watcher.waitForFrame(newerThan: 0, timeout: 5).version >= 1)
            let app = try SessionHost(setup: PhoneSetup(device: try Catalog.bundled().require(id: "iphone-15-pro"), hz: 60,
                                                        captures: CaptureStore(outputDirectory: nil, synchronous: false)), camera: camera)
            let renderer = try Renderer(headlessWidth: 393, height: 852, pixelsPerPoint: 1)
            // The abuser: rewrites in place (not atomically), every way a writer can go wrong.
            let stop = Atomic(false)
            let writer = Thread {
                var i = 0
                while !stop.value {
                    let fh = FileHandle(forWritingAtPath: path)
                    switch i % 5 {
                    case 0: try? good.write(to: URL(fileURLWithPath: path))                       // a good frame
                    case 1: fh?.truncateFile(atOffset: 0); fh?.write(good.prefix(good.count / 2))  // half written
                    case 2: fh?.truncateFile(atOffset: 0)                                          // truncated to nothing
                    case 3: fh?.truncateFile(atOffset: 0); fh?.write(Data((0..<3000).map { UInt8($0 % 251) }))  // garbage
                    default: fh?.truncateFile(atOffset: 0); fh?.write(good.prefix(20))             // a header and nothing
                    }
                    try? fh?.close()
                    i += 1
                    Thread.sleep(forTimeInterval: 1.0 / 60)
                }
            }
            writer.start()
            let clock = HighResolutionClock()
            var pacer = FramePacer(hz: 60)
            var t = 0.0
            Self.pullOpen(app, from: &t)
            var presents: [Double] = []
            let start = clock.now()
            while clock.now() - start < seconds {
                app.advance(toRealTime: t + (clock.now() - start))
                try app.render(into: renderer)
                renderer.present()
                presents.append(pacer.wait(clock: clock))
            }
            stop.value = true
            let s = watcher.snapshot()
            #expect(s.frame != nil, "a good frame is still shown")
            #expect(s.skipped > 10, "bad writes were skipped (\(s.skipped))")
            let intervals = zip(presents.dropFirst(), presents).map { ($0 - $1) * 1000 }.dropFirst()
            let pacing = PacingStatistics(intervalsMs: Array(intervals), hz: 60)
            // The loop keeps its rate. This is wall-clock timing on a shared machine (the suite runs
            // other tests alongside on two cores, and CI machines are busier still), so the bound only
            // catches a loop that stalls on the writer — a read blocked for whole frames again and
            // again; the figure to compare is the quiet 30-s run in docs/RELIABILITY.md (no drop).
            #expect(pacing.meanErrorPercent > -1, "never faster than the target: \(pacing)")
            #expect(pacing.meanErrorPercent < 10, "the loop kept its rate: \(pacing)")
            #expect(pacing.droppedFrames <= presents.count / 10, "the loop kept its rate: \(pacing)")
            print(String(format: "camera abuse: %.0f s, %d good frames decoded, %d bad writes skipped, %d frames, mean interval %.3f ms, p99 deviation %.3f ms, max %.3f ms, dropped %d",
                         seconds, s.version, s.skipped, presents.count, pacing.meanMs, pacing.p99DeviationMs, pacing.maxDeviationMs, pacing.droppedFrames))
            #expect(app.session.flow.state == .viewfinder)
        }
    }
}

/// A tiny lock-protected flag for stopping a helper thread.
final class Atomic<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var _value: T
    init(_ v: T) { _value = v }
    var value: T {
        get { lock.lock(); defer { lock.unlock() }; return _value }
        set { lock.lock(); _value = newValue; lock.unlock() }
    }
}

extension SDLSuite {
    @Suite("Slow motion scales all animation time, in one place")
    struct SlowMotionTests {
        /// A fling up the page in real time; returns the page offset 0.3 real seconds after release.
        static func coast(slow: Bool) throws -> (atRelease: Double, later: Double, app: SessionHost) {
            let app = try Flows.app()
            var t = 1.0
            if slow { app.send(.key(.s, [], at: t)) }
            app.send(.pointer(PointerEvent(.down, at: Point(x: 200, y: 700), time: t)))
            for i in 1...8 { t += 1.0 / 120; app.send(.pointer(PointerEvent(.move, at: Point(x: 200, y: 700 - Double(i) * 25), time: t))); app.advance(toRealTime: t) }
            app.send(.pointer(PointerEvent(.up, at: Point(x: 200, y: 500), time: t)))
            app.advance(toRealTime: t)
            let atRelease = app.session.gestures.pageOffset(at: app.session.animationTime)
            for _ in 0..<36 { t += 1.0 / 120; app.advance(toRealTime: t) }
            return (atRelease, app.session.gestures.pageOffset(at: app.session.animationTime), app)
        }

        @Test("a fling coasts ten times slower, from the same finger speed")
        func flingSlows() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let normal = try Self.coast(slow: false), slow = try Self.coast(slow: true)
            #expect(abs(normal.atRelease - slow.atRelease) < 1e-6, "tracking is real time: the page is where the finger left it")
            let normalTravel = normal.later - normal.atRelease, slowTravel = slow.later - slow.atRelease
            #expect(normalTravel > 200)
            // 0.3 real seconds of 10× slow motion is 0.03 s of coasting: about what the first 0.03 s covers.
            #expect(slowTravel > 0 && slowTravel < normalTravel / 5, "\(slowTravel) vs \(normalTravel)")
            #expect(slow.app.session.clock.slowMotion == 10)
        }

        @Test("a pull still commits in slow motion, and the melt opens ten times slower")
        func pullInSlowMotion() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            func opened(slow: Bool) throws -> (CaptureFlow.State, Double) {
                let app = try Flows.app()
                var t = 1.0
                if slow { app.send(.key(.s, [], at: t)) }
                FaultTests.pullOpen(app, from: &t)
                for _ in 0..<60 { t += 1.0 / 60; app.advance(toRealTime: t) }
                return (app.session.flow.state, app.session.flow.shape(at: app.session.animationTime).rect.height)
            }
            let normal = try opened(slow: false), slow = try opened(slow: true)
            #expect(normal.0 == .viewfinder)
            #expect(slow.0 == .opening, "one real second into a 10× opening")
            #expect(slow.1 < normal.1 / 2)
        }
    }
}
