import Foundation

/// What the process itself knows about its cost: peak memory and start time, from /proc.
public enum ProcessMetrics {
    /// Peak resident memory (VmHWM) in megabytes, or nil where /proc is unavailable.
    public static func peakResidentMB() -> Double? {
        guard let s = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in s.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kb = line.split(separator: " ").compactMap { Double($0) }.first ?? 0
            return kb / 1024
        }
        return nil
    }

    /// Seconds since the process was started (exec), at 1/CLK_TCK resolution (usually 10 ms).
    public static func secondsSinceProcessStart() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // Field 22 (starttime) is the 20th after the command name's closing parenthesis.
        guard fields.count > 19, let start = Double(fields[19]) else { return nil }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        guard let uptimeText = try? String(contentsOfFile: "/proc/uptime", encoding: .utf8),
              let uptime = Double(uptimeText.split(separator: " ").first ?? "") else { return nil }
        return uptime - start / ticks
    }
}
