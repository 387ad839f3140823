// libFuzzer target: the latency samples reader (a JSON list of ms, or a HAR file), with the
// default selection and with --include and --url, and the --url matcher (URLPattern) itself:
// the input's first line as a pattern, each later line as a URL.
// Built by Tests/Fuzz/run.sh; not part of the package.
import FilmstripCore
import Foundation

/// A pattern a backtracking matcher would take exponential time on.
let nested = try! URLPattern("(a+)+$")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHAR(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    if let samples = try? LatencySamples(json: data) {
        _ = samples.summary
    }
    let selection = LatencySamples.Selection(include: ["xhr", "fetch", "application/json"], url: { nested.matches($0) })
    _ = try? LatencySamples(json: data, selection: selection)
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", maxSplits: 16, omittingEmptySubsequences: false)
    if let first = lines.first, let pattern = try? URLPattern(String(first)) {
        for line in lines.dropFirst() { _ = pattern.matches(String(line)) }
        _ = try? LatencySamples(json: data, selection: LatencySamples.Selection(url: { pattern.matches($0) }))
    }
    return 0
}
