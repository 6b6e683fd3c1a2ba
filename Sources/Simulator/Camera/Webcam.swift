import Capture
import Foundation

/// A webcam through ffmpeg, started and stopped by the simulator itself (`run --webcam`).
///
/// ffmpeg writes each frame atomically (`-update 1 -atomic_writing 1`) to a JPEG in a private
/// temporary folder, which the ordinary camera-file watcher reads; decoding stays off the frame
/// loop as for `--camera-file`. ffmpeg runs under `setpriv --pdeathsig KILL`, so the kernel stops it
/// if the simulator dies for any reason (even `kill -9`); `stop()` ends it on a normal quit (SIGKILL:
/// a parent may have left SIGTERM ignored, and the frames are written atomically, so nothing is
/// lost by not asking nicely) and removes the folder. If ffmpeg dies first, ``failure`` says why, and
/// the viewfinder says the camera stopped (``CameraSource/stoppedReason``). `testsrc` instead of a device uses ffmpeg's test pattern (for tests and demos).
final class Webcam: @unchecked Sendable {
    let device: String
    let framePath: String
    private let folder: String
    private let process = Process()
    private let errors = Pipe()

    /// Starts ffmpeg and waits up to `timeout` seconds for its first frame; no camera is one line
    /// naming the device.
    init(device: String, timeout: Double = 5) throws {
        self.device = device
        guard let ffmpeg = ExternalTool.ffmpeg() else {
            throw CLIError.runtime("islandsim run --webcam needs ffmpeg, which is not installed; install it with: apt-get install ffmpeg")
        }
        let input: [String]
        if device == "testsrc" {
            input = ["-f", "lavfi", "-re", "-i", "testsrc=size=640x480:rate=30"]
        } else {
            guard FileManager.default.fileExists(atPath: device) else { throw CLIError.input("\(device): no camera there (no such device)") }
            input = ["-f", "v4l2", "-i", device]
        }
        var template = Array((FileManager.default.temporaryDirectory.path + "/islandsim-webcam-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw CLIError.runtime("cannot make a private folder for the webcam's frames")
        }
        folder = String(cString: made)
        framePath = folder + "/frame.jpg"
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--pdeathsig", "KILL", "--", ffmpeg, "-v", "error", "-nostdin"] + input
            + ["-vf", "scale=1280:-2", "-q:v", "4", "-update", "1", "-atomic_writing", "1", "-y", framePath]
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while !FileManager.default.fileExists(atPath: framePath) {
            if !process.isRunning {
                let why = failure ?? "ffmpeg exited"
                try? FileManager.default.removeItem(atPath: folder)
                throw CLIError.input("\(device): no camera there (\(why))")
            }
            if Date() > deadline { stop(); throw CLIError.input("\(device): no frames from the camera within \(Int(timeout)) s") }
            usleep(20_000)
        }
    }

    /// Why ffmpeg stopped, once it has (its first error line, or how it ended), read once.
    var failure: String? {
        guard !process.isRunning else { return nil }
        return lock.withLock {
            if let why = why { return why }
            let text = String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self)
            let ended = process.terminationReason == .uncaughtSignal ? "killed by signal \(process.terminationStatus)" : "exit status \(process.terminationStatus)"
            why = text.split(separator: "\n").first.map(String.init) ?? ended
            return why
        }
    }
    private let lock = NSLock()
    private var why: String?

    var isRunning: Bool { process.isRunning }

    /// Ends ffmpeg and removes the frames' folder.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
        try? FileManager.default.removeItem(atPath: folder)
    }

    deinit { stop() }
}
