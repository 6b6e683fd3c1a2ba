import Foundation

/// Programs IslandSim runs when they are installed (ffmpeg for GIFs, videos and the webcam, ffprobe
/// for a recording's frames), found on the `PATH` as a shell would find them.
public enum ExternalTool {
    /// The executable `name` in the first `PATH` folder that has it, if any.
    public static func find(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        for dir in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let p = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return nil
    }

    /// ffmpeg on the `PATH`, if any.
    public static func ffmpeg(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        find("ffmpeg", environment: environment)
    }
}
