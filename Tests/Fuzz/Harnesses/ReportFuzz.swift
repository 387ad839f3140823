// libFuzzer target: the recorded report reader (`report.json` as `check` and `record` read it:
// its layout scanned line by line, its frame rows read again one at a time, or a report of
// another layout decoded whole).
// Built by Tests/Fuzz/run.sh; not part of the package.
@testable import FilmstripOutputs
import Foundation

/// One file per process, rewritten for every input: the reader takes a path.
let reportPath = NSTemporaryDirectory() + "filmstrip-report-fuzz-\(ProcessInfo.processInfo.processIdentifier).json"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReport(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    guard FileManager.default.createFile(atPath: reportPath, contents: data) else { return 0 }
    if let report = try? RecordedReport.open(path: reportPath) {
        _ = report.writtenFileCount
        _ = report.lists("frames/0000.png")
        for row in report.rows() { _ = row.index }
    }
    return 0
}
