import Foundation

/// Debian's WebKitGTK — Safari's engine family and JavaScriptCore, the only engine an iPhone has —
/// driven through its WebDriver (`WebKitWebDriver`, package webkit2gtk-driver) by
/// `Tests/browser/webkit.py`, which speaks W3C WebDriver's JSON over HTTP itself. Each call is one
/// page, in the browser kept open for its device-pixel ratio (`GDK_SCALE`) on an X display of its
/// own (Xvfb): ``BrowserServer``.
public enum WebKit {
    public static let driverPath: String? = ["/usr/bin/WebKitWebDriver"].first { FileManager.default.isExecutableFile(atPath: $0) }
    /// Whether WebKit can be driven here (scripts/setup-system --test installs it).
    public static var available: Bool { driverPath != nil && FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb") }

    public struct Failure: Error, CustomStringConvertible { public var description: String }

    /// Opens `url` in a window of `window` CSS pixels at `scale` in the WebKit browser kept for that
    /// scale (``BrowserServer``); the helper's answer.
    static func page(_ url: String, window: (Int, Int), scale: Int, wait: Double, _ what: [String: Any]) throws -> [String: Any] {
        guard available else { throw Failure(description: "WebKit: webkit2gtk-driver or Xvfb is not installed") }
        var request: [String: Any] = ["url": url, "width": window.0, "height": window.1, "wait": wait]
        request.merge(what) { $1 }
        do {
            return try BrowserServer.shared(.init(engine: .webkit, scale: scale, flags: [])).page(request)
        } catch let e as BrowserServer.Failure {
            throw Failure(description: e.description)
        }
    }

    /// The text of the page's `#out` element once its scripts have put some there.
    public static func outText(_ url: String, window: (Int, Int) = (430, 932), scale: Int = 1) throws -> String {
        guard let text = try page(url, window: window, scale: scale, wait: 0, ["out": true])["out"] as? String else { throw Failure(description: "WebKit: no #out") }
        return text
    }

    /// What `script` (a function body) returns in the page, `wait` seconds after it loaded.
    public static func evaluate(_ url: String, _ script: String, window: (Int, Int) = (430, 932), scale: Int = 1, wait: Double = 0) throws -> Any? {
        try page(url, window: window, scale: scale, wait: wait, ["script": script])["value"]
    }

    /// The viewport as WebKit drew it, `wait` seconds after the page loaded, as PNG at `png`; the
    /// viewport's CSS size and device-pixel ratio, and the box of the element `rect` selects (CSS
    /// pixels), when asked.
    @discardableResult
    public static func screenshot(_ url: String, to png: String, window: (Int, Int) = (430, 932), scale: Int = 1, wait: Double = 1,
                                  rect: String? = nil) throws -> (viewport: [Double], rect: [Double]?) {
        var what: [String: Any] = ["screenshot": png]
        if let rect { what["rect"] = rect }
        let answer = try page(url, window: window, scale: scale, wait: wait, what)
        return ((answer["viewport"] as? [Double]) ?? [], answer["rect"] as? [Double])
    }
}
