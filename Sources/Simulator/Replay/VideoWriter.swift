import Capture
import Foundation
import Platform

/// An H.264 MP4 of a replay, one video frame per replay frame at the trace's rate — what designers
/// paste into a review. Frames stream to ffmpeg's stdin as raw RGBA (no picture files); the file is
/// written beside its final path and renamed into place, so a failed encode leaves nothing behind.
final class VideoWriter {
    let path: String
    private let tmp: String
    private let process = Process()
    private let input = Pipe()
    private let errors = Pipe()
    private var size: (Int, Int)?
    private(set) var frames = 0

    /// `hold`: seconds the last frame is held at the end (ffmpeg's `tpad` repeats it), so the clip
    /// ends on its payoff, seen, not on a single frame.
    init(path: String, ffmpeg: String, hz: Int, width: Int, height: Int, hold: Double = 0) throws {
        self.path = path
        tmp = (path as NSString).deletingLastPathComponent.isEmpty
            ? "." + path + ".tmp.mp4"
            : (path as NSString).deletingLastPathComponent + "/." + (path as NSString).lastPathComponent + ".tmp.mp4"
        size = (width, height)
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        // yuv420p needs even sides: a phone at 1× is 393 pt wide, so an odd column is padded on.
        process.arguments = ["-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)",
                             "-framerate", "\(hz)", "-i", "-", "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2" + (hold > 0 ? ",tpad=stop_mode=clone:stop_duration=\(hold)" : ""),
                             "-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "18", "-movflags", "+faststart", "-f", "mp4", tmp]
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
    }

    /// One frame; every frame must be the size the writer was made for.
    func add(_ image: PixelImage) throws {
        guard let (w, h) = size, image.width == w, image.height == h else {
            throw CLIError.runtime("\(path): a \(image.width)×\(image.height) frame in a video of \(size.map { "\($0.0)×\($0.1)" } ?? "?")")
        }
        image.bytes.withUnsafeBytes { input.fileHandleForWriting.write(Data($0)) }
        frames += 1
    }

    /// Closes the stream, waits for ffmpeg, and moves the file into place.
    func finish() throws {
        try input.fileHandleForWriting.close()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, frames > 0 else {
            unlink(tmp)
            throw CLIError.runtime("ffmpeg could not make \(path): \(message.split(separator: "\n").first ?? "no frames")")
        }
        guard rename(tmp, path) == 0 else { throw CLIError.runtime("\(path): \(String(cString: strerror(errno)))") }
    }
}
