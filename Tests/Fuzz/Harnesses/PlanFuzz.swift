// libFuzzer target: the capture plan reader (JSON → CapturePlan, and its lint).
// Built by Tests/Fuzz/run.sh; not part of the package.
import FilmstripCore
import FilmstripSeedBenches
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlan(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    if let plan = try? CapturePlan(json: data, name: "fuzz", benches: [.inbox, .scenes, .orders]) {
        _ = PlanLint.findings(for: plan)
    }
    return 0
}
