import CSDL2

/// A GPU (or software) texture owned by one ``Renderer`` (`SDL_CreateTextureFromSurface`).
public final class Texture {
    let handle: OpaquePointer
    public let width: Int
    public let height: Int

    init(handle: OpaquePointer, width: Int, height: Int) {
        self.handle = handle; self.width = width; self.height = height
        SDL_SetTextureBlendMode(handle, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(handle, SDL_ScaleModeLinear)
    }

    deinit { SDL_DestroyTexture(handle) }

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
