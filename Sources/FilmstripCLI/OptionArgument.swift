/// One command-line argument seen as an option: `--out=DIR` splits into the name `--out` and the
/// inline value `DIR`; anything else is its own name with no inline value.
struct OptionArgument {
    let name: String
    let inline: String?

    init(_ argument: String) {
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            name = String(argument[..<equals])
            inline = String(argument[argument.index(after: equals)...])
        } else {
            name = argument
            inline = nil
        }
    }
}
