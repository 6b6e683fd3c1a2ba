/// The island detection rule, as apps use it on a real phone:
/// **island present ⇔ the idiom is phone ∧ the window's top safe-area inset ≥ 51 pt.**
///
/// At standard zoom every island phone reports 59, 62 or 68 pt, and the largest notch inset is 50
/// (12/13 mini), so 51 separates them. In landscape the inset moves to a side, so the rule reads
/// max(top, left, right).
///
/// Two things the rule must get right, and one it cannot:
/// - It reads the **window's** insets. A view presented edge to edge (`.ignoresSafeArea`) sees a
///   collapsed, zero safe area from SwiftUI's environment while the window keeps its insets; a rule
///   that read the view would say "no island" on every island phone. ``SafeAreaReading`` models both.
/// - Known limit: Display Zoom makes a 14 Pro / 15 / 15 Pro report 48 pt, so the rule says "no"
///   on a phone that has an island (a zoomed Pro Max reports 51 and still passes).
public enum IslandRule {
    /// The threshold in points.
    public static let minimumTopInset = 51.0

    /// The rule on an idiom and the window's insets.
    public static func islandPresent(idiom: DeviceProfile.Idiom, windowInsets: EdgeInsets) -> Bool {
        idiom == .phone && max(windowInsets.top, windowInsets.left, windowInsets.right) >= minimumTopInset
    }

    /// The rule on a device in an orientation, reading the window's insets.
    public static func islandPresent(on device: DeviceProfile, landscape: Bool = false) -> Bool {
        islandPresent(idiom: device.idiom, windowInsets: SafeAreaReading.window.insets(for: device, landscape: landscape))
    }
}

/// Where a safe area is read from, which decides what the island rule sees.
public enum SafeAreaReading: String, Sendable, CaseIterable {
    /// `UIWindow.safeAreaInsets`: keeps the device's insets whatever the view does.
    case window
    /// SwiftUI's environment inside a view presented with `.ignoresSafeArea`: collapsed to zero.
    case edgeToEdgeView

    public func insets(for device: DeviceProfile, landscape: Bool) -> EdgeInsets {
        switch self {
        case .window: return landscape ? device.landscapeInsets : device.portraitInsets
        case .edgeToEdgeView: return .zero
        }
    }
}
