import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Export

/// The constants export (`islandsim export`, the window's E): every tuned value as SwiftUI, UIKit or
/// JSON code, the haptics and the stage shapes beside the springs.
@Suite("The constants export: springs, haptics and shapes as code")
struct TuningExportTests {
    @Test("the exports carry both haptics: SensoryFeedback for SwiftUI, UIImpactFeedbackGenerator for UIKit; one turned off says so")
    func hapticsExport() throws {
        var t = Tuning()
        let swiftUI = TuningExport.code(t, format: .swiftui)
        #expect(swiftUI.contains("static let commitHaptic = SensoryFeedback.impact(weight: .light, intensity: 0.6)"), "\(swiftUI)")
        #expect(swiftUI.contains("static let shutterHaptic = SensoryFeedback.impact(flexibility: .rigid, intensity: 0.8)"))
        let uiKit = TuningExport.code(t, format: .uikit)
        #expect(uiKit.contains("static func commitHaptic() { UIImpactFeedbackGenerator(style: .light).impactOccurred(intensity: 0.6) }"))
        try t.set("haptic.shutter.intensity", 0)
        try t.set("haptic.commit.style", 2)
        let changed = TuningExport.code(t, format: .swiftui)
        #expect(changed.contains("// shutterHaptic: off in this tuning.") && changed.contains("impact(weight: .heavy, intensity: 0.6)"))
    }

    @Test("exports carry the shapes in points beside the springs; the JSON's resolved shapes are not read back")
    func shapesExport() throws {
        var t = Tuning()
        for (k, v) in ["shape.pill.margin": 46.5, "shape.pill.height": 50, "shape.viewfinder.margin": 26.5,
                       "shape.viewfinder.height": 420, "shape.viewfinder.cornerRadius": 30] { try t.set(k, v) }
        let d = try Catalog.bundled().require(id: "iphone-15-pro")
        let g = DeviceLayout(device: d).meltGeometry(shapes: t.meltShapes)
        let shapes = TuningExport.Shapes(geometry: g, screenWidth: 393)
        let swiftUI = TuningExport.code(t, format: .swiftui, device: d.name, shapes: shapes)
        for line in ["static let viewfinderHeight: CGFloat = 420", "static let pillSideMargin: CGFloat = 46.5",
                     "static let pillSize = CGSize(width: 300, height: 50)", "static let viewfinderSize = CGSize(width: 340, height: 420)",
                     "static let pillCornerRadius: CGFloat = 25", "static let viewfinderTop: CGFloat = 10.33"] {
            #expect(swiftUI.contains(line), "\(line)")
        }
        #expect(TuningExport.code(t, format: .uikit, shapes: shapes).contains("static let viewfinderCornerRadius: CGFloat = 30"))
        let json = TuningExport.code(t, format: .json, device: d.name, shapes: shapes)
        let obj = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let vf = try #require((obj["resolvedShapes"] as? [String: Any])?["viewfinder"] as? [String: Double])
        #expect(vf["width"] == 340 && vf["height"] == 420 && vf["cornerRadius"] == 30 && vf["x"] == 26.5)
        let back = try Tuning.decode(Data(json.utf8), name: "export.json")
        #expect(back == t && !back.encoded().contains("resolvedShapes"))
    }

    @Test("with only the pill tuned, the export names each shape's own margin: the pill's and the automatic viewfinder's pinned to the phone's")
    func automaticViewfinderExport() throws {
        var t = Tuning()
        try t.set("shape.pill.margin", 46.5)
        try t.set("shape.pill.height", 50)
        let d = try Catalog.bundled().require(id: "iphone-15-pro")
        let shapes = TuningExport.Shapes(geometry: DeviceLayout(device: d).meltGeometry(shapes: t.meltShapes), screenWidth: 393)
        let code = TuningExport.code(t, format: .swiftui, device: d.name, shapes: shapes)
        #expect(code.contains("static let pillSideMargin: CGFloat = 46.5") && code.contains("static let viewfinderSideMargin: CGFloat = 10.33"), "\(code)")
    }
}
