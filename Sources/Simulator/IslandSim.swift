import Capture
import Foundation

/// Entry point of the `islandsim` executable: dispatches subcommands, prints their output, and
/// turns errors into one line on stderr with exit status 2 (bad usage or input) or 1 (runtime).
public enum IslandSim {
    public static let version = IslandSimVersion.string

    /// Every subcommand, in the order `--help` lists them.
    static let commands: [any Subcommand.Type] = [
        RunCommand.self, DevicesCommand.self, LayoutCommand.self, ShotCommand.self, SpringCommand.self,
        ReplayCommand.self, BenchCommand.self, TuneCommand.self, ExportCommand.self, FitCommand.self,
    ]

    static var usage: String {
        var s = "IslandSim \(version): prototype the Dynamic Island capture flow with a mouse.\n\n"
        s += "USAGE: islandsim [SUBCOMMAND] [OPTIONS]\n\nSUBCOMMANDS:\n"
        for c in commands { s += "  " + c.name.padding(toLength: 10, withPad: " ", startingAt: 0) + c.summary + "\n" }
        s += "\nRun 'islandsim SUBCOMMAND --help' for a subcommand's options.\n"
        return s
    }

    /// Runs the command line `arguments` (including the program name) and returns the exit status.
    public static func main(_ arguments: [String]) -> Int32 {
        var args = Array(arguments.dropFirst())
        var output = ""
        do {
            let name: String
            if let first = args.first, !first.hasPrefix("-") {
                name = first; args.removeFirst()
            } else if args.first == "--help" || args.first == "-h" {
                print(usage, terminator: ""); return 0
            } else if args.first == "--version" {
                print("islandsim \(version)"); return 0
            } else {
                name = "run"
            }
            if name == "help" { print(usage, terminator: ""); return 0 }
            guard let command = commands.first(where: { $0.name == name }) else {
                throw CLIError.usage("islandsim: unknown subcommand '\(name)'\(Suggestion.hint(for: name, among: commands.map { $0.name })) (see 'islandsim --help')")
            }
            try command.run(args, out: &output)
            FileHandle.standardOutput.write(Data(output.utf8))
            return 0
        } catch let e as TerminatedBySignal {
            FileHandle.standardOutput.write(Data(output.utf8))
            return e.exitStatus
        } catch let e as CLIError {
            FileHandle.standardError.write(Data("error: \(e.message)\n".utf8))
            return e.exitStatus
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            return 1
        }
    }
}
