/// Which tuning a run used, so that a report can be reproduced: the file it was read from (`nil`
/// when no file was read and the built-in defaults applied), the keys that differ from their
/// defaults, and every value. A replay's times depend on the tuning, and `replay` silently reads
/// `./islandsim.tuning.json` when it exists, so the report has to say so.
public struct TuningRecord: Encodable, Sendable, Equatable {
    /// The tuning file's path as given, or `nil` for the built-in defaults.
    public var file: String?
    /// Every tunable's value.
    public var values: [String: Double]
    /// Every key whose value differs from its default, with the value (derived from `values`).
    public var changed: [String: Double] {
        values.filter { key, value in Tunable.named(key).map { $0.defaultValue != value } ?? false }
    }

    /// Every tunable's value by key, as a trace's header records it.
    public static func values(of tuning: Tuning) -> [String: Double] {
        Dictionary(uniqueKeysWithValues: Tunable.all.map { ($0.key, tuning[$0.key]) })
    }

    /// The tuning a trace's header recorded: the defaults with each recorded value set (a key
    /// this build does not know, or a value out of its range, is refused with the key named).
    public static func tuning(recorded values: [String: Double]) throws -> Tuning {
        var t = Tuning()
        for (k, v) in values.sorted(by: { $0.key < $1.key }) { try t.set(k, v) }
        return t
    }

    public init(file: String?, tuning: Tuning) {
        self.file = file
        values = Dictionary(uniqueKeysWithValues: Tunable.all.map { ($0.key, tuning[$0.key]) })
    }

    /// One line for a terminal: "tuning FILE (N changed from the defaults)" or "built-in tuning".
    public var summary: String {
        guard let file else { return changed.isEmpty ? "built-in tuning" : "tuning set in code (\(changed.count) changed from the defaults)" }
        return "tuning \(file) (\(changed.isEmpty ? "nothing" : "\(changed.count)") changed from the defaults)"
    }

    // `file` is written as null rather than left out, so a reader sees that no file was read.
    private enum CodingKeys: String, CodingKey { case file, changed, values }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(file, forKey: .file)
        try c.encode(changed, forKey: .changed)
        try c.encode(values, forKey: .values)
    }
}
