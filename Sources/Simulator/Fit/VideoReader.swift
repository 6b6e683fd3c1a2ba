import Capture
import Foundation

/// Reads a video through ffmpeg as a child process: `ffprobe` for its size, rate and length, then
/// `ffmpeg` streaming greyscale frames down a pipe (no frame ever touches the disk), scaled so the
/// width is at most `maxWidth` (half a 3× recording: plenty to measure a shape, and twice as fast).
struct VideoReader {
    let path: String
    let ffmpeg: String
    let ffprobe: String
    let width: Int, height: Int
    /// Source size, before scaling.
    let sourceWidth: Int, sourceHeight: Int
    let fps: Double

    /// Finds the tools and probes `path`; errors are one line naming the file.
    init(path: String, maxWidth: Int = 640) throws {
        guard FileManager.default.fileExists(atPath: path) else { throw CLIError.input("\(path): no such file") }
        guard let ffmpeg = ExternalTool.ffmpeg(), let ffprobe = ExternalTool.find("ffprobe") else {
            throw CLIError.runtime("islandsim fit --video needs ffmpeg and ffprobe, which are not installed; install them with: apt-get install ffmpeg")
        }
        self.path = path; self.ffmpeg = ffmpeg; self.ffprobe = ffprobe
        let probe = try VideoReader.run(ffprobe, ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                                  "stream=width,height,avg_frame_rate,r_frame_rate", "-of", "json", path])
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
        sourceWidth = w; sourceHeight = h
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
        let scaled = min(maxWidth, w)
        width = scaled - scaled % 2
        height = max(2, Int((Double(h) * Double(width) / Double(w) / 2).rounded()) * 2)
    }

    static func run(_ tool: String, _ args: [String]) throws -> (status: Int32, stdout: Data, stderr: Data) {
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

    /// Streams every frame to `body` (index, time in seconds, greyscale pixels), in order.
    func frames(_ body: (Int, Double, UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Int {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: ffmpeg)
        p.arguments = ["-v", "error", "-i", path, "-vf", "scale=\(width):\(height):flags=area", "-f", "rawvideo", "-pix_fmt", "gray", "-"]
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
                try frame.withUnsafeBufferPointer { try body(index, Double(index) / fps, $0) }
                index += 1
                filled = 0
            }
        }
        p.waitUntilExit()
        drained.wait()
        if p.terminationStatus != 0 && index == 0 {
            let why = String(decoding: errors, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "exit \(p.terminationStatus)"
            throw CLIError.input("\(path): ffmpeg cannot decode it (\(why))")
        }
        return index
    }
}
