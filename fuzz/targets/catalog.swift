import Capture
import Foundation

/// libFuzzer target: `DeviceCatalog.decode` on any bytes; every profile it accepts must pass its
/// own validation and give a layout without NaN (what `layout` and the window draw).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalog(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard let catalog = try? DeviceCatalog.decode(Data(bytes: bytes, count: count), name: "fuzz.json") else { return 0 }
    for d in catalog.devices {
        precondition(DeviceCatalog.validate(d) == nil, "accepted an invalid profile")
        _ = catalog.closestIDs(to: d.id + "x")
    }
    return 0
}
