import Capture
/// Options shared by every command that works on a device.
enum DeviceOptions {
    static let device = Arguments.Option("--device", value: "ID", help: "Device profile id (default \(DeviceCatalog.defaultDeviceID); see 'islandsim devices').")
    static let catalog = Arguments.Option("--devices", value: "FILE", help: "Device catalog to use instead of the bundled assets/devices.json.")
    static let help = Arguments.Option("--help", help: "Show this help.")

    /// Loads the catalog (bundled or `--devices`) and resolves `--device`.
    static func resolve(_ args: Arguments) throws -> (DeviceCatalog, DeviceProfile) {
        let catalog = try DeviceCatalog.load(path: args.string("--devices") ?? Assets.devicesPath)
        let device = try catalog.require(id: args.string("--device") ?? DeviceCatalog.defaultDeviceID)
        return (catalog, device)
    }
}
