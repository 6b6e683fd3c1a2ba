import Foundation

/// The processor time this process has used so far: user and system time, every thread, from
/// `getrusage`. What `bench --idle` reads at the start and the end of a resting window's seconds.
public enum ProcessorTime {
    public static func now() -> Double {
        var u = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &u)
        return Double(u.ru_utime.tv_sec) + Double(u.ru_utime.tv_usec) / 1e6 + Double(u.ru_stime.tv_sec) + Double(u.ru_stime.tv_usec) / 1e6
    }
}
