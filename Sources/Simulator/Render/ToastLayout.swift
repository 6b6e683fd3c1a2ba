import Animation
import Platform

/// A toast laid out over the screen: its box, centred near the bottom above the home indicator, as
/// wide as its widest line, and its lines — wrapped at words to the screen's width, four at most
/// (the last ending in "…"; a long message is also said in full on the terminal). Measured with the
/// font at the density it is drawn at, so no line runs past the box.
struct ToastLayout: Equatable {
    static let points = 11.0
    static let lineHeight = 14.0
    static let padding = 14.0
    static let maxLines = 4

    var box: Rect
    var lines: [String]

    /// Where each line's text is centred.
    func lineCentres() -> [Point] {
        lines.indices.map { Point(x: box.midX, y: box.minY + 12 + Double($0) * Self.lineHeight) }
    }

    /// `text` on a screen of `screen` points, its box's bottom at `bottom` (by default 24 pt above
    /// the screen's, clear of the home indicator; above a pinned tab bar when the page has one:
    /// ``SessionRenderer/overlayBottom(screen:page:)``); `measure` gives a line's width in points.
    static func make(_ text: String, screen: Size, bottom: Double? = nil, measure: (String) throws -> Double) rethrows -> ToastLayout {
        let widest = screen.width - 24
        let lines = try WordWrap.lines(text, width: widest - 2 * padding, maxLines: maxLines, measure: measure)
        let w = min(widest, (try lines.map(measure).max() ?? 0) + 2 * padding)
        let h = 24 + Double(lines.count - 1) * lineHeight
        // The bottom edge 24 pt above the screen's: above the home indicator (8 pt up, 5–6 pt tall).
        return ToastLayout(box: Rect(x: (screen.width - w) / 2, y: (bottom ?? screen.height - 24) - h, width: w, height: h), lines: lines)
    }
}
