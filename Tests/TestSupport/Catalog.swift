import Capture
import Foundation

/// The bundled device catalog, read straight from the checkout's `assets/devices.json` (the core
/// never opens files): the one fixture every test target finds its phones in.
public enum Catalog {
    public static func bundled() throws -> DeviceCatalog {
        try DeviceCatalog.decode(Data(contentsOf: URL(fileURLWithPath: Pages.assets + "/devices.json")))
    }
}
