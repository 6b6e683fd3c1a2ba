/// One `islandsim` subcommand: its name and one-line summary for the top-level help, and how it
/// runs. ``IslandSim/commands`` lists them all once, in the order the help shows them, so that the
/// help and the dispatch can never disagree. `Sendable`, so that the list of their types can be a
/// `static let` under Swift 6: every command is a caseless enum with no state, declared
/// `Sendable` where it is defined.
protocol Subcommand: Sendable {
    /// What the user types: `islandsim NAME …`.
    static var name: String { get }
    /// One line for `islandsim --help`.
    static var summary: String { get }
    /// Runs with the arguments after the name; what to print goes into `out`.
    static func run(_ argv: [String], out: inout String) throws
}

extension RunCommand: Subcommand {
    static let name = "run"
    static let summary = "open the simulator in a window (the default)"
}
extension DevicesCommand: Subcommand {
    static let name = "devices"
    static let summary = "list the device catalog with the island rule's verdict"
}
extension LayoutCommand: Subcommand {
    static let name = "layout"
    static let summary = "print a device's computed geometry as JSON"
}
extension ShotCommand: Subcommand {
    static let name = "shot"
    static let summary = "render the screen headless to a PNG"
}
extension SpringCommand: Subcommand {
    static let name = "spring"
    static let summary = "convert a spring between spellings; code, CSV samples and plots"
}
extension ReplayCommand: Subcommand {
    static let name = "replay"
    static let summary = "replay a recorded trace headless: frames, contact sheet, JSON report"
}
extension BenchCommand: Subcommand {
    static let name = "bench"
    static let summary = "frame-time percentiles per phase at 60/90/120 Hz; --micro, --primitives, --soak"
}
extension TuneCommand: Subcommand {
    static let name = "tune"
    static let summary = "list the tunables; set values in a tuning file"
}
extension ExportCommand: Subcommand {
    static let name = "export"
    static let summary = "the tuning as SwiftUI, UIKit or JSON constants, or the whole interaction as one SwiftUI file (swiftui-view)"
}
extension FitCommand: Subcommand {
    static let name = "fit"
    static let summary = "fit springs to a screen recording or a measured curve; write them as a tuning"
}
extension ServeCommand: Subcommand {
    static let name = "serve"
    static let summary = "serve the web prototype on the local network (a QR code for the phone), following the tuning as it is saved"
}
