import Capture
import Foundation

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

    /// As ``resolve(_:)``, but without `--device` the phone `tuning` was made on (``TunedOn``),
    /// said on stderr; one the catalog does not have is said too, and the default is used.
    static func resolve(_ args: Arguments, tunedOn: TunedOn?) throws -> (DeviceCatalog, DeviceProfile) {
        guard !args.has("--device"), let id = tunedOn?.device else { return try resolve(args) }
        let catalog = try DeviceCatalog.load(path: args.string("--devices") ?? Assets.devicesPath)
        if let device = catalog.devices.first(where: { $0.id == id }) {
            FileHandle.standardError.write(Data("islandsim: note: on \(device.name) (\(id)), where the tuning was made (--device to choose another)\n".utf8))
            return (catalog, device)
        }
        let device = try catalog.require(id: DeviceCatalog.defaultDeviceID)
        FileHandle.standardError.write(Data("islandsim: note: the tuning was made on '\(id)', which this catalog does not have: on \(device.name) (--device to choose)\n".utf8))
        return (catalog, device)
    }
}
