/// Which lane of a hosted bench the running code belongs to: a task-local value set around each
/// lane's `make` and each event it is handed, so every task the lane's model starts carries it,
/// and stored with every Dispatch block the model's code hands the run (``HostedTime``). It names
/// the lane in a ``ClockEscape`` and picks the lane's transport for a `URLSession` request.
enum ModelLaneTag {
    /// The lane's index among the bench's lanes; -1 outside any lane.
    @TaskLocal static var current: Int32 = -1
}
