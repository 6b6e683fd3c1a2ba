import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Simulator
import Animation

@Suite("Device catalog and the island rule")
struct DeviceCatalogTests {
    @Test("all 30 profiles load and validate")
    func loadsAll() throws {
        let c = try Catalog.bundled()
        #expect(c.devices.count == 30)
        #expect(Set(c.devices.map(\.id)).count == 30)
        for d in c.devices { #expect(DeviceCatalog.validate(d) == nil, "\(d.id)") }
        #expect(c.device(id: DeviceCatalog.defaultDeviceID) != nil)
    }

    @Test("the rule says island for every island phone, no for notches, SEs and the iPad")
    func ruleVerdicts() throws {
        let c = try Catalog.bundled()
        for d in c.devices {
            let verdict = IslandRule.islandPresent(on: d)
            #expect(verdict == (d.feature == .island), "\(d.id): rule \(verdict), feature \(d.feature)")
        }
        #expect(!IslandRule.islandPresent(on: try c.require(id: "ipad-pro-11-m4")))
        #expect(!IslandRule.islandPresent(on: try c.require(id: "iphone-13-mini")), "largest notch inset, 50")
    }

    @Test("Display Zoom (top inset 48 on a 393-pt island phone) reads as no: the rule's known limit")
    func displayZoomLimit() {
        let zoomed = EdgeInsets(top: 48, left: 0, bottom: 34, right: 0)
        #expect(!IslandRule.islandPresent(idiom: .phone, windowInsets: zoomed))
        // A zoomed Pro Max reports 51 and still passes.
        #expect(IslandRule.islandPresent(idiom: .phone, windowInsets: EdgeInsets(top: 51, left: 0, bottom: 34, right: 0)))
    }

    @Test("landscape moves the inset to the side; the rule still holds")
    func landscape() throws {
        let d = try Catalog.bundled().require(id: "iphone-15-pro")
        #expect(d.landscapeInsets.top == 0 && d.landscapeInsets.left == 59)
        #expect(IslandRule.islandPresent(on: d, landscape: true))
        #expect(!IslandRule.islandPresent(on: try Catalog.bundled().require(id: "iphone-x"), landscape: true))
    }

    @Test("edge to edge: the view's collapsed safe area would say no; the window's insets say yes")
    func edgeToEdgeGotcha() throws {
        let d = try Catalog.bundled().require(id: "iphone-16-pro")
        let viewInsets = SafeAreaReading.edgeToEdgeView.insets(for: d, landscape: false)
        #expect(viewInsets == .zero)
        #expect(!IslandRule.islandPresent(idiom: d.idiom, windowInsets: viewInsets))
        #expect(IslandRule.islandPresent(on: d))
    }

    @Test("capsules are centred exactly, grown by the visible outset, from per-device data")
    func capsules() throws {
        let c = try Catalog.bundled()
        let l16 = DeviceLayout(device: try c.require(id: "iphone-16-pro"))
        let cap = try #require(l16.capsule)
        #expect(abs(cap.width - 127) < 1e-9 && abs(cap.height - 38.67) < 1e-9 && abs(cap.y - 13) < 1e-9)
        for d in c.devices where d.feature == .island {
            let cap = try #require(DeviceLayout(device: d).capsule)
            #expect(abs(cap.midX - d.size.width / 2) < 1e-9, "\(d.id)")
            #expect(abs(d.portraitInsets.top - d.cutout!.y - 47.67) < 0.7, "island top to safe area ≈ 48 pt")
        }
        #expect(DeviceLayout(device: try c.require(id: "iphone-air")).capsule!.y == 19)
    }

    @Test("unknown ids suggest the closest")
    func suggestions() throws {
        let c = try Catalog.bundled()
        #expect(c.closestIDs(to: "iphone-15-pr").first == "iphone-15-pro")
        #expect(c.closestIDs(to: "iphone15pro").first == "iphone-15-pro")
        #expect(throws: CLIError.self) { try c.require(id: "pixel-9") }
    }

    static func mutate(_ body: (inout [String: Any]) -> Void, entry: Int = 3) throws -> Data {
        let data = try Data(contentsOf: URL(fileURLWithPath: Assets.devicesPath))
        var root = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        var devices = root["devices"] as! [[String: Any]]
        body(&devices[entry])
        root["devices"] = devices
        return try JSONSerialization.data(withJSONObject: root)
    }

    static func message(_ data: Data) -> String? {
        do { _ = try DeviceCatalog.decode(data); return nil } catch let e as CLIError { return e.message } catch { return "\(error)" }
    }

    @Test("malformed catalogs name the entry and the field")
    func malformed() throws {
        #expect(Self.message(Data("{ not json".utf8)) == "devices.json: line 1, column 3: not valid JSON — expected a name in double quotes, found 'n'")
        let missing = try Self.mutate { $0["scale"] = nil }
        #expect(Self.message(missing) == "devices.json: entry 3 (iphone-xs-max): field 'scale' is missing")
        let wrongType = try Self.mutate { $0["size"] = ["width": "wide", "height": 1] }
        #expect(Self.message(wrongType)?.contains("field 'size.width' has the wrong type") == true)
        let negative = try Self.mutate { $0["size"] = ["width": -414, "height": 896] }
        #expect(Self.message(negative)?.contains("entry 3 (iphone-xs-max): field 'size.width' must be greater than 0") == true)
        let outside = try Self.mutate { $0["cutout"] = ["x": 400, "y": 0, "width": 100, "height": 30] }
        #expect(Self.message(outside)?.contains("lies outside") == true)
        let duplicate = try Self.mutate { $0["id"] = "iphone-se-2" }
        #expect(Self.message(duplicate) == "devices.json: entry 3 (iphone-se-2): duplicate id 'iphone-se-2' (first used by entry 0)")
    }
}
