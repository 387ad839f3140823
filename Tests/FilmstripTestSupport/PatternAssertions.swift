import FilmstripRaster
import Testing

/// Which colour each character of a pixel pattern stands for.
///
/// `.` is transparent black and `#` opaque white unless a test says otherwise; a test that
/// paints on a background maps `.` to that background.
package typealias Legend = [Character: Color]

extension Color {
    package static let red = Color(hex: 0xFF0000)
    package static let green = Color(hex: 0x00FF00)
    package static let blue = Color(hex: 0x0000FF)
    package static let grey = Color(hex: 0x808080)
}

/// The legend most pixel tests use: `.` clear, `#` white.
package let standardLegend: Legend = [".": .clear, "#": .white]

/// The canvas written as a pattern: one string per row, one character per pixel, the legend's
/// character for each colour and `?` for a colour the legend lacks.
package func pattern(of canvas: Canvas, legend: Legend = standardLegend) -> [String] {
    var characters: [Color: Character] = [:]
    for (character, color) in legend.sorted(by: { $0.key < $1.key }) where characters[color] == nil {
        characters[color] = character
    }
    return (0..<canvas.height).map { y in
        String((0..<canvas.width).map { x in canvas.pixel(x: x, y: y).flatMap { characters[$0] } ?? "?" })
    }
}

/// Nil when `canvas` matches `expected` pixel for pixel; otherwise a report a person can read:
/// the first difference with both colours, then expected, actual and a diff side by side.
package func patternMismatch(_ canvas: Canvas, _ expected: [String], legend: Legend = standardLegend) -> String? {
    let rows = expected.map(Array.init)
    for (y, row) in rows.enumerated() {
        if let unknown = row.first(where: { legend[$0] == nil }) {
            return "pattern row \(y) uses '\(unknown)', which the legend lacks (legend: \(describe(legend)))"
        }
    }
    let expectedWidth = rows.first?.count ?? 0
    if let ragged = rows.firstIndex(where: { $0.count != expectedWidth }) {
        return "pattern row \(ragged) has \(rows[ragged].count) characters, row 0 has \(expectedWidth)"
    }
    let actual = pattern(of: canvas, legend: legend)
    if canvas.width != expectedWidth || canvas.height != rows.count {
        return "canvas is \(canvas.width)×\(canvas.height), pattern is \(expectedWidth)×\(rows.count)\n"
            + "actual:\n" + actual.joined(separator: "\n")
    }
    var differences: [(x: Int, y: Int)] = []
    var diffRows: [String] = []
    for y in 0..<canvas.height {
        var diff = ""
        for x in 0..<canvas.width {
            if canvas.pixel(x: x, y: y) == legend[rows[y][x]] {
                diff.append("-")
            } else {
                diff.append("X")
                differences.append((x, y))
            }
        }
        diffRows.append(diff)
    }
    guard let first = differences.first else { return nil }
    let found = canvas.pixel(x: first.x, y: first.y).map { "\($0)" } ?? "nothing"
    let wanted = legend[rows[first.y][first.x]].map { "\($0)" } ?? "?"
    let foundCharacter = actual[first.y][actual[first.y].index(actual[first.y].startIndex, offsetBy: first.x)]
    var report = "\(differences.count) of \(canvas.width * canvas.height) pixels differ; first at (x: \(first.x), y: \(first.y)): "
        + "expected '\(rows[first.y][first.x])' (\(wanted)), found '\(foundCharacter)' (\(found))\n"
    let column = max(expectedWidth, "expected".count) + 2
    func padded(_ text: String) -> String { text + String(repeating: " ", count: column - text.count) }
    report += "    " + padded("expected") + padded("actual") + "diff\n"
    for y in 0..<canvas.height {
        let number = String(y)
        report += String(repeating: " ", count: 3 - min(3, number.count)) + number + " "
            + padded(String(rows[y])) + padded(actual[y]) + diffRows[y] + "\n"
    }
    report += "legend: \(describe(legend)); '?' is a colour the legend lacks"
    return report
}

/// Records an issue, with ``patternMismatch(_:_:legend:)``'s report, unless `canvas` matches
/// `expected` exactly.
///
/// ```swift
/// assertPixels(canvas, [
///     "..##..",
///     ".#..#.",
/// ])
/// ```
package func assertPixels(
    _ canvas: Canvas, _ expected: [String], legend: Legend = standardLegend,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    if let report = patternMismatch(canvas, expected, legend: legend) {
        Issue.record(Comment(rawValue: report), sourceLocation: sourceLocation)
    }
}

private func describe(_ legend: Legend) -> String {
    legend.sorted(by: { $0.key < $1.key }).map { "'\($0.key)' = \($0.value)" }.joined(separator: ", ")
}
