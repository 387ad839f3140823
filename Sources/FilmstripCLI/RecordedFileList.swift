import FilmstripReports
import Foundation

/// The files an earlier recording's `report.json` names (``RunReport/writtenFiles``), read line
/// by line in pieces of 64 KiB: a report of 100,000 frames is never decoded whole to learn which
/// files a new recording may remove.
///
/// filmstrip writes its reports pretty-printed with one key a line (``RunReport/jsonData()``), so
/// a file name is on a line `"file" : "…"`, `"filmstrip" : "…"`, `"animation" : "…"`, or inside a
/// `"files" : [` list; each string is unescaped as JSON. A key at the start of a line cannot come
/// from inside a JSON string (a quote there is escaped). A file that is not such a report names
/// nothing, and a report without a `"verdict"` line is not taken for one: a report of another
/// layout (compact JSON) up to ``wholeReadLimit`` bytes is decoded whole instead.
enum RecordedFileList {
    /// The largest report of another layout decoded whole: 4 MiB.
    static let wholeReadLimit = 4 << 20

    /// The files the report at `path` names, each once, in the file's order (keys sorted: the
    /// animation and strip before the frames), then the contact sheet, index row and report; empty when the file is missing, unreadable or not a filmstrip report.
    static func read(reportAt path: String) -> [String] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        var files: [String] = []
        var isReport = false
        var inFileList = false
        var carried = Data()
        func take(_ line: Data) {
            let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            if inFileList {
                if text.hasPrefix("]") {
                    inFileList = false
                } else if let name = literal(text) {
                    files.append(name)
                }
                return
            }
            if text.hasPrefix("\"verdict\" : ") { isReport = true }
            if text == "\"files\" : [" {
                inFileList = true
                return
            }
            for key in ["\"file\" : ", "\"filmstrip\" : ", "\"animation\" : "] where text.hasPrefix(key) {
                if let name = literal(String(text.dropFirst(key.count))) { files.append(name) }
            }
        }
        while let piece = try? handle.read(upToCount: 65_536), !piece.isEmpty {
            carried.append(piece)
            var start = carried.startIndex
            while let newline = carried[start...].firstIndex(of: 0x0A) {
                take(carried[start..<newline])
                start = carried.index(after: newline)
            }
            carried = Data(carried[start...])
        }
        if !carried.isEmpty { take(carried) }
        if isReport {
            // A still with `files` names its first one twice (`file` too): each name once.
            var seen = Set<String>()
            return (files + [OutputLayout.contactSheetPath, OutputLayout.indexRowPath, OutputLayout.reportPath]).filter { seen.insert($0).inserted }
        }
        // Not in filmstrip's own layout (rewritten by another tool, say): a small one is decoded
        // whole; a larger one names nothing, so nothing is removed on its word.
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size <= wholeReadLimit,
              let data = FileManager.default.contents(atPath: path), let report = RunReport.read(data) else { return [] }
        return report.writtenFiles
    }

    /// The string of a JSON string literal (`"frames/0001.png"`, a trailing comma allowed), or nil.
    static func literal(_ text: String) -> String? {
        let trimmed = text.hasSuffix(",") ? String(text.dropLast()) : text
        guard trimmed.hasPrefix("\""), trimmed.hasSuffix("\""), trimmed.count >= 2 else { return nil }
        return try? JSONDecoder().decode(String.self, from: Data(trimmed.utf8))
    }
}
