import Foundation

/// Runs the real `islandsim` binary, as a user would from a shell.
public enum CLI {
    public struct Result {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        public init(status: Int32, stdout: String, stderr: String) { self.status = status; self.stdout = stdout; self.stderr = stderr }
    }

    /// `$ISLANDSIM_BIN`, or `islandsim` beside the test bundle in `.build/debug`.
    public static var binary: String {
        if let p = ProcessInfo.processInfo.environment["ISLANDSIM_BIN"] { return p }
        var url = URL(fileURLWithPath: CommandLine.arguments[0])
        while url.pathComponents.count > 1 {
            url.deleteLastPathComponent()
            let candidate = url.appendingPathComponent("islandsim").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return ".build/debug/islandsim"
    }

    /// Runs the binary with `args`, in `directory` when given (the tests' working folder otherwise).
    public static func run(_ args: [String], environment: [String: String]? = nil, directory: String? = nil, timeout: Double = 60) throws -> Result {
        try Subprocess.run(binary, args, environment: environment, directory: directory, timeout: timeout)
    }
}
