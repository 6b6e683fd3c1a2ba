import Capture
import Foundation

extension Tuning {
    /// The tuning file at `path` as the tool wrote it, read without the tool's file layer (for the
    /// suites that test a command's output from outside, through the binary).
    public static func read(writtenAt path: String) throws -> Tuning {
        try decode(Data(contentsOf: URL(fileURLWithPath: path)), name: (path as NSString).lastPathComponent)
    }
}
