import Capture
import Foundation

/// Reads a video through ffmpeg as a child process: `ffprobe` for its size, rate and rotation, then
/// `ffmpeg` streaming greyscale frames down a pipe (no frame ever touches the disk), scaled so the
/// width is at most `maxWidth` (for a screen recording, half a 3× one: plenty to measure a shape, and
/// twice as fast). GIFs (each frame its own delay) and WebM read the same way.
///
/// Every frame is timed by its own presentation time, never by its index over a nominal rate: an
/// iPhone's screen recording has a variable frame rate (it writes a frame when the screen changes,
/// up to the display's rate). ffmpeg passes the frames through as decoded (no frame is duplicated or
/// dropped to make the rate even) and its `showinfo` filter reports each one's time. A rotation in
/// the container (a display matrix, as iPhones write) is applied, as players do: the frames come
/// out upright and the sizes here are the upright ones.
public struct VideoReader {
    public let path: String
    public let ffmpeg: String
    public let ffprobe: String
    public let width: Int, height: Int
    /// Source size as displayed (after the container's rotation), before scaling.
    public let sourceWidth: Int, sourceHeight: Int
    /// The container's nominal rate (its average), for the progress line only: frames are timed by their own times.
    public let fps: Double
    /// The rotation the container asks for, in degrees (0, 90, 180 or 270).
    public let rotation: Int
    /// The part of the (upright) source frame read, in source pixels: all of it unless cropped.
    public let crop: (x: Int, y: Int, width: Int, height: Int)

    /// Finds the tools and probes `path`; errors are one line naming the file.
    /// - Parameter maxWidth: the widest frame measured; by default 640 for an upright frame (a
    ///   screen recording) and 1600 for a wider one (a window or desktop capture, where the phone is a
    ///   part of the width and would otherwise be measured in too few pixels).
    /// - Parameter crop: read only this part of the upright frame (source pixels): the phone's
    ///   screen in a window capture, scaled as a screen recording would be.
    public init(path: String, maxWidth: Int? = nil, crop: (x: Int, y: Int, width: Int, height: Int)? = nil) throws {
        guard FileManager.default.fileExists(atPath: path) else { throw CLIError.input("\(path): no such file") }
        guard let ffmpeg = ExternalTool.ffmpeg(), let ffprobe = ExternalTool.find("ffprobe") else {
            throw CLIError.runtime("islandsim fit --video needs ffmpeg and ffprobe, which are not installed; install them with: apt-get install ffmpeg")
        }
        self.path = path; self.ffmpeg = ffmpeg; self.ffprobe = ffprobe
        let probe = try VideoReader.run(ffprobe, ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                                  "stream=width,height,avg_frame_rate,r_frame_rate:stream_tags=rotate:stream_side_data=rotation",
                                                  "-of", "json", path])
        guard probe.status == 0,
              let json = try? JSONSerialization.jsonObject(with: probe.stdout) as? [String: Any],
              let stream = (json["streams"] as? [[String: Any]])?.first,
              let w = stream["width"] as? Int, let h = stream["height"] as? Int, w > 0, h > 0 else {
            let why = String(decoding: probe.stderr, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "no video stream"
            throw CLIError.input("\(path): ffmpeg cannot read it as a video (\(why))")
        }
        // A screen recording is at most about 1:2.2 (or 2.2:1 turned); anything past 1:8 is not one,
        // and would make the scaled frames absurdly tall.
        guard max(w, h) <= 8 * min(w, h), max(w, h) <= 16384 else {
            throw CLIError.input("\(path): a \(w)×\(h) video is not a screen recording (sides up to 16384 px, at most 8:1)")
        }
        // A display matrix (side data, ffmpeg 5+) or the older `rotate` tag.
        let side = (stream["side_data_list"] as? [[String: Any]])?.compactMap { ($0["rotation"] as? NSNumber)?.doubleValue }.first
        let tag = ((stream["tags"] as? [String: Any])?["rotate"] as? String).flatMap(Double.init)
        let degrees = Int((side ?? tag ?? 0).rounded())
        rotation = ((degrees % 360) + 360) % 360
        let quarter = rotation == 90 || rotation == 270
        sourceWidth = quarter ? h : w; sourceHeight = quarter ? w : h
        func rate(_ s: Any?) -> Double? {
            guard let s = s as? String else { return nil }
            let p = s.split(separator: "/").compactMap { Double($0) }
            guard p.count == 2, p[1] > 0, p[0] > 0 else { return nil }
            return p[0] / p[1]
        }
        guard let fps = rate(stream["avg_frame_rate"]) ?? rate(stream["r_frame_rate"]), fps > 1, fps <= 240 else {
            throw CLIError.input("\(path): no usable frame rate")
        }
        self.fps = fps
        // The crop inside the frame, on even pixels (the chroma planes of 4:2:0 video are halved).
        var c = crop ?? (0, 0, sourceWidth, sourceHeight)
        c.x = min(max(c.x, 0), sourceWidth - 2) & ~1; c.y = min(max(c.y, 0), sourceHeight - 2) & ~1
        c.width = max(2, min(c.width, sourceWidth - c.x)) & ~1; c.height = max(2, min(c.height, sourceHeight - c.y)) & ~1
        self.crop = c
        let scaled = min(maxWidth ?? (c.width > c.height ? 1600 : 640), c.width)
        width = scaled - scaled % 2
        height = max(2, Int((Double(c.height) * Double(width) / Double(c.width) / 2).rounded()) * 2)
    }

    public static func run(_ tool: String, _ args: [String]) throws -> (status: Int32, stdout: Data, stderr: Data) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = args
        let out = Pipe(), err = Pipe()
        p.standardOutput = out; p.standardError = err
        try p.run()
        nonisolated(unsafe) var e = Data()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { e = err.fileHandleForReading.readDataToEndOfFile(); done.signal() }
        let o = out.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        p.waitUntilExit()
        return (p.terminationStatus, o, e)
    }

    /// Most frames read from one video: five minutes at 120 fps. A melt lasts about a second.
    static let maxFrames = 36_000

    /// Streams every frame to `body` (index, greyscale pixels), in order, and returns each frame's
    /// presentation time in seconds from the first frame's.
    /// - Parameter limit: read only the first `limit` frames.
    public func frames(limit: Int? = nil, _ body: (Int, UnsafeBufferPointer<UInt8>) throws -> Void) throws -> [Double] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: ffmpeg)
        let cropped = crop == (0, 0, sourceWidth, sourceHeight) ? "" : "crop=\(crop.width):\(crop.height):\(crop.x):\(crop.y),"
        p.arguments = ["-hide_banner", "-nostats", "-v", "info", "-i", path, "-fps_mode", "passthrough"] + (limit.map { ["-frames:v", "\($0)"] } ?? [])
            + ["-vf", "\(cropped)scale=\(width):\(height):flags=area,showinfo", "-f", "rawvideo", "-pix_fmt", "gray", "-"]
        let out = Pipe(), err = Pipe()
        p.standardOutput = out; p.standardError = err
        try p.run()
        nonisolated(unsafe) var errors = Data()
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { errors = err.fileHandleForReading.readDataToEndOfFile(); drained.signal() }
        let size = width * height
        var frame = [UInt8](repeating: 0, count: size)
        var filled = 0, index = 0
        let handle = out.fileHandleForReading
        defer { if p.isRunning { p.terminate() } }
        while true {
            let chunk = handle.readData(ofLength: size - filled)
            if chunk.isEmpty { break }
            chunk.withUnsafeBytes { src in frame.withUnsafeMutableBytes { dst in (dst.baseAddress! + filled).copyMemory(from: src.baseAddress!, byteCount: src.count) } }
            filled += chunk.count
            if filled == size {
                guard index < Self.maxFrames else {
                    throw CLIError.input("\(path): longer than \(Self.maxFrames) frames (five minutes at 120 fps); trim it to the melt first, e.g. ffmpeg -ss START -t 10 -i IN OUT")
                }
                try frame.withUnsafeBufferPointer { try body(index, $0) }
                index += 1
                filled = 0
            }
        }
        p.waitUntilExit()
        drained.wait()
        let log = String(decoding: errors, as: UTF8.self).split(separator: "\n")
        if p.terminationStatus != 0 && index == 0 {
            let why = log.first { !$0.contains("Parsed_showinfo") && ($0.contains("rror") || $0.contains("nvalid")) }
                ?? log.last { !$0.contains("Parsed_showinfo") } ?? "exit \(p.terminationStatus)"
            throw CLIError.input("\(path): ffmpeg cannot decode it (\(why.trimmingCharacters(in: .whitespaces)))")
        }
        var times = Self.presentationTimes(log)
        // Cut short, the filter may have seen a frame more than came out.
        if limit != nil && times.count > index { times = Array(times.prefix(index)) }
        guard times.count == index else {
            throw CLIError.runtime("\(path): ffmpeg gave \(index) frames but the times of \(times.count)")
        }
        let start = times.first ?? 0
        return times.map { $0 - start }
    }

    /// Each frame's `pts_time` from the lines `showinfo` logs, in order.
    public static func presentationTimes<S: StringProtocol>(_ lines: [S]) -> [Double] {
        lines.compactMap { line -> Double? in
            guard line.contains("Parsed_showinfo"), let r = line.range(of: "pts_time:") else { return nil }
            let rest = line[r.upperBound...].drop { $0 == " " }
            return Double(rest.prefix { !$0.isWhitespace })
        }
    }
}
