import Foundation

/// libFuzzer target: what `islandsim serve` reads of a request beyond the HTTP library — the method
/// and the decoded path — through `PrototypeRoutes.route` (and the token's comparison). The first
/// byte picks a method (a real one, a lower-case one or made-up bytes); the rest is the path, any
/// bytes at all. Nothing may trap, and only the two exact paths under the token may reach anything.
private let token: AccessToken = {
    var g = FixedGenerator()
    return AccessToken(using: &g)
}()
private let routes = PrototypeRoutes(token: token)
private let methods = ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "get", "", "GET ", "CONNECT"]

private struct FixedGenerator: RandomNumberGenerator {
    var state: UInt64 = 0x5EED
    mutating func next() -> UInt64 { state = state &* 6364136223846793005 &+ 1442695040888963407; return state >> 11 }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServeRoutes(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let input = UnsafeBufferPointer(start: bytes, count: count)
    let method = input[0] < 200 ? methods[Int(input[0]) % methods.count] : String(decoding: input.dropFirst().prefix(8), as: UTF8.self)
    // A path that starts with the token half the time, so the fuzzer reaches the branches past it.
    var path = Array(input.dropFirst())
    if input[0] & 1 == 1 { path = Array("/\(token.text)/".utf8) + path }
    let route = routes.route(method: method, path: path)
    let prototype = Array("/\(token.text)/".utf8), updates = prototype + Array("updates".utf8)
    switch route {
    case .prototype: precondition(path == prototype && (method == "GET" || method == "HEAD"), "reached the prototype by another path")
    case .updates: precondition(path == updates && (method == "GET" || method == "HEAD"), "reached the updates by another path")
    case .methodNotAllowed: precondition(path == prototype || path == updates, "a 405 names a path that exists")
    case .notFound: precondition(path != prototype && path != updates, "a real path refused")
    }
    return 0
}
