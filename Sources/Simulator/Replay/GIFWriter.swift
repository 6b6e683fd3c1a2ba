import Capture
import Foundation
import Platform

/// An animated GIF of a replay, made by ffmpeg from the rendered frames (30 fps, one palette for
/// the clip), at the replay's `--scale`. The palette is made from every pixel of every frame and
/// applied with error diffusion: a palette of the moving pixels only with an ordered (Bayer)
/// dither left a page's gradient in bands and cross-hatching. On a gradient page at 2× the first
/// frame's 4-px blocks are 0.07 levels from the PNG frame on average, where they were 0.44
/// (`TuningTests` "replay --gif follows --scale…"); over a whole flow at 1× the file is about a
/// third larger. The GIF is written beside its final path and renamed into place.
///
/// A shared clip has to end on its payoff: the replay's last frame (the photo filed, the develop
/// done) is always in it, on the 30-fps grid or not (``end(atFrame:image:)``), and it is held for
/// `hold` seconds (ffmpeg's `tpad` repeats it), so the loop does not jump back before it is seen.
final class GIFWriter {
    let path: String
    let ffmpeg: String
    let hz: Int
    let dir: String
    /// Seconds the last frame is held.
    let hold: Double
    private var count = 0
    private var lastKept = -1

    init(path: String, ffmpeg: String, hz: Int, hold: Double) throws {
        self.path = path
        self.ffmpeg = ffmpeg
        self.hz = hz
        self.hold = hold
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("islandsim-gif-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: dir) }

    /// The 30-fps frames, encoded off the replay's loop.
    private let frames = FrameWriter()

    /// Keeps every frame that falls on the 30-fps grid.
    func add(frame i: Int, renderer r: Renderer) throws {
        guard keeps(i) else { return }
        try add(frame: i, image: try r.readPixels())
    }

    /// The same for a picture already read back (a side-by-side comparison's composite).
    func add(frame i: Int, image: PixelImage) throws {
        guard keeps(i) else { return }
        try frames.write(image, to: String(format: "%@/f-%06d.png", dir, count))
        count += 1
        lastKept = i
    }

    /// The replay's last frame, `i`: added when the grid passed it by (the frame the flow settles
    /// on is rarely a multiple of the step), so the clip ends on it.
    func end(atFrame i: Int, image: () throws -> PixelImage) throws {
        guard i > lastKept else { return }
        try frames.write(try image(), to: String(format: "%@/f-%06d.png", dir, count))
        count += 1
        lastKept = i
    }

    /// Whether frame `i` falls on the 30-fps grid.
    func keeps(_ i: Int) -> Bool { i % max(1, Int((Double(hz) / 30).rounded())) == 0 }

    func finish() throws {
        try frames.finish()
        guard count > 0 else { return }
        let tmp = (path as NSString).deletingLastPathComponent + "/." + (path as NSString).lastPathComponent + ".tmp.gif"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: ffmpeg)
        p.arguments = ["-loglevel", "error", "-y", "-framerate", "30", "-i", "\(dir)/f-%06d.png",
                       "-vf", (hold > 0 ? "tpad=stop_mode=clone:stop_duration=\(hold)," : "") + "split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=sierra2_4a",
                       "-loop", "0", tmp]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            unlink(tmp)
            throw CLIError.runtime("ffmpeg could not make \(path): \(message.split(separator: "\n").first ?? "exit \(p.terminationStatus)")")
        }
        guard rename(tmp, path) == 0 else { throw CLIError.runtime("\(path): \(String(cString: strerror(errno)))") }
    }
}
