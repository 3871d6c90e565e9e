// swift-tools-version:6.0
import PackageDescription

// Release executables carry the Swift runtime and Foundation inside (-static-stdlib, what
// `--static-swift-stdlib` does): no Swift shared library to find, map and relocate at start
// (`leavenow next` is a process a person waits for, and the worker idles in less memory). Every module
// is compiled with it too, so that it links the static modules' dependencies. Debug builds, which
// the tests run, stay dynamic: they link faster.
// Linked by GNU ld with its relative relocations packed (DT_RELR, glibc ≥ 2.36): 16 KB instead of
// 2 MB of .rela.dyn that the loader would read at every start (and the worker keep mapped).
let staticStandardLibrary = ["-static-stdlib"]
let releaseLinking: [LinkerSetting] = [
    .unsafeFlags(staticStandardLibrary + ["-use-ld=bfd", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"], .when(configuration: .release)),
]

let package = Package(
    name: "leavenow",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "leavenow", targets: ["leavenow"]),
        .executable(name: "leavenow-bench", targets: ["leavenow-bench"]),
        .library(name: "Timetable", targets: ["Timetable"]),
        .library(name: "Rules", targets: ["Rules"]),
        .library(name: "Weather", targets: ["Weather"]),
        .library(name: "Feeds", targets: ["Feeds"]),
        .library(name: "Realtime", targets: ["Realtime"]),
    ],
    targets: [
        // C libraries from Debian, one owner module each.
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        // libcurl, libpq, libsqlite3 and libcrypto are not linked: CLazyLibraries loads each one when a
        // function of it is first called (`leavenow next` starts without them). Their headers are on the
        // default search path, so these modules need no pkg-config (Fuzz/fuzz.sh: see LAZY_LIBRARIES).
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Linux event descriptors (epoll, signalfd, inotify, timerfd, eventfd, flock): headers only, glibc.
        .systemLibrary(name: "CLinuxEvents"),
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        // libpq, PostgreSQL's client library, for the store several workers can share.
        .systemLibrary(name: "CLibPQ", providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "CCrypto", providers: [.apt(["libssl-dev"])]),
        // libxml2's xmlReader for feeds: strict, no network, no DTD, no entity substitution.
        .systemLibrary(name: "CXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // libprotobuf-c, the runtime of the code protoc-c generated from gtfs-realtime.proto.
        .systemLibrary(name: "CProtobufC", pkgConfig: "libprotobuf-c", providers: [.apt(["libprotobuf-c-dev"])]),
        // GTFS-Realtime messages: the C code protoc-c generated from the committed gtfs-realtime.proto
        // (scripts/regenerate-gtfs-realtime.sh; RealtimeTests checks it is current), compiled here.
        .target(name: "CGTFSRealtime", dependencies: ["CProtobufC"], exclude: ["gtfs-realtime.proto", "LICENSE.gtfs-realtime.txt"]),
        // The trampolines through which libcurl, libpq, libsqlite3 and libcrypto are called: each library is
        // dlopen()ed at the first call of one of its functions (scripts/generate-lazy-libraries.py).
        .target(name: "CLazyLibraries"),

        // The message catalogue of human output: keys, the English and Japanese tables, plurals. No dependencies.
        .target(name: "Messages", plugins: ["MessageTable"]),
        // Strict JSON text → values, with line:column errors (shared by Timetable and Weather). Pure.
        .target(name: "JSONText", dependencies: ["Messages"], plugins: ["MessageTable"]),
        // The notification a rule decided to send (what, where, until when), its urgency and language. No dependencies.
        .target(name: "Notifications"),
        // One way to reference a secret (environment, file, systemd credential) and the redaction that hides it.
        .target(name: "Secrets", dependencies: ["Messages"], plugins: ["MessageTable"]),
        // Pure core: service days, holidays, timetables, decoders, merged boards.
        .target(name: "Timetable", dependencies: ["CZlib", "Messages", "JSONText"], plugins: ["MessageTable"]),
        // Weather forecasts (OpenWeather, Open-Meteo, JMA) and change detection. Pure.
        .target(name: "Weather", dependencies: ["Messages", "JSONText"], plugins: ["MessageTable"]),
        // Atom / RSS feeds and new-entry detection. Pure (libxml2's xmlReader).
        .target(name: "Feeds", dependencies: ["CXML2", "Messages"], plugins: ["MessageTable"]),
        // GTFS-Realtime decoding (protobuf-c) into a Swift model, and the spec's delay propagation. Pure.
        .target(name: "Realtime", dependencies: ["CGTFSRealtime", "Messages", "Timetable"], plugins: ["MessageTable"]),
        // Channels: one file per kind of channel (webhook, Slack, Discord, ntfy, desktop, Gotify) behind
        // one protocol: its settings, secrets, default rate, value checks and the notifier that turns a
        // notification into what to send. Below Config, which checks every value at parse time.
        .target(name: "Channels", dependencies: ["Messages", "Notifications", "Secrets", "JSONText", "Timetable", "CCrypto", "CLazyLibraries"], plugins: ["MessageTable"]),
        // HTTP client on libcurl (easy + multi).
        .target(name: "HTTP", dependencies: ["CCurl", "CLazyLibraries", "Messages", "Secrets"], plugins: ["MessageTable"]),
        // Configuration: the strict YAML reader with file:line:col diagnostics and every typed spec (boards,
        // sources, channels, odpt, rules, quota). What `check` refuses is refused here.
        .target(name: "Config", dependencies: ["CYAML", "Messages", "Channels", "Notifications", "Secrets", "Timetable"], plugins: ["MessageTable"]),
        // Facts: one decoder per source kind, boards from their sources, the fact timeline of a dry run.
        .target(name: "Facts", dependencies: ["Messages", "Config", "Notifications", "Timetable", "Weather", "Feeds", "Realtime", "JSONText"], plugins: ["MessageTable"]),
        // The pure rule engine: evaluation, planning, the stepper, simulation (dry run) and rule tests.
        .target(name: "Rules", dependencies: ["Messages", "Config", "Facts", "Notifications", "Timetable", "Weather", "Feeds"], plugins: ["MessageTable"]),
        // Live sources: endpoints, the last-good-data cache and fetching through HTTP.
        .target(name: "LiveSources", dependencies: ["Messages", "HTTP", "Secrets", "Config", "Facts", "Timetable", "Weather", "Feeds", "JSONText"], plugins: ["MessageTable"]),
        // Delivery: the dispatcher's stages (expire, rate-limit, send through the curl multi interface
        // or `notify-send`, classify the answer) over the channels' notifiers, and retries.
        .target(name: "Delivery", dependencies: ["Messages", "HTTP", "Secrets", "Notifications", "Channels", "Config"], plugins: ["MessageTable"]),

        // Linux worker primitives: one wake-up source (signals, rules directory, deadline, clock jumps,
        // resume), the systemd notify protocol, logfmt logging, the single-instance lock.
        .target(name: "Daemon", dependencies: ["CLinuxEvents", "Messages"], plugins: ["MessageTable"]),
        // Durable state in SQLite (or PostgreSQL): the outbox, the delivery log, rule state, the source index.
        .target(name: "Store", dependencies: ["Messages", "CSQLite", "CLibPQ", "CLazyLibraries", "JSONText", "Notifications", "Secrets"], plugins: ["MessageTable"]),

        // The worker: sources → facts → rules → outbox → channels, on one thread that sleeps until the
        // next thing to do. The composition root of the modules above.
        .target(name: "Worker", dependencies: ["Messages", "Notifications", "Secrets", "Channels", "Config", "Facts", "Rules", "Timetable", "LiveSources", "HTTP", "Store",
                                               "Delivery", "Daemon", "JSONText", "Weather", "Feeds", "Realtime"], plugins: ["MessageTable"]),

        // Test doubles shared by the test suites: local servers from scripts/.
        .target(name: "TestServers"),
        // Generated rules and the naive gate model shared by the property tests of the engine and the worker.
        .target(name: "RuleTestSupport", dependencies: ["Timetable", "TestServers"]),

        // `leavenow --version` names the git commit of the build: the BuildInfo plugin writes it before each build.
        .plugin(name: "BuildInfo", capability: .buildTool()),
        // Each module's messages are `static let`s in its `…Messages.swift` files; this plugin lists them
        // (`<Module>MessageTable`) for the catalogue tests and the readers of stored messages.
        .plugin(name: "MessageTable", capability: .buildTool()),
        .executableTarget(name: "leavenow", dependencies: ["Messages", "JSONText", "Notifications", "Secrets", "Channels", "Config", "Facts", "Timetable", "Rules", "HTTP", "LiveSources", "Store", "Delivery", "Daemon", "Worker"],
                          linkerSettings: releaseLinking, plugins: ["BuildInfo", "MessageTable"]),
        // `leavenow-realtime-bench`: GTFS-Realtime decoding against the Python bindings (README, Benchmarks).
        .executableTarget(name: "leavenow-realtime-bench", dependencies: ["Realtime", "CGTFSRealtime", "JSONText", "Facts", "Timetable", "Rules", "HTTP", "TestServers"], linkerSettings: releaseLinking),
        .executableTarget(name: "leavenow-bench", dependencies: ["CCurl", "JSONText", "Notifications", "Secrets", "Channels", "Config", "Facts", "Timetable", "Rules", "LiveSources", "HTTP", "TestServers", "Store", "Delivery", "Daemon", "Worker"], linkerSettings: releaseLinking),

        // The module graph itself: every edge points down the data flow (reads Package.swift and the imports).
        .testTarget(name: "ArchitectureTests"),
        .testTarget(name: "MessagesTests", dependencies: ["Messages", "Worker", "leavenow"]),
        .testTarget(name: "JSONTextTests", dependencies: ["JSONText", "Messages"]),
        .testTarget(name: "TimetableTests", dependencies: ["Timetable"]),
        .testTarget(name: "RealtimeTests", dependencies: ["Realtime", "CGTFSRealtime", "Timetable"]),
        .testTarget(name: "HTTPTests", dependencies: ["Messages", "HTTP", "Secrets", "TestServers"]),
        .testTarget(name: "WeatherTests", dependencies: ["Weather"]),
        .testTarget(name: "FeedsTests", dependencies: ["Feeds", "TestServers"]),
        .testTarget(name: "ConfigTests", dependencies: ["Config", "Channels", "Facts", "Timetable"]),
        .testTarget(name: "FactsTests", dependencies: ["Messages", "Facts", "Config", "Timetable", "Realtime"]),
        .testTarget(name: "RulesTests", dependencies: ["Notifications", "Config", "Facts", "Realtime", "Rules", "Timetable", "TestServers", "RuleTestSupport"]),
        .testTarget(name: "LiveSourcesTests", dependencies: ["LiveSources", "HTTP", "Secrets", "Config", "Facts", "Weather", "Feeds", "TestServers"]),
        .testTarget(name: "DaemonTests", dependencies: ["Messages", "Daemon", "CLinuxEvents"]),
        .testTarget(name: "StoreTests", dependencies: ["Store", "JSONText", "Notifications", "Rules", "Worker", "TestServers"]),
        .testTarget(name: "DeliveryTests", dependencies: ["Messages", "Delivery", "Channels", "HTTP", "Notifications", "Secrets", "Config", "TestServers"]),
        .testTarget(name: "CLITests", dependencies: ["leavenow", "Config", "Facts", "Timetable", "HTTP", "CLazyLibraries", "TestServers"]),
        // End-to-end tests of `leavenow run`: the built binary and the Worker in process, against local sinks and sources.
        .testTarget(name: "WorkerTests", dependencies: ["leavenow", "Worker", "Store", "Delivery", "Notifications", "Secrets", "Channels", "Config", "Facts", "Rules", "LiveSources", "HTTP", "Daemon", "TestServers", "CLinuxEvents", "RuleTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// Compiler settings once, for every target (as swift-log does).
for target in package.targets where target.type != .system && target.type != .plugin {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableExperimentalFeature("StrictConcurrency"))
    if target.type != .test {
        settings.append(.unsafeFlags(staticStandardLibrary, .when(configuration: .release)))
    }
    target.swiftSettings = settings
}
