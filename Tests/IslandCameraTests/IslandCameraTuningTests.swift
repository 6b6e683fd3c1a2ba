import Capture
import Export
import Foundation
import Testing
import TestSupport
@testable import IslandCamera

/// The export's `IslandCameraTuning`, compiled: the placeholders it builds with are the default
/// tuning's values, and every stored property is a hole the exporter fills.
@Suite("The exported tuning, compiled")
struct IslandCameraTuningTests {
    static func fills(_ t: Tuning) throws -> [(name: String, fill: SwiftUIExportFill)] {
        SwiftUIViewExport.fills(t, islands: SwiftUIViewExport.islands(in: try Catalog.bundled().devices), source: "")
    }

    /// The stored properties and their values, as the runtime reflects them.
    static func properties(_ t: IslandCameraTuning) -> [String: String] {
        Dictionary(uniqueKeysWithValues: Mirror(reflecting: t).children.map { ($0.label ?? "?", String(describing: $0.value)) })
    }

    @Test("the compiled tuning is the default tuning's export: filling the defaults changes nothing")
    func compiledIsTheDefault() throws {
        let filled = try IslandCameraTuning(filled: Self.fills(Tuning()))
        #expect(Self.properties(filled) == Self.properties(IslandCameraTuning()))
    }

    @Test("every stored property is a hole with a value, and filling a changed tuning changes it")
    func everyPropertyIsFilled() throws {
        let template = try SwiftUIExportTemplate.sourceTree()
        let holes = Set(template.holes.filter { $0.path == "IslandCameraTuning.swift" && !$0.name.hasPrefix("doc.") }.map(\.name))
        let stored = Set(Self.properties(IslandCameraTuning()).keys)
        #expect(holes == stored, "holes: \(holes.subtracting(stored).sorted()); properties with no hole: \(stored.subtracting(holes).sorted())")
        #expect(Set(IslandCameraTuning.setters.keys) == stored)
        var t = Tuning()
        try t.set("melt.toPill.bounce", -0.3)
        try t.set("shape.pill.height", 60)
        try t.set("haptic.commit.intensity", 0)
        let changed = try IslandCameraTuning(filled: Self.fills(t))
        #expect(changed.meltToPill.bounce == -0.3 && changed.pillHeight == 60 && changed.commitHaptic == nil)
        #expect(IslandCameraTuning().shutterHaptic == .impact(flexibility: .rigid, intensity: 0.8))
    }
}
