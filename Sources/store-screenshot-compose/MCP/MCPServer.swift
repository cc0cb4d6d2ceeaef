import Foundation
import ScreenshotCompose

/// `store-screenshot-compose mcp`: messages on stdin, one a line, each answered on stdout in
/// turn (stdout carries nothing else; stderr says where the server serves). Ends at the end of
/// stdin, or when stdout is closed.
enum MCPServer {
    /// A line longer than this is answered with an invalid-request error and skipped up to its
    /// newline, never held whole: tool arguments are a few paths and options.
    static let maximumMessageBytes = 1 << 20

    static func serve(root: URL) {
        // A client that has gone: the write fails (EPIPE) and the server ends, instead of a signal.
        signal(SIGPIPE, SIG_IGN)
        var session = MCPSession(confinement: FolderConfinement(root: root),
                                 sourceDateEpoch: ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"])
        FileHandle.standardError.write(Data("store-screenshot-compose mcp: serving \(session.confinement.root.path) (MCP \(MCPSession.protocolVersion))\n".utf8))
        var framing = LineFraming(limit: maximumMessageBytes)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            for event in framing.take(chunk[0..<count]) {
                let reply: Data?
                switch event {
                case .line(let line): reply = session.reply(to: line)
                case .tooLong:
                    reply = MCPSession.error(.invalidRequest, id: .null, [.error("request", "(message)",
                        "expected a message of at most \(maximumMessageBytes) bytes on one line, found more")])
                }
                if let reply, !write(reply) { return }
            }
        }
        // A last line without its newline is still a message.
        if case .line(let line)? = framing.finish(), let reply = session.reply(to: line) { _ = write(reply) }
    }

    private static func write(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Foundation.write(1, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return false }
                offset += written
            }
            return true
        }
    }
}

/// Splits a byte stream into lines of at most `limit` bytes; a longer one is reported once and
/// its bytes dropped up to its newline.
struct LineFraming {
    enum Event: Equatable {
        case line(Data)
        case tooLong
    }

    var limit: Int
    private var pending = Data()
    private var skipping = false

    init(limit: Int) {
        self.limit = limit
    }

    mutating func take<S: Sequence>(_ bytes: S) -> [Event] where S.Element == UInt8 {
        var events: [Event] = []
        for byte in bytes {
            if byte == 0x0A {
                if !skipping { events.append(.line(pending)) }
                pending.removeAll(keepingCapacity: true)
                skipping = false
            } else if !skipping {
                pending.append(byte)
                if pending.count > limit {
                    events.append(.tooLong)
                    pending.removeAll()
                    skipping = true
                }
            }
        }
        return events
    }

    /// What is left at the end of the stream.
    mutating func finish() -> Event? {
        defer { pending.removeAll() }
        return skipping || pending.isEmpty ? nil : .line(pending)
    }
}
