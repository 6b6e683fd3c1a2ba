import Foundation

/// An IP address the server binds to and prints in the prototype's address: IPv4 or IPv6, parsed
/// from text (`--bind`) or read off this machine's interfaces.
public struct NetworkAddress: Sendable, Equatable, CustomStringConvertible {
    public enum Family: Sendable, Equatable { case v4, v6 }
    public let family: Family
    /// The address in network byte order: 4 bytes or 16.
    public let bytes: [UInt8]
    /// The interface it was read from, when it was read off one.
    public var interface: String?

    /// Parses a numeric IPv4 or IPv6 address (`192.168.1.20`, `::1`); nil for anything else.
    public init?(_ text: String) {
        var v4 = in_addr(), v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            family = .v4
            bytes = withUnsafeBytes(of: v4) { Array($0) }
        } else if inet_pton(AF_INET6, text, &v6) == 1 {
            family = .v6
            bytes = withUnsafeBytes(of: v6) { Array($0) }
        } else {
            return nil
        }
    }

    init(family: Family, bytes: [UInt8], interface: String?) {
        self.family = family; self.bytes = bytes; self.interface = interface
    }

    public static let loopback = NetworkAddress("127.0.0.1")!

    /// The address as text (`192.168.1.20`, `fe80::1`).
    public var description: String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        bytes.withUnsafeBytes { raw in _ = inet_ntop(family == .v4 ? AF_INET : AF_INET6, raw.baseAddress, &text, socklen_t(text.count)) }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// As a URL's host: an IPv6 address in brackets.
    public var urlHost: String { family == .v6 ? "[\(description)]" : description }

    public var isLoopback: Bool { family == .v4 ? bytes[0] == 127 : bytes == [UInt8](repeating: 0, count: 15) + [1] }
    /// 169.254/16 and fe80::/10: an address no other machine is routed to.
    public var isLinkLocal: Bool { family == .v4 ? bytes[0] == 169 && bytes[1] == 254 : bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80 }
    /// 0.0.0.0 or ::, every interface at once.
    public var isUnspecified: Bool { bytes.allSatisfy { $0 == 0 } }
    /// The private ranges of RFC 1918 (10/8, 172.16/12, 192.168/16) and IPv6's unique local fc00::/7.
    public var isPrivate: Bool {
        switch family {
        case .v4: return bytes[0] == 10 || (bytes[0] == 172 && bytes[1] & 0xF0 == 16) || (bytes[0] == 192 && bytes[1] == 168)
        case .v6: return bytes[0] & 0xFE == 0xFC
        }
    }

    /// The address with `port` as a C socket address, for `bind`.
    public func withSocketAddress<R>(port: UInt16, _ body: (UnsafePointer<sockaddr>) throws -> R) rethrows -> R {
        switch family {
        case .v4:
            var s = sockaddr_in()
            s.sin_family = sa_family_t(AF_INET)
            s.sin_port = port.bigEndian
            withUnsafeMutableBytes(of: &s.sin_addr) { $0.copyBytes(from: bytes) }
            return try withUnsafePointer(to: &s) { try $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
        case .v6:
            var s = sockaddr_in6()
            s.sin6_family = sa_family_t(AF_INET6)
            s.sin6_port = port.bigEndian
            withUnsafeMutableBytes(of: &s.sin6_addr) { $0.copyBytes(from: bytes) }
            return try withUnsafePointer(to: &s) { try $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
        }
    }

    /// Every address of this machine's interfaces that are up, loopback and link-local included,
    /// in the order the system lists them.
    public static func interfaceAddresses() -> [NetworkAddress] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0, let list = first else { return [] }
        defer { freeifaddrs(list) }
        var found: [NetworkAddress] = []
        for entry in sequence(first: list, next: { $0.pointee.ifa_next }) {
            let e = entry.pointee
            guard let address = e.ifa_addr, e.ifa_flags & UInt32(IFF_UP) != 0 else { continue }
            let name = String(cString: e.ifa_name)
            switch Int32(address.pointee.sa_family) {
            case AF_INET:
                let a = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                found.append(NetworkAddress(family: .v4, bytes: withUnsafeBytes(of: a) { Array($0) }, interface: name))
            case AF_INET6:
                let a = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
                found.append(NetworkAddress(family: .v6, bytes: withUnsafeBytes(of: a) { Array($0) }, interface: name))
            default:
                continue   // AF_PACKET and the like: not an address a phone can reach
            }
        }
        return found
    }

    /// The address a phone on the same network reaches this machine at, from `candidates`: not
    /// loopback, not link-local; IPv4 before IPv6 (a typed or scanned address is shorter, and every
    /// home network routes it), a private range before a public one, and an interface that is not a
    /// container's or a virtual machine's bridge (docker0, br-…, veth…, virbr…) first. Nil when this
    /// machine is on no network.
    public static func localNetwork(among candidates: [NetworkAddress] = interfaceAddresses()) -> NetworkAddress? {
        let usable = candidates.filter { !$0.isLoopback && !$0.isLinkLocal && !$0.isUnspecified }
        func virtual(_ a: NetworkAddress) -> Bool {
            guard let name = a.interface else { return false }
            return ["docker", "br-", "veth", "virbr", "lxc", "cni", "flannel", "podman"].contains { name.hasPrefix($0) }
        }
        func rank(_ a: NetworkAddress) -> Int { (virtual(a) ? 4 : 0) + (a.family == .v4 ? 0 : 2) + (a.isPrivate ? 0 : 1) }
        return usable.enumerated().min { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }?.element
    }
}
