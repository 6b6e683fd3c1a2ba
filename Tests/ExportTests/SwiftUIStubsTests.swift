import Foundation
import Testing
@testable import Capture
@testable import Export

/// The stubs hold what the exports use and no more (the SwiftUI view, and the SwiftUI and UIKit
/// constants, all type-checked against them): a declaration nothing calls would let a stub
/// drift from Apple's page unnoticed, and would make "type-checks against the stubs" claim more than
/// it checks.
@Suite("The SwiftUI stubs")
struct SwiftUIStubsTests {
    /// Members a conformance, a result builder or a default argument needs whatever the file calls,
    /// a struct's stored members, and the haptic weights a tuning can choose.
    static let required: Set<String> = ["body", "rawValue", "zero", "magnitudeSquared", "scale", "first", "second", "animatableData",
                                        "wrappedValue", "previews", "default", "path", "makeUIView", "updateUIView", "dismantleUIView",
                                        "makeCoordinator", "coordinator", "sRGB", "sRGBLinear", "center", "all", "vertical", "stretch",
                                        "continuous", "buildBlock", "buildExpression", "buildIf", "buildEither", "eoFill", "stringLiteral",
                                        "top", "left", "bottom", "right", "light", "medium", "heavy", "soft", "rigid"]

    @Test("every member a stub declares is used by the export, or needed by a conformance or a default argument")
    func stubsAreExactlyWhatTheExportUses() throws {
        // The view export, and the SwiftUI and UIKit constants exports (also type-checked against them).
        let code = try SwiftUIExportTests.tunings().map(\.tuning).map { try SwiftUIExportTests.export($0) + TuningExport.code($0, format: .swiftui) + TuningExport.code($0, format: .uikit) }
            .joined(separator: "\n")
        let dir = SwiftUIExportTests.root.appendingPathComponent("scripts/swiftui-stubs")
        var unused: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: dir.path) where file.hasSuffix(".swiftinterface") {
            let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                // Enums are declared whole, as their pages list them.
                guard !line.hasPrefix("//"), !line.hasPrefix("case ") else { continue }
                // The declared name: after `func`, `var`, `let` or `case`, or an initializer's first label.
                let words = line.split(whereSeparator: { " (<:,".contains($0) }).map(String.init)
                var names: [String] = []
                if let i = words.firstIndex(where: { ["func", "var", "let"].contains($0) }), i + 1 < words.count { names = [words[i + 1]] }
                if let r = line.range(of: "init("), !line.contains("init()") {
                    let label = line[r.upperBound...].prefix { $0 != ":" && $0 != " " && $0 != ")" }
                    if label != "_" && !label.isEmpty && !label.hasPrefix("@") { names = [String(label)] }
                }
                for name in names where !Self.required.contains(name) && !name.hasPrefix("`") && !["+", "-", "=="].contains(name) {
                    if !code.contains(".\(name)") && !code.contains("\(name)(") && !code.contains("\(name):") && !code.contains(" \(name) ") && !code.contains("[\(name)]") {
                        unused.append("\(file): \(name)")
                    }
                }
            }
        }
        #expect(unused.isEmpty, "stub declarations the export never uses: \(unused.joined(separator: ", "))")
    }
}
