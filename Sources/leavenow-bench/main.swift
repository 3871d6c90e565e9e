import Foundation

/// `leavenow-bench [startup|queries|holidays|gtfs|rules|sources|store|delivery|outbox|desktop|shared-outbox|shared-rules|history|all]` — the numbers quoted in the README.
/// Build with `swift build -c release`; timings are wall clock on this machine (noisy: 2 shared cores).
let arguments = Array(CommandLine.arguments.dropFirst())
let which = arguments.first ?? "all"
do {
    switch which {
    case "queries": runQueryBenchmark()
    case "startup": try runStartupBenchmark(arguments: Array(arguments.dropFirst()))
    case "holidays": try runHolidayBenchmark(arguments: Array(arguments.dropFirst()))
    case "gtfs": try runGTFSBenchmark(arguments: Array(arguments.dropFirst()))
    case "rules": try runRuleBenchmark(arguments: Array(arguments.dropFirst()))
    case "sources": try runSourceBenchmark(arguments: Array(arguments.dropFirst()))
    case "store": try runStoreBenchmark(arguments: Array(arguments.dropFirst()))
    case "delivery": try runDeliveryBenchmark(arguments: Array(arguments.dropFirst()))
    case "outbox": try runOutboxBenchmark(arguments: Array(arguments.dropFirst()))
    case "desktop": try runDesktopBenchmark(arguments: Array(arguments.dropFirst()))
    case "shared-outbox": try runSharedOutboxBenchmark(arguments: Array(arguments.dropFirst()))
    case "shared-rules": try runSharedRulesBenchmark(arguments: Array(arguments.dropFirst()))
    case "history": try runHistoryBenchmark(arguments: Array(arguments.dropFirst()))
    case "all":
        try runStartupBenchmark(arguments: [])
        print("")
        runQueryBenchmark()
        print("")
        try runHolidayBenchmark(arguments: [])
        print("")
        try runGTFSBenchmark(arguments: [])
        print("")
        try runRuleBenchmark(arguments: [])
        print("")
        try runSharedOutboxBenchmark(arguments: [])
        print("")
        try runSharedRulesBenchmark(arguments: [])
    default:
        FileHandle.standardError.write(Data("usage: leavenow-bench [startup|queries|holidays|gtfs|rules|sources|store|delivery|outbox|desktop|shared-outbox|shared-rules|history|all] [options]\n".utf8))
        exit(64)
    }
} catch {
    FileHandle.standardError.write(Data("leavenow-bench: \(error)\n".utf8))
    exit(1)
}
