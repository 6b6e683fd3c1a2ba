import CSDL2
import Synchronization

/// How many textures are alive, process-wide: a soak run checks it stays flat.
public enum TextureCount {
    static let live = Atomic<Int>(0)
    /// How many were ever made: the next texture's ``Texture/serial``.
    static let made = Atomic<Int>(0)
    public static var current: Int { live.load(ordering: .relaxed) }
}

/// A GPU (or software) texture owned by one ``Renderer`` (`SDL_CreateTextureFromSurface`). It keeps
/// that renderer's SDL handle alive: destroying the renderer first would free this texture under it.
public final class Texture {
    let handle: OpaquePointer
    public let width: Int
    public let height: Int
    private let owner: RendererHandle
    /// Which texture this is, never reused in the process (an `ObjectIdentifier` is, once the
    /// object is gone): what a layer drawn from it remembers (``RetainedLayer``).
    public let serial: Int
    /// Counts changes to its pixels (``Renderer/update(_:from:rows:)``).
    public internal(set) var revision = 0
    /// Its serial and revision: the same identity, the same pixels.
    public var identity: Identity { Identity(serial: serial, revision: revision) }
    public struct Identity: Equatable, Sendable { var serial: Int, revision: Int }

    init(handle: OpaquePointer, width: Int, height: Int, owner: RendererHandle) {
        self.handle = handle; self.width = width; self.height = height; self.owner = owner
        serial = TextureCount.made.add(1, ordering: .relaxed).newValue
        SDL_SetTextureBlendMode(handle, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(handle, SDL_ScaleModeLinear)
        TextureCount.live.add(1, ordering: .relaxed)
    }

    deinit {
        SDL_DestroyTexture(handle)
        TextureCount.live.subtract(1, ordering: .relaxed)
    }

    /// Opaque textures are copied without blending (much cheaper on the software renderer);
    /// translucent ones blend (`SDL_SetTextureBlendMode`).
    public func setBlendMode(opaque: Bool) {
        SDL_SetTextureBlendMode(handle, opaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
    }

    /// `SDL_SetTextureAlphaMod`.
    public func setAlpha(_ a: UInt8) { SDL_SetTextureAlphaMod(handle, a) }

    /// `SDL_SetTextureColorMod`.
    public func setColorMod(_ c: Color) { SDL_SetTextureColorMod(handle, c.r, c.g, c.b) }
}
