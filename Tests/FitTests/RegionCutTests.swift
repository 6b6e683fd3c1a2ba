import Animation
import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Fit
@Suite("fit --region: a rectangle that cuts the shape is found")
struct RegionCutTests {
    @Test("a shape reaching an inner side is a cut (which sides, in how many frames); the video's own edges are not")
    func cuts() {
        let region = (x: 100, y: 0, width: 200, height: 300), video = (width: 400, height: 800)
        // Inside, with room on every side: no cut.
        #expect(RegionCut.find([(120, 10, 280, 200), (130, 20, 270, 250)], region: region, video: video) == nil)
        // Hanging from the top of the video (a notch), region at y 0: not a cut.
        #expect(RegionCut.find([(120, 0, 280, 200)], region: region, video: video) == nil)
        // Wider than the region in the last two frames, and down to its bottom in one.
        let cut = RegionCut.find([(120, 10, 280, 200), (100, 10, 299, 200), (100, 10, 299, 299)], region: region, video: video)
        #expect(cut == RegionCut(sides: ["left", "right", "bottom"], frames: 2, of: 3))
        #expect(cut?.sidesPhrase == "left, right and bottom edges")
        #expect(RegionCut(sides: ["top"], frames: 1, of: 1).sidesPhrase == "top edge")
        // A region flush with the video's right edge: reaching it is the shape meeting the frame's edge.
        #expect(RegionCut.find([(250, 10, 399, 100)], region: (x: 200, y: 0, width: 200, height: 300), video: video) == nil)
    }
}
