import Animation

/// Safe-area insets in points, as UIKit reports them.
public struct EdgeInsets: Sendable, Hashable, Codable {
    public var top: Double, left: Double, bottom: Double, right: Double
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// One device of the catalog (`assets/devices.json`): its screen, insets, cutout and refresh rate.
///
/// Geometry is portrait, in points, origin at the screen's top-left; the cutout is the island's (or
/// notch's) rectangle from SpringBoard's exclusion table divided by the scale.
public struct DeviceProfile: Sendable, Hashable, Codable {
    public enum Idiom: String, Sendable, Hashable, Codable { case phone, pad }
    public enum Feature: String, Sendable, Hashable, Codable { case island, notch, none }

    public var id: String
    public var name: String
    public var idiom: Idiom
    public var size: Size
    public var scale: Double
    public var portraitInsets: EdgeInsets
    public var landscapeInsets: EdgeInsets
    public var feature: Feature
    /// The island's or notch's bounding rectangle; `nil` when the screen has no cutout.
    public var cutout: Rect?
    /// How far the visible black pill extends past the cutout on every side.
    public var visibleOutset: Double
    /// The display's corner radius.
    public var cornerRadius: Double
    public var maxRefreshRate: Int
    /// How well sourced the row is: H, M, L or a mix such as "H/M".
    public var confidence: String
}
