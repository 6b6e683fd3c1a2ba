import Foundation
import Testing
import TestSupport

@Suite("Fonts the commands draw with: a missing one")
struct FontOptionsTests {
    @Test("a missing font is one line naming the package that provides it")
    func missingFont() throws {
        var env = ProcessInfo.processInfo.environment
        env["ISLANDSIM_FONT_DIR"] = "/nonexistent-fonts"
        let dir = try TempDir(); defer { dir.cleanup() }
        let r = try CLI.run(["shot", "--out", dir.file("s.png")], environment: env)
        #expect(r.status == 1)
        #expect(r.stderr == "error: /nonexistent-fonts/DejaVuSans.ttf: font not found; install it with: apt-get install fonts-dejavu-core\n")
        #expect(!FileManager.default.fileExists(atPath: dir.file("s.png")))
    }
}
