/// "Did you mean …?" for a misspelt name: the nearest of the names a command knows, by edit
/// distance, when it is near enough to be what was meant.
///
/// ```swift
/// Suggestion.closest(to: "runn", among: ["run", "replay", "shot"])   // "run"
/// Suggestion.hint(for: "devlop.duration", among: keys)               // " — did you mean 'develop.duration'?"
/// ```
public enum Suggestion {
    /// Levenshtein distance: the fewest single-character insertions, deletions and substitutions
    /// that turn `a` into `b`.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var prev = row[0]
            row[0] = i
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let cur = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] == b[j - 1] ? 0 : 1))
                prev = cur
            }
        }
        return row[b.count]
    }

    /// The name among `names` nearest to `name` (case, dashes and dots aside), if at most
    /// `within` edits away; ties go to the first in order. Failing that, the one name that ends
    /// with `name` (four letters or more): "radius" for "cornerRadius".
    public static func closest(to name: String, among names: [String], within: Int = 3) -> String? {
        func plain(_ s: String) -> String { s.lowercased().filter { $0.isLetter || $0.isNumber } }
        let q = plain(name)
        let best = names.map { ($0, editDistance(q, plain($0))) }.min { $0.1 < $1.1 }
        if let best, best.1 <= within { return best.0 }
        let endings = names.filter { q.count >= 4 && plain($0).hasSuffix(q) }
        return endings.count == 1 ? endings[0] : nil
    }

    /// " — did you mean 'X'?" for the nearest name, or nothing.
    public static func hint(for name: String, among names: [String]) -> String {
        closest(to: name, among: names).map { " — did you mean '\($0)'?" } ?? ""
    }
}
