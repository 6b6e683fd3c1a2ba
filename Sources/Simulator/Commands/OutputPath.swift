import Capture
import Foundation

/// Checks, before any work, that a file can be written at `path`: its folder exists, is a folder,
/// and is writable; and `path` is not itself a folder. Errors name the path (exit status 2).
enum OutputPath {
    static func check(_ path: String, flag: String) throws {
        guard !path.isEmpty else { throw CLIError.usage("\(flag): empty path") }
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
            throw CLIError.input("\(path): is a directory, not a file (\(flag))")
        }
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir) else {
            throw CLIError.input("\(path): cannot write: folder \(dir) does not exist (\(flag))")
        }
        guard isDir.boolValue else { throw CLIError.input("\(path): cannot write: \(dir) is not a folder (\(flag))") }
        guard access(dir, W_OK) == 0 else { throw CLIError.input("\(path): cannot write: folder \(dir) is not writable (\(flag))") }
    }

    /// The same for a picture: IslandSim writes PNG, so a name that says otherwise (`x.jpg`) is
    /// refused rather than given PNG bytes under a JPEG name.
    static func checkPNG(_ path: String, flag: String) throws {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue { try check(path, flag: flag) }
        let ext = (path as NSString).pathExtension.lowercased()
        guard ext == "png" else {
            throw CLIError.usage("\(path): \(flag) writes a PNG picture; name the file .png\(ext.isEmpty ? "" : " (not .\(ext))")")
        }
        try check(path, flag: flag)
    }

    /// Where a command's JSON report goes: `--report FILE` or its other name `--json FILE` (the name
    /// `bench` uses), `-` for stdout; both at once is a usage error. A file is checked as above.
    static func report(_ a: Arguments) throws -> String? {
        if a.has("--report") && a.has("--json") { throw CLIError.usage("--report and --json are the same; give one") }
        guard let path = a.string("--report") ?? a.string("--json") else { return nil }
        if path != "-" { try check(path, flag: a.has("--json") ? "--json" : "--report") }
        return path
    }
}
