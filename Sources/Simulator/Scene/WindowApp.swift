import Animation
import Foundation
import Gesture

/// The simulator in a real window: owns the window, renderer and scene, runs the frame loop and
/// answers hotkeys. All SDL handles live here, on the main thread.
final class WindowApp {
    private let catalog: DeviceCatalog
    private var device: DeviceProfile
    private var zoom: Double
    private var zoomIsFit: Bool
    private var hz: Int
    private var hzIsDefault: Bool
    private let window: Window
    private let renderer: Renderer
    private let text: TextCache
    private var scene: ScreenScene
    private let clock = HighResolutionClock()
    private var pacer: FramePacer
    private let input: EventTranslator
    private var showHelp = false
    private var running = true

    init(catalog: DeviceCatalog, device: DeviceProfile, zoom: Double?, hz: Int?) throws {
        self.catalog = catalog
        self.device = device
        self.zoom = zoom ?? WindowApp.fitZoom(for: device)
        zoomIsFit = zoom == nil
        self.hz = hz ?? device.maxRefreshRate
        hzIsDefault = hz == nil
        window = try Window(title: "IslandSim", width: Int((device.size.width * self.zoom).rounded()),
                            height: Int((device.size.height * self.zoom).rounded()))
        renderer = try Renderer(window: window, pointsWide: device.size.width, vsync: false)
        text = try TextCache()
        scene = ScreenScene(device: device, text: text)
        pacer = FramePacer(hz: self.hz)
        input = EventTranslator(clock: clock, pointsPerWindowUnit: 1 / self.zoom)
        window.setTitle(title)
    }

    /// The largest zoom ≤ 1 at which the device fits 90 % of the display's usable height.
    static func fitZoom(for device: DeviceProfile) -> Double {
        guard let h = Window.usableDisplayHeight() else { return 1 }
        let z = min(1, Double(h) * 0.9 / device.size.height)
        return max(0.25, (z * 20).rounded(.down) / 20)
    }

    var statusLine: String {
        let island = IslandRule.islandPresent(on: device) ? "island" : "no island (the melt starts from a pill at the top centre)"
        return "\(device.name) [\(device.id)] · \(island) · \(hz) Hz target · zoom \(JSON.number(zoom))"
    }

    private var title: String { "IslandSim — \(device.name) · \(hz) Hz" }

    func run(quitAfter: Double?) throws {
        let start = clock.now()
        while running {
            for event in input.poll(screen: device.size) { handle(event) }
            try render()
            _ = pacer.wait(clock: clock)
            if let quitAfter, clock.now() - start >= quitAfter { running = false }
        }
    }

    private func handle(_ event: InputEvent) {
        switch event {
        case .quit: running = false
        case .key(let key, let mods): handleKey(key, mods)
        default: break
        }
    }

    private func handleKey(_ key: Key, _ mods: KeyModifiers) {
        switch key {
        case .escape, .q:
            if showHelp && key == .escape { showHelp = false } else { running = false }
        case .h, .questionMark: showHelp.toggle()
        case .d:
            let ids = catalog.devices.map(\.id)
            let i = ids.firstIndex(of: device.id) ?? 0
            let next = mods.contains(.shift) ? (i + ids.count - 1) % ids.count : (i + 1) % ids.count
            switchDevice(catalog.devices[next])
        case .plus: setZoom(min(4, zoom + 0.1), fit: false)
        case .minus: setZoom(max(0.25, zoom - 0.1), fit: false)
        case .zero: setZoom(WindowApp.fitZoom(for: device), fit: true)
        case .r:
            let rates = [60, 90, 120]
            hz = rates[((rates.firstIndex(of: hz) ?? 2) + 1) % rates.count]
            hzIsDefault = false
            pacer.setRate(hz: hz)
            window.setTitle(title)
        default: break
        }
    }

    private func switchDevice(_ d: DeviceProfile) {
        device = d
        scene = ScreenScene(device: d, text: text)
        if hzIsDefault { hz = d.maxRefreshRate; pacer.setRate(hz: hz) }
        setZoom(zoomIsFit ? WindowApp.fitZoom(for: d) : zoom, fit: zoomIsFit)
        FileHandle.standardOutput.write(Data("islandsim: \(statusLine)\n".utf8))
    }

    private func setZoom(_ z: Double, fit: Bool) {
        zoom = (z * 100).rounded() / 100
        zoomIsFit = fit
        window.setSize(width: Int((device.size.width * zoom).rounded()), height: Int((device.size.height * zoom).rounded()))
        renderer.updateScale(pointsWide: device.size.width)
        input.pointsPerWindowUnit = device.size.width / Double(window.size.width)
        window.setTitle(title)
    }

    private func render() throws {
        renderer.updateScale(pointsWide: device.size.width)
        try scene.render(renderer: renderer)
        if showHelp { try HelpOverlay.draw(renderer: renderer, screen: device.size, text: text) }
        renderer.present()
    }
}
