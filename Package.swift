// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "shelfscan",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "shelfscan", targets: ["shelfscan"]),
        .executable(name: "shelfbench", targets: ["shelfbench"]),
        .library(
            name: "ShelfScan",
            targets: [
                "ShelfText", "ShelfISBN", "ShelfImaging", "ShelfWorkers", "ShelfDetection", "ShelfBarcodes", "ShelfOCR",
                "ShelfReading", "ShelfLibrary", "ShelfPipeline",
            ]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // MARK: - C libraries, one small target each

        .target(
            name: "CPNG",
            linkerSettings: [.linkedLibrary("png16")]
        ),
        .target(
            name: "CJPEG",
            linkerSettings: [.linkedLibrary("jpeg")]
        ),
        .systemLibrary(
            name: "CTesseract",
            pkgConfig: "tesseract",
            providers: [.apt(["libtesseract-dev", "libleptonica-dev", "tesseract-ocr-eng"])]
        ),
        .systemLibrary(
            name: "CLeptonica",
            pkgConfig: "lept",
            providers: [.apt(["libleptonica-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .systemLibrary(
            name: "CZBar",
            pkgConfig: "zbar",
            providers: [.apt(["libzbar-dev"])]
        ),
        // Tesseract's line images kept uncompressed (see its shim.c).
        .target(name: "CTesseractLines"),
        .target(
            name: "CZXing",
            cxxSettings: [.define("ZX_USE_UTF8", to: "1")],
            linkerSettings: [.linkedLibrary("ZXing")]
        ),

        // MARK: - Swift, one target per stage; the imports run one way:
        // ShelfFiles ← ShelfImaging, ShelfLibrary (a file's failures in plain words, outputs written whole);
        // ShelfText, ShelfISBN, ShelfImaging, ShelfWorkers ← ShelfDetection, ShelfBarcodes, ShelfOCR
        //   ← ShelfReading ← ShelfPipeline → ShelfLibrary; ShelfScanCLI on top of them all.

        .target(name: "ShelfText"),
        .target(name: "ShelfFiles"),
        .target(name: "ShelfISBN"),
        .target(name: "ShelfWorkers"),
        .target(name: "ShelfImaging", dependencies: ["ShelfFiles", "CPNG", "CJPEG"]),
        .target(name: "ShelfDetection", dependencies: ["ShelfImaging"]),
        .target(name: "ShelfBarcodes", dependencies: ["ShelfImaging", "ShelfISBN", "CZBar", "CZXing"]),
        .target(
            name: "ShelfOCR", dependencies: ["ShelfImaging", "ShelfWorkers", "CTesseract", "CLeptonica", "CTesseractLines"]
        ),
        .target(
            name: "ShelfReading",
            dependencies: ["ShelfText", "ShelfISBN", "ShelfImaging", "ShelfDetection", "ShelfOCR"]
        ),
        .target(
            name: "ShelfLibrary",
            dependencies: [
                "ShelfText", "ShelfISBN", "ShelfWorkers", "ShelfFiles", .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .target(
            name: "ShelfCatalog",
            dependencies: [
                "ShelfText", "ShelfISBN", "ShelfFiles", "ShelfLibrary", "CZlib",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .target(
            name: "ShelfPipeline",
            dependencies: [
                "ShelfText", "ShelfISBN", "ShelfImaging", "ShelfWorkers", "ShelfDetection", "ShelfBarcodes", "ShelfOCR",
                "ShelfReading", "ShelfLibrary", "ShelfCatalog",
            ]
        ),
        .target(
            name: "ShelfScanCLI",
            dependencies: [
                "ShelfPipeline", "ShelfLibrary", "ShelfImaging", "ShelfISBN", "ShelfOCR", "ShelfFiles", "ShelfWorkers",
                "ShelfCatalog", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "shelfscan",
            dependencies: ["ShelfScanCLI"]
        ),

        // MARK: - The benchmark (shelfbench): accuracy against truth files, stage timings, the naive peer

        .target(
            name: "ShelfBench",
            dependencies: ["ShelfPipeline", "ShelfLibrary", "ShelfImaging", "ShelfISBN", "ShelfText", "ShelfDetection"]
        ),
        .executableTarget(
            name: "shelfbench",
            dependencies: [
                "ShelfBench", "ShelfPipeline", "ShelfLibrary", "ShelfOCR", "ShelfCatalog",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: - The catalogue at scale (catalogbench)

        .executableTarget(
            name: "catalogbench",
            dependencies: [
                "ShelfCatalog", "ShelfLibrary", "CZlib", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: - Soak runs (Scripts/soak.sh)

        .executableTarget(
            name: "shelfscan-soak",
            dependencies: [
                "ShelfPipeline", "ShelfOCR", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: - Fuzzing (Scripts/fuzz.sh)

        .target(
            name: "ShelfFuzzTargets",
            dependencies: ["ShelfImaging", "ShelfISBN", "ShelfDetection", "ShelfLibrary"]
        ),
        .executableTarget(
            name: "shelfscan-fuzz",
            dependencies: ["ShelfFuzzTargets"]
        ),
        // MARK: - Tests

        .target(name: "ShelfTestSupport"),
        .testTarget(
            name: "ShelfScanTests",
            dependencies: [
                "ShelfText", "ShelfISBN", "ShelfImaging", "ShelfWorkers", "ShelfDetection", "ShelfBarcodes", "ShelfOCR",
                "ShelfReading", "ShelfLibrary", "ShelfPipeline", "ShelfFuzzTargets", "ShelfTestSupport", "ShelfBench", "ShelfFiles",
                "ShelfCatalog",
            ]
        ),
        .testTarget(
            name: "ShelfScanCLITests",
            // The executables are dependencies so that end-to-end tests can run the built binaries.
            dependencies: [
                "ShelfScanCLI", "ShelfPipeline", "ShelfLibrary", "ShelfImaging", "ShelfISBN", "shelfscan", "shelfbench",
                "ShelfTestSupport", "ShelfFiles", "ShelfWorkers",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            // The stored outputs the golden tests compare with, read from #filePath.
            exclude: ["Golden"]
        ),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
