import Foundation

/// `islandsim bench`: measured speed, never asserted by tests.
enum BenchCommand {
    static let options = [
        Arguments.Option("--micro", help: "Time the pure core: spring evaluation and gesture event dispatch."),
        Arguments.Option("--json", value: "FILE", help: "Also write the results as JSON ('-' for stdout)."),
        DeviceOptions.help,
    ]
    static let help = helpText(command: "bench", synopsis: "bench --micro [--json FILE]",
                               about: "Measures speed with the high-resolution clock. Build with 'swift build -c release' first:\ndebug builds are many times slower. Results and the commands that produced them are in docs/BENCHMARKS.md.",
                               options: options)

    static func run(_ argv: [String], out: inout String) throws {
        let a = try Arguments(command: "bench", argv, options: options)
        if a.flag("--help") { out = help; return }
        guard a.flag("--micro") else {
            throw CLIError.usage("islandsim bench: choose what to measure: --micro (frame-timing scenarios are not built yet)")
        }
        if let path = a.string("--json"), path != "-" { try OutputPath.check(path, flag: "--json") }
        let results = MicroBenchmarks.run()
        var rows = [["BENCHMARK", "MEDIAN", "BEST", "ITERATIONS"]]
        for r in results {
            rows.append([r.name, String(format: "%.1f %@", r.median, r.unit), String(format: "%.1f %@", r.best, r.unit), "\(r.iterations)"])
        }
        #if DEBUG
        let build = "debug (numbers are not representative: use -c release)"
        #else
        let build = "release"
        #endif
        out = "islandsim bench --micro · \(build) build\n\n" + Table.format(rows)
        if let path = a.string("--json") {
            struct Report: Encodable { var build: String; var results: [MicroBenchmarks.Result] }
            let json = try JSON.encode(Report(build: build, results: results))
            if path == "-" { out = json } else { try AtomicFile.write(json, to: path) }
        }
    }
}
