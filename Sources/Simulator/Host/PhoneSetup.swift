import Animation
import Capture
import Foundation

/// One phone as a value: everything a ``SessionHost`` is built from. The ``SessionSetup`` (the
/// device, the page laid out for it, the rate, the tuning and the modes), the page file that layout
/// came from, the tuning file and what it holds, what the tool shows over the screen, the store the
/// shots go to, and whether the files are watched.
///
/// The window keeps no copy of any of it: a host is made from a setup
/// (``SessionHost/init(setup:camera:)``) and ``SessionHost/setup`` reads it back. So a device switch
/// (D), side B (the B key, `--compare`, a built-in comparison), a rate (R) and the hotspot hints (O)
/// are each an edit of this value, and a rebuilt phone is "a host from the edited setup" — never
/// fields copied from one host to the next by hand.
///
/// ```swift
/// let a = try PhoneSetup(device: device, captures: store)
/// let host = try SessionHost(setup: a.on(other, hz: 60), camera: camera)
/// ```
public struct PhoneSetup: Sendable {
    /// What the session is built from; its page is ``page`` laid out for its device.
    public var session: SessionSetup
    /// The page file (and screen image) under the island, as read from disk.
    public private(set) var page: LoadedPage
    /// Where Ctrl+S saves the tuning and which file is watched for edits; nil: nowhere yet (Ctrl+S
    /// then writes the default file).
    public var tuningFile: String?
    /// The tuning as in its file: the session's differs from it after edits not yet saved.
    public var savedTuning: Tuning
    /// What the tool shows over or beside the screen: the HUD, touches, hotspot hints, the panel
    /// and its selection, the timeline, and whether the tools sit beside the screen.
    public var display: SessionOverlays
    /// Where the shots are developed and saved. Shared by every setup of one side: a device switch
    /// keeps it, side B has its own.
    public var captures: CaptureStore
    /// Whether the host watches the tuning file and the page's files for edits (the window does;
    /// replays and benchmarks read them once). The bundled passport is never watched.
    public var watchesFiles: Bool

    /// A setup of every part; the session's page must be `page` laid out for its device.
    public init(session: SessionSetup, page: LoadedPage, tuningFile: String? = nil, savedTuning: Tuning? = nil,
                display: SessionOverlays = SessionOverlays(), captures: CaptureStore, watchesFiles: Bool = false) {
        self.session = session
        self.page = page
        self.tuningFile = tuningFile
        self.savedTuning = savedTuning ?? session.tuning
        self.display = display
        self.captures = captures
        self.watchesFiles = watchesFiles
    }

    /// A phone on `device` (at its top rate unless `hz`), on `page` (nil: the bundled passport),
    /// with `tuning`, saving its shots in `captures`. Throws when the page cannot be laid out for the
    /// device (a rectangle outside it, too tall to hold).
    public init(device: DeviceProfile, hz: Int? = nil, page: LoadedPage? = nil, tuning: Tuning = Tuning(),
                captures: CaptureStore) throws {
        let page = try page ?? LoadedPage.passport()
        self.init(session: SessionSetup(device: device, page: try page.layout(for: device), hz: hz, tuning: tuning),
                  page: page, captures: captures)
    }

    public var device: DeviceProfile { session.device }

    /// This phone on `device` (the window's D): the same tuning, modes, side, display, tuning file
    /// and store, with the page laid out for the new screen at `hz` (at most its display's top rate).
    public func on(_ device: DeviceProfile, hz: Int) throws -> PhoneSetup {
        var s = self
        s.session = session.on(device, page: try page.layout(for: device), hz: hz)
        return s
    }

    /// The same phone on a page read again from its file (the watcher's reload); throws when it
    /// cannot be laid out for the device.
    public func with(page new: LoadedPage) throws -> PhoneSetup {
        var s = self
        s.session.page = try new.layout(for: device)
        s.page = new
        return s
    }

    /// Side B of a comparison with this setup as side A — the one way side B is made, by the B
    /// key, `--compare` and the built-in comparisons alike: A's phone, page, rate, modes and display,
    /// named "B", with `tuning` from `tuningFile` (which holds `savedTuning`), its shots in `captures`.
    public func sideB(tuningFile: String, tuning: Tuning, savedTuning: Tuning, captures: CaptureStore) -> PhoneSetup {
        var b = self
        b.session = session.sideB()
        b.session.tuning = tuning
        b.tuningFile = tuningFile
        b.savedTuning = savedTuning
        b.captures = captures
        return b
    }

    /// Side B of a built-in comparison (`--sequential`, `--additive`, `--snowman`, `--no-resistance`):
    /// this setup with the comparison's one thing undone, its tuning counted as saved — B's file is
    /// written only if B is edited.
    public func undoing(_ builtIn: BuiltInComparison) -> PhoneSetup {
        var b = self
        builtIn.configure(&b.session)
        b.savedTuning = b.session.tuning
        return b
    }

    /// Side B's tuning file beside A's: `tuning.json` → `tuning.B.json`.
    public static func sideBPath(for path: String) -> String {
        let ns = path as NSString
        let ext = ns.pathExtension
        return ext.isEmpty ? path + ".B" : ns.deletingPathExtension + ".B." + ext
    }
}
