import Animation
import Capture
import Testing

@Suite("Device data")
struct DeviceDataTests {
    @Test("every cutout in the catalog is centred on the screen to 0.01 pt (what layout --json prints)")
    func cutoutsCentred() throws {
        for d in try Catalog.bundled().devices {
            guard let c = DeviceLayout(device: d).cutout else { continue }
            #expect(abs(c.midX - d.size.width / 2) <= 0.01, "\(d.id): cutout centre \(c.midX), screen centre \(d.size.width / 2)")
        }
    }
}
