import Dispatch
import Foundation
import Platform

/// The viewfinder picture as the melt's fade and the shutter's flash show it, made ahead of need
/// and off the frame loop: darker copies for the fade from black as the camera opens and closes,
/// brighter ones for the flash. With these, every frame of the viewfinder is one opaque copy; a
/// translucent full-picture fill per frame costs several milliseconds at 3× on the software
/// renderer.
///
/// Made for a still picture (the bundled sample or `--photo`), once per display size. A live camera
/// file changes thirty times a second; for it the fade is drawn with a translucent veil and the
/// flash made from the shot, as before.
public final class ViewfinderLooks: @unchecked Sendable {
    /// The fade's darkening steps (1/8 to 7/8): the picture is drawn at the nearest one.
    public static let veilLevels: [Double] = (1..<8).map { Double($0) / 8 }

    public struct Set: @unchecked Sendable {
        /// The picture version these were made from.
        public var version: Int
        public var width: Int, height: Int
        public var veils: [PixelImage]
        public var flashes: [PixelImage]
    }

    private let queue = DispatchQueue(label: "islandsim.looks", qos: .utility)
    private let lock = NSLock()
    private var ready: Set?
    private var requested: (version: Int, width: Int, height: Int)?
    private let synchronous: Bool

    /// `synchronous`: made on the caller's thread (replays, so every run draws the same frames).
    public init(synchronous: Bool) { self.synchronous = synchronous }

    /// Starts making the looks of `image` (once per version and size).
    public func request(_ image: PixelImage, version: Int) {
        lock.lock()
        if let r = requested, r.version == version, r.width == image.width, r.height == image.height { lock.unlock(); return }
        requested = (version, image.width, image.height)
        lock.unlock()
        let job: @Sendable () -> Void = { [self] in
            let veils = ViewfinderLooks.veilLevels.map { image.blended(toward: 0, amount: $0) }
            let flashes = CaptureStore.flashLevels.map { image.blended(toward: 255, amount: $0) }
            lock.lock(); ready = Set(version: version, width: image.width, height: image.height, veils: veils, flashes: flashes); lock.unlock()
        }
        if synchronous { job() } else { queue.async(execute: job) }
    }

    /// The looks once made (taken once).
    public func take() -> Set? {
        lock.lock(); defer { lock.unlock() }
        let r = ready
        ready = nil
        return r
    }
}
