import FilmstripOutputs
import Foundation

/// Processor time used so far, by the whole machine and by this process, in clock ticks
/// (1/100 s on Linux), read from `/proc/stat` and `/proc/self/stat`.
///
/// `bench` takes one before and one after each run to report how much processor time other
/// processes took meanwhile: on a shared machine a busy neighbour slows a parallel run while a
/// one-core floor hardly notices, so the figure says when a run's wall time is not its own.
struct ProcessorTime {
    /// Ticks every processor spent outside idle and I/O wait, summed.
    var machineBusy: Int
    /// Ticks this process spent in user and system mode, all threads.
    var process: Int

    /// Now; nil when `/proc` is not there (not Linux).
    static func now() -> ProcessorTime? {
        guard let stat = FileManager.default.contents(atPath: "/proc/stat"),
              let line = String(decoding: stat, as: UTF8.self).split(separator: "\n").first,
              let own = FileManager.default.contents(atPath: "/proc/self/stat")
        else { return nil }
        // cpu user nice system idle iowait irq softirq steal …
        let ticks = line.split(separator: " ").dropFirst().compactMap { Int($0) }
        guard ticks.count >= 8 else { return nil }
        let busy = ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6] + ticks[7]
        // After the command name in parentheses: state is field 3, utime 14 and stime 15.
        let text = String(decoding: own, as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return ProcessorTime(machineBusy: busy, process: user + system)
    }

    /// Processor time other processes used between `earlier` and this one, as a percentage of
    /// one processor over `wallMs` (100 means one processor fully busy with other work).
    func othersPercent(since earlier: ProcessorTime, wallMs: Double) -> Double {
        let others = max(0, (machineBusy - earlier.machineBusy) - (process - earlier.process))
        return wallMs > 0 ? Double(others) * 10 / wallMs * 100 : 0
    }
}
