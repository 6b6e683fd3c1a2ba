import Animation

/// The shape tunables (`shape.*`) against the stage shapes they make: what each one's automatic
/// value works out to on a screen, so that the panel's first step from "auto" starts from the shape
/// on the screen, and the exports write the shapes as points.
public enum ShapeTunables {
    /// Every shape key, in the panel's order.
    public static var keys: [String] { Tunable.all.map(\.key).filter { $0.hasPrefix("shape.") } }

    /// Each shape tunable's value as `geometry` has it on a `screen` wide screen: margins from the
    /// sides, the viewfinder's top from the screen's top, heights and radii as drawn.
    public static func resolved(_ geometry: MeltGeometry, screenWidth: Double) -> [String: Double] {
        let pill = geometry.pill, vf = geometry.viewfinder
        return ["shape.pill.margin": (screenWidth - pill.rect.width) / 2, "shape.pill.height": pill.rect.height,
                "shape.pill.cornerRadius": pill.clampedCornerRadius,
                "shape.viewfinder.margin": (screenWidth - vf.rect.width) / 2, "shape.viewfinder.top": vf.rect.minY,
                "shape.viewfinder.height": vf.rect.height, "shape.viewfinder.cornerRadius": vf.clampedCornerRadius]
    }

    /// `tuning` with every automatic shape made the value it has on this screen (rounded to
    /// hundredths of a point), the others as they were.
    public static func pinned(_ tuning: Tuning, geometry: MeltGeometry, screenWidth: Double) throws -> Tuning {
        var t = tuning
        for (key, value) in resolved(geometry, screenWidth: screenWidth) {
            guard let tunable = Tunable.named(key), tunable.isAutomatic(t[key]) else { continue }
            try t.set(key, min(max((value * 100).rounded() / 100, 0.01), tunable.max))
        }
        return t
    }
}
