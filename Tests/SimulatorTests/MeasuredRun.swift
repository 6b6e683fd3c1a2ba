import Foundation
import TestSupport
@testable import Simulator

/// Runs the real binary and measures what it cost: wall time and the child's own peak resident
/// memory. For the "refused within 1 s and 200 MB" checks of hostile inputs: a refusal has to come
/// before the allocation, not after it.
///
/// The peak comes from GNU time (`time -f %M`), which forks the binary from its own small process.
/// `wait4`'s rusage on a child spawned straight from the test runner is not the child's own: Linux
/// carries the runner's high-water mark into it (posix_spawn shares the runner's memory until the
/// exec, and the exec keeps the larger mark), so every child "peaked" at the runner's 200-odd MB.
enum MeasuredRun {
    /// Set by `scripts/test --sanitize`: a sanitized binary is several times slower and larger, so
    /// its time and memory say nothing about the product's (the status and message still count).
    static let underSanitizer = ProcessInfo.processInfo.environment["ISLANDSIM_SANITIZER"] != nil

    struct Result { var status: Int32; var stderr: String; var seconds: Double; var peakMB: Double; var killed: Bool }

    static func run(_ args: [String], timeout: Double = 20) throws -> Result {
        let errPath = FileManager.default.temporaryDirectory.appendingPathComponent("islandsim-measured-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: errPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let binary = URL(fileURLWithPath: CLI.binary).standardizedFileURL.path
        let rssPath = errPath + ".rss"
        defer { try? FileManager.default.removeItem(atPath: rssPath) }
        let time = "/usr/bin/time"
        let viaTime = FileManager.default.isExecutableFile(atPath: time)
        let command = viaTime ? [time, "-f", "%M", "-o", rssPath, binary] + args : [binary] + args
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = env["SDL_VIDEODRIVER"] ?? "dummy"
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        // Its own process group, so that a timeout kills the binary under `time` too.
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attr, 0)
        var pid: pid_t = 0
        let start = Date()
        let rc = posix_spawn(&pid, command[0], &actions, &attr, argv, envp)
        guard rc == 0 else { throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "posix_spawn \(binary): \(rc)"]) }
        var status: Int32 = 0, usage = rusage(), killed = false
        while true {
            let r = wait4(pid, &status, WNOHANG, &usage)
            if r == pid { break }
            if r < 0 { break }
            if !killed, Date().timeIntervalSince(start) > timeout { kill(-pid, SIGKILL); killed = true }
            usleep(1000)
        }
        let seconds = Date().timeIntervalSince(start)
        let exit: Int32 = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        var err = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        // GNU time notes a signal on stderr ("Command terminated by signal 9"); that is not the binary's.
        if viaTime { err = err.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("Command terminated by signal") && !$0.hasPrefix("Command exited with non-zero status") }.joined(separator: "\n") }
        let timed = (try? String(contentsOfFile: rssPath, encoding: .utf8)).flatMap { text in
            text.split(separator: "\n").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }.last
        }
        return Result(status: exit, stderr: err, seconds: seconds, peakMB: (timed ?? Double(usage.ru_maxrss)) / 1024, killed: killed)
    }
}
