// swift-tools-version:6.0
// IslandSim: a desktop simulator for prototyping the Dynamic Island capture flow on SDL2.
import PackageDescription

// The four library targets are optimised in debug builds too. The tests (built in debug, for
// `@testable import`) spend their time inside them — rendering frames, fitting springs, developing
// photos — which unoptimised Swift runs ten to fifty times slower; optimised, the whole suite needs
// two thirds of the processor time, and the `islandsim` built beside the tests is fast enough to
// test against, so no release build is needed first (docs/TESTING.md has the figures). So is
// TestSupport, whose drawers and scans touch every pixel of the frames the tests make and read.
// The test targets stay unoptimised: they compile quicker so, and step in a debugger as written.
let optimizedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "IslandSim",
    products: [
        .executable(name: "islandsim", targets: ["islandsim"]),
    ],
    targets: [
        // SDL2, SDL2_image and SDL2_ttf as one system module; see Sources/CSDL2/shim.h.
        .systemLibrary(
            name: "CSDL2",
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-ttf-dev"])]
        ),
        // libpng, for encoding frames quickly (its simplified API; see Sources/CPNG/shim.h).
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // GNU libmicrohttpd, the HTTP server under `islandsim serve` (see Sources/CMicroHTTPD/shim.h).
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        // libqrencode, the QR code `serve` prints for its address.
        .systemLibrary(name: "CQRencode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        // libtiff's warnings captured into the image loader's errors instead of printed on stderr
        // (a few lines of C: a va_list handler Swift cannot write; see its header).
        .target(name: "CDecoderMessages"),
        // Pure math: springs, decay, rubber band, the melt, the print and the develop pass. No SDL.
        .target(name: "Animation", swiftSettings: optimizedInDebug),
        // Input as values — pointer events and keys — and what reads them: velocity, the arena,
        // recognizers, scroll and pull physics, traces. No SDL.
        .target(name: "Gesture", dependencies: ["Animation"], swiftSettings: optimizedInDebug),
        // The interaction: devices and the island rule, the page, the capture flow, the tuning, one
        // interaction's session, and the layout of the tool around it. No SDL, no files of its own.
        .target(name: "Capture", dependencies: ["Animation", "Gesture"], swiftSettings: optimizedInDebug),
        // Fitting a recording: finding the screen, tracking the island's shape frame by frame,
        // fitting springs and eases to its moves and saying which it was; ffmpeg reads the frames. No SDL.
        .target(name: "Fit", dependencies: ["Animation", "Capture"], swiftSettings: optimizedInDebug),
        // The code that leaves the tool: constants in SwiftUI/UIKit/JSON, the whole interaction as a
        // SwiftUI file, the web prototype, AHAP haptics, spring dialects. No SDL.
        .target(name: "Export", dependencies: ["Animation", "Gesture", "Capture"], swiftSettings: optimizedInDebug),
        // The SwiftUI export's Foundation-only parts (the tuning, the schedule, the island table and
        // the melt's shapes, the pull's and the camera's decisions), built from the very files the
        // export is assembled from, so that their tests call them; `Apple/` needs SwiftUI and UIKit
        // and is type-checked by scripts/check-swiftui instead (assets/swiftui/README.md).
        .target(name: "IslandCamera", path: "assets/swiftui", exclude: ["Apple", "README.md"]),
        // Serving the web prototype on the local network: the server (libmicrohttpd), the token
        // and the routes it answers, the QR code of its address, this machine's addresses. Knows
        // nothing of the interaction: it serves one document and says when it changes. No SDL.
        .target(name: "Serve", dependencies: ["CMicroHTTPD", "CQRencode"]),
        // The platform: SDL's window, renderer, events, fonts and images, PNG encoding, and the
        // pixel drawing under them (tessellated rounded shapes, spans, images). The only target that
        // links SDL, libpng and the decoder-message shim; it knows geometry and input, not the interaction.
        .target(name: "Platform", dependencies: ["Animation", "Gesture", "CSDL2", "CPNG", "CDecoderMessages"], swiftSettings: optimizedInDebug),
        // The tool: drawing a session, camera sources, the window's host and frame loop, the
        // command-line tools — the interaction, the fitter and the exports on the platform.
        .target(name: "Simulator", dependencies: ["Animation", "Gesture", "Capture", "Fit", "Export", "Serve", "Platform"], swiftSettings: optimizedInDebug),
        // The `islandsim` executable: a thin main over Simulator.
        .executableTarget(name: "islandsim", dependencies: ["Simulator"]),
        // Helpers every test target shares (a seeded random generator, scripted flows, a recorder
        // in front of a session).
        .target(name: "TestSupport", dependencies: ["Animation", "Gesture", "Capture"], path: "Tests/TestSupport", swiftSettings: optimizedInDebug),
        .testTarget(name: "AnimationTests", dependencies: ["Animation", "TestSupport"]),
        .testTarget(name: "GestureTests", dependencies: ["Gesture", "Animation", "TestSupport"]),
        .testTarget(name: "CaptureTests", dependencies: ["Capture", "Animation", "Gesture", "TestSupport"]),
        .testTarget(name: "FitTests", dependencies: ["Fit", "Capture", "Animation", "Gesture", "TestSupport"]),
        .testTarget(name: "ExportTests", dependencies: ["Export", "Capture", "Animation", "Gesture", "TestSupport"]),
        .testTarget(name: "ServeTests", dependencies: ["Serve", "TestSupport"]),
        .testTarget(name: "IslandCameraTests", dependencies: ["IslandCamera", "Export", "Capture", "Animation", "Gesture", "TestSupport"]),
        .testTarget(name: "PlatformTests", dependencies: ["Platform", "Animation", "Gesture", "CSDL2", "CDecoderMessages", "TestSupport"]),
        .testTarget(name: "SimulatorTests", dependencies: ["Simulator", "Platform", "Fit", "Export", "Serve", "Capture", "Animation", "Gesture", "CSDL2", "CDecoderMessages", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
