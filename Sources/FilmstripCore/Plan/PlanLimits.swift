/// The checked limits every number of a run goes through, whether it comes from a plan file or
/// the command line (`bench --frames`), so no input can overflow or run for hours.
public enum PlanLimits {
    /// The most frames one recording holds: 100,000.
    public static let maxFrames = 100_000
    /// The most runs `bench --runs` makes: 100.
    public static let maxBenchRuns = 100
}
