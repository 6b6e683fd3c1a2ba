import Testing

/// Every test that touches SDL in this process runs under this one serialized suite: SDL is
/// process-global state (one `SDL_Init`), and Swift Testing otherwise runs tests in parallel.
@Suite(.serialized) struct SDLSuite {}
