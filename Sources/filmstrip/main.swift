// The `filmstrip` executable: the command line of FilmstripCLI with the four seed benches
// registered, and seed 000's twelve-second cycle as the plan `filmstrip bench` measures.
import FilmstripCLI
import FilmstripSeedBenches

FilmstripCLI.main(benches: [.inbox, .scenes, .orders, .liveInbox], referencePlan: "captures/inbox-cycle.json")
