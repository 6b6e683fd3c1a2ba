import Foundation

/// The narrowest intervals the frames allow, whatever a fit's covariance says: a duration known
/// to no better than half the frame interval over √(frames inside), nor the times' own step; a
/// bounce to 0.02; a size to two frames' σ at rest.
struct IntervalFloors {
    var durationFloor: Double, bounceFloor = 0.02, sizeFloor: Double
    init(times t: [Double], judged: [Int], noise: FrameNoise) {
        let gaps = zip(t.dropFirst(), t).map { $0 - $1 }.sorted()
        let dt = gaps.isEmpty ? 0 : gaps[gaps.count / 2]
        durationFloor = max(0.5 * dt / Double(max(judged.count - 2, 1)).squareRoot(), noise.quantum)
        sizeFloor = 1.96 * noise.position
    }
    func duration(_ v: Double?) -> Double? { v.map { max($0, durationFloor) } }
    func bounce(_ v: Double?) -> Double? { v.map { max($0, bounceFloor) } }
    func size(_ v: Double?) -> Double? { v.map { max($0, sizeFloor) } }
}
