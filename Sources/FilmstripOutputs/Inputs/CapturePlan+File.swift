import FilmstripCore

extension CapturePlan {
    /// Reads and validates the plan file at `path`, exactly as `filmstrip record PATH` does: the
    /// plan's name is the file name without `.json`.
    ///
    /// ```swift
    /// let plan = try CapturePlan(file: "captures/checkout-timeout.json", benches: [.checkout])
    /// ```
    ///
    /// - Parameters:
    ///   - path: a `.json` file, absolute or relative to the working directory.
    ///   - benches: the benches the plan may name.
    /// - Throws: ``FilmstripError`` (exit code 2) naming the file, and for an invalid plan the
    ///   JSON path and what was expected (`captures/x.json: $.windowMs: expected …`).
    package init(file path: String, benches: [BenchDefinition]) throws(FilmstripError) {
        let (plans, problems) = PlanLoader(benches: benches).load([path])
        if let problem = problems.first { throw problem }
        self = plans[0].plan
    }
}
