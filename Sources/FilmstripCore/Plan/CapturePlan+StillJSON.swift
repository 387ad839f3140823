extension CapturePlan {
    /// A still's `panels`: nil when absent; otherwise panel names of this plan, none twice.
    /// - Throws: ``PlanError`` at `$.stills[i].panels[j]` for a name that is not a string, not one
    ///   of `panels` (listing them) or given twice; at `$.stills[i].panels` for an empty list.
    static func stillPanels(_ still: JSONObjectReader, panels: [String]) throws(PlanError) -> [String]? {
        guard let items = try still.array("panels") else { return nil }
        let path = still.path("panels")
        guard !items.isEmpty else { throw PlanError(path: path, message: "expected at least one of this plan's panels: \(panels.joined(separator: ", "))") }
        var shown: [String] = []
        for (index, item) in items.enumerated() {
            let itemPath = "\(path)[\(index)]"
            guard case .string(let id) = item else {
                throw PlanError(path: itemPath, message: "expected a panel name (one of: \(panels.joined(separator: ", "))), found \(item.typeName)")
            }
            guard panels.contains(id) else {
                throw PlanError(path: itemPath, message: "unknown panel '\(id)' in this plan; expected one of: \(panels.joined(separator: ", "))")
            }
            guard !shown.contains(id) else { throw PlanError(path: itemPath, message: "panel '\(id)' is listed twice") }
            shown.append(id)
        }
        return shown
    }

    /// A still's `scales`: nil when absent; otherwise integers from 1 to 8, none twice.
    /// - Throws: ``PlanError`` at `$.stills[i].scales[j]` for a value that is not an integer from
    ///   1 to 8 or is given twice; at `$.stills[i].scales` for an empty list.
    static func stillScales(_ still: JSONObjectReader) throws(PlanError) -> [Int]? {
        guard let items = try still.array("scales") else { return nil }
        let path = still.path("scales")
        guard !items.isEmpty else { throw PlanError(path: path, message: "expected at least one scale from 1 to 8") }
        var scales: [Int] = []
        for (index, item) in items.enumerated() {
            let itemPath = "\(path)[\(index)]"
            let scale = try JSONObjectReader.integer(item, path: itemPath, in: 1...8)
            guard !scales.contains(scale) else { throw PlanError(path: itemPath, message: "scale \(scale) is listed twice") }
            scales.append(scale)
        }
        return scales
    }
}
