// The `filmstrip` executable: the command line of FilmstripCLI with the four seed benches
// registered, and the inbox bench's twelve-second cycle as the plan `filmstrip bench` measures.
import FilmstripCLI
import FilmstripSeedBenches

FilmstripCLI.main(benches: [.inbox, .scenes, .orders, .liveInbox], referencePlan: "captures/inbox-cycle.json")
