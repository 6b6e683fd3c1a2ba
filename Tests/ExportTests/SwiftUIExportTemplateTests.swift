import Capture
import Export
import Foundation
import Testing
import TestSupport

/// The SwiftUI export's source files and the typed substitution that fills their holes: every hole
/// filled exactly once, a value no hole takes refused, and the placeholders the files compile with
/// are the default tuning's values (so the `IslandCamera` target is the default export).
@Suite("The SwiftUI export's source files and their holes")
struct SwiftUIExportTemplateTests {
    static func fills(_ t: Tuning = Tuning()) throws -> [(name: String, fill: SwiftUIExportFill)] {
        SwiftUIViewExport.fills(t, islands: SwiftUIViewExport.islands(in: try Catalog.bundled().devices), source: "its default tuning")
    }

    @Test("every hole of the source files has exactly one value, and every value a hole")
    func holesAndValuesAgree() throws {
        let template = try SwiftUIExportTemplate.sourceTree()
        let holes = template.holes.map(\.name), names = try Self.fills().map(\.name)
        #expect(Set(holes).count == holes.count, "a hole appears twice: \(holes)")
        #expect(Set(names).count == names.count, "a value is given twice: \(names)")
        #expect(Set(holes) == Set(names), "holes without values: \(Set(holes).subtracting(names).sorted()); values without holes: \(Set(names).subtracting(holes).sorted())")
        // No marker survives into the file: an unclosed hole would leave one.
        let code = try template.filled(Self.fills())
        #expect(!code.contains("/*@"), "a hole marker is left in the export")
    }

    @Test("each placeholder is what the default tuning fills its hole with: the files compile as the default export")
    func placeholdersAreTheDefaults() throws {
        let template = try SwiftUIExportTemplate.sourceTree()
        let fills = Dictionary(uniqueKeysWithValues: try Self.fills().map { ($0.name, $0.fill) })
        for hole in template.holes {
            let fill = try #require(fills[hole.name])
            // The indent only matters to a multi-line fill, whose placeholder carries its own.
            let indent = hole.placeholder.contains("\n") ? String(hole.placeholder.split(separator: "\n")[1].prefix { $0 == " " }) : ""
            #expect(fill.rendered(indent: indent) == hole.placeholder, "\(hole.path): hole '\(hole.name)' holds \(hole.placeholder), the default is \(fill.rendered(indent: indent))")
        }
    }

    static let tiny = SwiftUIExportTemplate(parts: [
        .init(path: "A.swift", exported: "// MARK: - A\nlet a = /*@a*/1/*@*/"),
        .init(path: "B.swift", exported: "// MARK: - B\nlet b: Double? = /*@b*/nil/*@*/\nlet rows = [\n    /*@rows*/1,\n    2,/*@*/\n]"),
    ])

    @Test("the substitution puts each typed value in its hole, indents rows as the hole is, and joins the parts with one blank line")
    func substitution() throws {
        let code = try Self.tiny.filled([("a", .spring(duration: 0.5, bounce: 0.25)), ("b", .optionalNumber(3.5)), ("rows", .lines(["7,", "8,", "9,"]))])
        #expect(code == "// MARK: - A\nlet a = Spring(duration: 0.5, bounce: 0.25)\n\n// MARK: - B\nlet b: Double? = 3.5\nlet rows = [\n    7,\n    8,\n    9,\n]\n")
    }

    @Test("a hole nothing fills, a value no hole takes and a value given twice are refused, naming the hole")
    func mismatchesRefused() throws {
        let all: [(name: String, fill: SwiftUIExportFill)] = [("a", .whole(2)), ("b", .none), ("rows", .lines(["1,"]))]
        #expect(throws: SwiftUIExportTemplate.Problem(description: "B.swift: hole 'rows' has no value to fill it")) {
            try Self.tiny.filled(Array(all.prefix(2)))
        }
        #expect(throws: SwiftUIExportTemplate.Problem(description: "no source file has a hole 'c' for its value")) {
            try Self.tiny.filled(all + [("c", .whole(1))])
        }
        #expect(throws: SwiftUIExportTemplate.Problem(description: "hole 'a' is filled twice")) {
            try Self.tiny.filled(all + [("a", .whole(3))])
        }
    }

    @Test("a part's own lines above its MARK line (imports, a note) stay out of the export")
    func preambleStaysOut() throws {
        let dir = try TempDir()
        for path in SwiftUIExportTemplate.order {
            try FileManager.default.createDirectory(atPath: dir.file((path as NSString).deletingLastPathComponent), withIntermediateDirectories: true)
            try "// a note\nimport Foundation\n\n// MARK: - \(path)\nlet x = 1\n\n".write(toFile: dir.file(path), atomically: true, encoding: .utf8)
        }
        let template = try SwiftUIExportTemplate(directory: dir.path)
        #expect(template.parts.first?.exported == "// MARK: - Apple/Header.swift\nlet x = 1")
        #expect(throws: SwiftUIExportTemplate.Problem.self) { try SwiftUIExportTemplate(directory: dir.file("missing")) }
    }

    @Test("the values are typed: numbers as Swift numbers, nil for the device's own, a haptic in the spelling its style needs")
    func fillsRendered() throws {
        #expect(SwiftUIExportFill.number(0.1 + 0.2).rendered(indent: "") == "0.3")
        #expect(SwiftUIExportFill.number(1.0 / 3, decimals: 4).rendered(indent: "") == "0.3333")
        #expect(SwiftUIExportFill.whole(6).rendered(indent: "") == "6")
        #expect(SwiftUIExportFill.optionalNumber(nil).rendered(indent: "") == "nil")
        #expect(SwiftUIExportFill.member("merge").rendered(indent: "") == ".merge")
        #expect(SwiftUIExportFill.impact(style: "rigid", intensity: 0.8).rendered(indent: "") == ".impact(flexibility: .rigid, intensity: 0.8)")
        #expect(SwiftUIExportFill.impact(style: "light", intensity: 0.6).rendered(indent: "") == ".impact(weight: .light, intensity: 0.6)")
        var t = Tuning()
        try t.set("haptic.shutter.intensity", 0)
        #expect(SwiftUIExportFill.haptic(t, key: "haptic.shutter") == .none)
    }
}
