/// The pattern of `sweep --url`: a regular expression searched anywhere in a URL, like
/// `grep -E`, matched in time linear in the URL (at most the URL's length × the pattern's size
/// steps), so no pattern can make a HAR's entries take seconds each.
///
/// It compiles the pattern to a small automaton and runs every alternative at once over the URL
/// (a Thompson automaton simulated as a Pike VM): nothing is retried, so `(a+)+$` over a 10,000-
/// character URL takes as many steps as `a+$`.
///
/// Syntax (POSIX extended regular expressions, with the escapes people write for URLs):
/// - a character matches itself; `\` before any character other than a letter or digit makes it
///   literal (`\.`, `\?`, `\/`, `\\`);
/// - `.` any character; `[abc]`, `[a-z0-9]`, `[^/]` a set, with `\d`, `\w`, `\s` and escapes
///   inside; `\d` a digit, `\w` a letter, digit or `_`, `\s` white space (`\D`, `\W`, `\S`
///   outside a set: anything else);
/// - `^` the start of the URL, `$` its end; `(…)` and `(?:…)` a group; `a|b` either;
/// - `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}` (n, m at most 1,000) after a character, set or
///   group; a `?` after one of them (lazy) changes nothing for whether a URL matches.
///
/// Refused, saying why: backreferences (`\1`), lookaround (`(?=`, `(?!`, `(?<=`, `(?<!`), inline
/// options (`(?i)`), other letter escapes (`\b`, `\p{…}`): no linear-time matcher can do the
/// first two, and the rest are left out rather than half done. A pattern that expands to more
/// than 20,000 steps (counted repetitions of counted repetitions) is refused too.
package struct URLPattern: Sendable {
    /// Why a pattern is refused: the message names the character position (from 1) and what
    /// was found there.
    package struct Refusal: Error, Equatable {
        /// The reason, e.g. `a backreference (\1) at character 6 cannot be matched in linear time`.
        package let message: String
    }

    /// One step of the automaton.
    enum Step: Sendable, Equatable {
        case scalar(Unicode.Scalar)
        case any
        case set([ClosedRange<UInt32>], negated: Bool)
        case start
        case end
        case split(Int, Int)
        case jump(Int)
        case match
    }

    /// The compiled steps; the search starts at step 0.
    let steps: [Step]

    /// The most steps a pattern may compile to.
    static let stepLimit = 20_000
    /// The largest count in `{n,m}`.
    static let countLimit = 1_000

    /// Compiles `pattern`.
    /// - Throws: ``Refusal`` for a syntax error or a construct the linear matcher refuses.
    package init(_ pattern: String) throws(Refusal) {
        var parser = URLPatternParser(Array(pattern.unicodeScalars))
        let node = try parser.parse()
        var compiler = URLPatternCompiler()
        try compiler.emit(node)
        compiler.steps.append(.match)
        steps = compiler.steps
    }

    /// Whether the pattern matches anywhere in `text`, in at most `text`'s length × the steps'
    /// count operations.
    package func matches(_ text: String) -> Bool {
        let input = Array(text.unicodeScalars)
        var current: [Int] = []
        var next: [Int] = []
        // The position at which each step was last added: each is added at most once a position.
        var added = [Int](repeating: -1, count: steps.count)
        var pending: [Int] = []
        func add(_ step: Int, at position: Int, to list: inout [Int]) -> Bool {
            pending.append(step)
            while let index = pending.popLast() {
                guard added[index] != position else { continue }
                added[index] = position
                switch steps[index] {
                case .jump(let target): pending.append(target)
                case .split(let first, let second): pending.append(contentsOf: [second, first])
                case .start: if position == 0 { pending.append(index + 1) }
                case .end: if position == input.count { pending.append(index + 1) }
                case .match:
                    pending.removeAll()
                    return true
                case .scalar, .any, .set: list.append(index)
                }
            }
            return false
        }
        for position in 0...input.count {
            // Searched anywhere: a new attempt starts at every position.
            if add(0, at: position, to: &current) { return true }
            guard position < input.count else { break }
            let scalar = input[position]
            next.removeAll(keepingCapacity: true)
            for index in current where Self.accepts(steps[index], scalar) {
                if add(index + 1, at: position + 1, to: &next) { return true }
            }
            swap(&current, &next)
        }
        return false
    }

    private static func accepts(_ step: Step, _ scalar: Unicode.Scalar) -> Bool {
        switch step {
        case .scalar(let expected): scalar == expected
        case .any: true
        case .set(let ranges, let negated): ranges.contains { $0.contains(scalar.value) } != negated
        default: false
        }
    }
}

/// A parsed pattern.
indirect enum URLPatternNode {
    case empty
    case step(URLPattern.Step)
    case sequence([URLPatternNode])
    case either([URLPatternNode])
    case repeated(URLPatternNode, min: Int, max: Int?)
}

/// Reads a pattern's syntax (``URLPattern``) into nodes, refusing what it does not match.
struct URLPatternParser {
    private let scalars: [Unicode.Scalar]
    private var position = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    mutating func parse() throws(URLPattern.Refusal) -> URLPatternNode {
        let node = try alternatives()
        if position < scalars.count {
            throw refusal("an unmatched ')' at character \(position + 1)")
        }
        return node
    }

    private func refusal(_ what: String) -> URLPattern.Refusal { URLPattern.Refusal(message: what) }

    private var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    private mutating func alternatives() throws(URLPattern.Refusal) -> URLPatternNode {
        var branches = [try sequence()]
        while peek == "|" {
            position += 1
            branches.append(try sequence())
        }
        return branches.count == 1 ? branches[0] : .either(branches)
    }

    private mutating func sequence() throws(URLPattern.Refusal) -> URLPatternNode {
        var items: [URLPatternNode] = []
        while let next = peek, next != "|", next != ")" {
            var item = try atom()
            while let count = try quantifier() {
                item = .repeated(item, min: count.min, max: count.max)
            }
            items.append(item)
        }
        return items.isEmpty ? .empty : .sequence(items)
    }

    private mutating func quantifier() throws(URLPattern.Refusal) -> (min: Int, max: Int?)? {
        let at = position
        let count: (min: Int, max: Int?)
        switch peek {
        case "*": count = (0, nil)
        case "+": count = (1, nil)
        case "?": count = (0, 1)
        case "{":
            guard let counted = try counted() else { return nil }
            count = counted
        default: return nil
        }
        if position == at { position += 1 }
        if peek == "?" { position += 1 }  // lazy: the same URLs match
        return count
    }

    /// `{n}`, `{n,}` or `{n,m}` at the position, consumed; nil (nothing consumed) when the `{`
    /// does not start one, and it is then a literal `{`.
    private mutating func counted() throws(URLPattern.Refusal) -> (min: Int, max: Int?)? {
        let at = position
        var index = position + 1
        func number() -> Int? {
            var digits = ""
            while index < scalars.count, ("0"..."9").contains(scalars[index]) {
                digits.unicodeScalars.append(scalars[index])
                index += 1
            }
            return digits.isEmpty ? nil : Int(digits.prefix(6))
        }
        guard let low = number() else { return nil }
        var high: Int? = low
        if index < scalars.count, scalars[index] == "," {
            index += 1
            high = number()
        }
        guard index < scalars.count, scalars[index] == "}" else { return nil }
        guard low <= URLPattern.countLimit, (high ?? 0) <= URLPattern.countLimit else {
            throw refusal("a count above \(Quantity.grouped(URLPattern.countLimit)) at character \(at + 1)")
        }
        if let high, high < low { throw refusal("a count {\(low),\(high)} at character \(at + 1) whose maximum is below its minimum") }
        position = index + 1
        return (low, high)
    }

    private mutating func atom() throws(URLPattern.Refusal) -> URLPatternNode {
        let at = position
        let scalar = scalars[position]
        position += 1
        switch scalar {
        case ".": return .step(.any)
        case "^": return .step(.start)
        case "$": return .step(.end)
        case "*", "+", "?": throw refusal("'\(scalar)' at character \(at + 1) repeats nothing")
        case "[": return .step(try set(from: at))
        case "\\": return .step(try escape(at: at, inSet: false).step)
        case "(":
            if peek == "?" {
                guard position + 1 < scalars.count, scalars[position + 1] == ":" else {
                    throw refusal("lookaround or an inline option '(?' at character \(at + 1) cannot be matched in linear time or is not supported; use (?:…) for a group")
                }
                position += 2
            }
            let inner = try alternatives()
            guard peek == ")" else { throw refusal("a '(' at character \(at + 1) that is never closed") }
            position += 1
            return inner
        default: return .step(.scalar(scalar))
        }
    }

    /// The escape whose `\` is at `at`: a literal character or a class (`\d`, `\w`, `\s`).
    private mutating func escape(at: Int, inSet: Bool) throws(URLPattern.Refusal) -> (step: URLPattern.Step, ranges: [ClosedRange<UInt32>]?) {
        guard let scalar = peek else { throw refusal("a '\\' at character \(at + 1) that ends the pattern") }
        position += 1
        let digits: [ClosedRange<UInt32>] = [48...57]
        let word: [ClosedRange<UInt32>] = [48...57, 65...90, 95...95, 97...122]
        let space: [ClosedRange<UInt32>] = [9...13, 32...32]
        switch scalar {
        case "d": return (.set(digits, negated: false), digits)
        case "w": return (.set(word, negated: false), word)
        case "s": return (.set(space, negated: false), space)
        case "D" where !inSet: return (.set(digits, negated: true), nil)
        case "W" where !inSet: return (.set(word, negated: true), nil)
        case "S" where !inSet: return (.set(space, negated: true), nil)
        case "1"..."9":
            throw refusal("a backreference (\\\(scalar)) at character \(at + 1) cannot be matched in linear time")
        default:
            guard !scalar.properties.isAlphabetic, !("0"..."9").contains(scalar) else {
                throw refusal("the escape \\\(scalar) at character \(at + 1) is not supported (only \\d, \\w, \\s, \\D, \\W, \\S and \\ before a character other than a letter or digit)")
            }
            return (.scalar(scalar), [scalar.value...scalar.value])
        }
    }

    /// A set `[…]` whose `[` is at `at`.
    private mutating func set(from at: Int) throws(URLPattern.Refusal) -> URLPattern.Step {
        var negated = false
        if peek == "^" {
            negated = true
            position += 1
        }
        var ranges: [ClosedRange<UInt32>] = []
        var first = true
        while true {
            guard let scalar = peek else { throw refusal("a '[' at character \(at + 1) that is never closed") }
            if scalar == "]", !first {
                position += 1
                break
            }
            first = false
            let low: UInt32
            if scalar == "\\" {
                let escapeAt = position
                position += 1
                let escaped = try escape(at: escapeAt, inSet: true)
                guard let found = escaped.ranges else { throw refusal("a negated class inside a set at character \(escapeAt + 1) is not supported") }
                guard found.count == 1, found[0].count == 1 else {
                    ranges += found
                    continue
                }
                low = found[0].lowerBound
            } else {
                position += 1
                low = scalar.value
            }
            // A range `a-z` (a `-` before `]` is literal).
            if peek == "-", position + 1 < scalars.count, scalars[position + 1] != "]" {
                position += 1
                var high = scalars[position].value
                position += 1
                if high == 0x5C, let next = peek {  // an escaped end: `\]`
                    high = next.value
                    position += 1
                }
                guard low <= high else { throw refusal("a range at character \(at + 1) whose end comes before its start") }
                ranges.append(low...high)
            } else {
                ranges.append(low...low)
            }
        }
        return .set(ranges, negated: negated)
    }
}

/// Turns nodes into ``URLPattern/Step``s, refusing a pattern that expands past the step limit.
struct URLPatternCompiler {
    var steps: [URLPattern.Step] = []

    mutating func emit(_ node: URLPatternNode) throws(URLPattern.Refusal) {
        guard steps.count <= URLPattern.stepLimit else {
            throw URLPattern.Refusal(message: "the pattern expands to more than \(Quantity.grouped(URLPattern.stepLimit)) steps once its counts are written out")
        }
        switch node {
        case .empty: break
        case .step(let step): steps.append(step)
        case .sequence(let items):
            for item in items { try emit(item) }
        case .either(let branches):
            var jumps: [Int] = []
            for (index, branch) in branches.enumerated() {
                if index < branches.count - 1 {
                    let split = steps.count
                    steps.append(.split(split + 1, 0))
                    try emit(branch)
                    jumps.append(steps.count)
                    steps.append(.jump(0))
                    steps[split] = .split(split + 1, steps.count)
                } else {
                    try emit(branch)
                }
            }
            for jump in jumps { steps[jump] = .jump(steps.count) }
        case .repeated(let body, let min, let max):
            for _ in 0..<min { try emit(body) }
            if let max {
                var splits: [Int] = []
                for _ in min..<max {
                    splits.append(steps.count)
                    steps.append(.split(steps.count + 1, 0))
                    try emit(body)
                }
                for split in splits { steps[split] = .split(split + 1, steps.count) }
            } else {
                let loop = steps.count
                steps.append(.split(loop + 1, 0))
                try emit(body)
                steps.append(.jump(loop))
                steps[loop] = .split(loop + 1, steps.count)
            }
        }
    }
}
