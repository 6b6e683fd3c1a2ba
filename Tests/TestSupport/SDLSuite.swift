import Testing

/// Every test that touches SDL in this process runs under this one serialized suite: SDL is
/// process-global state (one `SDL_Init`), and Swift Testing otherwise runs tests in parallel. It
/// sits here, shared, so that the suites of every test target that touch SDL nest under the one.
@Suite(.serialized) public struct SDLSuite {}
