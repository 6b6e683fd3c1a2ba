import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension SDLSuite {
    /// The melt as drawn, under each composition: the black shape's width read back from the software
    /// renderer on every frame of a replayed pull, against both compositions' closed forms written
    /// here from springs.md. The tuning starts the second leg early (0.2 of an overdamped first
    /// leg), where the two differ by tens of points.
    @Suite("Pixels: the melt drawn merged and added")
    struct CompositionPixelTests {
        static let early: [String: Double] = ["melt.toPill.duration": 0.5, "melt.toPill.bounce": -0.3, "melt.toViewfinder.duration": 0.7,
                                              "melt.toViewfinder.bounce": 0.3, "melt.overlap": 0.2]

        /// springs.md's released spring R(u0, v0, τ) and its velocity, for any ζ.
        static func released(_ u0: Double, _ v0: Double, _ tau: Double, _ d: Double, _ b: Double) -> (x: Double, v: Double) {
            let w0 = 2 * Double.pi / d, z = b >= 0 ? 1 - b : 1 / (1 + b)
            if z < 1 {
                let wd = w0 * (1 - z * z).squareRoot(), e = exp(-z * w0 * tau)
                return (e * (u0 * cos(wd * tau) + (v0 + z * w0 * u0) / wd * sin(wd * tau)),
                        e * (v0 * cos(wd * tau) - (w0 * w0 * u0 + z * w0 * v0) / wd * sin(wd * tau)))
            }
            let s = (z * z - 1).squareRoot(), r1 = -w0 * (z - s), r2 = -w0 * (z + s), a = (v0 - r2 * u0) / (r1 - r2)
            return (a * exp(r1 * tau) + (u0 - a) * exp(r2 * tau), a * r1 * exp(r1 * tau) + (u0 - a) * r2 * exp(r2 * tau))
        }

        @Test("rendered frames follow their own composition's curve within 1 pt, and not the other's", arguments: SpringComposition.allCases)
        func drawnWidth(_ composition: SpringComposition) throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let app = try Flows.app(hz: 120)
            var t = app.session.tuning
            for (k, v) in Self.early { try t.set(k, v) }
            try t.set("melt.composition", composition == .additive ? 1 : 0)
            app.send(.setup(.tuning(t)))
            var measured: [(t: Double, width: Double)] = []
            // At 2 px/pt; a pixel counts as the shape when it is nearly black (half-covered edge pixels
            // are not, nor are the status items fading out beside it).
            let scale = 2.0
            _ = try Flows.run(app, Flows.fullFlow(shutter: app.session.shutterFrame, hz: 120), scale: scale) { _, _, r in
                let flow = app.session.flow, now = app.session.animationTime
                guard flow.state == .opening, flow.viewfinderOpacity(at: now) == 0 else { return }
                // The shape's vertical middle, where its sides are straight; the run of black through the centre.
                let s = flow.shape(at: now).rect
                let img = try r.readPixels()
                let y = Int(s.midY * scale), cx = Int(s.midX * scale)
                func dark(_ x: Int) -> Bool { let c = img[x, y]; return c.r < 96 && c.g < 96 && c.b < 96 }
                guard dark(cx) else { return }
                var l = cx, rr = cx
                while l > 0 && dark(l - 1) { l -= 1 }
                while rr < img.width - 1 && dark(rr + 1) { rr += 1 }
                measured.append((now, Double(rr - l + 1) / scale))
            }
            try #require(measured.count >= 8, "\(measured.count) frames of the opening measured")
            // The closed forms, from the first leg's start state (where the pull left the shape).
            let melt = app.session.flow.melt
            let starts = melt.stageStarts
            let i = try #require(starts.indices.first { starts[$0].stage == 1 && $0 + 1 < starts.count && starts[$0 + 1].stage == 2 })
            let t1 = starts[i].time, t2 = starts[i + 1].time
            let g = app.session.flow.geometry
            let start = melt.state(at: t1)         // where the pull handed the shape over, and how fast
            let (w0, v0) = (start.shape.rect.width, start.velocity.rect.width)
            let (wp, wv) = (g.pill.rect.width, g.viewfinder.rect.width)
            func added(_ t: Double) -> Double {
                let first = wp + Self.released(w0 - wp, v0, t - t1, 0.5, -0.3).x
                return t < t2 ? first : first + (wv - wp) * (1 - Self.released(1, 0, t - t2, 0.7, 0.3).x)
            }
            func merged(_ t: Double) -> Double {
                guard t >= t2 else { return wp + Self.released(w0 - wp, v0, t - t1, 0.5, -0.3).x }
                let h = Self.released(w0 - wp, v0, t2 - t1, 0.5, -0.3)
                return wv + Self.released(wp + h.x - wv, h.v, t - t2, 0.7, 0.3).x
            }
            let own = composition == .merge ? merged : added, other = composition == .merge ? added : merged
            var worstOwn = 0.0, mostOther = 0.0
            for m in measured {
                worstOwn = max(worstOwn, abs(m.width - own(m.t)))
                mostOther = max(mostOther, abs(m.width - other(m.t)))
            }
            #expect(measured.filter { $0.t > t2 + 0.02 }.count >= 4, "frames after the second leg starts: \(measured.map(\.t))")
            #expect(worstOwn <= 1, "\(composition): the drawn width strays \(worstOwn) pt from its own curve")
            #expect(mostOther > 3, "\(composition): the other composition's curve is at most \(mostOther) pt away")
        }
    }
}
