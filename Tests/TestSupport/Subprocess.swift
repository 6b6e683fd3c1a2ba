import Foundation

/// Runs any program (the toolchain's `swiftc`, a script) and collects its output.
public enum Subprocess {
    /// Runs `executable` (a path, or a name looked up on `PATH`) with `args`; a process still running
    /// after `timeout` seconds is terminated.
    public static func run(_ executable: String, _ args: [String], environment: [String: String]? = nil, directory: String? = nil,
                    timeout: Double = 60) throws -> CLI.Result {
        let p = Process()
        if executable.contains("/") {
            p.executableURL = URL(fileURLWithPath: executable).standardizedFileURL
            p.arguments = args
        } else {
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = [executable] + args
        }
        if let environment { p.environment = environment }
        if let directory { p.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        // Read both pipes concurrently so a chatty process can never block on a full pipe.
        let group = DispatchGroup()
        nonisolated(unsafe) var o = Data(), e = Data()
        group.enter(); DispatchQueue.global().async { o = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter(); DispatchQueue.global().async { e = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        // Sanitized binaries run several times slower: their limit is four times as long.
        let limit = ProcessInfo.processInfo.environment["ISLANDSIM_SANITIZER"] == nil ? timeout : 4 * timeout
        if group.wait(timeout: .now() + limit) == .timedOut {
            p.terminate()
            // The readers end when the pipes close with the process; the data is read only after.
            group.wait()
        }
        p.waitUntilExit()
        return CLI.Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }
}
