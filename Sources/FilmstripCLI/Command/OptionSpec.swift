/// One option a command takes: its name, whether it takes a value, and the words of its value
/// for messages (`--out DIR`).
struct OptionSpec: Hashable {
    /// `--out`.
    let name: String
    /// The value's placeholder (`DIR`), nil for a flag.
    let value: String?

    /// An option with a value: `--out DIR` or `--out=DIR`.
    static func value(_ name: String, _ placeholder: String) -> OptionSpec { OptionSpec(name: name, value: placeholder) }
    /// A flag: `--json`.
    static func flag(_ name: String) -> OptionSpec { OptionSpec(name: name, value: nil) }
}
