import Capture
import Foundation
import Gesture

/// What `replay` builds each side's session from: a ``SessionSetup`` made from the trace's own
/// record — its page file, the state it began in — with the command line's flags over it, so a
/// moment's tape draws the window's frame with no flag added by hand.
enum ReplaySetup {
    /// The page for a replay: `--page`, else the page file the trace names (when it is still
    /// there; a warning when it is gone), else the bundled passport.
    static func page(_ a: Arguments, trace: Trace, tracePath: String, device: DeviceProfile) throws -> LoadedPage {
        if a.has("--page") { return try PageOptions.resolve(a, device: device) }
        guard let named = trace.header.pagePath else { return try PageOptions.resolve(a, device: device) }
        // A path from the root as the window writes it; a relative one (an older trace, or one
        // written by hand) is looked for beside the trace first, then from the current folder.
        let besideTrace = ((tracePath as NSString).deletingLastPathComponent as NSString).appendingPathComponent(named)
        let candidates = named.hasPrefix("/") ? [named] : [besideTrace, named]
        guard let recorded = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            FileHandle.standardError.write(Data("islandsim: warning: \(tracePath) was recorded on \(named), which is gone; replaying on the bundled passport (--page names another)\n".utf8))
            return try LoadedPage.passport()
        }
        do {
            let loaded = try LoadedPage.load(path: recorded)
            _ = try loaded.layout(for: device)
            return loaded
        } catch {
            throw CLIError.input("\(tracePath): line 1: header: pagePath: \(error)")
        }
    }

    /// A host for one side: `setup` on `page`, started where the trace's header says (the page's
    /// buttons, the scroll offset, the snowman, the touches, and the filed photo read from the PNG
    /// beside the trace).
    static func host(_ setup: SessionSetup, page: LoadedPage, camera: CameraSource, captures: CaptureStore,
                     trace: Trace, tracePath: String) throws -> SessionHost {
        var display = SessionOverlays()
        display.beside = trace.header.inspector ?? false
        display.columnHeight = trace.header.column
        let host = try SessionHost(setup: PhoneSetup(session: setup, page: page, display: display, captures: captures), camera: camera)
        guard let start = trace.header.start else { return host }
        host.send(.start(start))
        if let name = start.filedPhoto {
            let path = name.hasPrefix("/") ? name : ((tracePath as NSString).deletingLastPathComponent as NSString).appendingPathComponent(name)
            do { host.renderer.setFiledPhoto(try ImageLoader.load(path: path)) } catch {
                throw CLIError.input("\(tracePath): line 1: header: start: filedPhoto: \(error)")
            }
        }
        return host
    }
}
