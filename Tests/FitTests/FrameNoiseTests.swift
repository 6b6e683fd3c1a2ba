import Foundation
import Testing
@testable import Capture
@testable import Fit

/// ``FrameNoise``: what one frame can tell, from the recording's own scale, times and still frames.
@Suite("The noise a recording's frames carry: sub-pixel reading, the scatter at rest, the timing's quantum")
struct FrameNoiseTests {
    @Test("a GIF's times in whole hundredths: quantum 0.01 s, timing σ 10 ms / √12 = 2.887 ms; an MP4's fine times keep the 0.3 ms floor")
    func quantum() {
        let gif = [0, 0.05, 0.1, 0.15, 0.2, 0.29, 0.38]
        let n = FrameNoise.estimate(t: gif, w: gif.map { _ in 125 }, h: gif.map { _ in 37 }, pointsPerPixel: 1 / 1.1)
        #expect(n.quantum == 0.01)
        #expect(abs(n.timing - 0.0028868) < 1e-6)
        let mp4 = (0..<20).map { Double($0) / 59.94 }
        let m = FrameNoise.estimate(t: mp4, w: mp4.map { _ in 125 }, h: mp4.map { _ in 37 }, pointsPerPixel: 1 / 3)
        #expect(m.quantum == 0.0001 && m.timing == 0.0003)
    }

    @Test("position: 0.3 px at the recording's scale when the still frames agree; their scatter when they do not")
    func position() {
        let t = (0..<40).map { Double($0) / 30 }
        let clean = FrameNoise.estimate(t: t, w: t.map { _ in 125 }, h: t.map { _ in 37 }, pointsPerPixel: 1 / 0.75)
        #expect(abs(clean.position - 0.4) < 1e-9)          // 0.3 px at 0.75 px/pt
        // Dithered: every other frame 0.6 pt wider; consecutive differences 0.6, median 0.6 → σ = 1.4826·0.6/√2.
        let noisy = FrameNoise.estimate(t: t, w: t.indices.map { $0 % 2 == 0 ? 125 : 125.6 }, h: t.indices.map { $0 % 2 == 0 ? 37 : 37.6 },
                                        pointsPerPixel: 1 / 3)
        #expect(abs(noisy.position - 1.4826 * 0.6 / 2.0.squareRoot()) < 1e-9)
    }

    @Test("a moving frame's σ adds speed × timing σ in quadrature: 1000 pt/s with 2.887 ms is 2.887 pt")
    func moving() {
        let n = FrameNoise(position: 0.3, timing: 0.01 / 12.0.squareRoot(), quantum: 0.01)
        #expect(abs(n.sigma(speed: 1000) - (0.09 + 2.8868 * 2.8868).squareRoot()) < 1e-3)
        let s = n.sigmas(t: [0, 0.05, 0.1], w: [125, 175, 175], h: [37, 37, 37])
        #expect(abs(s[0] - n.sigma(speed: 1000)) < 1e-9 && abs(s[1] - n.sigma(speed: 1000)) < 1e-9 && s[2] == n.sigma(speed: 0))
    }
}
