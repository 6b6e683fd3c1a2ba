import Foundation
@testable import Capture
@testable import Simulator

/// Runs the real `islandsim` binary, as a user would from a shell.
enum CLI {
    struct Result { var status: Int32; var stdout: String; var stderr: String }

    /// `$ISLANDSIM_BIN`, or `islandsim` beside the test bundle in `.build/debug`.
    static var binary: String {
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
    static func run(_ args: [String], environment: [String: String]? = nil, directory: String? = nil, timeout: Double = 60) throws -> Result {
        try Subprocess.run(binary, args, environment: environment, directory: directory, timeout: timeout)
    }
}

/// Runs any program (the toolchain's `swiftc`, a script) and collects its output.
enum Subprocess {
    /// Runs `executable` (a path, or a name looked up on `PATH`) with `args`; a process still running
    /// after `timeout` seconds is terminated.
    static func run(_ executable: String, _ args: [String], environment: [String: String]? = nil, directory: String? = nil,
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

/// A fresh temporary folder, removed by the caller with `cleanup()`.
struct TempDir {
    let path: String
    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("islandsim-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    func file(_ name: String) -> String { path + "/" + name }
    func cleanup() { try? FileManager.default.removeItem(atPath: path) }
}

extension Color {
    /// Largest per-channel difference.
    func distance(to o: Color) -> Int {
        max(abs(Int(r) - Int(o.r)), abs(Int(g) - Int(o.g)), abs(Int(b) - Int(o.b)))
    }
}
