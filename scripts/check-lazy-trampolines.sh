#!/usr/bin/env bash
# Checks the trampolines of Sources/CLazyLibraries on x86_64 and (with --aarch64, under qemu-user) on
# aarch64: the generated Trampolines.S with a table of its own — libm's cos, pow, fma, ldexp, lrint
# and libc's snprintf and strlen — called from C with float, integer, variadic and stack arguments,
# first through the resolver (every argument register must survive it), then straight.
#
#   scripts/check-lazy-trampolines.sh [--aarch64]
#
# --aarch64 needs qemu-user, libc6-dev-arm64-cross and libgcc-12-dev-arm64-cross (apt). Uses the
# toolchain's clang and lld (next to swift). Exit status: 0 when every call returns what it should.
set -euo pipefail
cd "$(dirname "$0")/.."
clang=$(dirname "$(readlink -f "$(command -v swift)")")/clang
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$work" <<'EOF'
import re, sys
work = sys.argv[1]
names = ["cos", "pow", "fma", "ldexp", "lrint", "snprintf", "strlen"]
libraries = [0, 0, 0, 0, 0, 1, 1]
source = open("Sources/CLazyLibraries/Trampolines.S").read().splitlines()
lines = [re.sub(r"\.set LAZY_COUNT, \d+", f".set LAZY_COUNT, {len(names)}", line) for line in source if not line.startswith("    LAZY ")]
lines += [f"    LAZY {name}, {index}" for index, name in enumerate(names)]
open(f"{work}/Trampolines.S", "w").write("\n".join(lines) + "\n")
offsets, offset = [], 0
for name in names:
    offsets.append(offset)
    offset += len(name) + 1
open(f"{work}/LazySymbols.h", "w").write(open("Sources/CLazyLibraries/LazySymbols.h").read()
    .replace(re.search(r"#define LEAVENOW_LAZY_LIBRARY_COUNT \d+", open("Sources/CLazyLibraries/LazySymbols.h").read()).group(0), "#define LEAVENOW_LAZY_LIBRARY_COUNT 2")
    .replace(re.search(r"#define LEAVENOW_LAZY_SYMBOL_COUNT \d+", open("Sources/CLazyLibraries/LazySymbols.h").read()).group(0), f"#define LEAVENOW_LAZY_SYMBOL_COUNT {len(names)}"))
open(f"{work}/LazySymbols.c", "w").write('#include "LazySymbols.h"\n'
    'const char *const leavenow_lazy_library_names[2] = {"libm.so.6", "libc.so.6"};\n'
    f'const unsigned char leavenow_lazy_symbol_library[{len(names)}] = {{{", ".join(map(str, libraries))}}};\n'
    f'const unsigned int leavenow_lazy_symbol_offsets[{len(names)}] = {{{", ".join(map(str, offsets))}}};\n'
    'const char leavenow_lazy_symbol_names[] = ' + "".join(f'"{name}\\0"' for name in names) + ";\n")
EOF
cp Sources/CLazyLibraries/LazyLibraries.c Sources/CLazyLibraries/include/CLazyLibraries.h "$work/"
cat >"$work/main.c" <<'EOF'
#include <stdio.h>
#include <string.h>
double cos(double); double pow(double, double); double fma(double, double, double); double ldexp(double, int); long lrint(double);
static int failed = 0;
static void check(int ok, const char *what) { failed += !ok; printf("%s %s\n", ok ? "ok  " : "FAIL", what); }
int main(void) {
    double c = cos(0.5);
    check(c > 0.8775825 && c < 0.8775827, "cos(0.5): a float argument through the resolver");
    check(pow(2.0, 10.0) == 1024.0, "pow(2, 10): two");
    check(fma(2.0, 3.0, 4.0) == 10.0, "fma(2, 3, 4): three");
    check(ldexp(1.5, 4) == 24.0, "ldexp(1.5, 4): a float and an integer");
    check(lrint(2.6) == 3, "lrint(2.6): an integer result");
    char text[128];
    int count = snprintf(text, sizeof text, "%d %s %.2f %ld %d %d %d %d %.1f %.1f", 7, "x", 3.25, 123456789012L, 1, 2, 3, 4, 5.5, 6.5);
    check(count > 0 && strcmp(text, "7 x 3.25 123456789012 1 2 3 4 5.5 6.5") == 0, "snprintf: variadic, on the stack too");
    check(strlen("hello") == 5, "strlen");
    check(cos(0.0) == 1.0 && pow(3.0, 2.0) == 9.0, "second calls, through the patched slots");
    return failed;
}
EOF
build_and_run() {  # build_and_run TARGET RUNNER…
    local target=$1; shift
    local flags=(--target="$target" -O1 -fPIE -fno-builtin)
    [ "$target" = aarch64-linux-gnu ] && flags+=(-isystem /usr/aarch64-linux-gnu/include)
    for file in Trampolines.S LazySymbols.c LazyLibraries.c main.c; do
        "$clang" "${flags[@]}" -I "$work" -c "$work/$file" -o "$work/$target-$file.o"
    done
    local link=(--target="$target" -fuse-ld=lld -pie)
    [ "$target" = aarch64-linux-gnu ] && link+=(-B/usr/aarch64-linux-gnu/lib -L/usr/aarch64-linux-gnu/lib -L/usr/lib/gcc-cross/aarch64-linux-gnu/12)
    "$clang" "${link[@]}" "$work/$target"-*.o -o "$work/check-$target"
    echo "== $target"
    "$@" "$work/check-$target"
}
build_and_run x86_64-linux-gnu
if [ "${1:-}" = --aarch64 ]; then build_and_run aarch64-linux-gnu qemu-aarch64 -L /usr/aarch64-linux-gnu; fi
