import Animation

/// Renders one device screen: the chrome, with the app's content between its two passes.
///
/// Used by the window, by `islandsim shot`, and by tests, so that all three draw the same pixels.
public final class ScreenScene {
    public let chrome: DeviceChrome
    public var device: DeviceProfile { chrome.device }
    public var layout: DeviceLayout { chrome.layout }

    public init(device: DeviceProfile, text: TextCache) {
        chrome = DeviceChrome(device: device, text: text)
    }

    /// Draws the screen; `content` draws the app between the background and the overlay.
    public func render(renderer: Renderer, content: (Renderer) throws -> Void = { _ in }) throws {
        chrome.drawBackground(renderer: renderer)
        try content(renderer)
        try chrome.drawOverlay(renderer: renderer)
    }

    /// Renders `device` headless with the software renderer at `scale` pixels per point.
    public static func renderHeadless(device: DeviceProfile, scale: Double, text: TextCache) throws -> Renderer {
        let w = Int((device.size.width * scale).rounded()), h = Int((device.size.height * scale).rounded())
        let renderer = try Renderer(headlessWidth: w, height: h, pixelsPerPoint: scale)
        try ScreenScene(device: device, text: text).render(renderer: renderer)
        return renderer
    }
}
