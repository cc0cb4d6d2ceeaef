/// Shard `index` of `count` (1 ≤ index ≤ count): the outputs whose position in the plan's list
/// (of the selected locales) is `index - 1` modulo `count`. Parts differ by at most one output,
/// and the same plan always splits the same way, so each CI job of a matrix renders its own share.
import Support
import Diagnostics

public struct Shard: Equatable, Sendable {
    public var index: Int
    public var count: Int

    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `I/N`.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        self.init(index: i, count: n)
    }
}

/// The part of the plan's outputs a run renders: those of `locales` (nil: every locale), then
/// `shard`'s share of them. Render, `check`, `verify` and merges all pick a part through this one
/// rule, over the plan's one list of outputs.
public struct PlanSelection: Equatable, Sendable {
    public var locales: [String]?
    public var shard: Shard?

    public init(locales: [String]? = nil, shard: Shard? = nil) {
        self.locales = locales
        self.shard = shard
    }

    /// The items of the selected locales, in their order; positions taken after the locale filter.
    func locales<T>(_ items: [T], locale: (T) -> String) -> [T] {
        guard let locales else { return items }
        return items.filter { locales.contains(locale($0)) }
    }

    /// The items this selection renders, in their order.
    public func pick<T>(_ items: [T], locale: (T) -> String) -> [T] {
        let ofLocales = self.locales(items, locale: locale)
        guard let shard, shard.count > 1 else { return ofLocales }
        return ofLocales.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
    }
}
