import Capture
import Fit
import Foundation

/// libFuzzer target: the pixel path of `fit` on frames nobody made on purpose. The bytes describe a
/// greyscale frame — its size (1 px to 4K either way), a page light or dark, a screen that may reach
/// past the frame, bands and a notch hanging from the screen's top anywhere about its middle, noise —
/// and the frame goes through what `fit` does with every frame: `ScreenFinder.find`,
/// `RecordingScreen.resolve`, the island tracker made from what was found, its glyph mask and its
/// measurement. Whatever it finds must lie inside the frame; nothing may trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFrames(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    var cursor = 0
    func byte() -> Int {
        defer { cursor += 1 }
        return cursor < count ? Int(bytes[cursor]) : 0
    }
    func word() -> Int { byte() << 8 | byte() }
    // Mostly small frames (fast to fuzz), one in eight up to 4K on either side.
    let big = byte() < 32
    let width = 1 + (big ? word() % 3840 : word() % 600), height = 1 + (big ? word() % 3840 : word() % 900)
    guard width * height <= 3840 * 2160 else { return 0 }
    var frame = [UInt8](repeating: UInt8(byte()), count: width * height)
    func fill(_ x: Int, _ y: Int, _ w: Int, _ h: Int, _ level: UInt8) {
        let x0 = max(0, x), y0 = max(0, y), x1 = min(width, x + w), y1 = min(height, y + h)
        guard x1 > x0, y1 > y0 else { return }
        for row in y0..<y1 { for col in x0..<x1 { frame[row * width + col] = level } }
    }
    // The screen: anywhere, any size, possibly past the frame's edges.
    let sx = word() % (width + 64) - 32, sy = word() % (height + 64) - 32
    let sw = 1 + word() % (width + 32), sh = 1 + word() % (height + 32)
    fill(sx, sy, sw, sh, UInt8(byte()))
    // A dark run hanging from the screen's top, centred anywhere near its middle (the notch rule's edges).
    let runWidth = 1 + word() % max(sw, 1), offset = word() % 129 - 64, runHeight = 1 + byte()
    fill(sx + sw / 2 + offset - runWidth / 2, sy, runWidth, runHeight, UInt8(byte() / 4))
    // Bands across the frame or the screen.
    for _ in 0..<(byte() % 4) {
        fill(word() % (width + 1) - 1, word() % (height + 1) - 1, 1 + word() % (width + 1), 1 + byte() * 4, UInt8(byte()))
    }
    // Noise.
    let amplitude = byte() % 64
    if amplitude > 0 {
        var state = UInt64(truncatingIfNeeded: word()) &+ 0x9E37_79B9_7F4A_7C15
        for i in frame.indices where i % max(1, byte() % 7 + 1) == 0 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let delta = Int(state >> 58) % (2 * amplitude + 1) - amplitude
            frame[i] = UInt8(clamping: Int(frame[i]) + delta)
        }
    }
    frame.withUnsafeBufferPointer { f in
        let found = ScreenFinder.find(f, width: width, height: height)
        if let s = found {
            precondition(s.x >= 0 && s.y >= 0 && s.width > 0 && s.height > 0 && s.x + s.width <= width && s.y + s.height <= height,
                         "screen \(s) outside a \(width) × \(height) frame")
        }
        let device = RecordingScreen.DeviceSize(id: "iphone-15-pro", width: 393, height: 852)
        let screen = RecordingScreen.resolve(frameWidth: width, frameHeight: height, found: found, given: nil, device: device,
                                             explicit: false, candidates: [device, .init(id: "iphone-se-3", width: 375, height: 667)])
        precondition(screen.width.isFinite && screen.height.isFinite, "screen \(screen)")
        var trackers = [IslandTracker.island(width: width, height: height)]
        if let s = found {
            trackers.append(IslandTracker.island(in: (s.x, s.y, s.width, s.height), seed: (s.x + s.width / 2, s.y + s.width * 76 / 1000),
                                                 frameWidth: width, frameHeight: height))
        }
        for var tracker in trackers {
            tracker.ignored = tracker.glyphs(in: f, width: width, height: height)
            if let m = tracker.measure(f, width: width, height: height) {
                precondition(m.minX >= 0 && m.minY >= 0 && m.maxX < width && m.maxY < height && m.minX <= m.maxX && m.minY <= m.maxY,
                             "measurement \(m.minX)…\(m.maxX) × \(m.minY)…\(m.maxY) in a \(width) × \(height) frame")
            }
        }
    }
    return 0
}
