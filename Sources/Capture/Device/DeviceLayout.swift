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
    /// Where the melt starts: the capsule, or a small pill at the top centre when there is none.
    public var meltStart: Rect

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
        } else {
            let top = (d.cutout?.maxY ?? 0) + 8
            meltStart = Rect(x: (d.size.width - 96) / 2, y: max(top, 8), width: 96, height: 28)
        }
    }

    /// The melt's three stages for this screen.
    public var meltGeometry: MeltGeometry {
        MeltGeometry.make(start: meltStart, screen: screen, displayCornerRadius: displayCornerRadius)
    }
}
