/// Formatting of times and counts for messages and tables; integer arithmetic only.
package enum Quantity {
    /// `12000` → `"12,000 ms"`.
    package static func ms(_ value: Int) -> String { grouped(value) + " ms" }

    /// `12000` → `"12.0 s"`, tenths rounded half up.
    package static func seconds(_ ms: Int) -> String {
        let tenths = (abs(ms) + 50) / 100
        return (ms < 0 ? "-" : "") + "\(tenths / 10).\(tenths % 10) s"
    }

    /// `12000` → `"12,000"`.
    package static func grouped(_ value: Int) -> String {
        let digits = String(abs(value))
        var result = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return (value < 0 ? "-" : "") + result
    }

    /// `numerator / denominator` as a percent with one decimal, rounded half up:
    /// 5,361 of 12,000 → `"44.7%"`.
    package static func percent(numerator: Int, denominator: Int) -> String {
        guard denominator > 0 else { return "0.0%" }
        let tenths = (numerator * 2000 + denominator) / (denominator * 2)
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// `["empty"]` → `"empty"`; `["a", "b", "c"]` → `"a, b and c"`.
    package static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: ""
        case 1: items[0]
        default: items.dropLast().joined(separator: ", ") + " and " + items.last!
        }
    }

    /// `1` → `"1 frame"`, `6` → `"6 frames"`.
    package static func frames(_ count: Int) -> String { count == 1 ? "1 frame" : "\(count) frames" }

    /// `(1, "row")` → `"1 row"`, `(3, "row")` → `"3 rows"`.
    package static func count(_ count: Int, _ noun: String) -> String { count == 1 ? "1 \(noun)" : "\(grouped(count)) \(noun)s" }
}
