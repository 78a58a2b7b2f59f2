// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "nfcrig",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "nfcrig", targets: ["nfcrig"]),
        .library(name: "NDEF", targets: ["NDEF", "HexText"]),
        // The fuzz targets' property checks, for the fuzzing package in Fuzz/ (issue 23).
        .library(name: "FuzzTargets", targets: ["FuzzTargets"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    ],
    targets: [
        .target(name: "HexText"),
        // nfcrig's version and the git commit it was built from, stamped in at build time by
        // the BuildInfo plugin, so that reports never take the working directory's commit.
        .target(name: "BuildProvenance", plugins: ["BuildInfo"]),
        .plugin(name: "BuildInfo", capability: .buildTool()),
        .target(name: "Locking"),
        // The air's floor under a read, a write or an APDU exchange, from the frame formats
        // alone: a leaf, so that the benchmarks and the report's plots share one formula.
        .target(name: "AirLimits"),
        .target(name: "NDEF", dependencies: ["HexText"]),
        .target(name: "TagFormat", dependencies: ["HexText"]),
        .target(name: "PN533", dependencies: ["HexText"]),
        // Trace records, their bounded store and pcapng files: a leaf, so that the simulated
        // field, the drivers and the CLI may all record and read traces (issue 21).
        .target(name: "PacketTrace", dependencies: ["HexText"]),
        .target(
            name: "PN533Sim",
            dependencies: [
                "PN533", "PacketTrace", "HexText", "Locking",
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "HeapModule", package: "swift-collections"),
            ]),
        .target(
            name: "TagEmulation",
            dependencies: ["ISODEP", "NDEF", "TagFormat", "PN533", "HexText", "Locking"]),
        .systemLibrary(
            name: "CLibUSB",
            pkgConfig: "libusb-1.0",
            providers: [.apt(["libusb-1.0-0-dev"])]
        ),
        .target(name: "PN533USB", dependencies: ["PN533", "CLibUSB", "HexText"]),
        .systemLibrary(
            name: "CUMockdev",
            pkgConfig: "umockdev-1.0",
            providers: [.apt(["libumockdev-dev", "libglib2.0-dev"])]
        ),
        .target(name: "VirtualUSBSupport", dependencies: ["CUMockdev"]),
        .target(
            name: "VirtualUSB", dependencies: ["PN533Sim", "PN533", "VirtualUSBSupport", "Locking"]),
        .target(name: "ISODEP", dependencies: ["PN533", "PacketTrace", "HexText", "Locking"]),
        // ISO-DEP time on the simulation clock: where the protocol layer and the simulator
        // meet, kept out of both so that ISODEP never knows a simulator exists.
        .target(name: "ISODEPSimulation", dependencies: ["ISODEP", "PN533Sim", "Locking"]),
        .target(
            name: "Rig",
            dependencies: [
                "PN533", "PN533USB", "PN533Sim", "ISODEP", "ISODEPSimulation", "TagFormat",
                "TagEmulation", "TagReader", "NDEF", "HexText", "VirtualUSB", "Locking",
                "PacketTrace", .product(name: "Yams", package: "Yams"),
            ]
        ),
        .target(
            name: "Conformance",
            dependencies: [
                "Rig", "TagEmulation", "TagReader", "NDEF", "TagFormat", "HexText", "Locking",
                "PacketTrace", "ISODEP",
            ]),
        .target(
            name: "Reporting",
            dependencies: [
                "Conformance", "Rig", "HexText", "PacketTrace", "TraceListing", "AirLimits",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ]
        ),
        // The human listing of a trace, decoded with the protocol layers' own decoders.
        .target(
            name: "TraceListing",
            dependencies: ["PacketTrace", "ISODEP", "PN533", "TagFormat", "HexText"]),
        .target(
            name: "TagReader", dependencies: ["ISODEP", "NDEF", "TagFormat", "PN533", "HexText"]),
        .target(name: "SeededRandom"),
        .target(
            name: "Benchmarks",
            dependencies: [
                "NDEF", "SeededRandom", "ISODEP", "PN533", "PN533Sim", "Rig", "TagEmulation",
                "TagFormat", "TagReader", "HexText", "AirLimits",
            ]
        ),
        // Every parser of outside input with the properties a fuzzer checks on it (issue 23):
        // the libFuzzer executables in Fuzz/ call these, and FuzzTargetsTests replays each
        // target's committed corpus through them in `make test`. Nothing imports it but those.
        .target(
            name: "FuzzTargets",
            dependencies: [
                "NDEF", "PN533", "PN533Sim", "ISODEP", "TagFormat", "Rig", "Reporting", "HexText",
                "Locking",
            ]),
        .executableTarget(
            name: "nfcrig",
            dependencies: [
                "BuildProvenance",
                "NDEF",
                "HexText",
                "Benchmarks",
                "PN533",
                "CLibUSB",
                "PN533USB",
                "Reporting",
                "Conformance",
                "Rig",
                "PN533Sim",
                "VirtualUSB",
                "TagEmulation",
                "TagFormat",
                "TagReader",
                "Locking",
                "PacketTrace",
                "TraceListing",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What many test targets need, in one place (docs/testing.md): hex literals, a
        // recorder and the one lock, seeded fuzz input, expected errors, test messages,
        // sample traces. It imports only leaf libraries, so that every test target may use it.
        .target(
            name: "NFCRigTestSupport",
            dependencies: ["HexText", "SeededRandom", "NDEF", "Locking", "PacketTrace"],
            path: "Tests/NFCRigTestSupport"),
        // The simulated reader/emulator rig the tests of the simulator and every layer above
        // it build on (docs/testing.md); apart from NFCRigTestSupport, only PN533Sim and
        // what it stands on, so that the simulator's own tests may use it.
        .target(
            name: "SimulatedRigSupport", dependencies: ["NFCRigTestSupport", "PN533", "PN533Sim"],
            path: "Tests/SimulatedRigSupport"),
        .testTarget(
            name: "BenchmarksTests", dependencies: ["Benchmarks", "PN533Sim", "AirLimits"]),
        .testTarget(name: "AirLimitsTests", dependencies: ["AirLimits"]),
        .testTarget(name: "HexTextTests", dependencies: ["HexText"]),
        .testTarget(name: "FuzzTargetsTests", dependencies: ["FuzzTargets", "NFCRigTestSupport"]),
        .testTarget(
            name: "PacketTraceTests", dependencies: ["PacketTrace", "HexText", "NFCRigTestSupport"]),
        .testTarget(
            name: "TraceListingTests",
            dependencies: [
                "TraceListing", "PacketTrace", "ISODEP", "PN533", "TagFormat", "NFCRigTestSupport",
            ]),
        .testTarget(
            name: "NDEFTests",
            dependencies: ["NDEF", "HexText", "SeededRandom", "NFCRigTestSupport"]),
        .testTarget(
            name: "TagFormatTests",
            dependencies: ["TagFormat", "SeededRandom", "NFCRigTestSupport"]),
        .testTarget(
            name: "nfcrigTests",
            dependencies: [
                "nfcrig", "BuildProvenance", "NDEF", "HexText", "Conformance", "Reporting", "Rig",
                "TagReader",
                "PacketTrace", "PN533USB", "NFCRigTestSupport", "SeededRandom",
            ]
        ),
        .testTarget(
            name: "PN533Tests",
            dependencies: ["PN533", "HexText", "SeededRandom", "NFCRigTestSupport"]),
        .testTarget(
            name: "PN533SimTests",
            dependencies: [
                "PN533Sim", "PN533", "PacketTrace", "HexText", "SeededRandom", "Locking",
                "NFCRigTestSupport",
                "SimulatedRigSupport",
            ]),
        .testTarget(
            name: "TagEmulationTests",
            dependencies: [
                "TagEmulation", "PN533Sim", "NDEF", "HexText", "TagFormat", "ISODEP",
                "ISODEPSimulation", "PN533", "NFCRigTestSupport", "SimulatedRigSupport",
            ]
        ),
        .testTarget(
            name: "RigTests",
            dependencies: [
                "Rig", "VirtualUSB", "NDEF", "PN533", "PacketTrace", "TagFormat",
                "NFCRigTestSupport",
            ]),
        .testTarget(
            name: "ReportingTests",
            dependencies: [
                "Reporting", "Conformance", "Rig", "PacketTrace", "PN533", "TagReader",
                "NFCRigTestSupport", "SeededRandom", "AirLimits",
            ]),
        .testTarget(name: "PN533USBTests", dependencies: ["PN533USB", "PN533", "CLibUSB"]),
        .testTarget(
            name: "VirtualUSBTests",
            dependencies: [
                "VirtualUSB", "PN533USB", "PN533Sim", "PN533", "CLibUSB", "NFCRigTestSupport",
            ]
        ),
        .testTarget(
            name: "ISODEPTests",
            dependencies: [
                "ISODEP", "ISODEPSimulation", "PN533", "PN533Sim", "PacketTrace", "HexText",
                "SeededRandom", "NFCRigTestSupport", "SimulatedRigSupport",
            ]),
        .testTarget(
            name: "TagReaderTests",
            dependencies: [
                "TagReader", "PN533Sim", "NDEF", "HexText", "TagFormat", "ISODEP", "PN533",
                "NFCRigTestSupport", "SimulatedRigSupport",
            ]
        ),
        .testTarget(
            name: "ConformanceTests",
            dependencies: [
                "Conformance", "Rig", "TagReader", "NDEF", "HexText", "PN533Sim",
                "NFCRigTestSupport", "ISODEP", "TagEmulation", "TagFormat", "PacketTrace",
            ]),
        .testTarget(
            name: "IntegrationTests",
            dependencies: [
                "Rig", "TagReader", "TagEmulation", "PN533Sim", "PN533", "NDEF", "HexText",
                "TagFormat", "NFCRigTestSupport", "SimulatedRigSupport",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// A module uses only what it imports: a layer cannot reach a type through another module's
// import. A module above a target is built after it, so the target cannot import it; make
// build and make test add SwiftPM's import check, which refuses a module beside it too. So
// the table of allowed imports (docs/architecture.md) is what the compiler sees.
for target in package.targets where target.type != .system && target.type != .plugin {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("MemberImportVisibility")
        ]
}
