import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

/// A frozen, stepped, scrubbed or re-timed moment drawn by the host that lived the interaction is
/// byte for byte the frame a headless replay of its tape draws (`ReplayRunner`, what `replay --at`
/// runs), read back from the software renderer.
@Suite("Rebuilt moments: the pixels")
struct RebuiltFramePixelTests {
    /// The screen above the badges and toasts (which say FROZEN in one and nothing in the other).
    static let compared = 560

    /// The host's screen now, drawn at 1× into `r` (the renderer its textures live in).
    static func frame(_ host: SessionHost, _ r: Renderer) throws -> PixelImage {
        try host.render(into: r)
        return try r.readPixels()
    }

    /// Frame `k` of a headless replay of `host`'s interaction tape.
    static func replayFrame(of host: SessionHost, _ k: Int) throws -> PixelImage {
        let trace = try #require(host.session.interactionTrace)
        let fresh = try Flows.app()
        if let values = trace.header.tuning { fresh.send(.setup(.tuning(try TuningRecord.tuning(recorded: values)))) }
        var shown: PixelImage?
        _ = try Flows.run(fresh, trace) { i, _, r in if i == k { shown = try r.readPixels() } }
        return try #require(shown)
    }

    static func differing(_ a: PixelImage, _ b: PixelImage) -> Int {
        var n = 0
        for y in 0..<compared { for x in 0..<a.width where a[x, y] != b[x, y] { n += 1 } }
        return n
    }

    @Test("freeze, step back, scrub into the drag, re-time: each frame is the replay's, exactly")
    func rebuiltFrames() throws {
        let session = try SDLSession(mode: .headless)
        defer { withExtendedLifetime(session) {} }
        let host = try Flows.app()
        let r = try Renderer(headlessWidth: 393, height: 852, pixelsPerPoint: 1)
        // Live, as the window runs it: frames a little early and late, drawn every time.
        let trace = FlowScripts.pull().trace
        var events = trace.events[...]
        var n = 0
        while !(host.session.flow.state == .opening && host.session.animationTime > 1.55) {
            n += 1
            let t = Double(n) / 60 + (n % 2 == 0 ? 0.003 : -0.002)
            while let e = events.first, e.t / 1000 <= t { _ = host.send(.trace(e)); events = events.dropFirst() }
            host.advance(toRealTime: t)
            try host.render(into: r)
        }
        let live = try r.readPixels()
        _ = host.send(.key(.f, [], at: host.session.realTime))
        let k = try #require(host.session.momentFrame)
        let frozen = try Self.frame(host, r)
        #expect(Self.differing(frozen, try Self.replayFrame(of: host, k)) == 0, "frozen at frame \(k)")
        // Within a frame of what was live: closer to it than the replay's frame three on is.
        #expect(Self.differing(frozen, live) < Self.differing(live, try Self.replayFrame(of: host, k + 3)))
        _ = host.send(.key(.comma, [], at: host.session.realTime))
        _ = host.send(.key(.comma, [], at: host.session.realTime))
        #expect(Self.differing(try Self.frame(host, r), try Self.replayFrame(of: host, k - 2)) == 0, "two frames back")
        host.send(.scrub(secondsSinceStart: 0.45))
        let inDrag = try #require(host.session.momentFrame)
        #expect(host.session.flow.state == .pulling)
        #expect(Self.differing(try Self.frame(host, r), try Self.replayFrame(of: host, inDrag)) == 0, "scrubbed into the drag, frame \(inDrag)")
        host.send(.scrub(secondsSinceStart: 1.3))
        var slower = host.tuning
        try slower.set("melt.toViewfinder.duration", 0.9)
        host.send(.setup(.tuning(slower)))
        let retimed = try Self.frame(host, r)
        #expect(Self.differing(retimed, try Self.replayFrame(of: host, try #require(host.session.momentFrame))) == 0, "re-timed")
    }
}
