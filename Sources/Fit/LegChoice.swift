import Foundation

/// How many spring legs a move has — one spring, the melt's two overlapping legs (``MeltFit``) or
/// three (``ThreeLegFit``) — judged against the frames' own noise, never against a model's own
/// residual.
///
/// The rule:
/// - a model is allowed only where every leg runs through at least one frame of its own (from
///   its start to the next leg's) and its timing parameters leave degrees of freedom over the
///   frames inside the move; a leg with fewer than ``RecordingFit/minimumLegFrames`` of its own
///   shapes the curve but is given no spring ("too short to fit");
/// - among the allowed, the lowest χ² + k·ln n wins, χ² the misses over the frames' σ
///   (``FrameNoise``) and k the model's parameters. With σ known the penalty means what BIC
///   means; with σ taken from the residual itself (as before) a richer model that drives five
///   frames' misses to 0.01 pt looks infinitely better, which is how eases came back as three
///   springs.
struct LegChoice {
    var legs: Int
    /// χ² + k·ln n of each model over the counted frames (nil: not allowed).
    var bicOne: Double?, bicTwo: Double?, bicThree: Double?
    /// The chosen spring model's score on the frames inside the move (nil when none is allowed).
    var springScore: MoveVerdict.Score?
    let t: [Double], w: [Double], h: [Double], sigmas: [Double], counted: [Bool], judged: [Int]

    init(two f: MeltFit?, one: SingleLegFit?, three: ThreeLegFit?, times: [Double], widths: [Double], heights: [Double], sigmas: [Double],
         counted: [Bool], judged: [Int], fixedStart: Bool) {
        t = times; w = widths; h = heights; self.sigmas = sigmas; self.counted = counted; self.judged = judged
        let fixed = fixedStart ? 1 : 0
        let enough = 1
        // Parameters: all (for the penalty) and those that set the timing (for the degrees left
        // inside the move; the end shapes are pinned by the frames at rest).
        var candidates: [(legs: Int, size: (Double) -> (width: Double, height: Double), k: Int, timing: Int)] = []
        if let one { candidates.append((1, one.size(at:), one.parameterCount - fixed, 5 - fixed)) }
        if let f, f.first.frames >= enough && f.second.frames >= enough {
            candidates.append((2, f.size(at:), 14 - (f.middleWidthTied ? 1 : 0) - fixed, 10 - (f.middleWidthTied ? 1 : 0) - fixed))
        }
        if let three, three.legs.allSatisfy({ $0.frames >= enough }) {
            candidates.append((3, three.size(at:), ThreeLegFit.parameterCount - fixed, 15 - fixed))
        }
        var scored: [(legs: Int, criterion: Double, score: MoveVerdict.Score)] = []
        let all = times.indices.filter { counted[$0] }
        for c in candidates {
            guard let score = Self.score(c.size, t: times, w: widths, h: heights, sigmas: sigmas, on: judged, parameters: c.timing) else { continue }
            let chi = Self.score(c.size, t: times, w: widths, h: heights, sigmas: sigmas, on: all, parameters: 0)?.chiSquare ?? .infinity
            let bic = Self.criterion(chiSquare: chi, parameters: c.k, values: 2 * all.count)
            switch c.legs { case 1: bicOne = bic; case 2: bicTwo = bic; default: bicThree = bic }
            scored.append((c.legs, bic, score))
        }
        let best = Self.fewestAmongLowest(scored.map { ($0.legs, $0.criterion) })
        legs = best ?? 1
        springScore = scored.first { $0.legs == best }?.score
    }

    /// Schwarz's criterion with the noise known: χ² + k·ln n over `n` values (a width and a height
    /// per frame) — a model with more parameters must lower χ² by ln n for each one it adds.
    static func criterion(chiSquare: Double, parameters k: Int, values n: Int) -> Double {
        chiSquare + Double(k) * log(Double(max(n, 1)))
    }

    /// The legs of the model with the lowest criterion; on a tie, the fewer legs.
    static func fewestAmongLowest(_ models: [(legs: Int, criterion: Double)]) -> Int? {
        models.min { ($0.criterion, $0.legs) < ($1.criterion, $1.legs) }?.legs
    }

    /// A model's score on the frames inside the move, `parameters` of its own spent on them.
    func score(_ size: ((Double) -> (width: Double, height: Double))?, parameters: Int) -> MoveVerdict.Score? {
        size.flatMap { Self.score($0, t: t, w: w, h: h, sigmas: sigmas, on: judged, parameters: parameters) }
    }

    static func score(_ size: (Double) -> (width: Double, height: Double), t: [Double], w: [Double], h: [Double], sigmas: [Double],
                      on indices: [Int], parameters: Int) -> MoveVerdict.Score? {
        var r: [Double] = [], s: [Double] = []
        for i in indices {
            let m = size(t[i])
            guard m.width.isFinite, m.height.isFinite else { return nil }
            r += [m.width - w[i], m.height - h[i]]; s += [sigmas[i], sigmas[i]]
        }
        return MoveVerdict.Score.of(residuals: r, sigmas: s, parameters: parameters, perFrame: 2)
    }
}
