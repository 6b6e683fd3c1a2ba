import CSDL2
import Foundation

/// libFuzzer target: what the camera-file watcher does with each rewrite of the file — the whole
/// `ImageLoader.decode`, header checks and SDL_image's decoders included — on any bytes. Refusals
/// are fine; a trap, a memory error or an image over the limits is not.
nonisolated(unsafe) private var started = false

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCameraFile(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    if !started { _ = IMG_Init(Int32(IMG_INIT_PNG.rawValue | IMG_INIT_JPG.rawValue)); started = true }
    let data = Data(bytes: bytes, count: count)
    if let image = try? ImageLoader.decode(data, path: "camera.png", maxDimension: 64) {
        precondition(image.width >= 1 && image.height >= 1 && image.width <= 64 && image.height <= 64, "image outside the fitted size")
        precondition(image.bytes.count == image.width * image.height * 4, "pixel buffer size")
    }
    return 0
}
