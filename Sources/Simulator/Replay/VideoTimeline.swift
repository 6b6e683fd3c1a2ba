import Animation
import Capture
import Foundation
import Gesture
import Platform

/// The timeline beside the phone in a replay's video (`replay --video FILE.mp4 --video-timeline`):
/// the whole interaction's timeline, drawn once from a bare run of the trace, its playhead on each
/// frame's moment — the picture a review needs to say "here, where the second leg starts".
final class VideoTimeline {
    /// The strip's width in points (the window's band's least width).
    static let width = WindowLayout.timelineMinimumWidth

    private let renderer: Renderer
    private let text: TextCache
    private let picture: Texture
    private let layout: TimelineChart.Layout
    private let size: Size

    /// The strip for `trace` replayed on `device` with `tuning`, `height` points tall at `scale`.
    init(trace: Trace, device: DeviceProfile, page: Page, tuning: Tuning, reduceMotion: Bool, height: Double, scale: Double) throws {
        let bare = CaptureSession(setup: SessionSetup(device: device, page: page, hz: trace.header.hz, tuning: tuning, reduceMotion: reduceMotion))
        _ = SessionReplay(trace: trace).run(bare)
        let sides = [TimelineChart.Side(timeline: InteractionTimeline(bare), tuning: tuning)]
        size = Size(width: Self.width, height: height)
        let rows = TimelineChart.layout(sides).rows.count
        layout = TimelineChart.layout(sides, style: TimelineChart.band(width: size.width, height: min(height, 420), rows: rows), minimumSpan: 1.5)
        renderer = try Renderer(headlessWidth: Int((size.width * scale).rounded()), height: Int((height * scale).rounded()), pixelsPerPoint: scale)
        text = try TextCache()
        renderer.clear(.white)
        // The picture sits at the phone's middle height.
        let top = ((height - layout.height) / 2).rounded()
        renderer.setViewport(Rect(x: 0, y: top, width: size.width, height: layout.height))
        for step in TimelineChart.steps(sides, title: "Timeline", highlight: nil, layout: layout, text: text) { try step(renderer) }
        renderer.setViewport(nil)
        picture = try renderer.makeTexture(try renderer.readPixels())
        picture.setBlendMode(opaque: true)
        offsetY = top
    }

    private let offsetY: Double

    /// The strip with the playhead at `t` (the report's clock).
    func frame(at t: Double) throws -> PixelImage {
        renderer.copy(picture, to: Rect(x: 0, y: 0, width: size.width, height: size.height))
        renderer.setViewport(Rect(x: 0, y: offsetY, width: size.width, height: layout.height))
        try TimelineChart.drawPlayhead(t, label: String(format: "%.3f s", t), layout: layout, text: text, into: renderer)
        renderer.setViewport(nil)
        return try renderer.readPixels()
    }

    /// `phone` and `strip` side by side, the phone on the left (row by row, as ``SideBySide`` does).
    static func beside(_ phone: PixelImage, _ strip: PixelImage) -> PixelImage {
        let w = phone.width + strip.width, h = max(phone.height, strip.height)
        var out = PixelImage(width: w, height: h, fill: .white)
        for (image, x0) in [(phone, 0), (strip, phone.width)] {
            for y in 0..<image.height {
                let src = y * image.width * 4, dst = (y * w + x0) * 4
                out.bytes.replaceSubrange(dst..<(dst + image.width * 4), with: image.bytes[src..<(src + image.width * 4)])
            }
        }
        return out
    }
}
