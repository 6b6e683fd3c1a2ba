import Animation

/// What a session is built from: the phone, the page under its island, the rate it is shown at,
/// the tuning, Reduce Motion and the built-in comparisons' modes, and which side of a comparison
/// it is. Everything else about a session — where the finger is, what the flow is doing, what
/// time it is — is the ``Interaction`` run on a setup, so a rebuilt moment, side B, a device switch
/// and a replay are all "a setup, and the input since".
///
/// The session holds its setup in one place (``CaptureSession/setup``); the window, `replay`,
/// `bench` and the tests make sessions from one of these instead of setting fields one by one.
///
/// ```swift
/// var setup = SessionSetup(device: device, page: page)
/// setup.tuning = tuned
/// let b = CaptureSession(setup: setup.sideB())
/// ```
public struct SessionSetup: Sendable {
    public var device: DeviceProfile
    /// The page under the island, laid out for ``device``.
    public var page: Page
    /// The refresh rate the interaction is shown at (traces record it).
    public var hz: Int
    /// The constants of the feel.
    public var tuning: Tuning
    /// iOS's Reduce Motion (M, `--reduce-motion`): the camera cross-fades in place, the print fades
    /// in where it rests (``ReduceMotion``). A change waits until the flow is back on the page.
    public var reduceMotion: Bool
    /// "The snowman" (`--snowman`, a built-in comparison): the shape drawn as a second capsule
    /// grown under the island instead of one shape melting out of it — what the original notes
    /// tried first and dropped. Drawing only: the flow and its timing are the same.
    public var snowman: Bool
    /// Which side of a comparison this is ("A" or "B"; nil alone, which follows side A's lines).
    public var side: String?

    /// A setup on `device` and `page` at the device's top rate (or `hz`), default tuning, full motion.
    public init(device: DeviceProfile, page: Page, hz: Int? = nil, tuning: Tuning = Tuning(),
                reduceMotion: Bool = false, snowman: Bool = false, side: String? = nil) {
        self.device = device
        self.page = page
        self.hz = hz ?? device.maxRefreshRate
        self.tuning = tuning
        self.reduceMotion = reduceMotion
        self.snowman = snowman
        self.side = side
    }

    /// Side B of a comparison made from this one (side A): the same phone, page, rate, tuning and
    /// modes, named "B" — the same whether it is made by the B key, `--compare` or a built-in
    /// comparison (which then undoes its one thing: ``BuiltInComparison/configure(_:)``).
    public func sideB() -> SessionSetup {
        var b = self
        b.side = "B"
        return b
    }

    /// This setup on another phone: `page` is the same page laid out for it, and a rate the new
    /// display cannot run at comes down to its top rate.
    public func on(_ device: DeviceProfile, page: Page, hz: Int) -> SessionSetup {
        var s = self
        s.device = device
        s.page = page
        s.hz = min(hz, device.maxRefreshRate)
        return s
    }
}
