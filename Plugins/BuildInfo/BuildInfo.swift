import Foundation
import PackagePlugin

/// Compiles into the target it is applied to the git commit nfcrig is built from, and
/// whether that checkout had uncommitted changes, so that a report names the nfcrig that
/// judged, whatever directory it runs in (issue 32, provenance).
///
/// A prebuild command: it runs before every build, writes
/// `BuildProvenance+Commit.swift` into its work directory, and replaces it only when the
/// commit or the dirty state changed, so that an incremental build recompiles nothing when
/// neither did. It runs `/bin/sh` (prebuild commands may run only what the system has) with
/// `git -C <package directory>`; a package that is not the top of a git checkout (a source
/// archive, or a copy inside another project's repository, whose commit is not nfcrig's)
/// gets an unknown commit.
@main
struct BuildInfo: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "GeneratedSources")
        return [
            .prebuildCommand(
                displayName: "Stamping \(target.name) with nfcrig's git commit",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [
                    "-c", Self.script, "stamp", context.package.directoryURL.path, output.path,
                ],
                outputFilesDirectory: output)
        ]
    }

    /// `$1` the package directory, `$2` the output directory.
    static let script = #"""
        set -u
        repo=$1
        out=$2
        PATH=/usr/bin:/bin:/usr/local/bin:/opt/homebrew/bin:${PATH:-}
        export GIT_OPTIONAL_LOCKS=0
        mkdir -p "$out" || exit 1
        commit=nil
        dirty=nil
        top=$(git -C "$repo" rev-parse --show-toplevel 2>/dev/null) || top=
        here=$(cd "$repo" && pwd -P)
        if [ -n "$top" ] && [ "$(cd "$top" && pwd -P)" = "$here" ]; then
            head=$(git -C "$repo" rev-parse HEAD 2>/dev/null) || head=
            case $head in
            *[!0-9a-f]* | '') ;;
            *)
                commit="\"$head\""
                if [ -n "$(git -C "$repo" status --porcelain 2>/dev/null)" ]; then
                    dirty=true
                else
                    dirty=false
                fi
                ;;
            esac
        fi
        file="$out/BuildProvenance+Commit.swift"
        temporary="$file.$$.tmp"
        cat >"$temporary" <<EOF
        // Written by the BuildInfo plugin (Plugins/BuildInfo) at build time; not in git.
        extension BuildProvenance {
            static let stampedCommit: String? = $commit
            static let stampedTreeDirty: Bool? = $dirty
        }
        EOF
        if cmp -s "$temporary" "$file"; then rm -f "$temporary"; else mv -f "$temporary" "$file"; fi
        """#
}
