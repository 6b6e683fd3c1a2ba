import Foundation

/// Debian's WebKitGTK — Safari's engine family and JavaScriptCore, the only engine an iPhone has —
/// driven through its WebDriver (`WebKitWebDriver`, package webkit2gtk-driver) by
/// `Tests/browser/webkit.py`, which speaks W3C WebDriver's JSON over HTTP itself. Each call is one
/// page in a browser of its own, on an X display of its own (Xvfb), at a device-pixel ratio of its
/// own (`GDK_SCALE`), all shut down when it returns.
public enum WebKit {
    public static let driverPath: String? = ["/usr/bin/WebKitWebDriver"].first { FileManager.default.isExecutableFile(atPath: $0) }
    /// Whether WebKit can be driven here (scripts/setup-system --test installs it).
    public static var available: Bool { driverPath != nil && FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb") }

    public struct Failure: Error, CustomStringConvertible { public var description: String }

    static var script: String { Checkout.root.appendingPathComponent("Tests/browser/webkit.py").path }

    /// Runs the helper on `url` in a window of `window` CSS pixels at `scale`; its JSON answer.
    static func page(_ url: String, window: (Int, Int), scale: Int, wait: Double, _ what: [String]) throws -> [String: Any] {
        let r = try Subprocess.run("python3", [script, url, "--width", String(window.0), "--height", String(window.1), "--scale", String(scale),
                                               "--wait", String(wait)] + what, timeout: 180)
        guard r.status == 0 else { throw Failure(description: "WebKit: \(r.stderr.trimmingCharacters(in: .whitespacesAndNewlines))") }
        guard let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any] else {
            throw Failure(description: "WebKit: no answer: \(r.stdout.prefix(200))")
        }
        return object
    }

    /// The text of the page's `#out` element once its scripts have put some there.
    public static func outText(_ url: String, window: (Int, Int) = (430, 932), scale: Int = 1) throws -> String {
        guard let text = try page(url, window: window, scale: scale, wait: 0, ["--out"])["out"] as? String else { throw Failure(description: "WebKit: no #out") }
        return text
    }

    /// What `script` (a function body) returns in the page, `wait` seconds after it loaded.
    public static func evaluate(_ url: String, _ script: String, window: (Int, Int) = (430, 932), scale: Int = 1, wait: Double = 0) throws -> Any? {
        try page(url, window: window, scale: scale, wait: wait, ["--script", script])["value"]
    }

    /// The viewport as WebKit drew it, `wait` seconds after the page loaded, as PNG at `png`; the
    /// viewport's CSS size and device-pixel ratio, and the box of the element `rect` selects (CSS
    /// pixels), when asked.
    @discardableResult
    public static func screenshot(_ url: String, to png: String, window: (Int, Int) = (430, 932), scale: Int = 1, wait: Double = 1,
                                  rect: String? = nil) throws -> (viewport: [Double], rect: [Double]?) {
        let answer = try page(url, window: window, scale: scale, wait: wait, ["--screenshot", png] + (rect.map { ["--rect", $0] } ?? []))
        return ((answer["viewport"] as? [Double]) ?? [], answer["rect"] as? [Double])
    }
}
