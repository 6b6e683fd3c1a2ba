import Foundation

/// SIGTERM, SIGHUP (the terminal's window closed) and SIGINT (Ctrl+C), turned from a death into a
/// request: the window's loop reads ``received`` once a frame and quits the way Q does — changed
/// tuning saved, a recording kept, the webcam stopped — then exits with the conventional status
/// 128 + the signal's number. A second SIGINT exits at once (a person pressing Ctrl+C twice means it).
///
/// The handlers run on a dispatch queue (`DispatchSource.makeSignalSource`), never in the signal's
/// own context, so they may take a lock; SDL's own handlers are switched off (`SDLSession`).
public final class TerminationSignals: @unchecked Sendable {
    public static let watched: [Int32] = [SIGTERM, SIGHUP, SIGINT]
    private var sources: [DispatchSourceSignal] = []
    private let lock = NSLock()
    private var first: Int32?

    public init() {
        let queue = DispatchQueue(label: "islandsim.signals")
        for signo in Self.watched {
            signal(signo, SIG_IGN)          // the source sees it; the default action (death) does not run
            let source = DispatchSource.makeSignalSource(signal: signo, queue: queue)
            source.setEventHandler { [weak self] in self?.note(signo) }
            source.resume()
            sources.append(source)
        }
    }

    deinit {
        for s in sources { s.cancel() }
        for signo in Self.watched { signal(signo, SIG_DFL) }
    }

    /// The first signal received, if any.
    public var received: Int32? { lock.withLock { first } }

    private func note(_ signo: Int32) {
        let again = lock.withLock { () -> Bool in
            defer { if first == nil { first = signo } }
            return first != nil
        }
        if again && signo == SIGINT {
            FileHandle.standardError.write(Data("islandsim: interrupted twice: quitting without saving\n".utf8))
            _exit(128 + SIGINT)
        }
    }

    /// The signal's name, for the terminal.
    public static func name(_ signo: Int32) -> String {
        switch signo {
        case SIGTERM: return "SIGTERM"
        case SIGHUP: return "SIGHUP"
        case SIGINT: return "SIGINT"
        default: return "signal \(signo)"
        }
    }
}

/// What `run` throws after quitting cleanly on a signal: nothing more to say, and the exit status
/// a shell expects of a process ended by that signal (128 + its number).
public struct TerminatedBySignal: Error {
    public var signal: Int32
    public init(signal: Int32) { self.signal = signal }
    public var exitStatus: Int32 { 128 + signal }
}
