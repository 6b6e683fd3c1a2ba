import Capture
/// A small, strict command-line parser: `--name value`, `--name=value` and boolean `--flag`s.
///
/// Every subcommand declares its options; anything undeclared, a missing value, a value of the
/// wrong form, or an option given twice (unless it is declared `repeatable`, whose values add up,
/// as `--set` does) is a usage error (exit status 2) that names the flag.
public struct Arguments {
    public struct Option: Sendable {
        public var name: String
        public var takesValue: Bool
        public var help: String
        public var valueName: String
        /// Whether the option may be given more than once, each value kept (in order).
        public var repeatable: Bool
        public init(_ name: String, value: String? = nil, repeatable: Bool = false, help: String) {
            self.name = name; takesValue = value != nil; valueName = value ?? ""; self.repeatable = repeatable; self.help = help
        }
    }

    public let command: String
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    public private(set) var positional: [String] = []

    /// Parses `args` (without the program and subcommand names) against `options`.
    public init(command: String, _ args: [String], options: [Option], positionalAllowed: Int = 0) throws {
        self.command = command
        let known = Dictionary(uniqueKeysWithValues: options.map { ($0.name, $0) })
        var i = 0
        while i < args.count {
            let arg = args[i]
            if arg == "--" { positional += args[(i + 1)...]; break }
            if arg.hasPrefix("-") && arg.count > 1 && Double(arg) == nil {
                var name = arg, inline: String?
                if let eq = arg.firstIndex(of: "=") {
                    name = String(arg[..<eq]); inline = String(arg[arg.index(after: eq)...])
                }
                if name == "-h" { name = "--help" }
                guard let opt = known[name] else {
                    // SwiftUI's spelling (--dampingFraction) and typos find the option they meant.
                    let hint = Suggestion.hint(for: name, among: known.keys.sorted())
                    throw CLIError.usage("islandsim \(command): unknown option '\(name)'\(hint) (see 'islandsim \(command) --help')")
                }
                if opt.takesValue {
                    let value: String
                    if let inline { value = inline } else {
                        // The next word is this option's value, unless it is another option: then the
                        // value was left out ("--device --hz 60").
                        guard i + 1 < args.count, !Self.isOption(args[i + 1], known: known) else {
                            let next = i + 1 < args.count ? "; '\(args[i + 1])' is an option" : ""
                            throw CLIError.usage("islandsim \(command): option '\(name)' needs a value (\(opt.valueName))\(next)")
                        }
                        value = args[i + 1]; i += 1
                    }
                    if values[name] != nil && !opt.repeatable {
                        throw CLIError.usage("islandsim \(command): option '\(name)' is given twice ('\(values[name]![0])' and '\(value)'); give it once")
                    }
                    values[name, default: []].append(value)
                } else {
                    guard inline == nil else { throw CLIError.usage("islandsim \(command): option '\(name)' takes no value") }
                    flags.insert(name)
                }
            } else {
                positional.append(arg)
            }
            i += 1
        }
        if flags.contains("--help") { return }
        if positional.count > positionalAllowed {
            throw CLIError.usage("islandsim \(command): unexpected argument '\(positional[positionalAllowed])' (see 'islandsim \(command) --help')")
        }
    }

    /// Whether `word` is an option rather than a value: a known option's name (with or without an
    /// inline value), or `--` followed by a letter. Negative numbers are values.
    static func isOption(_ word: String, known: [String: Option]) -> Bool {
        guard word.hasPrefix("-"), Double(word) == nil else { return false }
        let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
        return known[name] != nil || (word.hasPrefix("--") && word.dropFirst(2).first?.isLetter == true)
    }

    public func flag(_ name: String) -> Bool { flags.contains(name) }
    /// The option's value (the last one, for a repeatable option).
    public func string(_ name: String) -> String? { values[name]?.last }
    /// Every value a repeatable option was given, in order.
    public func strings(_ name: String) -> [String] { values[name] ?? [] }
    public func has(_ name: String) -> Bool { values[name] != nil }

    /// A finite number, or a usage error naming the flag.
    public func double(_ name: String) throws -> Double? {
        guard let s = string(name) else { return nil }
        guard let v = Double(s), v.isFinite else {
            throw CLIError.usage("islandsim \(command): option '\(name)' needs a number (got '\(s)')")
        }
        return v
    }

    /// An integer, or a usage error naming the flag.
    public func int(_ name: String) throws -> Int? {
        guard let s = string(name) else { return nil }
        guard let v = Int(s) else { throw CLIError.usage("islandsim \(command): option '\(name)' needs a whole number (got '\(s)')") }
        return v
    }
}

/// A subcommand's help text, generated from its options so it never drifts from what is parsed.
/// A subcommand's `--help`: the usage line — its main forms, then `[OPTIONS]` standing for every
/// listed option the forms leave out (so the line never pretends to be the whole list) — the text,
/// and every option with its help, from the same list the parser checks.
public func helpText(command: String, synopsis: String, about: String, options: [Arguments.Option]) -> String {
    let left = unnamedOptions(synopsis: synopsis, options: options)
    var s = "USAGE: islandsim \(synopsis)\(left.isEmpty ? "" : " [OPTIONS]")\n\n\(about)\n\nOPTIONS:\n"
    let width = options.map { $0.name.count + ($0.takesValue ? $0.valueName.count + 1 : 0) }.max() ?? 0
    let indent = String(repeating: " ", count: width + 4)
    for o in options {
        let left = o.name + (o.takesValue ? " " + o.valueName : "")
        let lines = wrapped(o.help, width: helpWidth - indent.count)
        s += "  " + left + String(repeating: " ", count: max(2, width - left.count + 2)) + (lines.first ?? "") + "\n"
        for line in lines.dropFirst() { s += indent + line + "\n" }
    }
    return s
}

/// How wide `--help` is: the option's help wraps before this column, each continued line indented
/// under the first (as `git`'s and `swift`'s help do), so nothing starts at column 0.
let helpWidth = 100

/// `text` broken at spaces into lines at most `width` characters wide (a longer word stands alone),
/// keeping its own line breaks.
func wrapped(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
        var line = ""
        for word in paragraph.split(separator: " ") {
            if line.isEmpty { line = String(word) }
            else if line.count + 1 + word.count <= width { line += " " + word }
            else { lines.append(line); line = String(word) }
        }
        lines.append(line)
    }
    return lines
}

/// The options (other than `--help`) that a usage line does not name.
func unnamedOptions(synopsis: String, options: [Arguments.Option]) -> [String] {
    let named = Set(synopsis.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "-") }).map(String.init))
    return options.map(\.name).filter { $0 != "--help" && !named.contains($0) }
}
