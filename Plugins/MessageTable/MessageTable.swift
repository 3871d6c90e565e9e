import Foundation
import PackagePlugin

/// Writes `<Module>MessageTable.swift` into each module that keeps messages: the list of the keys its
/// `…Messages.swift` files declare (`static let name = MessageKey("name", en: …, ja: …)`, one per
/// line), as `<Module>MessageTable.table`. With it a new message is one `static let` and nothing
/// else: the catalogue tests and the readers of stored messages find it through the table. The file
/// is rewritten only when its text changes, so a build with nothing new recompiles nothing.
@main
struct MessageTable: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let files = module.sourceFiles(withSuffix: "swift").map(\.url).filter { $0.lastPathComponent.hasSuffix("Messages.swift") }
        let name = target.name.replacingOccurrences(of: "-", with: "_")
        let output = context.pluginWorkDirectoryURL.appending(path: "\(name)MessageTable.swift")
        let script = #"""
            set -eu
            out=$1; module=$2; shift 2
            if [ "$module" = Messages ]; then imports=""; else imports="import Messages
            "; fi
            keys=$(cat /dev/null "$@" | sed -n 's/^[[:space:]]*\(public \)\{0,1\}static let \([A-Za-z0-9_]*\) = MessageKey(.*/        .\2,/p')
            text="${imports}/// The messages of $module: every key its …Messages.swift files declare (written by the MessageTable plugin).
            public enum ${module}MessageTable {
                /// Every key of $module, in the order they are written.
                public static let table = MessageTable(module: \"$module\", keys: [
            ${keys}
                ])
            }"
            if [ ! -f "$out" ] || [ "$(cat "$out")" != "$text" ]; then
                printf '%s\n' "$text" > "$out.tmp" && mv "$out.tmp" "$out"
            fi
            """#
        return [.buildCommand(displayName: "leavenow: the message table of \(target.name)", executable: URL(fileURLWithPath: "/bin/sh"),
                              arguments: ["-c", script, "sh", output.path, name] + files.map(\.path),
                              inputFiles: files, outputFiles: [output])]
    }
}
