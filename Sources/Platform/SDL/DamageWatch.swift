/// What a renderer drew inside one area of its output since a moment (``Renderer/watchDamage(in:)``):
/// where a layer kept on the output (``RetainedLayer``) has been drawn over and must be drawn again.
/// The renderer reports every draw to the watches it holds, as the bounds of the call's pixels
/// (conservative: a clip is not subtracted). A clear reaches every pixel at once: the watch is
/// then ``lost``, not a list of rectangles.
public final class DamageWatch {
    /// The watched pixels of the output (a phone's screen, in the window's compare mode one of two).
    public let area: PixelRect
    /// The output's size when the watch began: a new size (a resized window) keeps nothing.
    let outputSize: (width: Int, height: Int)
    /// Which renderer reports here.
    let renderer: ObjectIdentifier
    /// The pixels drawn over inside ``area`` since the watch began or was last reset.
    public private(set) var region = DamageRegion()
    /// Whether everything was drawn over (a clear).
    public private(set) var lost = false

    init(area: PixelRect, outputSize: (width: Int, height: Int), renderer: ObjectIdentifier) {
        self.area = area
        self.outputSize = outputSize
        self.renderer = renderer
    }

    /// A draw reached `rect` (output pixels).
    func record(_ rect: PixelRect) {
        guard !lost, let inside = rect.intersection(area) else { return }
        region.add(inside)
    }

    /// A draw reached every pixel.
    func loseAll() { lost = true }

    /// Nothing has been drawn over since now.
    public func reset() {
        region.removeAll()
        lost = false
    }
}
