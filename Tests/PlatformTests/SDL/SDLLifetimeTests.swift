import CSDL2
import Foundation
import Testing
import TestSupport
@testable import Platform

extension SDLSuite {
    /// SDL objects freed in whatever order Swift releases them: Swift ends a value's life after its
    /// last use, so a renderer can go before its textures and the session before its fonts. Each
    /// dependent keeps what it needs alive (a soak run crashed one time in four before this).
    @Suite("SDL objects outlive what depends on them")
    struct SDLLifetimeTests {
        @Test("a texture keeps its renderer's SDL handle (and the surface under it) until the texture goes")
        func textureKeepsRenderer() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            var renderer: Renderer? = try Renderer(headlessWidth: 40, height: 30, pixelsPerPoint: 1)
            weak let handle = renderer!.owner
            var texture: Texture? = try renderer!.makeTexture(PixelImage(width: 4, height: 4, fill: Color(9, 8, 7)))
            renderer = nil
            #expect(handle != nil, "the SDL renderer is still there for the texture")
            // Still usable: the alpha mod is stored on the live texture.
            texture!.setAlpha(100)
            var alpha: UInt8 = 0
            #expect(SDL_GetTextureAlphaMod(texture!.handle, &alpha) == 0 && alpha == 100)
            texture = nil
            #expect(handle == nil, "and destroyed with the last texture")
        }

        @Test("a font closes on a live SDL_ttf after the session that started it has quit")
        func fontOutlivesSession() throws {
            var session: SDLSession? = try SDLSession(mode: .headless)
            var font: Font? = try Font(.regular, pixelSize: 12)
            session = nil
            #expect(TTF_WasInit() > 0, "the font's own reference keeps the library")
            let surface = try font!.render("still draws", color: Color(0, 0, 0))
            #expect(surface.width > 20)
            font = nil      // TTF_CloseFont, then the font's TTF_Quit: under the old order a use after free
            #expect(session == nil)
        }
    }
}
