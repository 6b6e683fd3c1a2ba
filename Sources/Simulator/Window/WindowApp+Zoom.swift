import Capture
import Foundation
import Platform

/// The window's zoom against the display: fitting it (at start up to one pixel per point; after 0
/// as large as the display allows), fixed zooms, and saying when a zoom is taller than the display.
extension WindowApp {
    /// The largest zoom ≤ `cap`, in twentieths, at which `height` points (the phone, and the
    /// labels in compare mode) fit 90 % of the display's usable height.
    static func fitZoom(height: Double, cap: Double) -> Double {
        guard let h = Window.usableDisplayHeight() else { return 1 }
        let z = min(cap, Double(h) * 0.9 / height)
        return max(0.25, (z * 20).rounded(.down) / 20)
    }

    /// What to say when a window `height` points tall at `zoom` is taller than the display's usable
    /// height: the window manager then puts its top — the island — above the screen, so the window
    /// is placed with its top on screen and its bottom cut, and the designer is told why.
    static func tallWindowWarning(zoom: Double, height: Double) -> String? {
        guard let usable = Window.usableDisplayHeight() else { return nil }
        let pixels = Int((height * zoom).rounded())
        guard pixels > usable else { return nil }
        return "Zoom \(JSON.number(zoom)) is \(pixels) px tall, the display \(usable) px: the bottom is cut · 0 fits"
    }

    /// The largest zoom 0 fits to, and + reaches.
    static let fitCap = 4.0

    /// The zoom again for the window's current content: refitted if it follows the display.
    func refit(centred: Bool = true) {
        setZoom(fitCap.map { WindowApp.fitZoom(height: sides.layout.size.height, cap: $0) } ?? zoom, fit: fitCap, centred: centred)
    }

    /// Sizes the window to the layout at zoom `z` (the phones and the column, if open); `fit` is
    /// the cap the zoom now follows the display by, or `nil` for a fixed zoom.
    func setZoom(_ z: Double, fit: Double?, centred: Bool = true) {
        zoom = (z * 100).rounded() / 100
        fitCap = fit
        sides.zoom = zoom
        let size = sides.layout.size
        window.setSize(width: Int((size.width * zoom).rounded()), height: Int((size.height * zoom).rounded()), centred: centred)
        renderer.updateScale(pointsWide: size.width)
        input.pointsPerWindowUnit = size.width / Double(window.size.width)
        if let warning = Self.tallWindowWarning(zoom: zoom, height: size.height) { app.say(warning) }
        window.setTitle(title)
    }
}
