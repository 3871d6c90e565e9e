import Foundation

/// `leavenow-bench [queries|holidays|gtfs|all]` — the numbers quoted in the README.
/// Build with `swift build -c release`; timings are wall clock on this machine (noisy: 2 shared cores).
let arguments = Array(CommandLine.arguments.dropFirst())
let which = arguments.first ?? "all"
do {
    switch which {
    case "queries": runQueryBenchmark()
    case "all":
        runQueryBenchmark()
    default:
        FileHandle.standardError.write(Data("usage: leavenow-bench [queries|holidays|gtfs|all]\n".utf8))
        exit(64)
    }
}
