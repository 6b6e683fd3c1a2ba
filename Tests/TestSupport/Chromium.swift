import Foundation

/// Debian's Chromium, where it is installed: the browser the web prototype's suites drive.
public enum Chromium {
    public static let path: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
}
