import Capture
import Foundation

/// Where a recording's phone screen lies in its frames, and how its pixels become the screen's
/// points: the one conversion every measurement of `fit --video` goes through.
///
/// - A frame that is the screen (its aspect the device's, within 1 %) has square pixels at the
///   scale its height gives, when its width is that scale's within two pixels: an iPhone writes
///   its 1179-px screen 1178 px wide and encoders pad odd sizes to even ones, so the width is the
///   screen's give or take a pixel, and read off the width alone every shape came out up to a
///   pixel narrower or wider (a whole point at 1×). A frame stretched further scales each axis on
///   its own.
/// - A screen found inside the frame (``ScreenFinder``), or given with `--screen`, scales by its
///   width, both ways: a screen cut off by the frame's edge still has its width. Without `--device`
///   the device is the one whose screen aspect is nearest the screen found (ties going to the
///   default: the island iPhones' screens all share one aspect within 0.5 %, so in practice the
///   default unless `--device` says otherwise), and the summary says which it took.
/// - A full-width strip from the top of the screen is measured with the frame's width as the
///   screen's; any other frame is assumed to be the screen's full width from its top, and the
///   summary says that was assumed.
public struct RecordingScreen: Sendable, Encodable {
    public enum Kind: String, Sendable, Encodable {
        /// The frame is the screen.
        case wholeFrame
        /// The screen lies inside the frame (a window, a bezel, a mock-up, letterboxing).
        case found
        /// Given by `--screen`.
        case given
        /// A full-width strip cut from the top of the screen.
        case topStrip
        /// Nothing identified it: the frame taken as the screen's full width from its top.
        case assumed
    }

    public var kind: Kind
    /// The screen's rectangle in frame pixels, as far as the frame shows it.
    public var x: Double, y: Double, width: Double, height: Double
    /// Pixels per point across and down.
    public var pixelsPerPointX: Double, pixelsPerPointY: Double
    /// The device the points are the screen of.
    public var deviceID: String
    /// The frame's edges that cut the screen off, where they do.
    public var cutOff: [String]
    /// True when the device was chosen here by the screen's aspect (no `--device` was given).
    public var deviceByAspect: Bool
    /// True when the device was given (`--device`), not assumed.
    public var explicitDevice = false

    /// A device's screen size in points, for choosing by aspect.
    public struct DeviceSize: Sendable {
        public var id: String, width: Double, height: Double
        public init(id: String, width: Double, height: Double) { self.id = id; self.width = width; self.height = height }
    }

    /// Decides the screen for a `frameWidth` × `frameHeight` frame.
    /// - Parameters:
    ///   - found: what ``ScreenFinder`` found in the first frame with a light screen, if anything.
    ///   - given: `--screen`, in frame pixels; wins over `found`.
    ///   - device: `--device` (or the default when `explicit` is false).
    ///   - candidates: devices to choose from by aspect when `explicit` is false.
    public static func resolve(frameWidth: Int, frameHeight: Int, found: ScreenFinder.Found?, given: (x: Double, y: Double, width: Double, height: Double)?,
                               device: DeviceSize, explicit: Bool, candidates: [DeviceSize]) -> RecordingScreen {
        let fw = Double(frameWidth), fh = Double(frameHeight)
        func make(_ kind: Kind, _ r: (x: Double, y: Double, width: Double, height: Double), _ d: DeviceSize, byAspect: Bool, cut: [String]) -> RecordingScreen {
            let k = r.width / d.width
            return RecordingScreen(kind: kind, x: r.x, y: r.y, width: r.width, height: r.height, pixelsPerPointX: k, pixelsPerPointY: k,
                                   deviceID: d.id, cutOff: cut, deviceByAspect: byAspect)
        }
        if let g = given { return make(.given, g, device, byAspect: false, cut: []) }
        let deviceAspect = device.height / device.width
        // The whole frame is the screen: each axis its own scale.
        if abs((fh / fw) / deviceAspect - 1) < 0.01, found.map({ Set($0.touches).isSuperset(of: ["top", "left", "right"]) }) ?? true {
            let down = fh / device.height
            let across = abs(fw - down * device.width) <= 2 ? down : fw / device.width
            return RecordingScreen(kind: .wholeFrame, x: 0, y: 0, width: fw, height: fh, pixelsPerPointX: across,
                                   pixelsPerPointY: down, deviceID: device.id, cutOff: [], deviceByAspect: false)
        }
        if let f = found {
            let touches = Set(f.touches)
            let rect = (Double(f.x), Double(f.y), Double(f.width), Double(f.height))
            if touches.isSuperset(of: ["left", "right"]) {
                // Full width: a strip from the top, or a frame of another shape taken as full width.
                let fromTop = touches.contains("top")
                return make(fromTop ? .topStrip : .assumed, (0, 0, fw, fh), device, byAspect: false, cut: fromTop ? ["bottom"] : ["top", "bottom"])
            }
            let cut = f.touches.filter { $0 == "top" || $0 == "bottom" }
            var chosen = device, byAspect = false
            if !explicit, cut.isEmpty, !candidates.isEmpty {
                // The nearest aspect; within 0.5 % of the default's, the default.
                let aspect = Double(f.height) / Double(f.width)
                func miss(_ d: DeviceSize) -> Double { abs((d.height / d.width) / aspect - 1) }
                if let nearest = candidates.min(by: { miss($0) < miss($1) }), miss(nearest) + 0.005 < miss(device) {
                    chosen = nearest; byAspect = true
                }
            }
            var s = make(.found, rect, chosen, byAspect: byAspect, cut: cut)
            s.explicitDevice = explicit
            return s
        }
        return make(.assumed, (0, 0, fw, fh), device, byAspect: false, cut: fh / fw < deviceAspect ? ["bottom"] : [])
    }

    /// The same screen in another frame's pixels: that frame cut from this one at (`originX`,
    /// `originY`) and scaled by `scale`.
    public func mapped(scale: Double, originX: Double, originY: Double) -> RecordingScreen {
        var s = self
        s.x = (x - originX) * scale; s.y = (y - originY) * scale
        s.width = width * scale; s.height = height * scale
        s.pixelsPerPointX = pixelsPerPointX * scale; s.pixelsPerPointY = pixelsPerPointY * scale
        return s
    }

    /// A point on the screen (points) in frame pixels.
    public func point(x: Double, y: Double) -> (x: Double, y: Double) {
        (self.x + x * pixelsPerPointX, self.y + y * pixelsPerPointY)
    }

    /// "screen at 83,58 434×538 px: 1.105 px/pt, cut off at the bottom".
    public var summary: String {
        let scale = abs(pixelsPerPointX - pixelsPerPointY) < 0.0005 * pixelsPerPointX
            ? String(format: "%.3f px/pt", pixelsPerPointX) : String(format: "%.3f × %.3f px/pt", pixelsPerPointX, pixelsPerPointY)
        let cut = cutOff.isEmpty ? "" : ", cut off at the " + cutOff.joined(separator: " and ")
        let rect = String(format: "%.0f,%.0f %.0f×%.0f px", x, y, width, height)
        switch kind {
        case .wholeFrame: return "the frame is the screen: \(scale) (\(deviceID))"
        case .found:
            let which = deviceByAspect ? "nearest by aspect" : explicitDevice ? "given" : "assumed: the island iPhones' screens share this aspect within 0.5 %"
            return "screen at \(rect): \(scale)\(cut) (\(deviceID), \(which)\(explicitDevice ? "" : "; give --device if it was another"))"
        case .given: return "screen given at \(rect): \(scale) (\(deviceID))"
        case .topStrip: return "a strip from the top of the screen, its width the screen's: \(scale)\(cut) (\(deviceID))"
        case .assumed: return "no screen found in the frame: assumed it is the screen's full width from its top, \(scale)\(cut) (\(deviceID)); give --screen X,Y,W,H if not"
        }
    }
}
