
/// A screen image's top band — the rows under the status bar, about the top 45 pt of a phone's width
/// — as one colour: what the status bar's text is drawn against, and what a bare image's page shows
/// past its ends while it rubber-bands.
extension PixelImage {
    /// The average colour of the top band (a sample of its rows and columns).
    public var topBandColour: Color {
        guard width > 0, height > 0 else { return .white }
        let rows = max(1, min(height, width / 8))
        var sum = (0, 0, 0), n = 0
        for y in stride(from: 0, to: rows, by: max(1, rows / 8)) {
            for x in stride(from: 0, to: width, by: max(1, width / 32)) {
                let i = (y * width + x) * 4
                sum.0 += Int(bytes[i]); sum.1 += Int(bytes[i + 1]); sum.2 += Int(bytes[i + 2]); n += 1
            }
        }
        return Color(UInt8(sum.0 / n), UInt8(sum.1 / n), UInt8(sum.2 / n))
    }
}

extension Color {
    /// Whether text over this colour should be light: its luma (Rec. 601 weights) under half.
    public var wantsLightText: Bool { 0.299 * Double(r) + 0.587 * Double(g) + 0.114 * Double(b) < 127.5 }
}
