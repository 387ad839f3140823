import FilmstripOutputs
import Foundation

/// A command's arguments after ``OptionParser``: option values by name, flags, positionals,
/// and typed readers that apply the same checked limits as plans.
struct ParsedArguments {
    /// The command, for messages.
    let command: String
    /// `--name` → its value.
    var values: [String: String] = [:]
    /// `--name` → every value given, in order, for options that may repeat (``OptionSpec/repeats``).
    var lists: [String: [String]] = [:]
    /// Flags given.
    var flags: Set<String> = []
    /// Positional arguments, in order.
    var positionals: [String] = []
    /// `-h` or `--help` was given.
    var help = false
    /// Every option name typed (`--junit`), read or not.
    var typed: Set<String> = []
    /// The first usage problem met while reading (``OptionParser/parseReadingOn(_:)``); nil when none.
    var problem: FilmstripError?

    /// Whether the option `name` was typed, whether or not it could be read.
    func given(_ name: String) -> Bool { typed.contains(name) }

    init(command: String) {
        self.command = command
    }

    /// True when flag `name` was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The value of `name`, nil when absent.
    /// - Throws: ``FilmstripError`` (usage) when it is empty.
    func string(_ name: String) throws(FilmstripError) -> String? {
        guard let value = values[name] else { return nil }
        guard !value.isEmpty else { throw FilmstripError(.usage("\(command): \(name) needs a non-empty value")) }
        return value
    }

    /// Every value given to the repeatable option `name`, in order; empty when absent.
    /// - Throws: ``FilmstripError`` (usage) when one is empty.
    func strings(_ name: String) throws(FilmstripError) -> [String] {
        let given = lists[name] ?? []
        guard !given.contains(where: \.isEmpty) else { throw FilmstripError(.usage("\(command): \(name) needs a non-empty value")) }
        return given
    }

    /// The whole number given to `name`, inside `range`; nil when absent.
    /// - Throws: ``FilmstripError`` (usage) for anything else, e.g. `--frames 9223372036854775807`.
    func integer(_ name: String, in range: ClosedRange<Int>, unit: String = "") throws(FilmstripError) -> Int? {
        guard let text = try string(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            let suffix = unit.isEmpty ? "" : " \(unit)"
            throw FilmstripError(.usage("\(command): \(name) expects a whole number from \(range.lowerBound) to \(range.upperBound)\(suffix), found '\(text)'"))
        }
        return number
    }

    /// Comma-separated whole numbers inside `range`, sorted, without repeats; nil when absent.
    /// - Throws: ``FilmstripError`` (usage) for an empty list or an item out of range.
    func integers(_ name: String, in range: ClosedRange<Int>, unit: String) throws(FilmstripError) -> [Int]? {
        guard let text = try string(name) else { return nil }
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !items.isEmpty, items.allSatisfy({ $0.map(range.contains) ?? false }) else {
            throw FilmstripError(.usage("\(command): \(name) expects comma-separated \(unit) from \(range.lowerBound) to \(range.upperBound), found '\(text)'"))
        }
        return Array(Set(items.compactMap { $0 })).sorted()
    }

    /// One of `choices` given to `name`; nil when absent.
    /// - Throws: ``FilmstripError`` (usage) naming the choices.
    func choice<T: RawRepresentable & CaseIterable>(_ name: String, of type: T.Type) throws(FilmstripError) -> T? where T.RawValue == String {
        guard let text = try string(name) else { return nil }
        guard let value = T(rawValue: text) else {
            let names = T.allCases.map { "'\($0.rawValue)'" }.joined(separator: " or ")
            throw FilmstripError(.usage("\(command): \(name) expects \(names), found '\(text)'"))
        }
        return value
    }
}
