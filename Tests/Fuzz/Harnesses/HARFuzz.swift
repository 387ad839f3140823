// libFuzzer target: the latency samples reader (a JSON list of ms, or a HAR file), with the
// default selection and with --include and --url.
// Built by Tests/Fuzz/run.sh; not part of the package.
import FilmstripCore
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHAR(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    if let samples = try? LatencySamples(json: data) {
        _ = samples.summary
    }
    let selection = LatencySamples.Selection(include: ["xhr", "fetch", "application/json"], url: { $0.hasPrefix("https://") })
    _ = try? LatencySamples(json: data, selection: selection)
    return 0
}
