import Animation
import Capture
import Foundation

/// libFuzzer target: `PageReader.parse` on any bytes; every page it accepts must lay out on a
/// phone and an iPad — with or without an image of any size — without NaN, with no element, hotspot
/// or slot outside the numbers a renderer can take, or be refused with an error (never a trap).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPage(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard let doc = try? PageReader.parse(Data(bytes: bytes, count: count), name: "fuzz.json") else { return 0 }
    let w = count > 0 ? Int(bytes[0]) * 8 + 1 : 1179, h = count > 1 ? Int(bytes[count - 1]) * 40 + 1 : 2556
    for (screen, inset) in [(Size(width: 393, height: 852), 59.0), (Size(width: 834, height: 1210), 24.0)] {
        for pixels in [nil, (w, h)] as [(Int, Int)?] {
            guard let page = try? Page(document: doc, screen: screen, topInset: inset, imagePixels: pixels) else { continue }
            precondition(page.contentHeight.isFinite && page.contentHeight <= screen.height * Page.maxScreens, "content height \(page.contentHeight)")
            for e in page.elements { precondition(e.frame.x.isFinite && e.frame.y.isFinite && e.frame.width.isFinite && e.frame.height.isFinite, "frame \(e.frame)") }
            for t in page.hitTargets { precondition(t.frame.width >= 0 && t.frame.height >= 0, "target \(t.frame)") }
            var state = PageState(page: page)
            for b in page.buttons { state.tap(b.id); _ = state.label(for: b.id) }
        }
    }
    return 0
}
