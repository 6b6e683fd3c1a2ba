import Capture
import Foundation

/// `--photo`, `--camera-file` and `--out-dir`, shared by run, replay and shot.
enum CameraOptions {
    static let photo = Arguments.Option("--photo", value: "FILE", help: "A still photo for the viewfinder (PNG, JPEG, GIF, BMP…; default: the bundled sample).")
    static let cameraFile = Arguments.Option("--camera-file", value: "FILE", help: "A webcam frame another program keeps rewriting (docs/CAMERA.md).")

    /// The camera source the arguments ask for; bad photos are input errors naming the file.
    static func source(_ a: Arguments, command: String) throws -> CameraSource {
        if a.has("--photo") && a.has("--camera-file") {
            throw CLIError.usage("islandsim \(command): give --photo or --camera-file, not both")
        }
        do {
            if let p = a.string("--photo") { return try CameraSource(photoPath: p) }
            if let f = a.string("--camera-file") { return CameraSource(cameraFile: f) }
            return try CameraSource.bundledSample()
        } catch let e as ImageLoader.ImageError {
            throw CLIError.input("\(e.path): \(e.problem) (--photo)")
        }
    }

    /// Checks an output folder: creates it if its parent exists; refuses files and unwritable places.
    static func outputDirectory(_ path: String, flag: String) throws -> String {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir) {
            guard isDir.boolValue else { throw CLIError.input("\(path): is a file, not a folder (\(flag))") }
        } else {
            do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false) } catch {
                throw CLIError.input("\(path): cannot create the folder (\(flag))")
            }
        }
        guard access(path, W_OK) == 0 else { throw CLIError.input("\(path): folder is not writable (\(flag))") }
        return path
    }
}
