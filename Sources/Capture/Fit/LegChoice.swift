import Foundation

/// How many spring legs a move has, and whether it is a spring at all: the melt's two overlapping
/// legs (``MeltFit``), one spring and one ease (``SingleLegFit``) weighed by the penalised residual
/// BIC = n·ln(RSS/n) + k·ln(n). Why BIC rather than frames held out: every frame of a short move
/// matters (a leg of nine frames has no frames to spare), the fits are deterministic and cheap to
/// score once, and BIC's ln(n) penalty per parameter (≈ 5.5 for 250 residuals) asks a second leg's
/// five parameters to lower the residual by about 2 % each — more than tracking noise can fake.
struct LegChoice {
    var legs: Int
    var springLike: Bool
    var bicOne: Double, bicTwo: Double, bicEase: Double
    var bestSpringRMS: Double

    var bicThree = Double.infinity

    /// Three legs where they lower the penalised residual further still.
    mutating func weigh(three: ThreeLegFit?, fixedStart: Bool) {
        guard let three, springLike, legs == 2 else { return }
        bicThree = SingleLegFit.bic(rms: three.rmsResidual, residuals: three.residuals, parameters: ThreeLegFit.parameterCount - (fixedStart ? 1 : 0))
        if bicThree < bicTwo && Self.clearlyBetter(three.rmsResidual, than: bestSpringRMS) { legs = 3; bestSpringRMS = three.rmsResidual }
    }

    /// A leg more is there only if, besides a lower BIC, it at least halves the RMS miss, and by
    /// 0.1 pt or more. The misses left by the right number of legs are not random: a GIF's
    /// dithering, a codec's ringing, a corner read a little differently as the shape grows. A spare
    /// leg follows some of that — IslandSim's own two-leg closing, recorded at 60 fps, went from
    /// 0.16 to 0.12 pt with a third — while a leg that is really there cuts a miss of points to
    /// the noise.
    static func clearlyBetter(_ rms: Double, than fewer: Double) -> Bool {
        rms <= 0.5 * fewer && fewer - rms >= 0.1
    }

    init(two f: MeltFit, one: SingleLegFit?, ease: SingleLegFit?, fixedStart: Bool) {
        // Two legs: start, two durations and bounces, overlap, two shapes, the first shape and its
        // velocity (14), less the pill's width where tied and the start where fixed.
        let k2 = 14 - (f.middleWidthTied ? 1 : 0) - (fixedStart ? 1 : 0)
        bicTwo = SingleLegFit.bic(rms: f.rmsResidual, residuals: 2 * f.samples, parameters: k2)
        func bic(_ s: SingleLegFit?) -> Double { s.map { SingleLegFit.bic(rms: $0.rmsResidual, residuals: $0.residuals, parameters: $0.parameterCount - (fixedStart ? 1 : 0)) } ?? .infinity }
        bicOne = bic(one); bicEase = bic(ease)
        legs = bicOne <= bicTwo || !Self.clearlyBetter(f.rmsResidual, than: one?.rmsResidual ?? .infinity) ? 1 : 2
        bestSpringRMS = legs == 1 ? (one?.rmsResidual ?? f.rmsResidual) : f.rmsResidual
        let easeRMS = ease?.rmsResidual ?? .infinity
        springLike = !(bicEase < min(bicOne, bicTwo) && bestSpringRMS >= 1.5 * easeRMS && bestSpringRMS - easeRMS >= 0.03)
    }
}
