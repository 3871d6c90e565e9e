import Foundation
import PackagePlugin

/// Writes `BuildCommit.swift` into the `leavenow` target before each build: the git commit the
/// package is built from (`git rev-parse --short=12 HEAD`, `-dirty` when tracked files differ from
/// it), or nil outside a git checkout or without git. The file is rewritten only when its text
/// changes, so a build with nothing new recompiles nothing. `leavenow --version` prints it after the
/// version number of `Version.swift`.
@main
struct BuildInfo: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "generated")
        // `--no-optional-locks`: reading the commit never writes the checkout's index.
        let script = """
            set -u
            package=$1; out=$2
            mkdir -p "$out"
            commit=$(git --no-optional-locks -C "$package" rev-parse --short=12 HEAD 2>/dev/null) || commit=""
            if [ -n "$commit" ] && ! git --no-optional-locks -C "$package" diff --quiet HEAD -- 2>/dev/null; then commit="$commit-dirty"; fi
            if [ -n "$commit" ]; then value="\\"$commit\\""; else value=nil; fi
            text="/// The git commit this binary was built from (BuildInfo plugin); nil when unknown.
            let buildCommit: String? = $value"
            if [ ! -f "$out/BuildCommit.swift" ] || [ "$(cat "$out/BuildCommit.swift")" != "$text" ]; then
                printf '%s\\n' "$text" > "$out/BuildCommit.swift.tmp" && mv "$out/BuildCommit.swift.tmp" "$out/BuildCommit.swift"
            fi
            """
        return [.prebuildCommand(displayName: "leavenow: the git commit of this build", executable: URL(fileURLWithPath: "/bin/sh"),
                                 arguments: ["-c", script, "sh", context.package.directoryURL.path, output.path],
                                 outputFilesDirectory: output)]
    }
}
