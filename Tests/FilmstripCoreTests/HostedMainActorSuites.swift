import Testing

/// Every suite whose runs host the process's main actor, one test at a time: runs that host wait
/// on one process-wide lock, and a test blocked on it holds a thread of the cooperative pool, which
/// the others' real-time work (a `Task.sleep` coming back) may need.
@Suite(.serialized) enum HostedMainActorSuites {}
