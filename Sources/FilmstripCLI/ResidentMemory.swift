import FilmstripOutputs
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's resident memory (RSS), as the kernel counts it, in bytes.
///
/// On Linux the figures come from `/proc/self/status` (`VmRSS` now, `VmHWM` the peak), and the
/// peak can be reset by writing `5` to `/proc/self/clear_refs`, so each benchmark run can be
/// measured on its own. Elsewhere the peak is `getrusage`'s `ru_maxrss` and cannot be reset.
enum ResidentMemory {
    /// Resident bytes now; nil when the platform does not say.
    static func currentBytes() -> Int? {
        statusField("VmRSS:")
    }

    /// The most resident bytes since the process started or since the last ``resetPeak()``.
    static func peakBytes() -> Int? {
        if let peak = statusField("VmHWM:") { return peak }
        var usage = rusage()
        #if canImport(Darwin)
            guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
            return Int(usage.ru_maxrss)  // bytes on Darwin
        #else
            guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return nil }
            return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #endif
    }

    /// Sets the peak to the current resident size. Returns false when the platform cannot.
    @discardableResult
    static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        do {
            try handle.write(contentsOf: Data("5".utf8))
            return true
        } catch {
            return false
        }
    }

    /// A `kB` field of `/proc/self/status`, in bytes.
    private static func statusField(_ name: String) -> Int? {
        guard let data = FileManager.default.contents(atPath: "/proc/self/status") else { return nil }
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where line.hasPrefix(name) {
            let number = line.dropFirst(name.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) }
            return number.map { $0 * 1024 }
        }
        return nil
    }
}
