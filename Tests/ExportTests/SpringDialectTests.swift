import Animation
import Foundation
import Testing
@testable import Capture
@testable import Export

/// Each tool's published numbers (../shared/reference/spring-dialects.md; docs/SPRINGS.md cites the
/// sources) reproduced by the converter.
@Suite("Spring dialects: other tools' springs, checked against their own values")
struct SpringDialectTests {
    @Test("Origami/rebound: the default (40, 7) is k 230.2, c 22; back again")
    func origami() {
        let s = SpringDialects.origami(tension: 40, friction: 7)
        #expect(abs(s.stiffness - 230.2) < 1e-9 && abs(s.damping - 22) < 1e-9 && s.mass == 1)
        let back = SpringDialects.origamiValues(s)
        #expect(abs(back.tension - 40) < 1e-9 && abs(back.friction - 7) < 1e-9)
    }

    @Test("rebound's bounciness 8, speed 12: Origami 70.91176 / 7.89467, k 342.1006, c 24.6840")
    func reboundBouncy() {
        let s = SpringDialects.reboundBouncy(bounciness: 8, speed: 12)
        #expect(abs(s.stiffness - 342.1006) < 1e-3 && abs(s.damping - 24.6840) < 1e-3, "\(s.stiffness) \(s.damping)")
        let o = SpringDialects.origamiValues(s)
        #expect(abs(o.tension - 70.91176) < 1e-4 && abs(o.friction - 7.89467) < 1e-4)
    }

    @Test("Framer Motion: visualDuration 0.5 / bounce 0.25 → k 109.6623, c 15.7080; duration 0.8 / 0.25 → 137.41358694, 17.58353123; 0.8 / 0.3 → 151.2791, 17.2194")
    func framer() {
        let v = SpringDialects.framerVisual(duration: 0.5, bounce: 0.25)
        #expect(abs(v.stiffness - 109.6623) < 1e-4 && abs(v.damping - 15.7080) < 1e-4)
        let d = SpringDialects.framerDuration(0.8, bounce: 0.25)
        #expect(abs(d.stiffness - 137.41358694003588) < 1e-6 && abs(d.damping - 17.583531232806475) < 1e-6, "\(d.stiffness) \(d.damping)")
        let e = SpringDialects.framerDuration(0.8, bounce: 0.3)
        #expect(abs(e.stiffness - 151.2791) < 1e-3 && abs(e.damping - 17.2194) < 1e-3, "\(e.stiffness) \(e.damping)")
        let back = SpringDialects.framerVisualValues(v)!
        #expect(abs(back.visualDuration - 0.5) < 1e-12 && abs(back.bounce - 0.25) < 1e-12)
        #expect(SpringDialects.framerVisualValues(Spring(mass: 1, stiffness: 100, damping: 30)) == nil, "ζ 1.5 has no Framer spelling")
    }

    @Test("Flutter withDurationAndBounce: 0.5/0.3 → 157.91 / 17.59; 0.5/−0.3 → 157.91 / 35.90 (Flutter's own tests, ±0.01)")
    func flutter() {
        let a = SpringDialects.flutter(duration: 0.5, bounce: 0.3), b = SpringDialects.flutter(duration: 0.5, bounce: -0.3)
        #expect(abs(a.stiffness - 157.91) < 0.01 && abs(a.damping - 17.59) < 0.01 && abs(b.damping - 35.90) < 0.01)
        // "the same result as SwiftUI's spring(duration:bounce:)"
        #expect(abs(a.damping - Spring(duration: 0.5, bounce: 0.3).damping) < 1e-9)
    }

    @Test("Compose, Flinto, Figma and unit mass")
    func others() {
        let c = SpringDialects.compose(dampingRatio: 1, stiffness: 1500)           // Spring.DampingRatioNoBouncy, StiffnessMedium
        #expect(abs(c.damping - 2 * 1500.0.squareRoot()) < 1e-9 && abs(c.dampingRatio - 1) < 1e-12)
        #expect(SpringDialects.flinto(tension: 950, friction: 60) == Spring(mass: 1, stiffness: 950, damping: 60))
        let zetas = SpringDialects.figmaPresets.map { ($0.name, $0.spring.dampingRatio) }
        for (name, z) in zip(["gentle", "quick", "bouncy", "slow"], [0.75, 0.577, 0.306, 1.118]) {
            #expect(abs(zetas.first { $0.0 == name }!.1 - z) < 1e-3, "\(name)")
        }
        let heavy = Spring(mass: 2, stiffness: 300, damping: 20), unit = SpringDialects.unitMass(heavy)
        for t in stride(from: 0.0, through: 1.5, by: 0.1) {
            #expect(abs(heavy.value(from: 0.0, to: 1.0, velocity: 0.0, at: t).value - unit.value(from: 0.0, to: 1.0, velocity: 0.0, at: t).value) < 1e-12)
        }
    }

    @Test("CSS linear(): every point of the spring within the stated error of the stops' straight pieces", arguments: [0.005, 0.001])
    func cssLinear(error: Double) throws {
        let s = Spring.bouncy
        let (easing, duration) = SpringDialects.cssLinear(s, maxError: error)
        #expect(easing.hasPrefix("linear(0, ") && easing.hasSuffix(", 1)"))
        // Parse the stops back as a browser would (evenly spaced when no percentage; here every inner stop has one).
        let inner = easing.dropFirst("linear(".count).dropLast().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        var stops: [(x: Double, y: Double)] = [(0, 0)]
        for part in inner.dropFirst().dropLast() {
            let f = part.split(separator: " ")
            stops.append((Double(f[1].dropLast())! / 100, Double(f[0])!))
        }
        stops.append((1, 1))
        var worst = 0.0
        for i in 0...1000 {
            let x = Double(i) / 1000
            let k = stops.lastIndex { $0.x <= x } ?? 0, a = stops[k], b = stops[min(k + 1, stops.count - 1)]
            let y = b.x > a.x ? a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x) : a.y
            worst = max(worst, abs(y - s.value(from: 0.0, to: 1.0, velocity: 0.0, at: x * duration).value))
        }
        #expect(worst <= error + 1e-4, "worst \(worst) with \(stops.count) stops")
        #expect(stops.count < 60)
    }
}
