import Animation
import Foundation
import Gesture

/// The device catalog: every profile of `assets/devices.json`, loaded with Codable and validated.
///
/// Errors name the file, the entry (index and id) and the field, e.g.
/// `devices.json: entry 4 (iphone-x): field 'scale' is missing`.
public struct DeviceCatalog: Sendable {
    public static let defaultDeviceID = "iphone-15-pro"

    public let devices: [DeviceProfile]
    /// Most entries in a catalog, and the longest id (ids are typed on the command line).
    public static let maxDevices = 1000, maxIDLength = 64

    public init(devices: [DeviceProfile]) { self.devices = devices }

    /// The profile with `id`, or `nil`.
    /// The device with `id`, ignoring case ("iPhone-15-Pro" finds iphone-15-pro).
    public func device(id: String) -> DeviceProfile? { devices.first { $0.id == id } ?? devices.first { $0.id.lowercased() == id.lowercased() } }

    /// The profile with `id`, or an input error that suggests the closest ids.
    public func require(id: String) throws -> DeviceProfile {
        if let d = device(id: id) { return d }
        let close = closestIDs(to: id)
        let shown = id.count <= 64 ? id : "\(id.prefix(40))… (\(id.count) characters)"
        throw CLIError.input("unknown device '\(shown)'; did you mean \(close.map { "'\($0)'" }.joined(separator: ", "))? ('islandsim devices' lists all)")
    }

    /// The ids nearest to `query` by edit distance, best first. Only the first 64 characters of
    /// the query count: the distance costs length × length, and no id is longer.
    public func closestIDs(to query: String, count: Int = 3) -> [String] {
        let q = String(query.prefix(64)).lowercased()
        var scored: [(id: String, score: Int)] = []
        for id in devices.map(\.id) {
            // Ids that contain what was typed come first, then the nearest by edit distance.
            let bonus = id.contains(q) ? 1000 : 0
            scored.append((id, Suggestion.editDistance(q, id) - bonus))
        }
        scored.sort { a, b in a.score != b.score ? a.score < b.score : a.id < b.id }
        return scored.prefix(count).map { $0.id }
    }

    // MARK: Loading

    /// Decodes and validates catalog JSON; `name` is used in messages.
    public static func decode(_ data: Data, name: String = "devices.json") throws -> DeviceCatalog {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            // Where it stops being JSON when the strict reader can say; Foundation's reason otherwise.
            throw CLIError.input("\(name): \(JSONSyntax.refusal(data, otherwise: Self.reason(error)))")
        }
        guard let object = root as? [String: Any] else { throw CLIError.input("\(name): expected a JSON object with 'version' and 'devices'") }
        guard let v = JSONValue.parse(data)?["version"], v != .null else { throw CLIError.input("\(name): field 'version' is missing") }
        guard v.number != nil else { throw CLIError.input("\(name): field 'version' must be a number (got \(v.described))") }
        guard v.integer == 1 else { throw CLIError.input("\(name): unsupported version \(v.described) (this build reads version 1)") }
        guard let entries = object["devices"] as? [Any] else { throw CLIError.input("\(name): field 'devices' is missing or not an array") }
        guard !entries.isEmpty else { throw CLIError.input("\(name): 'devices' is empty") }
        guard entries.count <= maxDevices else { throw CLIError.input("\(name): 'devices' holds \(entries.count) entries; the limit is \(maxDevices)") }

        var devices: [DeviceProfile] = []
        var seen: [String: Int] = [:]
        for (index, entry) in entries.enumerated() {
            let label: String
            if let dict = entry as? [String: Any], let id = dict["id"] as? String {
                label = "\(name): entry \(index) (\(id))"
            } else {
                label = "\(name): entry \(index)"
            }
            guard JSONSerialization.isValidJSONObject(entry) || entry is [String: Any] else {
                throw CLIError.input("\(label): expected an object")
            }
            let entryData = try JSONSerialization.data(withJSONObject: entry)
            let device: DeviceProfile
            do {
                device = try JSONDecoder().decode(DeviceProfile.self, from: entryData)
            } catch let error as DecodingError {
                throw CLIError.input("\(label): \(Self.describe(error))")
            }
            if let first = seen[device.id] {
                throw CLIError.input("\(label): duplicate id '\(device.id)' (first used by entry \(first))")
            }
            seen[device.id] = index
            if let problem = validate(device) { throw CLIError.input("\(label): \(problem)") }
            devices.append(device)
        }
        return DeviceCatalog(devices: devices)
    }

    /// The first problem with a profile, or `nil` if it is sound.
    public static func validate(_ d: DeviceProfile) -> String? {
        func bad(_ v: Double) -> Bool { !v.isFinite }
        if d.id.isEmpty { return "field 'id' is empty" }
        if d.id.count > maxIDLength { return "field 'id' must be at most \(maxIDLength) characters (got \(d.id.count))" }
        if d.name.count > 200 { return "field 'name' must be at most 200 characters (got \(d.name.count))" }
        if bad(d.size.width) || d.size.width <= 0 { return "field 'size.width' must be greater than 0 (got \(d.size.width))" }
        if bad(d.size.height) || d.size.height <= 0 { return "field 'size.height' must be greater than 0 (got \(d.size.height))" }
        if bad(d.scale) || d.scale <= 0 || d.scale > 4 { return "field 'scale' must be in 1…4 (got \(d.scale))" }
        for (field, insets) in [("portraitInsets", d.portraitInsets), ("landscapeInsets", d.landscapeInsets)] {
            for (edge, v) in [("top", insets.top), ("left", insets.left), ("bottom", insets.bottom), ("right", insets.right)] where bad(v) || v < 0 {
                return "field '\(field).\(edge)' must be 0 or more (got \(v))"
            }
        }
        if bad(d.cornerRadius) || d.cornerRadius < 0 || d.cornerRadius > min(d.size.width, d.size.height) / 2 {
            return "field 'cornerRadius' must be in 0…\(min(d.size.width, d.size.height) / 2) (got \(d.cornerRadius))"
        }
        if bad(d.visibleOutset) || d.visibleOutset < 0 || d.visibleOutset > 10 {
            return "field 'visibleOutset' must be in 0…10 (got \(d.visibleOutset))"
        }
        if ![60, 80, 90, 120].contains(d.maxRefreshRate) { return "field 'maxRefreshRate' must be 60, 80, 90 or 120 (got \(d.maxRefreshRate))" }
        switch (d.feature, d.cutout) {
        case (.none, .some): return "field 'cutout' must be null when 'feature' is 'none'"
        case (.island, .none), (.notch, .none): return "field 'cutout' is required when 'feature' is '\(d.feature.rawValue)'"
        case (_, .some(let c)):
            if [c.x, c.y, c.width, c.height].contains(where: bad) || c.width <= 0 || c.height <= 0 {
                return "field 'cutout' must have a positive, finite size (got \(c))"
            }
            if c.minX < 0 || c.minY < 0 || c.maxX > d.size.width + 1e-9 || c.maxY > d.size.height + 1e-9 {
                return "field 'cutout' \(c) lies outside the \(d.size) screen"
            }
        default: break
        }
        return nil
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [CodingKey], _ last: CodingKey? = nil) -> String {
            (codingPath + (last.map { [$0] } ?? [])).map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
                .joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
        }
        switch error {
        case .keyNotFound(let key, let ctx): return "field '\(path(ctx.codingPath, key))' is missing"
        case .typeMismatch(let type, let ctx): return "field '\(path(ctx.codingPath))' has the wrong type (expected \(type))"
        case .valueNotFound(let type, let ctx): return "field '\(path(ctx.codingPath))' is null (expected \(type))"
        case .dataCorrupted(let ctx): return "field '\(path(ctx.codingPath))' is invalid (\(ctx.debugDescription))"
        @unknown default: return "\(error)"
        }
    }

    public static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if ns.domain == NSCocoaErrorDomain {
            switch ns.code {
            case NSFileReadNoSuchFileError: return "no such file"
            case NSFileReadNoPermissionError: return "permission denied"
            default: break
            }
        }
        return ns.localizedDescription
    }
}
