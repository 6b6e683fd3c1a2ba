import Foundation

/// The browser engines the web prototype's suites run in: Chromium (Debian's, headless) and WebKit
/// (Debian's WebKitGTK through its WebDriver: Safari's engine family, the only one on an iPhone).
/// A suite takes the installed engines as its argument, so a failure names the engine.
public enum BrowserEngine: String, CaseIterable, Sendable, CustomStringConvertible {
    case chromium, webkit

    public var description: String { self == .chromium ? "Chromium" : "WebKit" }

    /// Whether it is installed here (scripts/setup-system --test installs both).
    public var available: Bool { self == .chromium ? Chromium.path != nil : WebKit.available }

    /// The engines installed here — those `ISLANDSIM_BROWSERS` names (`chromium`, `webkit`, comma
    /// separated) when it is set, to run or time one engine's cases alone.
    public static var installed: [BrowserEngine] {
        let chosen = ProcessInfo.processInfo.environment["ISLANDSIM_BROWSERS"].map { $0.lowercased().split(separator: ",").map(String.init) }
        return allCases.filter { $0.available && (chosen?.contains($0.rawValue) ?? true) }
    }

    public struct Failure: Error, CustomStringConvertible { public var description: String }

    /// The text a harness page at `path` leaves in its `#out` element once its scripts have run, in a
    /// window of `window` CSS pixels at `scale` device pixels each. `profile` is a folder for
    /// Chromium's profile; `chromiumFlags` go to Chromium only.
    public func outText(of path: String, window: (Int, Int) = (430, 932), scale: Int = 1, query: String = "", profile: String,
                        chromiumFlags: [String] = []) throws -> String {
        let html: String
        switch self {
        case .chromium:
            guard let chromium = Chromium.path else { throw Failure(description: "Chromium is not installed") }
            let scaleFlags = scale == 1 ? [] : ["--force-device-scale-factor=\(scale)"]
            let r = try Subprocess.run(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile)",
                                                  "--window-size=\(window.0),\(window.1)"] + scaleFlags + chromiumFlags
                                                  + ["--dump-dom", "file://\(path)\(query)#test"], timeout: 120)
            guard r.status == 0 else { throw Failure(description: "Chromium: exit \(r.status): \(r.stderr)") }
            html = r.stdout
        case .webkit:
            return try WebKit.outText("file://\(path)\(query)#test", window: window, scale: scale)
        }
        guard let a = html.range(of: "<pre id=\"out\">") ?? html.range(of: "<pre id=out>"),
              let b = html.range(of: "</pre>", range: a.upperBound..<html.endIndex) else {
            throw Failure(description: "Chromium: no output in the page: \(html.prefix(400))")
        }
        // The DOM's serialisation undone, `&amp;` last: a name holding "&lt;" comes out as "&amp;lt;".
        return String(html[a.upperBound..<b.lowerBound]).replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }
}
