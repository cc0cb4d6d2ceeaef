import CCrypto
import Foundation

// The only Swift file that uses OpenSSL's libcrypto: its SHA-256 runs on the CPU's SHA
// instructions where there are some (about 4.5 times GLib's portable GChecksum here, which
// took over a quarter of a render's CPU; make bench).

public enum SHA256 {
    /// The SHA-256 of `data` as 64 lowercase hex digits.
    public static func hex(_ data: Data) -> String {
        let hasher = Hasher()
        data.withUnsafeBytes { hasher.update($0) }
        return hasher.finalize()
    }

    /// The SHA-256 of bytes fed in pieces (rows as an encoder streams them), with no copy of
    /// the whole input. One thread at a time; `finalize` once, last.
    public final class Hasher {
        private let context: OpaquePointer

        public init() {
            guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, SHA256.algorithm, nil) == 1 else {
                preconditionFailure("libcrypto could not start a SHA-256 digest")
            }
            self.context = context
        }

        deinit { EVP_MD_CTX_free(context) }

        public func update(_ bytes: UnsafeRawBufferPointer) {
            guard let base = bytes.baseAddress, bytes.count > 0 else { return }
            update(base, count: bytes.count)
        }

        public func update(_ base: UnsafeRawPointer, count: Int) {
            guard EVP_DigestUpdate(context, base, count) == 1 else {
                preconditionFailure("libcrypto refused SHA-256 input")
            }
        }

        /// For a C encoder's row callback: `context` is an unretained `Hasher`.
        public static let rowSink: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, Int) -> Void = { context, row, size in
            guard let context, let row else { return }
            Unmanaged<Hasher>.fromOpaque(context).takeUnretainedValue().update(row, count: size)
        }

        /// The digest as 64 lowercase hex digits.
        public func finalize() -> String {
            var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
            var length: UInt32 = 0
            guard EVP_DigestFinal_ex(context, &digest, &length) == 1, length == 32 else {
                preconditionFailure("libcrypto could not finish a SHA-256 digest")
            }
            let hexDigits = Array("0123456789abcdef".utf8)
            var text = [UInt8](repeating: 0, count: 64)
            for i in 0..<32 {
                text[2 * i] = hexDigits[Int(digest[i] >> 4)]
                text[2 * i + 1] = hexDigits[Int(digest[i] & 0x0F)]
            }
            return String(decoding: text, as: UTF8.self)
        }
    }

    /// Fetched once: OpenSSL 3 looks an algorithm up by name on each implicit use.
    nonisolated(unsafe) private static let algorithm: OpaquePointer = {
        guard let md = EVP_MD_fetch(nil, "SHA256", nil) else {
            preconditionFailure("libcrypto has no SHA-256")
        }
        return md
    }()
}
