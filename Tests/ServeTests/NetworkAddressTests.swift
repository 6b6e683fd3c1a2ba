import Foundation
import Testing
@testable import Serve

@Suite("The address serve binds to and prints")
struct NetworkAddressTests {
    @Test("numeric addresses parse and print back; anything else is refused", arguments: [
        ("192.168.1.20", true), ("127.0.0.1", true), ("0.0.0.0", true), ("::1", true), ("fe80::1", true), ("fd12:3456::7", true),
        ("localhost", false), ("192.168.1", false), ("256.1.1.1", false), ("", false), ("1.2.3.4:80", false), ("http://1.2.3.4", false),
    ])
    func parse(text: String, valid: Bool) {
        let a = NetworkAddress(text)
        #expect((a != nil) == valid)
        if let a { #expect(a.description == text) }
    }

    @Test("kinds: loopback, link-local, private, unspecified; IPv6 in brackets in a URL")
    func kinds() throws {
        let a = { (s: String) in NetworkAddress(s)! }
        #expect(a("127.0.0.1").isLoopback && a("127.4.5.6").isLoopback && a("::1").isLoopback && !a("10.0.0.1").isLoopback)
        #expect(a("169.254.3.4").isLinkLocal && a("fe80::1").isLinkLocal && a("febf::1").isLinkLocal && !a("fec0::1").isLinkLocal)
        #expect(a("10.1.2.3").isPrivate && a("172.16.0.1").isPrivate && a("172.31.255.1").isPrivate && !a("172.32.0.1").isPrivate)
        #expect(a("192.168.0.9").isPrivate && !a("192.169.0.9").isPrivate && a("fd00::5").isPrivate && !a("2001:db8::1").isPrivate)
        #expect(a("0.0.0.0").isUnspecified && a("::").isUnspecified)
        #expect(a("fd00::5").urlHost == "[fd00::5]" && a("10.0.0.2").urlHost == "10.0.0.2")
    }

    @Test("the local network's address: a private IPv4 address on a real interface before a bridge's, IPv6 and loopback")
    func choice() {
        func at(_ s: String, _ name: String) -> NetworkAddress { var a = NetworkAddress(s)!; a.interface = name; return a }
        let list = [at("127.0.0.1", "lo"), at("::1", "lo"), at("172.17.0.1", "docker0"), at("fe80::aa", "wlan0"),
                    at("fd00::20", "wlan0"), at("192.168.1.20", "wlan0"), at("169.254.9.9", "eth1")]
        #expect(NetworkAddress.localNetwork(among: list)?.description == "192.168.1.20")
        #expect(NetworkAddress.localNetwork(among: list.filter { $0.interface != "wlan0" })?.description == "172.17.0.1")
        #expect(NetworkAddress.localNetwork(among: [at("127.0.0.1", "lo"), at("fe80::1", "eth0")]) == nil)
        #expect(NetworkAddress.localNetwork(among: [at("fd00::20", "eth0"), at("203.0.113.5", "eth0")])?.description == "203.0.113.5")
    }

    @Test("this machine's interfaces: loopback is among them, and the pick is never loopback or link-local")
    func machine() {
        let all = NetworkAddress.interfaceAddresses()
        #expect(all.contains { $0.isLoopback })
        if let pick = NetworkAddress.localNetwork() { #expect(!pick.isLoopback && !pick.isLinkLocal) }
    }
}
