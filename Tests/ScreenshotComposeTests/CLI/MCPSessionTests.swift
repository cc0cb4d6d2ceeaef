import Foundation
import XCTest
import ScreenshotCompose
@testable import store_screenshot_compose

/// The MCP server's handling of one line: malformed requests and unknown methods and tools are
/// JSON-RPC errors naming the problem; a call's own bad arguments are an error result naming
/// each argument; nothing ends the session.
final class MCPSessionTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mcp-session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func session() -> MCPSession {
        MCPSession(confinement: FolderConfinement(root: folder))
    }

    private func reply(_ line: String, _ session: inout MCPSession) throws -> [String: JSONValue]? {
        guard let data = session.reply(to: Data(line.utf8)) else { return nil }
        XCTAssertEqual(data.last, 0x0A)
        XCTAssertEqual(data.filter { $0 == 0x0A }.count, 1, "one message, one line")
        return try JSONValue.parse(data).objectValue
    }

    private func reply(_ line: String) throws -> [String: JSONValue] {
        var s = session()
        return try XCTUnwrap(try reply(line, &s))
    }

    private func error(_ message: [String: JSONValue]) -> (code: Int?, message: String?) {
        let error = message["error"]?.objectValue
        return (error?["code"]?.integerValue, error?["message"]?.stringValue)
    }

    private func call(_ tool: String, _ arguments: String) throws -> (isError: Bool?, problems: [(field: String, message: String)]) {
        let message = try reply(#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"\#(tool)","arguments":\#(arguments)}}"#)
        let result = try XCTUnwrap(message["result"]?.objectValue, "\(message)")
        let problems = result["structuredContent"]?.objectValue?["problems"]?.arrayValue ?? []
        let isError: Bool? = if case .bool(let b) = result["isError"] { b } else { nil }
        return (isError, problems.map { ($0.objectValue?["field"]?.stringValue ?? "", $0.objectValue?["message"]?.stringValue ?? "") })
    }

    func testMalformedJSONIsAParseErrorNamingItsColumn() throws {
        let message = try reply(#"{"jsonrpc": "2.0", "id": 1,"#)
        XCTAssertEqual(error(message).code, -32700)
        XCTAssertEqual(error(message).message, "request: (document): not valid JSON: line 1, column 28: expected a key in quotes, found the end of the file")
        XCTAssertEqual(message["id"], .null)
    }

    func testBadBytesAndEnvelopesAreInvalidRequests() throws {
        XCTAssertEqual(error(try reply("[1, 2]")).code, -32600)
        XCTAssertEqual(error(try reply("[1, 2]")).message, "request: (document): expected an object, found an array")
        let method = try reply(#"{"jsonrpc":"2.0","id":3,"method":5}"#)
        XCTAssertEqual(error(method).code, -32600)
        XCTAssertEqual(error(method).message, "request: method: expected a string, found 5")
        XCTAssertEqual(method["id"], .number(3))
        XCTAssertEqual(error(try reply(#"{"jsonrpc":"1.0","id":"a","method":"ping"}"#)).message, #"request: jsonrpc: expected "2.0", found "1.0""#)
        XCTAssertEqual(error(try reply(#"{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}"#)).message, "request: id: expected a string or a number, found an object")
        var s = session()
        let bytes = try XCTUnwrap(s.reply(to: Data([0x7B, 0xFF, 0xFE, 0x7D])))
        XCTAssertEqual(error(try XCTUnwrap(try JSONValue.parse(bytes).objectValue)).code, -32700)
        let deep = String(repeating: "[", count: 10_000)
        XCTAssertEqual(error(try reply(deep)).code, -32700)
    }

    func testNotificationsAndBlankLinesAreNotAnswered() throws {
        var s = session()
        XCTAssertNil(try reply(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#, &s))
        XCTAssertTrue(s.initialized)
        XCTAssertNil(try reply("   \r", &s))
        XCTAssertNil(try reply(#"{"jsonrpc":"2.0","id":9,"result":{}}"#, &s))
        XCTAssertEqual(try reply(#"{"jsonrpc":"2.0","id":"p","method":"ping"}"#, &s)?["result"], .object([:]))
    }

    func testUnknownMethodAndUnknownToolAreJSONRPCErrors() throws {
        let method = try reply(#"{"jsonrpc":"2.0","id":1,"method":"server/discover"}"#)
        XCTAssertEqual(error(method).code, -32601)
        XCTAssertEqual(error(method).message, #"request: method: unknown method: expected initialize, ping, tools/list or tools/call, found "server/discover""#)
        let tool = try reply(#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"preview"}}"#)
        XCTAssertEqual(error(tool).code, -32602)
        XCTAssertEqual(error(tool).message, #"request: params.name: unknown tool: expected check, render, verify, wells_identify or init, found "preview""#)
        XCTAssertEqual(error(try reply(#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":[]}"#)).message,
                       "request: params: expected an object, found an array")
    }

    func testInitializeAnswersInTheRevisionItImplements() throws {
        func version(_ asked: String) throws -> String? {
            let message = try reply(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"\#(asked)","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#)
            return message["result"]?.objectValue?["protocolVersion"]?.stringValue
        }
        XCTAssertEqual(try version("2025-11-25"), "2025-11-25")
        XCTAssertEqual(try version("2025-06-18"), "2025-06-18")
        XCTAssertEqual(try version("2024-11-05"), "2025-11-25")
    }

    func testToolSchemasComeFromTheOptionTable() throws {
        let tools = try XCTUnwrap(try reply(#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)["result"]?.objectValue?["tools"]?.arrayValue)
        XCTAssertEqual(tools.compactMap { $0.objectValue?["name"]?.stringValue }, ["check", "render", "verify", "wells_identify", "init"])
        let render = try XCTUnwrap(tools[1].objectValue?["inputSchema"]?.objectValue)
        let properties = try XCTUnwrap(render["properties"]?.objectValue)
        let expected = CommandTable.commands.first { $0.name == "render" }!.options.map { String($0.name.dropFirst(2)) }
            .filter { !["json", "quiet", "verbose"].contains($0) } + ["job"]
        XCTAssertEqual(Set(properties.keys), Set(expected))
        XCTAssertEqual(properties["png-compression"]?.objectValue?["enum"], .array(["fast", "default", "small"].map(JSONValue.string)))
        XCTAssertEqual(properties["jobs"]?.objectValue?["minimum"], .number(1))
        XCTAssertEqual(render["required"], .array([.string("job")]))
        XCTAssertEqual(render["additionalProperties"], .bool(false))
    }

    func testArgumentsOfTheWrongTypeAreAnErrorResultNamingEach() throws {
        let answer = try call("render", #"{"job": 5, "locale": "de-DE", "jobs": 1.5, "svg-only": "yes", "shard": "0/2", "colour": "red"}"#)
        XCTAssertEqual(answer.isError, true)
        XCTAssertEqual(answer.problems.map(\.field), ["arguments.colour", "arguments.locale", "arguments.svg-only", "arguments.jobs", "arguments.shard", "arguments.job"])
        XCTAssertEqual(answer.problems.map(\.message), [
            "unknown field: expected one of allow-untranslated, fallback-locale, job, jobs, keep-going, layout, locale, max-drawing-memory, max-drawing-seconds, out, png-compression, shard, svg-only, found \"colour\"",
            "expected an array, found \"de-DE\"",
            "expected true or false, found \"yes\"",
            "expected a whole number, found 1.5",
            "takes I/N with 1 ≤ I ≤ N, found \"0/2\"",
            "expected a string, found 5",
        ])
        let missing = try call("verify", "{}")
        XCTAssertEqual(missing.isError, true)
        XCTAssertEqual(missing.problems.map(\.message), ["verify takes one MANIFEST, found 0"])
        XCTAssertEqual(try call("check", "[]").problems.map(\.message), ["expected an object, found an array"])
    }

    func testPathsOutsideTheFolderAreRefusedByName() throws {
        // The server resolves relative paths against its folder, its working directory; here an absolute one.
        let parent = folder.deletingLastPathComponent().resolvingSymlinksInPath().path
        let outside = try call("check", #"{"job": "\#(folder.path)/../elsewhere/job.json"}"#)
        XCTAssertEqual(outside.isError, true)
        XCTAssertEqual(outside.problems.map(\.field), ["arguments.job"])
        XCTAssertEqual(outside.problems.first?.message,
                       "expected a path inside \(FolderConfinement(root: folder).root.path) (the folder the server was started in), found \(folder.path)/../elsewhere/job.json (\(parent)/elsewhere/job.json)")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link").path, withDestinationPath: "/etc")
        let confinement = FolderConfinement(root: folder)
        XCTAssertNotNil(confinement.refusal(folder.appendingPathComponent("link/passwd").path, file: "f", field: "x"))
        XCTAssertNil(confinement.refusal(folder.appendingPathComponent("new/folder/file.png").path, file: "f", field: "x"))
        XCTAssertNil(confinement.refusal(folder.path, file: "f", field: "x"))
    }

    func testALineOverTheLimitIsReportedOnceAndSkipped() {
        var framing = LineFraming(limit: 4)
        XCTAssertEqual(framing.take(Array("ab\nabcdefgh".utf8)), [.line(Data("ab".utf8)), .tooLong])
        XCTAssertEqual(framing.take(Array("ijk\ncd\nef".utf8)), [.line(Data("cd".utf8))])
        XCTAssertEqual(framing.finish(), .line(Data("ef".utf8)))
    }
}
