import Foundation
import ScreenshotCompose

/// The Model Context Protocol's JSON-RPC 2.0 messages, one line each: `initialize`,
/// `notifications/initialized`, `ping`, `tools/list`, `tools/call`. A request the server cannot
/// read gets a JSON-RPC error (parse error, invalid request, unknown method or tool), whose
/// `data.problems` are the diagnostics; everything about a call's own arguments and run comes
/// back as its result, `isError` set. Nothing a client sends ends the session.
struct MCPSession {
    /// The revision implemented: the newest reached by the `initialize` handshake.
    static let protocolVersion = "2025-11-25"
    /// Older revisions whose messages are the same for what this server does (tool results with
    /// `structuredContent` came in 2025-06-18); a client asking for one is answered in it.
    static let acceptedVersions: Set<String> = ["2025-11-25", "2025-06-18"]

    enum ErrorCode: Int {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
    }

    var confinement: FolderConfinement
    var sourceDateEpoch: String?
    /// Whether the client said `notifications/initialized` (requests are served before it too).
    private(set) var initialized = false

    init(confinement: FolderConfinement, sourceDateEpoch: String? = nil) {
        self.confinement = confinement
        self.sourceDateEpoch = sourceDateEpoch
    }

    /// The reply to one line, or nil for a notification, a client's response or a blank line.
    mutating func reply(to line: Data) -> Data? {
        guard line.contains(where: { ![0x20, 0x09, 0x0D, 0x0A].contains($0) }) else { return nil }
        let parsed = JSONFieldReader.parse(file: "request") { try JSONDocument.parse(line) }
        guard let document = parsed.document else {
            return Self.error(.parseError, id: .null, parsed.problem.map { [$0] } ?? [])
        }
        var d = DiagnosticCollector()
        guard let request = JSONFieldReader.root(document, file: "request", &d), !d.hasErrors else {
            return Self.error(.invalidRequest, id: .null, d.diagnostics)
        }
        let id = request.value("id")
        if let id, !Self.isValidID(id) {
            return Self.error(.invalidRequest, id: .null, [.error("request", "id", "expected a string or a number, found \(id.summary)")])
        }
        // A response to a request of ours: this server sends none, so there is nothing to match.
        if request.value("method") == nil && (request.value("result") != nil || request.value("error") != nil) { return nil }
        request.require("jsonrpc", string: "2.0", &d)
        let method = request.string("method", &d)
        guard let method, !d.hasErrors else { return id.flatMap { Self.error(.invalidRequest, id: $0, d.diagnostics) } }
        guard let id else {
            if method == "notifications/initialized" { initialized = true }
            return nil
        }
        return answer(method, id: id, params: request.value("params"))
    }

    private func answer(_ method: String, id: JSONValue, params: JSONValue?) -> Data {
        switch method {
        case "initialize":
            var d = DiagnosticCollector()
            let asked = params.flatMap { JSONFieldReader($0, file: "request", path: "params", &d) }?.optionalString("protocolVersion", &d)
            let version = asked.map(Self.acceptedVersions.contains) == true ? asked ?? Self.protocolVersion : Self.protocolVersion
            return Self.result(id: id, .object([
                "protocolVersion": .string(version),
                "capabilities": .object(["tools": .object(["listChanged": .bool(false)])]),
                "serverInfo": .object(["name": .string(ToolIdentity().name), "version": .string(ToolIdentity().version)]),
                "instructions": .string("Paths are relative to \(confinement.root.path) and must lie inside it. "
                    + "Each tool answers with the JSON document its command prints with --json (problems with file, field, line and message)."),
            ]))
        case "ping":
            return Self.result(id: id, .object([:]))
        case "tools/list":
            return Self.result(id: id, .object(["tools": .array(MCPTool.all.map(\.listing))]))
        case "tools/call":
            return call(id: id, params: params)
        default:
            return Self.error(.methodNotFound, id: id, [.error("request", "method", "unknown method: expected initialize, ping, tools/list or tools/call, found \"\(method)\"")])
        }
    }

    private func call(id: JSONValue, params: JSONValue?) -> Data {
        var d = DiagnosticCollector()
        guard let reader = JSONFieldReader(params ?? .null, file: "request", path: "params", &d),
              let name = reader.string("name", &d) else {
            return Self.error(.invalidParams, id: id, d.diagnostics)
        }
        guard let tool = MCPTool.all.first(where: { $0.name == name }) else {
            return Self.error(.invalidParams, id: id, [.error("request", "params.name",
                "unknown tool: expected \(MCPTool.all.map(\.name).orList), found \"\(name)\"")])
        }
        let answer = MCPToolCall(tool: tool, confinement: confinement, sourceDateEpoch: sourceDateEpoch).run(reader.value("arguments"))
        return Self.result(id: id, .object([
            "content": .array([.object(["type": .string("text"), "text": .string(answer.text)])]),
            "structuredContent": answer.document,
            "isError": .bool(answer.isError),
        ]))
    }

    private static func isValidID(_ id: JSONValue) -> Bool {
        switch id {
        case .string: return true
        case .number(let n): return n.rounded() == n
        default: return false
        }
    }

    static func result(id: JSONValue, _ result: JSONValue) -> Data {
        line(.object(["jsonrpc": .string("2.0"), "id": id, "result": result]))
    }

    /// The message is the first problem's line; `data.problems` all of them, as `--json` lists problems.
    static func error(_ code: ErrorCode, id: JSONValue, _ problems: [Diagnostic]) -> Data {
        let message = problems.first.map { String($0.lineWithoutPosition.dropFirst("error: ".count)) } ?? "\(code)"
        let listed = problems.map { problem -> JSONValue in
            let bytes = (try? JSONEncoder().encode(JSONReport.Problem(problem))) ?? Data()
            return (try? JSONValue.parse(bytes)) ?? .null
        }
        return line(.object(["jsonrpc": .string("2.0"), "id": id, "error": .object([
            "code": .number(Double(code.rawValue)), "message": .string(message), "data": .object(["problems": .array(listed)]),
        ])]))
    }

    /// One line: compact JSON (every control character escaped), then a newline.
    static func line(_ value: JSONValue) -> Data {
        var data = canonical(value).encoded
        data.append(0x0A)
        return data
    }

    private static func canonical(_ value: JSONValue) -> CanonicalJSON {
        switch value {
        case .object(let fields): return .object(fields.mapValues(canonical))
        case .array(let items): return .array(items.map(canonical))
        case .string(let s): return .string(s)
        case .number(let n): return n.rounded() == n && abs(n) < 1e15 ? .integer(Int(n)) : .number(n)
        case .bool(let b): return .bool(b)
        case .null: return .null
        }
    }
}
