/// A model bench's part of a plan: the user's events (`script`) and the server's answers (`http`).
public struct ModelSettings: BenchSettings {
    /// The events, in time order.
    package var events: [ModelEvent]
    /// The scripted server.
    package var http: HTTPScript

    /// Settings of `events` (sorted by instant, ties kept in order) and `http`.
    public init(events: [ModelEvent], http: HTTPScript) {
        self.events = events.enumerated().sorted { ($0.element.atMs, $0.offset) < ($1.element.atMs, $1.offset) }.map(\.element)
        self.http = http
    }

    /// Reads `script` (an array of events, see ``ModelEvent``) and `http` (see ``HTTPScript``) from
    /// a plan's root object.
    /// - Throws: ``PlanError`` at the JSON path of the first wrong member.
    package init(_ root: JSONObjectReader) throws(PlanError) {
        var events: [ModelEvent] = []
        for (index, value) in (try root.array("script") ?? []).enumerated() {
            let reader = try JSONObjectReader(value, path: "\(root.path("script"))[\(index)]", allowed: ["atMs", "event", "type", "text", "tap"])
            guard let atMs = try reader.integer("atMs", in: 0...86_400_000, unit: "ms") else {
                throw PlanError(path: reader.path("atMs"), message: "required member is missing; expected the event's instant in ms")
            }
            if let field = try reader.string("type") {
                events.append(ModelEvent(atMs: atMs, .type(field: field, text: try reader.string("text") ?? "")))
            } else if let control = try reader.string("tap") {
                events.append(ModelEvent(atMs: atMs, .tap(control)))
            } else {
                switch try reader.string("event") {
                case "appear": events.append(ModelEvent(atMs: atMs, .appear))
                case "disappear": events.append(ModelEvent(atMs: atMs, .disappear))
                default:
                    throw PlanError(path: reader.path("event"), message: "expected \"type\" with \"text\", \"tap\", or \"event\": \"appear\" or \"disappear\"")
                }
            }
        }
        let http = root.has("http") ? try HTTPScript(json: root.required("http"), path: root.path("http")) : HTTPScript(routes: [])
        self.init(events: events, http: http)
    }
}
