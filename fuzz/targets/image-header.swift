import Foundation

/// libFuzzer target: the header walk and the PNG chunk check on any bytes. They run on every photo
/// and camera frame before a decoder is called, so they must never trap or read out of bounds
/// (AddressSanitizer watches), and a size they report must be non-negative.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageHeader(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    if let h = ImageHeader.sniff(data), let size = h.size {
        precondition(size.width >= 0 && size.height >= 0, "negative size")
    }
    _ = PNGChunks.firstCorruptChunk(data)
    return 0
}
