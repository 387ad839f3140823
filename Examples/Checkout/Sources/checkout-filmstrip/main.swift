// The checkout's own filmstrip tool: filmstrip's command line with the checkout bench
// registered. `swift run checkout-filmstrip record` writes captures/<plan>/; `check` is the gate.
import Checkout
import FilmstripCLI

FilmstripCLI.main(benches: [.checkout], referencePlan: "captures/checkout-fast-success.json")
