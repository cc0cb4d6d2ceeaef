import Diagnostics
import CPangoCairo
import Foundation
import Support

// The only Swift file that changes fontconfig's configuration (the Pango bridge,
// PangoTypesetter.swift, only reads it).
//
// Why one owner: fontconfig's configuration (`FcConfigGetCurrent`) is one per process, and
// everything that draws text reads it — our Pango contexts when measuring, and librsvg, which
// draws through the default Pango font map of each thread. A job's font files are added to
// that configuration, so they are process-wide state whatever Swift value asked for them.
// This registry is that state's one owner:
//  - each distinct font file is given to fontconfig once per process, keyed by its content
//    (the SHA-256 of the bytes the ingest step read): the same font under two paths, in one
//    job or in two runs, is one registration and one face, so fontconfig never holds two
//    faces of one family that could tie in matching;
//  - nothing is ever released: fontconfig can only drop every application font at once
//    (`FcConfigAppFontClear`), which would pull fonts from under a run drawing on another
//    thread (or a library user's second composer). The private copies fontconfig reads stay
//    on disk until the process exits (`FontFileCopies`);
//  - a font map made before a registration holds a stale cache, and font maps are not
//    thread-safe, so the registry never touches another thread's map: it counts registrations
//    (`generation`), and each thread brings its own maps up to date before it measures or
//    draws (`refreshThreadFontMap`, `PangoTypesetter`'s per-thread contexts);
//  - a run with font files measures and draws with a configuration of its own (`runConfig`),
//    set on each thread's font map, never made current: the job's families come from its files
//    alone, and the next run in the process (without them) sees the machine's faces again.

/// The process's registered font files (see the comment above for why there is one).
public enum FontRegistry {
    private final class State: @unchecked Sendable {
        let lock = NSLock()
        /// SHA-256 of the content → the file fontconfig was given for it.
        var registered: [String: String] = [:]
        /// Bumped by every registration that gave fontconfig a new file.
        var generation = 0
        /// The job's files the run draws with (`runFonts`).
        var run: [FontFileCopies.Copy] = []
        /// SHA-256s of a run's files → its configuration (`runConfig`), kept for the process.
        var configs: [String: OpaquePointer] = [:]
        /// SHA-256 → a job font file's first face (`fontFace`), read once per process.
        var faces: [String: (family: String, weight: Int, italic: Bool)] = [:]
    }

    private static let state = State()
    private static let seenKey = "store-screenshot-compose.fontRegistryGeneration"

    /// Gives fontconfig the private copies whose content it does not hold yet, each once per
    /// process however many paths, jobs or threads bring it. Throws `FontRegistrationError`
    /// naming the first file fontconfig cannot use (the copies before it stay registered).
    package static func register(_ copies: [FontFileCopies.Copy]) throws {
        guard !copies.isEmpty else { return }
        state.lock.lock()
        defer { state.lock.unlock() }
        var added = false
        defer {
            if added {
                state.generation += 1
            }
        }
        for copy in copies where state.registered[copy.sha256] == nil {
            guard FcConfigAppFontAddFile(FcConfigGetCurrent(), copy.privatePath) != 0 else {
                throw FontRegistrationError(path: copy.privatePath)
            }
            state.registered[copy.sha256] = copy.privatePath
            added = true
        }
    }

    /// SHA-256 of each distinct registered content → the file fontconfig holds for it.
    package static var registeredFiles: [String: String] {
        state.lock.lock()
        defer { state.lock.unlock() }
        return state.registered
    }

    /// The job's font files the run measures and draws with from now on (a run sets its job's,
    /// as it sets `RasterWorkers.bounds`; the drawing workers are sent them).
    package static var runFonts: [FontFileCopies.Copy] {
        get { state.lock.lock(); defer { state.lock.unlock() }; return state.run }
        set { state.lock.lock(); state.run = newValue; state.lock.unlock() }
    }

    /// fontconfig's configuration for the run (issue 34 item 4): fontconfig matches the machine's
    /// faces before the application's and keeps the first of equal scores, so an installed face of
    /// a job font's family won (Debian's fonts-lato beside a team's Lato). With font files, the run
    /// gets a configuration of its own, never the process's: the machine's, without its faces of
    /// the families those files hold (fontconfig's `rejectfont`), and the files as application
    /// fonts. Made once per set of files; without files, the process's (nil). `key` names it.
    private static func runConfig() -> (key: String, config: OpaquePointer?) {
        state.lock.lock()
        defer { state.lock.unlock() }
        let key = state.run.isEmpty ? "g\(state.generation)" : state.run.map(\.sha256).joined(separator: " ")
        guard !state.run.isEmpty else { return (key, nil) }
        if let made = state.configs[key] { return (key, made) }
        guard let config = FcConfigCreate() else { return (key, nil) }
        _ = FcConfigParseAndLoad(config, nil, 1)
        let names = Set(state.run.flatMap { families(inFontFile: $0.privatePath) })
        let patterns = names.sorted().map { "<pattern><patelt name=\"family\"><string>\(XMLText.escapeText($0))</string></patelt></pattern>" }
        _ = FcConfigParseAndLoadFromMemory(config, "<fontconfig><selectfont><rejectfont>\(patterns.joined())</rejectfont></selectfont></fontconfig>", 1)
        _ = FcConfigBuildFonts(config)
        for copy in state.run { _ = FcConfigAppFontAddFile(config, copy.privatePath) }
        state.configs[key] = config
        return (key, config)
    }

    /// Gives `map` the run's configuration when `seen` (the key it last got) is another.
    static func bringUpToDate(_ map: OpaquePointer, seen: inout String?) {
        let (key, config) = runConfig()
        guard key != seen else { return }
        // Pango drops its caches; nil: the process's configuration, with every registration.
        pango_fc_font_map_set_config(map, config)
        seen = key
    }

    /// Makes this thread's default font map (the one librsvg draws with) use the run's
    /// configuration, with every font file registered so far, on any thread. Cheap when nothing
    /// changed: call before drawing.
    public static func refreshThreadFontMap() {
        let dictionary = Thread.current.threadDictionary
        guard let shared = pango_cairo_font_map_get_default() else { return }
        var seen = dictionary[seenKey] as? String
        bringUpToDate(OpaquePointer(shared), seen: &seen)
        dictionary[seenKey] = seen
    }

    /// Every file fontconfig was given for this process (`FcSetApplication`), as it holds them.
    static func applicationFontFiles() -> [String] {
        guard let fonts = FcConfigGetFonts(FcConfigGetCurrent(), FcSetApplication) else { return [] }
        var files: [String] = []
        for index in 0..<Int(fonts.pointee.nfont) {
            var file: UnsafeMutablePointer<FcChar8>?
            if let pattern = fonts.pointee.fonts[index], FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file {
                files.append(String(cString: file))
            }
        }
        return files
    }

    /// Every family name (each language's) of every face fontconfig finds in a font file.
    private static func families(inFontFile path: String) -> [String] {
        guard let set = FcFontSetCreate() else { return [] }
        defer { FcFontSetDestroy(set) }
        guard FcFileScan(set, nil, nil, nil, path, 1) != 0 else { return [] }
        var names: [String] = []
        for index in 0..<Int(set.pointee.nfont) {
            var name: UnsafeMutablePointer<FcChar8>?
            var n: Int32 = 0
            while let pattern = set.pointee.fonts[index], FcPatternGetString(pattern, FC_FAMILY, n, &name) == FcResultMatch, let name {
                names.append(String(cString: name))
                n += 1
            }
        }
        return names
    }

    /// The CSS `@font-face` rule of a job font file's first face (its family, weight and style as
    /// fontconfig reads them), its source `href`: what a composed SVG carries so a browser draws
    /// the face librsvg drew. Nil when fontconfig finds no font in the file.
    package static func fontFace(_ copy: FontFileCopies.Copy, href: String) -> String? {
        state.lock.lock()
        let known = state.faces[copy.sha256]
        state.lock.unlock()
        guard let face = known ?? describe(fontFile: copy.privatePath) else { return nil }
        state.lock.lock()
        state.faces[copy.sha256] = face
        state.lock.unlock()
        let family = face.family.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "@font-face{font-family:\"\(family)\";src:url(\"\(href)\");font-weight:\(face.weight);font-style:\(face.italic ? "italic" : "normal")}"
    }

    /// The family name, CSS weight and slant fontconfig reads from a font file's first face,
    /// without registering it (init names a frameit font file's family in the job); nil when
    /// fontconfig finds no font in the file.
    package static func describe(fontFile path: String) -> (family: String, weight: Int, italic: Bool)? {
        guard let set = FcFontSetCreate() else { return nil }
        defer { FcFontSetDestroy(set) }
        let scanned = path.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: path.utf8.count + 1) { FcFileScan(set, nil, nil, nil, $0, 1) }
        }
        guard scanned != 0, set.pointee.nfont > 0, let pattern = set.pointee.fonts[0] else { return nil }
        var name: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, FC_FAMILY, 0, &name) == FcResultMatch, let name else { return nil }
        var weight: Int32 = 80
        _ = FcPatternGetInteger(pattern, FC_WEIGHT, 0, &weight)
        let css = Int(FcWeightToOpenType(weight))
        var slant: Int32 = 0
        _ = FcPatternGetInteger(pattern, FC_SLANT, 0, &slant)
        return (String(cString: name), min(900, max(100, (css + 50) / 100 * 100)), slant != 0)
    }

    /// True when fontconfig knows a font of this family (installed or registered).
    static func hasFamily(_ family: String) -> Bool {
        guard let pattern = FcPatternCreate() else { return false }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) { FcPatternAddString(pattern, FC_FAMILY, $0) }
        }
        guard let objects = FcObjectSetCreate() else { return false }
        defer { FcObjectSetDestroy(objects) }
        FcObjectSetAdd(objects, FC_FAMILY)
        guard let list = FcFontList(FcConfigGetCurrent(), pattern, objects) else { return false }
        defer { FcFontSetDestroy(list) }
        return list.pointee.nfont > 0
    }
}

extension FontRegistry {
    /// In a drawing worker: gives fontconfig the run's files (SHA-256, path) it does not hold
    /// yet, and brings this thread's font map to the run's configuration.
    package static func registerInWorker(_ files: [(sha256: String, path: String)]) throws {
        let copies = files.map { FontFileCopies.Copy(userPath: $0.path, privatePath: $0.path, sha256: $0.sha256) }
        try register(copies.filter { registeredFiles[$0.sha256] == nil })
        runFonts = copies
        refreshThreadFontMap()
    }
}
