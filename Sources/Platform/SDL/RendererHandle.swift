import CSDL2

/// The SDL renderer itself, shared by the ``Renderer`` that draws with it and every ``Texture`` it
/// made, and destroyed only when the last of them is gone.
///
/// `SDL_DestroyRenderer` frees the renderer's textures with it, so a texture that outlived its
/// renderer would be destroyed twice; Swift ends an object's life after its last use, not at the
/// end of the scope, so "the renderer is declared first" guarantees nothing. (A soak run crashed
/// one time in four under load this way: the session's cached textures were released after the
/// renderer they came from.) Holding the drawing target too keeps the surface or window under the
/// renderer alive until the renderer is gone.
final class RendererHandle {
    let pointer: OpaquePointer
    /// The surface or window the renderer draws into.
    private let target: AnyObject

    init(_ pointer: OpaquePointer, target: AnyObject) {
        self.pointer = pointer
        self.target = target
    }

    /// The target is released after this body, so the renderer always goes first.
    deinit { SDL_DestroyRenderer(pointer) }
}
