/// Evaluates a grid of loader policies (delays × minimum visible times) against request
/// latencies, each load starting at 0 with its data ready at its latency (docs/ARCHITECTURE.md, rule of time 7).
///
/// For each policy: the share of loads that show a loader, the flash rate (loaders visible for
/// more than 0 and less than the threshold), the mean and 95th-percentile wait the policy adds
/// (content held back), and the mean blank time (neither loader nor content). The recommended
/// policy has the fewest flashes among those whose 95th-percentile added wait is within the
/// budget; ties go to the smaller mean added wait, then the smaller mean blank time, then the
/// shorter delay and minimum.
package struct PolicySweep: Sendable {
    /// One policy's outcome over all samples.
    package struct Outcome: Hashable, Sendable {
        /// The policy evaluated: a delay and a minimum visible time from the grid.
        package var policy: LoaderPolicy
        /// Loads evaluated.
        package var loads: Int
        /// Loads that showed a loader.
        package var loaderLoads: Int
        /// Loads whose loader flashed.
        package var flashes: Int
        /// Sum of added waits, ms.
        package var totalAddedWaitMs: Int
        /// 95th-percentile added wait (nearest rank), ms.
        package var p95AddedWaitMs: Int
        /// Sum of blank times, ms.
        package var totalBlankMs: Int

        /// `loaderLoads / loads`, 0...1.
        package var loaderShare: Double { Double(loaderLoads) / Double(max(1, loads)) }
        /// `flashes / loads`, 0...1.
        package var flashRate: Double { Double(flashes) / Double(max(1, loads)) }
        /// Mean added wait, ms.
        package var meanAddedWaitMs: Double { Double(totalAddedWaitMs) / Double(max(1, loads)) }
        /// Mean blank time, ms.
        package var meanBlankMs: Double { Double(totalBlankMs) / Double(max(1, loads)) }
    }

    /// Every policy of the grid, delays outer, minimums inner, in the order given.
    package let outcomes: [Outcome]
    /// The recommended policy's index in ``outcomes``; nil when none is within the budget.
    package let recommended: Int?
    /// The flash threshold used, ms.
    package let flashThresholdMs: Int
    /// The added-wait budget, ms (compared with the 95th percentile).
    package let budgetMs: Int

    /// The default grid's delays, ms.
    package static let defaultDelaysMs = [0, 100, 200, 300, 400, 500, 750, 1000, 1500, 2000]
    /// The default grid's minimum visible times, ms (0 = none).
    package static let defaultMinimumsMs = [0, 200, 500]

    /// Evaluates every pair of `delaysMs` × `minimumsMs` against `latenciesMs`, all in ms.
    ///
    /// - Parameters:
    ///   - latenciesMs: one load per latency, each starting at 0 ms with its data ready then.
    ///   - delaysMs: the loader delays to try, ms (outer loop of ``outcomes``).
    ///   - minimumsMs: the minimum visible times to try, ms; 0 means none (inner loop).
    ///   - flashThresholdMs: a loader visible for more than 0 and less than this many ms is a flash.
    ///   - budgetMs: the largest 95th-percentile added wait, ms, a recommended policy may have.
    package init(latenciesMs: [Int], delaysMs: [Int], minimumsMs: [Int], flashThresholdMs: Int, budgetMs: Int) {
        self.flashThresholdMs = flashThresholdMs
        self.budgetMs = budgetMs
        var outcomes: [Outcome] = []
        for delay in delaysMs {
            for minimum in minimumsMs {
                let policy = LoaderPolicy(delayMs: delay, minimumVisibleMs: minimum)
                let schedules = latenciesMs.map { policy.schedule(startMs: 0, readyMs: $0) }
                let waits = schedules.map(\.addedWaitMs).sorted()
                let rank = max(1, (95 * waits.count + 99) / 100)
                outcomes.append(Outcome(
                    policy: policy, loads: schedules.count,
                    loaderLoads: schedules.count { $0.loaderFromMs != nil },
                    flashes: schedules.count { $0.isFlash(thresholdMs: flashThresholdMs) },
                    totalAddedWaitMs: waits.reduce(0, +), p95AddedWaitMs: waits.isEmpty ? 0 : waits[rank - 1],
                    totalBlankMs: schedules.reduce(0) { $0 + $1.blankMs }))
            }
        }
        self.outcomes = outcomes
        recommended = outcomes.indices.filter { outcomes[$0].p95AddedWaitMs <= budgetMs }.min { a, b in
            let x = outcomes[a]
            let y = outcomes[b]
            return (x.flashes, x.totalAddedWaitMs, x.totalBlankMs, x.policy.delayMs, x.policy.minimumVisibleMs ?? 0)
                < (y.flashes, y.totalAddedWaitMs, y.totalBlankMs, y.policy.delayMs, y.policy.minimumVisibleMs ?? 0)
        }
    }
}
