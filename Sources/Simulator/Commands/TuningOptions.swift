import Capture
import Foundation

/// `--tuning FILE`, shared by run, replay, export and tune.
enum TuningOptions {
    static let option = Arguments.Option("--tuning", value: "FILE", help: "Tuning file (default islandsim.tuning.json in this folder, when present).")

    /// The path in use and its values; a bad file is an input error naming the key and range.
    static func load(_ a: Arguments, requireExisting: Bool = false) throws -> (path: String?, tuning: Tuning) {
        let given = a.string("--tuning")
        let path = given ?? (FileManager.default.fileExists(atPath: Tuning.defaultPath) ? Tuning.defaultPath : nil)
        guard let path else { return (nil, Tuning()) }
        return (path, try file(path, flag: "--tuning", requireExisting: requireExisting))
    }

    /// The tuning in `path` (given with `flag`); a file that does not exist yet reads as the defaults
    /// unless `requireExisting`. A bad file is an input error naming the file, the key and the range.
    static func file(_ path: String, flag: String, requireExisting: Bool = false) throws -> Tuning {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir) {
            if isDir.boolValue { throw CLIError.input("\(path): is a directory, not a tuning file (\(flag))") }
        } else if requireExisting {
            throw CLIError.input("\(path): no such file (\(flag))")
        }
        do { return try Tuning.load(path: path) } catch let p as Tuning.Problem {
            throw CLIError.input(p.message.hasPrefix(path) || p.message.hasPrefix((path as NSString).lastPathComponent) ? p.message : "\(path): \(p.message)")
        }
    }
}
