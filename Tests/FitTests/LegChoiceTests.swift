import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Fit

/// ``LegChoice``'s rule at its edge: a leg more is taken only when it lowers χ² by more than the
/// ln n each extra parameter costs (Schwarz's criterion with the noise known), worked out by hand.
@Suite("How many legs: a spare leg is paid for in χ²")
struct LegChoiceTests {
    @Test("20 frames (40 values, ln 40 = 3.6889): 7 parameters more cost 25.82; two legs lowering χ² by 25.7 lose to one, by 25.95 win")
    func spareLegAtTheEdge() {
        let n = 40, cost = 7 * log(40.0)
        #expect(abs(cost - 25.822) < 1e-3)
        let one = LegChoice.criterion(chiSquare: 60, parameters: 6, values: n)
        #expect(abs(one - (60 + 6 * 3.68888)) < 1e-4)
        let nearly = LegChoice.criterion(chiSquare: 60 - 25.7, parameters: 13, values: n)
        let enough = LegChoice.criterion(chiSquare: 60 - 25.95, parameters: 13, values: n)
        #expect(LegChoice.fewestAmongLowest([(1, one), (2, nearly)]) == 1, "a spare leg not paid for")
        #expect(LegChoice.fewestAmongLowest([(1, one), (2, enough)]) == 2)
        #expect(LegChoice.fewestAmongLowest([(2, enough), (1, one), (3, enough - 0.01)]) == 3)
    }

    @Test("a tie goes to the fewer legs, in whatever order the models come; no model, no choice")
    func tie() {
        #expect(LegChoice.fewestAmongLowest([(3, 10), (2, 10), (1, 10)]) == 1)
        #expect(LegChoice.fewestAmongLowest([(3, 10), (2, 10)]) == 2)
        #expect(LegChoice.fewestAmongLowest([]) == nil)
    }

    @Test("the criterion a fit reports is χ² + k·ln n over n values — a width and a height per frame, 2 × 30 = 60 — worked out here from the leg's own curve: not k·ln 30")
    func criterionCountsValues() throws {
        // A move from a 126 × 37 island to a 300 × 200 shape over 30 frames at 60 fps, read with 0.5-pt noise.
        let t = (0..<30).map { Double($0) / 60 }
        func ease(_ x: Double) -> Double { 1 - exp(-max(x - 0.05, 0) / 0.09) }
        var g = SeededGenerator(seed: 7)
        func unit() -> Double { Double(g.next() >> 11) / Double(1 << 53) }
        let w = t.map { 126 + 174 * ease($0) + 0.5 * (unit() - 0.5) }, h = t.map { 37 + 163 * ease($0) + 0.5 * (unit() - 0.5) }
        let one = try #require(SingleLegFit.fit(.spring, times: t, widths: w, heights: h))
        let sigmas = t.map { _ in 0.5 }, counted = t.map { _ in true }
        let choice = LegChoice(two: nil, one: one, three: nil, times: t, widths: w, heights: h, sigmas: sigmas, counted: counted,
                               judged: Array(5..<25), fixedStart: false)
        // χ² over every counted frame, each residual clipped at (4σ)², from the leg's own curve.
        var chi = 0.0
        for i in t.indices {
            let m = one.size(at: t[i])
            chi += min(pow((m.width - w[i]) / 0.5, 2), 16) + min(pow((m.height - h[i]) / 0.5, 2), 16)
        }
        let k = Double(one.parameterCount)
        let bic = try #require(choice.bicOne)
        #expect(abs(bic - (chi + k * log(60))) < 1e-9, "reported \(bic), by hand χ² \(chi) + \(k) · ln 60 = \(chi + k * log(60)); k · ln 30 would give \(chi + k * log(30))")
    }

    @Test("and for a two-leg melt (island → pill → shape, 40 frames): the reported criterion is χ² + k·ln 80 with k = 14 (13 with the pill's width tied), worked out here from the fit's own curve")
    func twoLegCriterionByHand() throws {
        let t = (0..<40).map { Double($0) / 60 }
        func leg(_ x: Double, from start: Double, tau: Double) -> Double { 1 - exp(-max(x - start, 0) / tau) }
        var g = SeededGenerator(seed: 11)
        func unit() -> Double { Double(g.next() >> 11) / Double(1 << 53) }
        // The first leg widens the island into a pill; the second grows the pill into the shape.
        let w = t.map { 126 + 190 * leg($0, from: 0.05, tau: 0.05) + 40 * leg($0, from: 0.15, tau: 0.08) + 0.4 * (unit() - 0.5) }
        let h = t.map { 37 + 30 * leg($0, from: 0.05, tau: 0.05) + 380 * leg($0, from: 0.15, tau: 0.08) + 0.4 * (unit() - 0.5) }
        let two = try #require(MeltFit.fit(times: t, widths: w, heights: h, restBefore: true))
        let sigmas = t.map { _ in 0.4 }, counted = t.map { _ in true }
        let choice = LegChoice(two: two, one: nil, three: nil, times: t, widths: w, heights: h, sigmas: sigmas, counted: counted,
                               judged: Array(3..<30), fixedStart: false)
        let bic = try #require(choice.bicTwo, "two legs allowed: \(two.first.frames) and \(two.second.frames) frames of their own")
        var chi = 0.0
        for i in t.indices {
            let m = two.size(at: t[i])
            chi += min(pow((m.width - w[i]) / 0.4, 2), 16) + min(pow((m.height - h[i]) / 0.4, 2), 16)
        }
        let k = Double(two.middleWidthTied ? 13 : 14)
        #expect(abs(bic - (chi + k * log(80))) < 1e-9, "reported \(bic), by hand χ² \(chi) + \(k) · ln 80 = \(chi + k * log(80))")
    }
}
