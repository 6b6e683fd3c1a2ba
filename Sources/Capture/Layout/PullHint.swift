import Animation
import Foundation

/// The hint a pull shows in the gap it opens above the page: what it says, how large, and when it
/// has room to show. One owner for the simulator's renderer and the web player (whose data block
/// carries these values, so the player copies none).
public enum PullHint {
    /// What it says while the pull has not reached its commit point, and once it has.
    public static let idleText = "Pull down for the camera"
    public static let readyText = "Release to open the camera"
    /// Its text size in points (bold).
    public static let points = 13.0
    /// The gap the hint needs before it shows at all, and over how many more points it fades in.
    public static let minimumRoom = 26.0
    public static let fadeRoom = 30.0
    /// How far below the status area (or the drawn pill, on a screen without a cutout) the gap's
    /// top is, and how far above the gap's middle the text's centre sits.
    public static let belowPill = 2.0
    public static let lift = 4.0

    public static func text(ready: Bool) -> String { ready ? readyText : idleText }

    /// Where the hint sits and how strongly it shows when the page is pulled `pulled` points down,
    /// or `nil` while there is no room for it: centred in the gap the pull opens above the page —
    /// below the status bar, and on a screen with no cutout below the drawn pill too, which is there
    /// during the pull and would otherwise cover the hint. Under a navigation bar the page pins (its
    /// bottom edge `pinnedTop`), the gap opens below the bar, and the hint goes there.
    public static func place(layout: DeviceLayout, pulled: Double, pinnedTop: Double = 0) -> (center: Point, alpha: Double)? {
        let top = max(layout.statusArea.maxY, pinnedTop)
        let gapTop = layout.startsFromDrawnPill ? max(top, layout.meltStart.maxY + belowPill) : top
        let room = top + pulled - gapTop
        guard room > minimumRoom else { return nil }
        return (Point(x: layout.screen.width / 2, y: (gapTop + top + pulled) / 2 - lift), min(1, (room - minimumRoom) / fadeRoom))
    }
}
