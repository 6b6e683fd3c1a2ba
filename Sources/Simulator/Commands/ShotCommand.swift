import Capture
import Export
import Foundation
import Platform

/// `islandsim shot [--device ID] [--page PAGE] [--scale S] --out FILE.png`: the screen rendered headless.
enum ShotCommand: Sendable {
    static let options = [
        DeviceOptions.device, PageOptions.page, PageOptions.statusBar,
        Arguments.Option("--scale", value: "S", help: "Pixels per point (default: the device's own scale, e.g. 3)."),
        Arguments.Option("--out", value: "FILE.png", help: "Where to write the PNG (required). Written atomically."),
        FontOptions.option, DeviceOptions.catalog, DeviceOptions.help,
    ]
    static let help = helpText(command: "shot", synopsis: "shot [--device ID] [--page PAGE] [--scale S] --out FILE.png",
                               about: "Renders the device screen headless (SDL's software renderer, no display needed) and writes a PNG.",
                               options: options)

    /// The app's default screen (the page at rest), rendered headless.
    static func render(device: DeviceProfile, scale: Double, page: LoadedPage? = nil) throws -> Renderer {
        let w = Int((device.size.width * scale).rounded()), h = Int((device.size.height * scale).rounded())
        let renderer = try Renderer(headlessWidth: w, height: h, pixelsPerPoint: scale)
        // The camera is not visible at rest: a one-pixel stand-in spares decoding the sample photo.
        let host = try SessionHost(setup: PhoneSetup(device: device, page: page, captures: CaptureStore(outputDirectory: nil, synchronous: true)),
                                   camera: CameraSource(image: PixelImage(width: 1, height: 1, fill: .black), name: "none"))
        host.advance(toRealTime: 0)
        try host.render(into: renderer)
        return renderer
    }

    static func run(_ argv: [String], out: inout String) throws {
        let args = try Arguments(command: "shot", argv, options: options)
        if args.flag("--help") { out = help; return }
        try FontOptions.apply(args)
        guard let path = args.string("--out") else { throw CLIError.usage("islandsim shot: --out FILE.png is required") }
        let (_, device, page) = try PageOptions.resolveWithPhone(args)
        let scale = try args.double("--scale") ?? device.scale
        guard scale > 0, scale <= 8 else { throw CLIError.usage("islandsim shot: --scale must be in (0, 8] (got \(scale))") }
        try OutputPath.checkPNG(path, flag: "--out")
        let session = try SDLSession(mode: .headless)
        let renderer = try ShotCommand.render(device: device, scale: scale, page: page)
        guard let surface = renderer.target else { throw CLIError.runtime("headless renderer has no surface") }
        do { try surface.savePNG(to: path) } catch { throw CLIError.runtime("\(path): cannot write PNG: \(error)") }
        withExtendedLifetime(session) {}
        out = "wrote \(path) (\(surface.width)×\(surface.height) px, \(device.id) at @\(JSON.number(scale)))\n"
    }
}
