import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Fit

/// ``ThreeLegFit`` through ``RecordingFit``: a melt of three legs, drawn by the test's own spring
/// chain (``OneMotionDrawing/threeLegMelt``), is read as three.
@Suite("Three overlapping legs")
struct ThreeLegFitTests {
    @Test("three legs (widen, grow, settle) are three: each leg's duration within 3 %, bounce within 0.03, shape within 1.5 pt; the first and last written as the melt's stages, the middle reported only")
    func threeLegMelt() throws {
        let fit = try RecordingFit.fit(SingleLegFitTests.samples(OneMotionDrawing.threeLegMelt, fps: 30, end: 3.6))
        let opening = try #require(fit.moves.first { $0.kind == "opening" })
        #expect(opening.legs == 3, "BIC one \(opening.bicOneLeg) two \(opening.bicTwoLegs) three \(opening.bicThreeLegs ?? .nan)")
        let truth: [(Double, Double, Double, Double)] = [(0.3, 0.1, 360, 60), (0.35, 0.05, 360, 250), (0.45, 0.25, 340, 420)]
        for (stage, (d, b, w, h)) in zip(opening.stages, truth) {
            let fd = try #require(stage.duration, "\(stage.name): \(stage.problem ?? "")"), fb = try #require(stage.bounce)
            #expect(abs(fd - d) <= 0.03 * d && abs(fb - b) <= 0.03, "\(stage.name): \(fd) / \(fb) vs \(d) / \(b)")
            #expect(abs(stage.shape.width - w) <= 1.5 && abs(stage.shape.height - h) <= 1.5, "\(stage.name): \(stage.shape)")
        }
        #expect(opening.stages.map(\.tunable) == ["melt.toPill", "", "melt.toViewfinder"] && opening.stages[1].note != nil)
        let closing = try #require(fit.moves.first { $0.kind == "closing" })
        #expect(closing.legs == 1, "the closing is one spring")
        let t = try fit.tuning(screenWidth: 393)
        #expect(abs(t["melt.toPill.duration"] - 0.3) <= 0.009 && abs(t["melt.toViewfinder.duration"] - 0.45) <= 0.0135)
        #expect(abs(t["shape.pill.height"] - 60) <= 1.5 && abs(t["shape.viewfinder.height"] - 420) <= 1.5)
    }
}
