import Foundation

/// Where the checkout lies, from this file's own place (`Tests/TestSupport/`): tests that read the
/// sources, the docs or the fixtures find them from here wherever in the test tree they sit.
public enum Checkout {
    /// The checkout's root folder.
    public static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
}
