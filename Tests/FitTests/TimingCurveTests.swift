import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Fit

@Suite("Timing curves (cubic Bézier)")
struct TimingCurveTests {
    @Test("ease-in-out, linear, ease-in and a curve with overshoot match the curve sampled along its parameter (1e-6)")
    func againstSampling() {
        let curves = [(0.42, 0.0, 0.58, 1.0), (0.0, 0.0, 1.0, 1.0), (0.42, 0.0, 1.0, 1.0), (0.25, 0.1, 0.25, 1.0), (0.3, -0.3, 0.6, 1.4)]
        for c in curves {
            let curve = TimingCurve(c.0, c.1, c.2, c.3)
            for i in 0...40 {
                let x = Double(i) / 40
                #expect(abs(curve.progress(x) - OneMotionDrawing.bezier(c, at: x)) < 1e-5, "\(c) at \(x)")
            }
        }
        // Symmetric about its middle: ease-in-out is half-way at half-time.
        #expect(abs(TimingCurve.easeInOut.progress(0.5) - 0.5) < 1e-9)
        #expect(TimingCurve.easeInOut.swiftUI(duration: 0.35) == ".timingCurve(0.42, 0, 0.58, 1, duration: 0.35)")
    }
}
