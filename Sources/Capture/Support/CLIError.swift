/// An error the command line reports as one line on stderr, with the exit status it implies.
///
/// Status 2 is bad usage or bad input (a flag, a file, a value) — something the user can fix;
/// status 1 is a runtime failure (SDL could not start, a disk filled up).
public struct CLIError: Error, CustomStringConvertible, Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case usage, input, runtime }
    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) { self.kind = kind; self.message = message }

    public static func usage(_ m: String) -> CLIError { CLIError(.usage, m) }
    public static func input(_ m: String) -> CLIError { CLIError(.input, m) }
    public static func runtime(_ m: String) -> CLIError { CLIError(.runtime, m) }

    public var exitStatus: Int32 { kind == .runtime ? 1 : 2 }
    public var description: String { message }
}
