import FilmstripOutputs
/// One option a command takes: its name, whether it takes a value, and the words of its value
/// for messages (`--out DIR`).
struct OptionSpec: Hashable {
    /// `--out`.
    let name: String
    /// The value's placeholder (`DIR`), nil for a flag.
    let value: String?
    /// True when the option may be given more than once (`--fail-on A --fail-on B`); its values
    /// are kept in order in ``ParsedArguments/lists``.
    var repeats = false

    /// An option with a value: `--out DIR` or `--out=DIR`.
    static func value(_ name: String, _ placeholder: String) -> OptionSpec { OptionSpec(name: name, value: placeholder) }
    /// An option with a value that may be given more than once: `--fail-on GATE`.
    static func repeating(_ name: String, _ placeholder: String) -> OptionSpec { OptionSpec(name: name, value: placeholder, repeats: true) }
    /// A flag: `--json`.
    static func flag(_ name: String) -> OptionSpec { OptionSpec(name: name, value: nil) }
}
