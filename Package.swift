// swift-tools-version:5.10
import PackageDescription

// Debian's C libraries come in through system-library targets found with pkg-config;
// scripts/setup.sh installs the -dev packages named in `providers`.
// The library's targets in pipeline order: the shared targets, then each stage, then
// ScreenshotCompose (the orchestration and the API users import). A target depends on and
// imports only targets before it; scripts/check-stages.py (make test) fails otherwise.
let libraryLayers = ["Support", "Diagnostics", "Ingest", "Plan", "Layout", "Compose", "Raster", "Manifest", "Publish", "ScreenshotCompose"]

let package = Package(
    name: "store-screenshot-compose",
    products: [
        .library(name: "ScreenshotCompose", targets: ["ScreenshotCompose"]),
        .executable(name: "store-screenshot-compose", targets: ["store-screenshot-compose"]),
        // librsvg and cairo draw in these processes, started by the tool (installed beside it).
        .executable(name: "ssc-raster-worker", targets: ["ssc-raster-worker"]),
    ],
    targets: [
        .systemLibrary(name: "CRsvg", path: "Sources/CRsvg", pkgConfig: "librsvg-2.0",
                       providers: [.apt(["librsvg2-dev"])]),
        .systemLibrary(name: "CPangoCairo", path: "Sources/CPangoCairo", pkgConfig: "pangocairo",
                       providers: [.apt(["libpango1.0-dev"])]),
        // SHA-256 on the CPU's SHA instructions (OpenSSL's libcrypto).
        .systemLibrary(name: "CCrypto", path: "Sources/CCrypto", pkgConfig: "libcrypto",
                       providers: [.apt(["libssl-dev"])]),
        // Element lines and columns of template and frame SVGs (FoundationXML keeps none per node).
        .systemLibrary(name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0",
                       providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CLcms2", path: "Sources/CLcms2", pkgConfig: "lcms2",
                       providers: [.apt(["liblcms2-dev"])]),
        // libhyphen has no .pc file in Debian: the module map links `hyphen` by name.
        .systemLibrary(name: "CHyphen", path: "Sources/CHyphen", providers: [.apt(["libhyphen-dev"])]),
        // Finnish hyphenates through Voikko's morphology (Debian ships no hyphen-fi patterns).
        .systemLibrary(name: "CVoikko", path: "Sources/CVoikko", pkgConfig: "libvoikko", providers: [.apt(["libvoikko-dev"])]),
        .systemLibrary(name: "CICU", path: "Sources/CICU", pkgConfig: "icu-uc", providers: [.apt(["libicu-dev"])]),
        // ICU's C names carry its version through macros Swift cannot import: called from C.
        .target(name: "CICUShim", dependencies: ["CICU"], path: "Sources/CICUShim"),
        // Compresses output PNGs' image data: faster than zlib for the same size (README, make bench).
        .systemLibrary(name: "CDeflate", path: "Sources/CDeflate", pkgConfig: "libdeflate",
                       providers: [.apt(["libdeflate-dev"])]),
        // libpng reports errors by longjmp; that stays in C so Swift never longjmps. The output
        // encoder filters rows itself and deflates them with libdeflate.
        .target(name: "CPNGShim", dependencies: ["CPNG", "CDeflate"], path: "Sources/CPNGShim"),
        // posix_spawn, memfd_create, socketpair and the rlimits of the drawing workers.
        .target(name: "CProcessShim", path: "Sources/CProcessShim"),
        // Shared by every stage: bytes, JSON with positions, files, SHA-256 (Support); the
        // diagnostics model and the field readers that report into it (Diagnostics).
        .target(name: "Support", dependencies: ["CCrypto", "CPNGShim", "CLibXML2"], path: "Sources/Support"),
        .target(name: "Diagnostics", dependencies: ["Support"], path: "Sources/Diagnostics"),
        // Files → values: the job file and every file it names, templates read into their
        // normalized tree (Template/), the shipped resources (the one `Bundle.module` that holds
        // them: templates, catalogs, store languages, themes, schemas).
        .target(
            name: "Ingest",
            dependencies: ["Support", "Diagnostics", "CRsvg", "CLibXML2"],
            path: "Sources/Ingest",
            resources: [.copy("Resources/templates"), .copy("Resources/wells.json"),
                        .copy("Resources/app-store-languages.json"), .copy("Resources/google-play-languages.json"), .copy("Resources/store-wells.json"), .copy("Resources/line-start-words.json"), .copy("Resources/themes"),
                        .copy("Resources/schemas")]
        ),
        // Values → the validated plan: one OutputSpec per output, each once with its key.
        .target(name: "Plan", dependencies: ["Support", "Diagnostics", "Ingest", "CLcms2"], path: "Sources/Plan"),
        // OutputSpec → LaidOutOutput: text set and fitted (Pango, HarfBuzz, libhyphen, ICU), captures placed.
        .target(name: "Layout", dependencies: ["Support", "Diagnostics", "Ingest", "Plan", "CPangoCairo", "CHyphen", "CVoikko", "CICUShim"],
                path: "Sources/Layout"),
        // LaidOutOutput → ComposedSVG: the template's tree filled.
        .target(name: "Compose", dependencies: ["Support", "Diagnostics", "Ingest", "Plan", "Layout"], path: "Sources/Compose"),
        // ComposedSVG → RenderedOutput: librsvg draws it, the PNG is encoded.
        .target(name: "Raster", dependencies: ["Support", "Diagnostics", "Ingest", "Plan", "Layout", "Compose", "CRsvg", "CPangoCairo", "CProcessShim"],
                path: "Sources/Raster"),
        // RenderedOutput → Manifest: every input and output with its SHA-256; reading, merging, verifying.
        .target(name: "Manifest", dependencies: ["Support", "Diagnostics", "Ingest", "Plan", "Layout", "Compose", "Raster"], path: "Sources/Manifest"),
        // Manifest → the output folder: staged, owned files, locks, reports, the contact sheet.
        .target(name: "Publish", dependencies: ["Support", "Diagnostics", "Ingest", "Plan", "Layout", "Compose", "Raster", "Manifest"],
                path: "Sources/Publish"),
        // The orchestration (Pipeline/) and the API users import (every stage re-exported).
        .target(
            name: "ScreenshotCompose",
            dependencies: ["Support", "Diagnostics", "Ingest", "Plan", "Layout", "Compose", "Raster", "Manifest", "Publish",
                           "CRsvg", "CPangoCairo", "CPNGShim"],
            path: "Sources/ScreenshotCompose"
        ),
        .executableTarget(name: "store-screenshot-compose", dependencies: ["ScreenshotCompose"],
                          path: "Sources/store-screenshot-compose"),
        // One drawing worker: reads drawing requests on its stdin, draws under its limits (RasterWorkers).
        .executableTarget(name: "ssc-raster-worker", dependencies: ["Raster"], path: "Sources/ssc-raster-worker"),
        // The library used from another program (a job built in code); `make test` runs it.
        .executableTarget(name: "ssc-example", dependencies: ["ScreenshotCompose"], path: "Sources/ssc-example"),
        // `make bench` only: times capture decoding and PNG encoding alone.
        .executableTarget(name: "ssc-bench", dependencies: ["ScreenshotCompose"], path: "Sources/ssc-bench"),
        // `make fuzz` only: libFuzzer entry point over the decoders (built with -sanitize=fuzzer).
        .executableTarget(name: "ssc-fuzz", dependencies: ["ScreenshotCompose"], path: "Sources/ssc-fuzz"),
        .testTarget(name: "ScreenshotComposeTests", dependencies: ["ScreenshotCompose", "Support", "Diagnostics", "Ingest", "Plan", "Layout", "Compose", "Raster", "Manifest", "Publish", "CPNGShim", "store-screenshot-compose", "ssc-raster-worker"],
                    path: "Tests/ScreenshotComposeTests", exclude: ["References"]),
    ]
)
