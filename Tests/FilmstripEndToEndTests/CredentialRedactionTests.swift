import FilmstripTestSupport
import Foundation
import Testing

/// End to end: a live plan's URL built from variables
/// (`http://user:${FILMSTRIP_PASS}@…?token=${FILMSTRIP_TOKEN}`) never reaches the terminal, the
/// JUnit report, the JSON document, `report.json` or the contact sheet with its password or
/// token: the user information is removed and query values are elided.
@Suite(.serialized, ExternalTool.python3.required) struct CredentialRedactionTests {
    static let password = "pa55-w0rd-XYZ"
    static let token = "t0ken-QWERTY-123"

    @Test func aTransportNoteNamesTheURLWithoutItsCredentials() throws {
        // The scripted server, stopped: its port refuses connections, so the run has a transport note.
        let server = try LiveServer([:])
        let port = server.port
        server.stop()
        let workspace = try CommandRunner.workspace(plans: [])
        let plan = """
            {
              "bench": "liveinbox",
              "panels": ["loadedOnly", "allFour"],
              "source": {"url": "http://alice-user:${FILMSTRIP_PASS}@127.0.0.1:${FILMSTRIP_LIVE_PORT}/inbox?token=${FILMSTRIP_TOKEN}&page=2", "timeoutMs": 1000, "service": "ASC"},
              "windowMs": 1000,
              "frameIntervalMs": 250
            }
            """
        try Data(plan.utf8).write(to: workspace.appendingPathComponent("captures/live-secret.json"))
        let environment = ["FILMSTRIP_LIVE_PORT": String(port), "FILMSTRIP_PASS": Self.password, "FILMSTRIP_TOKEN": Self.token]
        let redacted = "GET http://127.0.0.1:${FILMSTRIP_LIVE_PORT}/inbox?token=…&page=…: could not connect to the server (connection refused)"

        let check = try CommandRunner.run(["check", "--no-compare", "--clock", "real", "--json", "--junit", "junit.xml"], in: workspace, environment: environment)
        #expect(check.status == 0 || check.status == 1, "\(check.stderr)")
        let junit = try String(contentsOf: workspace.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(check.stderr.contains("note: \(redacted)"), "\(check.stderr)")
        #expect(junit.contains(redacted.replacingOccurrences(of: "&", with: "&amp;")), "\(junit)")
        let record = try CommandRunner.run(["record", "--clock", "real", "--out", "out"], in: workspace, environment: environment)
        #expect(record.status == 0 || record.status == 1, "\(record.stderr)")
        #expect(record.stdout.contains("note: \(redacted)"), "\(record.stdout)")
        // Nowhere, in any printed stream or written file, the password or the token.
        var texts = ["check stdout": check.stdout, "check stderr": check.stderr, "record stdout": record.stdout, "record stderr": record.stderr]
        for (path, data) in CommandRunner.snapshot(workspace) where !path.hasPrefix("captures/") {
            texts[path] = String(decoding: data, as: UTF8.self)
        }
        #expect(texts.keys.contains("out/live-secret/index.html") && texts.keys.contains("out/live-secret/report.json") && texts.keys.contains("junit.xml"))
        for (name, text) in texts {
            #expect(!text.contains(Self.password) && !text.contains(Self.token), "\(name) holds a credential")
            #expect(!text.contains("alice-user"), "\(name) holds the user name")
        }
    }

    /// Every file under `workspace` but the plans, and the given streams, by name.
    static func outputs(in workspace: URL, streams: [String: String]) -> [String: String] {
        var texts = streams
        for (path, data) in CommandRunner.snapshot(workspace) where !(path.hasPrefix("captures/") && path.hasSuffix(".json")) {
            texts[path] = String(decoding: data, as: UTF8.self)
        }
        return texts
    }

    @Test func aSecretInAPathSegmentIsNamedNotPrinted() throws {
        let server = try LiveServer([:])
        let port = server.port
        server.stop()
        let workspace = try CommandRunner.workspace(plans: [])
        let plan = """
            {
              "bench": "liveinbox",
              "panels": ["loadedOnly", "allFour"],
              "source": {"url": "http://127.0.0.1:${FILMSTRIP_LIVE_PORT}/api/${FILMSTRIP_SOME_TOKEN}/rows", "timeoutMs": 1000, "service": "ASC"},
              "windowMs": 1000,
              "frameIntervalMs": 250
            }
            """
        try Data(plan.utf8).write(to: workspace.appendingPathComponent("captures/live-path.json"))
        let environment = ["FILMSTRIP_LIVE_PORT": String(port), "FILMSTRIP_SOME_TOKEN": Self.token]
        let check = try CommandRunner.run(
            ["check", "--no-compare", "--clock", "real", "--json", "--junit", "junit.xml", "--summary", "summary.md", "--out", "failed"], in: workspace, environment: environment)
        #expect(check.status == 0 || check.status == 1, "\(check.stderr)")
        #expect(check.stderr.contains("note: GET http://127.0.0.1:${FILMSTRIP_LIVE_PORT}/api/${FILMSTRIP_SOME_TOKEN}/rows: could not connect"), "\(check.stderr)")
        let record = try CommandRunner.run(["record", "--clock", "real", "--out", "out"], in: workspace, environment: environment)
        #expect(record.status == 0 || record.status == 1, "\(record.stderr)")
        let report = try String(contentsOf: workspace.appendingPathComponent("out/live-path/report.json"), encoding: .utf8)
        #expect(report.contains("GET /api/${FILMSTRIP_SOME_TOKEN}/rows"), "the timeline names the request by the variable")
        let texts = Self.outputs(in: workspace, streams: ["check stdout": check.stdout, "check stderr": check.stderr, "record stdout": record.stdout, "record stderr": record.stderr])
        for written in ["out/live-path/index.html", "out/live-path/report.json", "out/index.html", "junit.xml", "summary.md"] {
            #expect(texts.keys.contains(written), "\(written) was not written")
        }
        for (name, text) in texts {
            #expect(!text.contains(Self.token), "\(name) holds the token")
            #expect(!text.contains(":\(port)"), "\(name) holds the port")
        }
    }

    @Test func aURLThatCannotBeParsedIsQuotedByItsSchemeAndHostAtMost() throws {
        let workspace = try CommandRunner.workspace(plans: [])
        let plan = """
            {
              "bench": "liveinbox",
              "panels": ["loadedOnly", "allFour"],
              "source": {"url": "http://alice-user:${FILMSTRIP_PASS}@example.com:80a/x/${FILMSTRIP_TOKEN}", "timeoutMs": 1000},
              "windowMs": 1000,
              "frameIntervalMs": 250
            }
            """
        try Data(plan.utf8).write(to: workspace.appendingPathComponent("captures/live-bad.json"))
        let environment = ["FILMSTRIP_PASS": Self.password, "FILMSTRIP_TOKEN": Self.token]
        let check = try CommandRunner.run(["check", "--no-compare", "--clock", "real", "--json", "--junit", "junit.xml", "--summary", "summary.md"], in: workspace, environment: environment)
        #expect(check.status == 2, "\(check.stderr)")
        #expect(check.stderr.contains("$.source.url: expected an http:// or https:// URL with a host, found http://example.com/…"), "\(check.stderr)")
        let record = try CommandRunner.run(["record", "--clock", "real", "--out", "out"], in: workspace, environment: environment)
        #expect(record.status == 2, "\(record.stderr)")
        let texts = Self.outputs(in: workspace, streams: ["check stdout": check.stdout, "check stderr": check.stderr, "record stdout": record.stdout, "record stderr": record.stderr])
        #expect(texts.keys.contains("junit.xml"))
        for (name, text) in texts {
            #expect(!text.contains(Self.password) && !text.contains(Self.token), "\(name) holds a credential")
            #expect(!text.contains("alice-user") && !text.contains("80a"), "\(name) quotes the URL whole")
        }
    }
}
