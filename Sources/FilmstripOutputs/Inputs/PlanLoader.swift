import FilmstripCore
import Foundation

/// Finds and reads capture plans; every problem is a ``FilmstripError`` naming the file.
package struct PlanLoader {
    /// The benches plans may name.
    let benches: [BenchDefinition]
    /// Values for `${FILMSTRIP_…}` placeholders (``PlanVariables``): the process environment.
    var variables = PlanVariables.process()

    /// Memberwise.
    package init(benches: [BenchDefinition], variables: PlanVariables = PlanVariables.process()) {
        self.benches = benches
        self.variables = variables
    }

    /// The folder searched when no plan is given.
    package static let defaultFolder = "captures"

    /// The plan files to run: the given ones, or every `captures/*.json` sorted by name.
    func planFiles(_ given: [String]) throws(FilmstripError) -> [String] {
        if !given.isEmpty { return given }
        let folder = Self.defaultFolder
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            throw FilmstripError(.noPlans(folder: folder))
        }
        let files = names.filter { $0.hasSuffix(".json") }.sorted().map { "\(folder)/\($0)" }
        guard !files.isEmpty else { throw FilmstripError(.noPlans(folder: folder)) }
        return files
    }

    /// The plans to run, every one read and validated before anything runs.
    /// - Returns: the plans, when none has a problem.
    /// - Throws: ``FilmstripError`` for a missing folder, an unreadable file or an invalid plan:
    ///   the last problem, with every earlier one in its ``FilmstripError/earlier``.
    package func loadAll(_ given: [String]) throws(FilmstripError) -> [(file: String, plan: CapturePlan)] {
        let (plans, problems) = load(try planFiles(given))
        if var last = problems.last {
            last.earlier = Array(problems.dropLast())
            throw last
        }
        return plans
    }

    /// Reads and validates every plan before anything runs, so bad input changes nothing.
    package func load(_ files: [String]) -> (plans: [(file: String, plan: CapturePlan)], problems: [FilmstripError]) {
        // The benches themselves first: no plan is read against an ambiguous registration.
        let registration = BenchRegistration.problems(benches).map { FilmstripError(.registration($0)) }
        guard registration.isEmpty else { return ([], registration) }
        var plans: [(String, CapturePlan)] = []
        var problems: [FilmstripError] = []
        var names: [String: String] = [:]
        for file in files {
            let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            guard file.hasSuffix(".json") else {
                problems.append(FilmstripError(.unreadable(file: file, reason: "expected a capture plan file ending in .json")))
                continue
            }
            let raw: Data
            do throws(FilmstripError) {
                raw = try InputFile.contents(of: file, limit: .plan)
            } catch {
                problems.append(error)
                continue
            }
            let data: Data
            do {
                data = try variables.substitute(raw)
                variables.noteSecrets(usedIn: raw)
            } catch {
                problems.append(FilmstripError(.plan(file: file, path: "line \(error.line)", message: error.message)))
                continue
            }
            if name.hasPrefix(".") || name == "index.html" {
                problems.append(FilmstripError(.plan(file: file, path: "$", message: "a plan named '\(name)' would write over the output folder or its index page; rename the file")))
                continue
            }
            if name.hasSuffix(".json") {
                // Its folder `<name>/` would sit where plan files are looked for.
                let besides = String(file.dropLast(".json".count))
                let clash = files.contains(besides) || FileManager.default.fileExists(atPath: besides)
                    ? "would take the name of the plan file \(besides)" : "would be read as a capture plan by every later record and check"
                problems.append(FilmstripError(.plan(file: file, path: "$", message: "its plan name '\(name)' ends in .json, so its output folder \(name)/ \(clash); rename \(file)")))
                continue
            }
            if let other = names[name] {
                problems.append(FilmstripError(.plan(file: file, path: "$", message: "plan name '\(name)' is also the name of \(other); outputs would collide")))
                continue
            }
            do {
                // `extendToSettle` is applied here, once, so the lint, the run and the report all see one window.
                plans.append((file, try CapturePlan(json: data, name: name, benches: benches).settled()))
                names[name] = file
            } catch {
                problems.append(FilmstripError(.plan(file: file, path: error.path, message: error.message)))
            }
        }
        return (plans, problems)
    }
}
