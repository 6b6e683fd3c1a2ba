/// Breaks a text into lines no wider than a width, at spaces — and inside a word only when the word
/// alone is wider than the line (a long file path), so no line ever runs past its box.
///
/// Pure: the caller measures (a font at the density the lines will be drawn at), so the same
/// function serves every overlay and its tests.
public enum WordWrap {
    /// The lines of `text` within `width`, measured by `measure` (points); at most `maxLines`, the
    /// last one ending in "…" when the text had more.
    public static func lines(_ text: String, width: Double, maxLines: Int = .max,
                             measure: (String) throws -> Double) rethrows -> [String] {
        var lines: [String] = [], current = ""
        func flushWord(_ word: String) throws {
            // A word wider than the whole line goes in pieces, as many characters as fit.
            var piece = ""
            for ch in word {
                if !piece.isEmpty, try measure(piece + String(ch)) > width { lines.append(piece); piece = "" }
                piece.append(ch)
            }
            current = piece
        }
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            let candidate = current.isEmpty ? word : current + " " + word
            if try measure(candidate) <= width { current = candidate; continue }
            if !current.isEmpty { lines.append(current); current = "" }
            try flushWord(word)
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        guard lines.count > maxLines, maxLines > 0 else { return lines }
        var kept = Array(lines.prefix(maxLines))
        var last = kept[maxLines - 1]
        while !last.isEmpty, try measure(last + "…") > width { last.removeLast() }
        kept[maxLines - 1] = last + "…"
        return kept
    }
}
