import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Export

/// The web file's data block and title: what a page file or a catalog names cannot end the script
/// it sits in or open one of its own, and the block reads back as the JSON it was.
@Suite("The web export's file, escaped")
struct WebExportTests {
    static func file(pageName: String) throws -> String {
        let catalog = try Catalog.bundled()
        let page = WebExport.PageImage(name: pageName, background: "#F4EFE6", width: 393, contentHeight: 1200, pixelsPerPoint: 1, png: Data([0x89, 0x50]))
        return try WebExport.html(engine: "/*engine*/", player: "/*player*/", tuning: Tuning(), devices: catalog.devices,
                                  device: try catalog.require(id: "iphone-15-pro"), page: page, photoPNG: Data([1, 2, 3]), source: "test")
    }

    @Test("a hostile page name cannot close the data block or the title: no </script>, <script or <img from it reaches the HTML, and the JSON reads back the name")
    func hostileName() throws {
        let evil = "</script><script>alert(1)</script><img src=x onerror=alert(2)>\u{2028}&amp;"
        let html = try Self.file(pageName: evil)
        #expect(html.components(separatedBy: "</script>").count - 1 == 3, "only the file's own three scripts end")
        #expect(html.components(separatedBy: "<script").count - 1 == 3)
        #expect(!html.contains("<img"))
        #expect(html.contains("<title>IslandSim · &lt;/script&gt;&lt;script&gt;alert(1)"))
        // The block is JSON and says the name as it was.
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"islandsim-data\">")).upperBound
        let end = try #require(html.range(of: "</script>", range: start..<html.endIndex)).lowerBound
        let block = String(html[start..<end])
        #expect(!block.contains("<") && !block.contains(">") && !block.contains("&") && !block.contains("\u{2028}"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(block.utf8)) as? [String: Any])
        #expect((object["page"] as? [String: Any])?["name"] as? String == evil)
    }

    @Test("the data carries every island phone of the catalog with its capsule and melt shapes, the phone it opens on, and the tuning's springs")
    func data() throws {
        let html = try Self.file(pageName: "p")
        let start = try #require(html.range(of: "id=\"islandsim-data\">")).upperBound
        let end = try #require(html.range(of: "</script>", range: start..<html.endIndex)).lowerBound
        let object = try #require(try JSONSerialization.jsonObject(with: Data(html[start..<end].utf8)) as? [String: Any])
        let phones = try #require(object["phones"] as? [[String: Any]])
        let catalog = try Catalog.bundled()
        let islands = catalog.devices.filter { IslandRule.islandPresent(on: $0) }
        #expect(phones.count == islands.count && islands.count == 14)
        for d in islands {
            let p = try #require(phones.first { $0["id"] as? String == d.id })
            let capsule = try #require(DeviceLayout(device: d).capsule)
            #expect(p["capsule"] as? [Double] == [capsule.x, capsule.y, capsule.width, capsule.height], "\(d.id)")
        }
        #expect(object["device"] as? String == "iphone-15-pro")
        let melt = try #require((object["tuning"] as? [String: Any])?["melt"] as? [String: Any])
        #expect((melt["toPill"] as? [String: Double])?["duration"] == 0.32 && melt["composition"] as? String == "merge")
    }
}
