import FilmstripCore
import Foundation

/// Finds and reads capture plans; every problem is a ``CommandError`` naming the file.
struct PlanLoader {
    /// The benches plans may name.
    let benches: [BenchDefinition]
    /// Values for `${FILMSTRIP_…}` placeholders (``PlanVariables``): the process environment.
    var variables = PlanVariables(environment: ProcessInfo.processInfo.environment)

    /// The folder searched when no plan is given.
    static let defaultFolder = "captures"

    /// The plan files to run: the given ones, or every `captures/*.json` sorted by name.
    func planFiles(_ given: [String]) throws(CommandError) -> [String] {
        if !given.isEmpty { return given }
        let folder = Self.defaultFolder
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            throw CommandError(.noPlans(folder: folder))
        }
        let files = names.filter { $0.hasSuffix(".json") }.sorted().map { "\(folder)/\($0)" }
        guard !files.isEmpty else { throw CommandError(.noPlans(folder: folder)) }
        return files
    }

    /// The plans to run, every one read and validated before anything runs; each problem but
    /// the last is printed, the last thrown.
    /// - Throws: ``CommandError`` for a missing folder, an unreadable file or an invalid plan.
    func loadAll(_ given: [String], terminal: Terminal) throws(CommandError) -> [(file: String, plan: CapturePlan)] {
        let (plans, problems) = load(try planFiles(given))
        for problem in problems.dropLast() { problem.lines.forEach(terminal.diagnose) }
        if let last = problems.last { throw last }
        return plans
    }

    /// Reads and validates every plan before anything runs, so bad input changes nothing.
    func load(_ files: [String]) -> (plans: [(file: String, plan: CapturePlan)], problems: [CommandError]) {
        var plans: [(String, CapturePlan)] = []
        var problems: [CommandError] = []
        var names: [String: String] = [:]
        for file in files {
            let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            guard file.hasSuffix(".json") else {
                problems.append(CommandError(.unreadable(file: file, reason: "expected a capture plan file ending in .json")))
                continue
            }
            let raw: Data
            do throws(CommandError) {
                raw = try InputFile.contents(of: file)
            } catch {
                problems.append(error)
                continue
            }
            let data: Data
            do {
                data = try variables.substitute(raw)
            } catch {
                problems.append(CommandError(.plan(file: file, path: "line \(error.line)", message: error.message)))
                continue
            }
            if name.hasPrefix(".") || name == "index.html" {
                problems.append(CommandError(.plan(file: file, path: "$", message: "a plan named '\(name)' would write over the output folder or its index page; rename the file")))
                continue
            }
            if let other = names[name] {
                problems.append(CommandError(.plan(file: file, path: "$", message: "plan name '\(name)' is also the name of \(other); outputs would collide")))
                continue
            }
            do {
                // `extendToSettle` is applied here, once, so the lint, the run and the report all see one window.
                plans.append((file, try CapturePlan(json: data, name: name, benches: benches).settled()))
                names[name] = file
            } catch {
                problems.append(CommandError(.plan(file: file, path: error.path, message: error.message)))
            }
        }
        return (plans, problems)
    }
}
