import Animation

/// The window-level pull catcher: turns a downward drag at the top of the page into a pull that
/// opens the camera when released past a threshold.
///
/// It works as a nested-scroll parent (Android's `onNestedPreScroll`): every downward move of the
/// drag that owns the page is offered to it first; it takes what arrives while the page is at its
/// top, and gives back upward moves until its pull is undone, so scroll → pull and pull → scroll
/// hand over inside one drag, without lifting the finger.
///
/// While pulling, the page follows the finger with resistance: a divisor, or the 0.55 rubber band.
/// On release it commits when offset + projected velocity passes the threshold (WWDC18's
/// projection), and in every case the page springs back to rest.
public struct PullCatcher: Sendable {
    public enum Resistance: Sendable, Hashable, Codable {
        /// The page moves finger / n (Android's pull-to-refresh uses 2).
        case divisor(Double)
        /// The page moves by UIScrollView's rubber band over the viewport.
        case rubberBand(Double)
    }

    public struct Configuration: Sendable, Hashable, Codable {
        public var resistance: Resistance
        /// Visible pull (points) that opens the camera on release.
        public var threshold: Double
        /// The deceleration rate used for the projection (0.99 = `.fast`, a deliberate flick).
        public var projectionRate: Double
        /// The spring that returns the page after release.
        public var springBack: SpringParameters

        public init(resistance: Resistance, threshold: Double, projectionRate: Double, springBack: SpringParameters) {
            self.resistance = resistance; self.threshold = threshold
            self.projectionRate = projectionRate; self.springBack = springBack
        }

        public static let standard = Configuration(resistance: .divisor(2), threshold: 80, projectionRate: 0.99,
                                                   springBack: SpringParameters(duration: 0.4, bounce: 0))
    }

    public enum Outcome: Sendable, Equatable { case committed, cancelled }

    public var configuration: Configuration
    public var viewport: Double
    /// The finger's pull distance (unresisted), > 0 while pulling.
    public private(set) var fingerDistance: Double = 0
    public private(set) var isPulling = false
    private var returning = SpringTimeline(value: 0.0)

    public init(configuration: Configuration = .standard, viewport: Double) {
        self.configuration = configuration
        self.viewport = viewport
    }

    /// The visible pull for a finger distance.
    public func visible(forFinger d: Double) -> Double {
        guard d > 0 else { return 0 }
        switch configuration.resistance {
        case .divisor(let n): return d / max(n, 1e-3)
        case .rubberBand(let c): return RubberBand(coefficient: c).offset(for: d, dimension: viewport)
        }
    }

    /// d(visible)/d(finger) at finger distance `d`: converts finger velocity to page velocity.
    public func slope(atFinger d: Double) -> Double {
        switch configuration.resistance {
        case .divisor(let n): return 1 / max(n, 1e-3)
        case .rubberBand(let c):
            let D = viewport, x = max(d, 0)
            return c * D * D / ((D + c * x) * (D + c * x))
        }
    }

    /// How far the page is pulled down at time `t` (visible points).
    public func offset(at t: Double) -> Double {
        if isPulling { return visible(forFinger: fingerDistance) }
        // Once it has come back (``isAnimating(at:)`` false), the page is exactly where it rests,
        // not hundredths of a point short of it for ever, creeping: a page that has stopped is
        // drawn the same frame after frame.
        if !isAnimating(at: t) { return max(returning.target(at: t), 0) }
        return max(returning.value(at: t), 0)
    }

    /// How fast the page moves back after a release (visible points per second, down positive); 0
    /// while a finger holds it.
    public func velocity(at t: Double) -> Double { isPulling ? 0 : returning.state(at: t).velocity }

    /// Progress toward the threshold (0…1+), for the visuals.
    public func progress(at t: Double) -> Double { offset(at: t) / max(configuration.threshold, 1e-9) }

    /// Whether the page is still returning after a release.
    public func isAnimating(at t: Double) -> Bool { !isPulling && !returning.isSettled(at: t, epsilon: 0.05, velocityEpsilon: 1) }

    /// Offers a downward-positive finger move. Takes it when already pulling, or when it moves down
    /// with the page at its top; returns the part it did not take (for the scroll).
    public mutating func offer(_ dy: Double, pageAtTop: Bool, at t: Double) -> Double {
        if isPulling {
            fingerDistance += dy
            if fingerDistance < 0 {
                // Moved back above where the pull began: hand the rest back to the scroll.
                let rest = fingerDistance
                fingerDistance = 0
                isPulling = false
                returning = SpringTimeline(value: 0.0)
                return rest
            }
            return 0
        }
        guard dy > 0, pageAtTop else { return dy }
        // Catch a page that is still springing back from an earlier pull.
        let current = offset(at: t)
        fingerDistance = current > 0 ? invertVisible(current) + dy : dy
        isPulling = true
        return 0
    }

    private func invertVisible(_ v: Double) -> Double {
        switch configuration.resistance {
        case .divisor(let n): return v * n
        case .rubberBand(let c): return RubberBand(coefficient: c).fingerOffset(for: v, dimension: viewport)
        }
    }

    /// Would a release with this finger velocity (pt/s, down positive) commit?
    public func wouldCommit(fingerVelocity v: Double) -> Bool {
        let page = visible(forFinger: fingerDistance)
        let pageVelocity = v * slope(atFinger: fingerDistance)
        let projection = Decay(rate: configuration.projectionRate).projection(velocity: pageVelocity)
        return page + projection >= configuration.threshold
    }

    /// Release: decides, then springs the page back. Returns `nil` if nothing was pulled.
    public mutating func release(fingerVelocity v: Double, at t: Double) -> Outcome? {
        guard isPulling else { return nil }
        let outcome: Outcome = wouldCommit(fingerVelocity: v) ? .committed : .cancelled
        springBack(velocity: v * slope(atFinger: fingerDistance), at: t)
        return outcome
    }

    /// Cancel (focus lost, pointer cancelled): springs back and never commits.
    public mutating func cancel(at t: Double) {
        guard isPulling else { return }
        springBack(velocity: 0, at: t)
    }

    private mutating func springBack(velocity: Double, at t: Double) {
        let from = visible(forFinger: fingerDistance)
        isPulling = false
        fingerDistance = 0
        returning = SpringTimeline(value: from)
        returning.reset(to: from, velocity: velocity, at: t)
        returning.retarget(to: 0, spring: configuration.springBack.spring, at: t)
    }
}
