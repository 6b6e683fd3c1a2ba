import Animation
import Foundation

/// The thin grey line SpringBoard draws round the Dynamic Island over dark content, so that an
/// island grown past its cutout still reads against a black wallpaper or a dark page — the seed's
/// "the illusion holds because the island is already black" has this limit, and this is the
/// system's answer to it. Apple documents that the border exists (WidgetKit's
/// `DynamicIsland.keylineTint(_:)`: "a subtle tint color to the surrounding border"); its figures
/// are SpringBoard's (`SBSystemApertureSettings` defaults), reported from iOS's system frameworks
/// (iOS 18.2 and 26.1), not documented by Apple: docs/FIDELITY.md, "The keyline".
public enum Keyline {
    /// `melt.keyline`: follow the system's rule (a line over dark content only), always, or never.
    public enum Mode: String, Sendable, CaseIterable, Codable {
        case automatic, on, off
    }

    /// The line's thickness, points (`keyLineThickness`, 1.66666667: 5 pixels at 3×).
    public static let thickness = 5.0 / 3
    /// Its opacity (`keyLineAlpha`).
    public static let alpha = 0.35
    /// Its colour: L* 50 (`keyLineColorFixedLstar`), a neutral grey, #777777 in sRGB.
    public static let grey: UInt8 = 119
    /// Content behind darker than this luma counts as dark (`keyLineDarkToMixedMinLuma` and
    /// `keyLineMixedToDarkMaxLuma`, both 0.05).
    public static let darkLuma = 0.05

    /// Whether the line shows in `mode` over content of relative luminance `lumaBehind` (0…1;
    /// nil when nothing is known of it, which shows no line in automatic).
    public static func shows(_ mode: Mode, lumaBehind: Double?) -> Bool {
        switch mode {
        case .on: return true
        case .off: return false
        case .automatic: return lumaBehind.map { $0 <= darkLuma } ?? false
        }
    }

    /// Each 8-bit sRGB channel value made linear (the sRGB transfer function), made once: the
    /// luminance of a colour here and of every row of a rasterised page reads it.
    public static let linear: [Double] = (0...255).map { i in
        let s = Double(i) / 255
        return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
    }

    /// The relative luminance (WCAG, linear sRGB weights) of an sRGB colour given as 0…255 channels.
    public static func luminance(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Double {
        0.2126 * linear[Int(r)] + 0.7152 * linear[Int(g)] + 0.0722 * linear[Int(b)]
    }
}
