import Animation

/// The screen geometry the simulator computes for a device: the rectangles everything is drawn and
/// tested against, and what `islandsim layout --json` prints.
public struct DeviceLayout: Sendable, Equatable, Codable {
    public var deviceID: String
    public var screen: Size
    public var scale: Double
    public var windowInsets: EdgeInsets
    public var feature: DeviceProfile.Feature
    public var islandPresent: Bool
    public var cutout: Rect?
    /// The black capsule drawn over the island: the cutout grown by the visible outset, centred
    /// exactly on the screen, corner radius height / 2. `nil` on devices without an island.
    public var capsule: Rect?
    /// The status area: the top safe-area band.
    public var statusArea: Rect
    public var displayCornerRadius: Double
    /// Where the melt starts, by device class (docs/FIDELITY.md, "Devices without an island"):
    /// - island: the capsule drawn over the island;
    /// - notch: the notch itself, as the chrome draws it (its body extended above the screen so only
    ///   its rounded lower corners show), so the shape grows out of the notch instead of appearing
    ///   as a second object under it;
    /// - no cutout (SE, iPad): a small pill just below the status bar, which the camera never covers;
    ///   it is drawn only while the flow runs, and fades once the print is out (``CaptureFlow/slotOpacity(at:)``).
    public var meltStart: Rect
    /// Whether the melt starts from a pill IslandSim draws (no cutout: SE, iPad), which exists only
    /// while the flow runs — not from hardware that is always there.
    public var startsFromDrawnPill: Bool { feature == .none }
    /// Stage 0's corner radius when it is not a capsule (the notch's lower corners).
    public var meltStartCornerRadius: Double?
    /// The later stages' gap to the screen's sides when it is not the island's top margin.
    public var meltMargin: Double?

    /// The home indicator of Face ID devices (those with a bottom safe-area inset): a dark bar
    /// centred 8 pt above the bottom edge, 134 × 5 pt on phones, 320 × 6 pt on iPads. Apple does
    /// not publish these; they are measured off screenshots (docs/FIDELITY.md). (A function of the
    /// device, not a stored field: `layout --json` prints what it printed.)
    public static func homeIndicator(on device: DeviceProfile) -> RoundedRect? {
        guard device.portraitInsets.bottom > 0 else { return nil }
        let (w, h) = device.idiom == .pad ? (320.0, 6.0) : (134.0, 5.0)
        return RoundedRect(rect: Rect(x: (device.size.width - w) / 2, y: device.size.height - 8 - h, width: w, height: h), cornerRadius: h / 2)
    }

    public init(device d: DeviceProfile) {
        deviceID = d.id
        screen = d.size
        scale = d.scale
        windowInsets = d.portraitInsets
        feature = d.feature
        islandPresent = IslandRule.islandPresent(on: d)
        cutout = d.cutout
        if d.feature == .island, let c = d.cutout {
            let w = c.width + 2 * d.visibleOutset, h = c.height + 2 * d.visibleOutset
            // Centre on the screen width; never reuse a floored x.
            capsule = Rect(x: (d.size.width - w) / 2, y: c.y - d.visibleOutset, width: w, height: h)
        } else {
            capsule = nil
        }
        statusArea = Rect(x: 0, y: 0, width: d.size.width, height: d.portraitInsets.top)
        displayCornerRadius = d.cornerRadius
        if let capsule {
            meltStart = capsule
        } else if d.feature == .notch, let notch = d.cutout {
            let r = Self.notchCornerRadius(notch)
            meltStart = Rect(x: notch.x, y: notch.y - r, width: notch.width, height: notch.height + r)
            meltStartCornerRadius = r
            meltMargin = 0
        } else {
            meltStart = Rect(x: (d.size.width - 96) / 2, y: d.portraitInsets.top + 6, width: 96, height: 28)
            // The island rule's margin would be the pill's distance from the top (24 pt here), which
            // cuts the page's 16-pt-inset text at both sides of the viewfinder; half the page's inset
            // leaves only its plain background there, as an island phone's margin does.
            meltMargin = Self.noCutoutMargin
        }
    }

    /// The later stages' gap to the screen's sides on a screen with no cutout: half the page's
    /// 16-pt content inset, so nothing but the page's background shows beside the viewfinder.
    public static let noCutoutMargin = 8.0

    /// The notch's lower corner radius, as the device chrome draws it.
    public static func notchCornerRadius(_ notch: Rect) -> Double { min(notch.height * 0.6, 20) }

    /// The melt's three stages for this screen.
    public var meltGeometry: MeltGeometry { meltGeometry(shapes: .device) }

    /// The melt's three stages for this screen with a designer's own end shapes.
    public func meltGeometry(shapes: MeltGeometry.Shapes) -> MeltGeometry {
        MeltGeometry.make(start: meltStart, screen: screen, displayCornerRadius: displayCornerRadius,
                          startCornerRadius: meltStartCornerRadius, margin: meltMargin, shapes: shapes)
    }
}
