#!/bin/sh
# libFuzzer targets for the decoders of untrusted bytes: one file per target in Fuzz/targets/.
#
#   Fuzz/fuzz.sh list                       the targets
#   Fuzz/fuzz.sh build [TARGET...]          build them into .build/fuzz/TARGET/fuzz-TARGET
#   Fuzz/fuzz.sh run SECONDS [TARGET...]    build, then fuzz each for SECONDS (all targets by default)
#
# A target is Fuzz/targets/NAME.swift defining LLVMFuzzerTestOneInput with @_cdecl, and a header:
#   // fuzz-modules: CXML2 Feeds        the modules it needs, dependencies first (Sources/<module>;
#                                       a system library's flags come from its pkgConfig in Package.swift)
#   // fuzz-seeds: Tests/Fixtures/...   seed corpus directories, read only (so are Fuzz/regressions/NAME/);
#                                       new inputs go to .build/fuzz/corpus/NAME
#   // fuzz-dict: Fuzz/dicts/x.dict     optional libFuzzer dictionary
#   // fuzz-options: -max_len=16384     optional further libFuzzer flags
# Seeds that are not plain fixture files (cut-down JSON, zipped feeds, GTFS tables with their member
# byte, header blocks) live in Fuzz/seeds/, written by Fuzz/seeds/make-seeds.py.
# Modules are compiled with swiftc (not SwiftPM), instrumented with -sanitize=fuzzer (+ address by
# default; FUZZ_SANITIZERS overrides) and linked with lld, so `swift build` never sees any of this.
# Each module is compiled once for all targets (.build/fuzz/modules-<sanitizers>/, with -enable-testing
# so a target may `@testable import` an internal entry point) and again only when its sources, a module
# it imports or this script changed; a target is relinked only when its file or an object changed.
# A crash, trap or timeout is written to Fuzz/regressions/NAME/ (commit it: a normal test decodes
# every file there) and the run fails.
set -eu
cd "$(dirname "$0")/.."

SWIFTC=${SWIFTC:-swiftc}
CLANG=${CLANG:-$(dirname "$(command -v "$SWIFTC")")/clang}
SANITIZERS=${FUZZ_SANITIZERS:-fuzzer,address}
OUT=.build/fuzz
MODULES=$OUT/modules-$(echo "$SANITIZERS" | tr , -)

targets() { for f in Fuzz/targets/*.swift; do basename "$f" .swift; done; }
header() { sed -n "s|^// $2: ||p" "Fuzz/targets/$1.swift"; }

# Include flags for every C system module (Sources/C*/module.modulemap) and its pkg-config headers.
c_module_flags() {
    for map in Sources/*/module.modulemap; do
        module=$(basename "$(dirname "$map")")
        printf ' -I Sources/%s' "$module"
        package=$(sed -n "s/.*systemLibrary(name: \"$module\", pkgConfig: \"\([^\"]*\)\".*/\1/p" Package.swift)
        if [ -n "$package" ]; then
            for flag in $(pkg-config --cflags-only-I "$package"); do printf ' -Xcc %s' "$flag"; done
        fi
    done
    # C targets of generated code (Sources/X/include/module.modulemap).
    for map in Sources/*/include/module.modulemap; do
        [ -f "$map" ] && printf ' -I %s' "$(dirname "$map")"
    done
}

# A Swift module is compiled once into $MODULES (one directory per sanitizer set, shared by every
# target) and again only when one of its sources, this script or a module it imports (the objects
# passed after its name) is newer than its object.
build_module() {
    module=$1
    shift
    object=$MODULES/$module.o
    mkdir -p "$MODULES"
    # shellcheck disable=SC2068
    if [ -f "$object" ] && [ -z "$(find "Sources/$module" Fuzz/fuzz.sh $@ -newer "$object" 2>/dev/null | head -1)" ]; then
        return 0
    fi
    echo "fuzz: compiling $module"
    # shellcheck disable=SC2046,SC2086
    # -package-name as SwiftPM passes it: `package` declarations are seen across the package's modules.
    $SWIFTC -parse-as-library -module-name "$module" -package-name leavenow -wmo -O -g -enable-testing -c $(find "Sources/$module" -name '*.swift' | sort) \
        -emit-module -emit-module-path "$MODULES/$module.swiftmodule" -o "$object" \
        -swift-version 6 -enable-upcoming-feature ExistentialAny -sanitize="$SANITIZERS" -I "$MODULES" $C_FLAGS
}

build() {
    target=$1
    dir=$OUT/$target
    mkdir -p "$dir"
    link_flags=""
    objects=""
    for module in $(header "$target" fuzz-modules); do
        if [ -f "Sources/$module/module.modulemap" ]; then
            package=$(sed -n "s/.*systemLibrary(name: \"$module\", pkgConfig: \"\([^\"]*\)\".*/\1/p" Package.swift)
            [ -n "$package" ] && link_flags="$link_flags $(pkg-config --libs "$package")"
            continue
        fi
        if [ -f "Sources/$module/include/module.modulemap" ]; then
            # A C target (generated code): its .c files compiled once, instrumented, like the Swift modules;
            # its assembly (.S: the trampolines of CLazyLibraries) as it is.
            mkdir -p "$MODULES"
            for source in $(find "Sources/$module" -name '*.c' -o -name '*.S' | sort); do
                object=$MODULES/$module-$(basename "$source").o
                if [ ! -f "$object" ] || [ -n "$(find "$source" "Sources/$module" Fuzz/fuzz.sh -newer "$object" | head -1)" ]; then
                    echo "fuzz: compiling $source"
                    case $source in
                        *.S) $CLANG -c "$source" -o "$object" ;;
                        *) $CLANG -c -O1 -g -fsanitize="$(echo "$SANITIZERS" | sed 's/fuzzer/fuzzer-no-link/')" -I "Sources/$module/include" \
                               "$source" -o "$object" ;;
                    esac
                fi
                objects="$objects $object"
            done
            continue
        fi
        imported=""
        for object in $objects; do
            if grep -rqsE "^(@testable |internal |public |@_implementationOnly )?import $(basename "$object" .o)\$" "Sources/$module"; then
                imported="$imported $object"
            fi
        done
        # shellcheck disable=SC2086
        build_module "$module" $imported
        objects="$objects $MODULES/$module.o"
    done
    # shellcheck disable=SC2086
    if [ -f "$dir/fuzz-$target" ] && [ -z "$(find "Fuzz/targets/$target.swift" Fuzz/fuzz.sh $objects -newer "$dir/fuzz-$target" | head -1)" ]; then
        return 0
    fi
    echo "fuzz: linking $dir/fuzz-$target"
    # shellcheck disable=SC2086
    $SWIFTC -parse-as-library -module-name "Fuzz_$(echo "$target" | tr -- '-' '_')" -package-name leavenow -O -g "Fuzz/targets/$target.swift" $objects \
        -swift-version 6 -sanitize="$SANITIZERS" -use-ld=lld -I "$MODULES" $C_FLAGS $link_flags -o "$dir/fuzz-$target"
}

run() {
    target=$1
    seconds=$2
    corpus=$OUT/corpus/$target
    mkdir -p "$corpus" "Fuzz/regressions/$target"
    dict=$(header "$target" fuzz-dict)
    options=$(header "$target" fuzz-options)
    echo "fuzz: $target for ${seconds}s (corpus $corpus, seeds: $(header "$target" fuzz-seeds))"
    # The Swift runtime's backtracer would hold the pipe open after a crash; libFuzzer reports it.
    # shellcheck disable=SC2046,SC2086
    SWIFT_BACKTRACE=enable=no "$OUT/$target/fuzz-$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 \
        -print_final_stats=1 -artifact_prefix="Fuzz/regressions/$target/" ${dict:+-dict=$dict} $options \
        "$corpus" $(header "$target" fuzz-seeds) "Fuzz/regressions/$target" 2>&1 | tee "$OUT/$target.log" | grep -E '^#[0-9]+[[:space:]]+(INITED|DONE)|ERROR|SUMMARY|artifact|^stat::' || true
    status=$(grep -c -E '^==[0-9]+== ?ERROR|^SUMMARY|Test unit written' "$OUT/$target.log" || true)
    if [ "$status" != "0" ]; then
        echo "fuzz: $target FOUND A CRASH: see $OUT/$target.log; the input is in Fuzz/regressions/$target/ (commit it)"
        # On a CI machine the file goes with the clone: print it, so it can be kept from the log.
        for unit in $(sed -n -E 's/.*Test unit written to (.*)$/\1/p' "$OUT/$target.log"); do
            echo "fuzz: $target input $unit (base64):"
            base64 -w 0 "$unit" 2>/dev/null | fold -w 120
            echo
        done
        return 1
    fi
    grep -E '^#[0-9]+[[:space:]]+DONE' "$OUT/$target.log" | tail -1 | sed "s/^/fuzz: $target /"
}

C_FLAGS=$(c_module_flags)
command=${1:-list}
[ $# -gt 0 ] && shift
case $command in
    list) targets ;;
    build)
        [ $# -gt 0 ] || set -- $(targets)
        for target; do build "$target"; done ;;
    run)
        seconds=${1:-60}
        [ $# -gt 0 ] && shift
        [ $# -gt 0 ] || set -- $(targets)
        failed=""
        for target; do build "$target"; done
        for target; do run "$target" "$seconds" || failed="$failed $target"; done
        if [ -n "$failed" ]; then echo "fuzz: findings in:$failed"; exit 1; fi ;;
    *) echo "usage: $0 list | build [TARGET...] | run SECONDS [TARGET...]" >&2; exit 2 ;;
esac
