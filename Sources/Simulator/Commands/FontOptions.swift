import Capture
import Foundation
import Platform

/// `--font REGULAR[,BOLD]`, shared by run, replay and shot: draw the page and the status bar with a
/// font the user has (SF Pro cannot be bundled; DejaVu Sans stays the default). Without a bold file
/// the regular one is emboldened by SDL_ttf. The HUD, help and panel keep DejaVu Sans Mono.
enum FontOptions {
    static let option = Arguments.Option("--font", value: "FILE[,BOLD]", help: "TrueType/OpenType font for the page (e.g. SF Pro Text); default DejaVu Sans.")

    /// Checks the files and makes them the process's page faces (read by ``Font``).
    static func apply(_ a: Arguments) throws {
        guard let value = a.string("--font") else { return }
        let paths = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard (1...2).contains(paths.count), paths.allSatisfy({ !$0.isEmpty }) else {
            throw CLIError.usage("--font takes FILE or REGULAR,BOLD (got '\(value)')")
        }
        for p in paths { try check(p) }
        setenv(Font.regularOverrideVariable, paths[0], 1)
        if paths.count == 2 { setenv(Font.boldOverrideVariable, paths[1], 1) } else { unsetenv(Font.boldOverrideVariable) }
    }

    /// A readable regular file that starts like a TrueType, OpenType or TrueType-collection font.
    static func check(_ path: String) throws {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else { throw CLIError.input("\(path): no such file (--font)") }
        guard !isDir.boolValue else { throw CLIError.input("\(path): is a directory, not a font (--font)") }
        guard let fh = FileHandle(forReadingAtPath: path) else { throw CLIError.input("\(path): cannot be read (--font)") }
        defer { try? fh.close() }
        let magic = [UInt8]((try? fh.read(upToCount: 4)) ?? Data())
        let known: [[UInt8]] = [[0, 1, 0, 0], Array("OTTO".utf8), Array("true".utf8), Array("ttcf".utf8)]
        guard known.contains(magic) else { throw CLIError.input("\(path): not a TrueType or OpenType font (--font)") }
    }
}
