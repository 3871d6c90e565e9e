#!/bin/sh
# libFuzzer targets for the decoders of untrusted bytes: one file per target in Fuzz/targets/.
#
#   Fuzz/fuzz.sh list                       the targets
#   Fuzz/fuzz.sh build [TARGET...]          build them into .build/fuzz/TARGET/fuzz-TARGET
#   Fuzz/fuzz.sh run SECONDS [TARGET...]    build, then fuzz each for SECONDS (all targets by default)
#
# A target is Fuzz/targets/NAME.swift defining LLVMFuzzerTestOneInput with @_cdecl, and a header:
#   // fuzz-modules: CXML2 Feeds        the modules it needs, dependencies first (Sources/<module>;
#                                       a system library's flags come from its pkgConfig in Package.swift;
#                                       a C target with include/module.modulemap is compiled with clang)
#   // fuzz-seeds: Tests/Fixtures/...   seed corpus directories, read only (so are Fuzz/regressions/NAME/);
#                                       new inputs go to .build/fuzz/corpus/NAME
#   // fuzz-dict: Fuzz/dicts/x.dict     optional libFuzzer dictionary
# Modules are compiled with swiftc (not SwiftPM), instrumented with -sanitize=fuzzer (+ address by
# default; FUZZ_SANITIZERS overrides) and linked with lld, so `swift build` never sees any of this.
# A crash, trap or timeout is written to Fuzz/regressions/NAME/ (commit it: a normal test decodes
# every file there) and the run fails.
set -eu
cd "$(dirname "$0")/.."

SWIFTC=${SWIFTC:-swiftc}
CLANG=${CLANG:-$(dirname "$(command -v "$SWIFTC")")/clang}
SANITIZERS=${FUZZ_SANITIZERS:-fuzzer,address}
OUT=.build/fuzz

targets() { for f in Fuzz/targets/*.swift; do basename "$f" .swift; done; }
header() { sed -n "s|^// $2: ||p" "Fuzz/targets/$1.swift"; }

build() {
    target=$1
    dir=$OUT/$target
    mkdir -p "$dir"
    module_flags="-I $dir"
    link_flags=""
    objects=""
    for module in $(header "$target" fuzz-modules); do
        if [ -f "Sources/$module/module.modulemap" ]; then
            module_flags="$module_flags -I Sources/$module"
            package=$(sed -n "s/.*systemLibrary(name: \"$module\", pkgConfig: \"\([^\"]*\)\".*/\1/p" Package.swift)
            if [ -n "$package" ]; then
                for flag in $(pkg-config --cflags-only-I "$package"); do module_flags="$module_flags -Xcc $flag"; done
                link_flags="$link_flags $(pkg-config --libs "$package")"
            fi
            continue
        fi
        if [ -f "Sources/$module/include/module.modulemap" ]; then
            # A C target (generated code): compile its .c files instrumented; its include/ holds the module map.
            module_flags="$module_flags -I Sources/$module/include"
            for source in $(find "Sources/$module" -name '*.c' | sort); do
                echo "fuzz: compiling $source for $target"
                $CLANG -c -O1 -g -fsanitize="$(echo "$SANITIZERS" | sed 's/fuzzer/fuzzer-no-link/')" -I "Sources/$module/include" \
                    "$source" -o "$dir/$module-$(basename "$source" .c).o"
                objects="$objects $dir/$module-$(basename "$source" .c).o"
            done
            continue
        fi
        echo "fuzz: compiling $module for $target"
        # shellcheck disable=SC2046,SC2086
        $SWIFTC -parse-as-library -module-name "$module" -wmo -O -g -c $(find "Sources/$module" -name '*.swift' | sort) \
            -emit-module -emit-module-path "$dir/$module.swiftmodule" -o "$dir/$module.o" \
            -swift-version 6 -enable-upcoming-feature ExistentialAny -sanitize="$SANITIZERS" $module_flags
        objects="$objects $dir/$module.o"
    done
    echo "fuzz: linking $dir/fuzz-$target"
    # shellcheck disable=SC2086
    $SWIFTC -parse-as-library -module-name "Fuzz_$target" -O -g "Fuzz/targets/$target.swift" $objects \
        -swift-version 6 -sanitize="$SANITIZERS" -use-ld=lld $module_flags $link_flags -o "$dir/fuzz-$target"
}

run() {
    target=$1
    seconds=$2
    corpus=$OUT/corpus/$target
    mkdir -p "$corpus" "Fuzz/regressions/$target"
    dict=$(header "$target" fuzz-dict)
    echo "fuzz: $target for ${seconds}s (corpus $corpus, seeds: $(header "$target" fuzz-seeds))"
    # The Swift runtime's backtracer would hold the pipe open after a crash; libFuzzer reports it.
    # shellcheck disable=SC2046,SC2086
    SWIFT_BACKTRACE=enable=no "$OUT/$target/fuzz-$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 \
        -print_final_stats=1 -artifact_prefix="Fuzz/regressions/$target/" ${dict:+-dict=$dict} \
        "$corpus" $(header "$target" fuzz-seeds) "Fuzz/regressions/$target" 2>&1 | tee "$OUT/$target.log" | grep -E '^#[0-9]+[[:space:]]+(INITED|DONE)|ERROR|SUMMARY|artifact|^stat::' || true
    status=$(grep -c -E '^==[0-9]+== ?ERROR|^SUMMARY|Test unit written' "$OUT/$target.log" || true)
    if [ "$status" != "0" ]; then
        echo "fuzz: $target FOUND A CRASH: see $OUT/$target.log; the input is in Fuzz/regressions/$target/ (commit it)"
        return 1
    fi
    grep -E '^#[0-9]+[[:space:]]+DONE' "$OUT/$target.log" | tail -1 | sed "s/^/fuzz: $target /"
}

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
