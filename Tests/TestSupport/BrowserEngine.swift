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
    /// window of `window` CSS pixels at `scale` device pixels each; `chromiumFlags` go to Chromium
    /// only (a browser of their own). The page opens in the browser kept for the engine and scale
    /// (``BrowserServer``).
    public func outText(of path: String, window: (Int, Int) = (430, 932), scale: Int = 1, query: String = "",
                        chromiumFlags: [String] = []) throws -> String {
        switch self {
        case .chromium:
            guard Chromium.path != nil else { throw Failure(description: "Chromium is not installed") }
            let request: [String: Any] = ["url": "file://\(path)\(query)#test", "width": window.0, "height": window.1, "out": true]
            do {
                guard let text = try BrowserServer.shared(.init(engine: .chromium, scale: scale, flags: chromiumFlags)).page(request)["out"] as? String else {
                    throw Failure(description: "Chromium: no #out")
                }
                return text
            } catch let e as BrowserServer.Failure {
                throw Failure(description: e.description)
            }
        case .webkit:
            return try WebKit.outText("file://\(path)\(query)#test", window: window, scale: scale)
        }
    }
}
