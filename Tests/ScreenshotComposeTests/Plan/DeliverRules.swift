import Foundation
import XCTest

/// fastlane deliver's screenshot classification as recorded facts
/// (`fixtures/fastlane-deliver/display-types.json`), applied the way the file states them: the
/// first display type whose sizes hold the file's size, then the rule for a size two display
/// types share, which looks for strings in the file's path or name.
struct DeliverRules {
    struct SharedSize {
        var sizes: Set<String>
        var displayType: String
        var lowercasedPath: Bool
        var otherwiseWhenAll: [[String]]
        var otherwise: String
    }

    struct Version {
        var name: String
        var commit: String
        var displayTypes: [(type: String, sizes: [String])]
        var sharedSizes: [SharedSize]

        /// The display type deliver gives a file at `path` of `width` × `height`; nil when it
        /// refuses the size.
        func classify(path: String, width: Int, height: Int) -> String? {
            let size = "\(width)x\(height)"
            guard let found = displayTypes.first(where: { $0.sizes.contains(size) })?.type else { return nil }
            guard let shared = sharedSizes.first(where: { $0.sizes.contains(size) }) else { return found }
            let haystack = shared.lowercasedPath ? path.lowercased() : URL(fileURLWithPath: path).lastPathComponent
            let other = shared.otherwiseWhenAll.contains { group in group.allSatisfy { haystack.contains($0) } }
            return other ? shared.otherwise : shared.displayType
        }
    }

    var versions: [Version]
    /// deliver's display type → this catalog's target.
    var targets: [(type: String, target: String)]
    var notInCatalog: [String: String]

    static func load() throws -> DeliverRules {
        let url = Fixtures.repository.appendingPathComponent("fixtures/fastlane-deliver/display-types.json")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let versions = try XCTUnwrap(object["versions"] as? [[String: Any]]).map { version -> Version in
            let types = (version["displayTypes"] as? [[Any]] ?? []).compactMap { pair -> (String, [String])? in
                guard pair.count == 2, let type = pair[0] as? String, let sizes = pair[1] as? [String] else { return nil }
                return (type, sizes)
            }
            let shared = (version["sharedSizes"] as? [[String: Any]] ?? []).map { rule in
                SharedSize(sizes: Set(rule["sizes"] as? [String] ?? []), displayType: rule["displayType"] as? String ?? "",
                           lowercasedPath: (rule["haystack"] as? String) == "path, lower-cased",
                           otherwiseWhenAll: rule["otherwiseWhenAll"] as? [[String]] ?? [], otherwise: rule["otherwise"] as? String ?? "")
            }
            return Version(name: version["name"] as? String ?? "", commit: version["commit"] as? String ?? "",
                           displayTypes: types, sharedSizes: shared)
        }
        let targets = (object["targets"] as? [[String]] ?? []).compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil }
        return DeliverRules(versions: versions, targets: targets, notInCatalog: object["notInCatalog"] as? [String: String] ?? [:])
    }
}
