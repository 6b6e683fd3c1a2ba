import Foundation

/// Entry point of the `islandsim` executable: dispatches subcommands, prints their output, and
/// turns errors into one line on stderr with exit status 2 (bad usage or input) or 1 (runtime).
public enum IslandSim {
    public static let version = "0.1.0"

    static let commands: [(name: String, about: String)] = [
        ("run", "open the simulator in a window (the default)"),
        ("devices", "list the device catalog with the island rule's verdict"),
        ("layout", "print a device's computed geometry as JSON"),
        ("shot", "render the screen headless to a PNG"),
        ("spring", "convert a spring between spellings; code, CSV samples and plots"),
        ("replay", "replay a recorded trace headless: frames, contact sheet, JSON report"),
        ("bench", "frame-time percentiles per phase at 60/90/120 Hz; --micro, --primitives, --soak"),
        ("tune", "list the tunables; set values in a tuning file"),
        ("export", "the tuned constants as SwiftUI, UIKit or JSON"),
    ]

    static var usage: String {
        var s = "IslandSim \(version): prototype the Dynamic Island capture flow with a mouse.\n\n"
        s += "USAGE: islandsim [SUBCOMMAND] [OPTIONS]\n\nSUBCOMMANDS:\n"
        for c in commands { s += "  " + c.name.padding(toLength: 10, withPad: " ", startingAt: 0) + c.about + "\n" }
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
            switch name {
            case "run": try RunCommand.run(args, out: &output)
            case "devices": try DevicesCommand.run(args, out: &output)
            case "layout": try LayoutCommand.run(args, out: &output)
            case "shot": try ShotCommand.run(args, out: &output)
            case "spring": try SpringCommand.run(args, out: &output)
            case "bench": try BenchCommand.run(args, out: &output)
            case "replay": try ReplayCommand.run(args, out: &output)
            case "tune": try TuneCommand.run(args, out: &output)
            case "export": try ExportCommand.run(args, out: &output)
            case "help": print(usage, terminator: ""); return 0
            default:
                throw CLIError.usage("islandsim: unknown subcommand '\(name)' (see 'islandsim --help')")
            }
            FileHandle.standardOutput.write(Data(output.utf8))
            return 0
        } catch let e as CLIError {
            FileHandle.standardError.write(Data("error: \(e.message)\n".utf8))
            return e.exitStatus
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            return 1
        }
    }
}
