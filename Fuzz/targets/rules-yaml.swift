// fuzz-modules: CYAML CZlib CCrypto CLazyLibraries Messages JSONText Notifications Secrets Timetable Channels Config
// fuzz-seeds: Tests/Fixtures/rules-valid Tests/Fixtures/rules-broken Fuzz/seeds/rules-yaml
// fuzz-options: -max_len=16384
// fuzz-dict: Fuzz/dicts/rules.dict
//
// The whole configuration parser (libyaml events → YAML nodes → boards, sources, rules, channels, with
// line:column diagnostics) on one file's text, as `leavenow check` reads each file of the rules
// directory. Any bytes give a file and diagnostics; a trap, a crash, a hang or a diagnostic that points
// outside the file is a finding. Paths the file names are resolved in a directory that does not exist.
import Config

let parser = ConfigFileParser()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfigFile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let source = YAMLSource(name: "fuzz.yaml", bytes: bytes)
    let (_, diagnostics) = parser.parse(source, baseDirectory: "/nonexistent/leavenow-fuzz")
    for diagnostic in diagnostics { _ = diagnostic.description }
    return 0
}
