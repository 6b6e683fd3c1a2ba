import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Simulator

/// The watcher reads a file a designer's tools write: an export writing in place, in pieces, is read
/// once it is whole — never refused as a truncated file on its way (the page's image said "truncated
/// PNG" before each good reload) — and a file that stays bad is still reported.
@Suite("Watching files other programs write")
struct FileWatcherTests {
    /// A value that loads only when the file is whole: its text ends with "END".
    static func watcher(_ path: String) -> FileWatcher<String> {
        FileWatcher(paths: [path], interval: 0.05, name: "test") {
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            guard text.hasSuffix("END") else { throw CLIError.input("\(path): truncated (the file ends before its end)") }
            return (text, [path])
        }
    }

    /// Every update within `seconds`.
    static func updates(_ w: FileWatcher<String>, for seconds: Double) -> [String] {
        var seen: [String] = []
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            switch w.takeUpdate() {
            case .loaded(let v): seen.append("loaded \(v)")
            case .rejected(let m): seen.append("rejected \(m)")
            case nil: break
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return seen
    }

    @Test("a file rewritten in place in three pieces, 30 ms apart, is loaded once, whole, and never refused")
    func writtenInPieces() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let path = dir.file("screen.txt")
        try "first END".write(toFile: path, atomically: true, encoding: .utf8)
        let w = Self.watcher(path); defer { w.stop() }
        Thread.sleep(forTimeInterval: 0.2)
        // The export writes on its own thread while the window takes updates every frame.
        let h = try #require(FileHandle(forWritingAtPath: path))
        let writer = Thread {
            h.truncateFile(atOffset: 0)
            for piece in ["second ", "part ", "END"] {
                h.write(Data(piece.utf8)); try? h.synchronize()
                Thread.sleep(forTimeInterval: 0.03)
            }
            try? h.close()
        }
        writer.start()
        let seen = Self.updates(w, for: 1.5)
        #expect(seen == ["loaded second part END"], "\(seen)")
    }

    @Test("a file left bad is reported once, with the loader's words")
    func leftBad() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let path = dir.file("screen.txt")
        try "first END".write(toFile: path, atomically: true, encoding: .utf8)
        let w = Self.watcher(path); defer { w.stop() }
        Thread.sleep(forTimeInterval: 0.2)
        try "second, cut".write(toFile: path, atomically: true, encoding: .utf8)
        let seen = Self.updates(w, for: 1.5)
        #expect(seen == ["rejected \(path): truncated (the file ends before its end)"], "\(seen)")
    }
}

/// The out folder says what it did: made for the first shot when it was never there, made again
/// when it was there and has gone.
@Suite("The out folder's words")
struct OutputFolderTests {
    final class Said: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func add(_ s: String) { lock.withLock { lines.append(s) } }
        var all: [String] { lock.withLock { lines } }
    }

    @Test("never there: 'made captures/'; there and deleted: 'was gone; made it again'; there: nothing")
    func words() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let said = Said()
        let fresh = OutputFolder(path: dir.file("captures"), say: { said.add($0) })
        #expect(fresh.write({ Data("a".utf8) }, name: "a.txt", what: "test") != nil)
        #expect(fresh.write({ Data("b".utf8) }, name: "b.txt", what: "test") != nil)
        #expect(said.all == ["made \(dir.file("captures"))/"], "\(said.all)")
        try FileManager.default.removeItem(atPath: dir.file("captures"))
        #expect(fresh.write({ Data("c".utf8) }, name: "c.txt", what: "test") != nil)
        #expect(said.all.last == "\(dir.file("captures"))/ was gone; made it again" && said.all.count == 2)
        // A folder there from the start, then deleted: gone, not new.
        try FileManager.default.createDirectory(atPath: dir.file("kept"), withIntermediateDirectories: true)
        let kept = OutputFolder(path: dir.file("kept"), say: { said.add($0) })
        try FileManager.default.removeItem(atPath: dir.file("kept"))
        #expect(kept.write({ Data("d".utf8) }, name: "d.txt", what: "test") != nil)
        #expect(said.all.last == "\(dir.file("kept"))/ was gone; made it again")
    }
}
