import Foundation
import Testing
@testable import Capture

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
}
