#!/usr/bin/env bash
# Fuzzes filmstrip's readers with libFuzzer: the capture plan reader, the BDF reader, the HAR
# (latency samples) reader with the --url matcher, the PNG reader and the recorded report reader.
#
#   Tests/Fuzz/run.sh [SECONDS] [TARGET…]      default: 60 seconds each, every target
#
# Builds each target from the package's sources with swiftc -sanitize=fuzzer,address into
# .build/fuzz (the package build is untouched), then runs it for SECONDS seconds with
# -timeout=10, starting from Tests/Fuzz/corpus/<target> and Tests/Fuzz/regressions/<target>
# (the working corpus grows in .build/fuzz/corpus/<target>). Then runs the built `filmstrip`
# on every input of the working corpus that the command line can read (plans, fonts, samples)
# and checks the exit code is 0, 1 or 2, that an exit 2 names the file, that nothing takes
# over 10 s, and that no raw ESC reaches the terminal.
#
# Fails on a crash, a hang over 10 s, a leak or an out-of-memory (libFuzzer writes the input to
# .build/fuzz/artifacts/<target>/), or a message that does not name the file. Every input that
# ever failed goes into Tests/Fuzz/regressions/<target>/; the regression tests read them all.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"
seconds="${1:-60}"
shift || true
targets=("$@")
[ "${#targets[@]}" -gt 0 ] || targets=(plan bdf har png report)

build=.build/fuzz
mkdir -p "$build/include/CPNGShim"
flags=(-sanitize=fuzzer,address -O -g -swift-version 6 -enable-upcoming-feature ExistentialAny -package-name filmstrip -I "$build" -L "$build")
png_cflags=$(pkg-config --cflags libpng zlib libdeflate)

# Each library module once, instrumented for coverage and address checks; rebuilt when a
# source is newer than its archive.
module() {  # NAME DEPENDENCY_FLAGS…
  local name=$1; shift
  local sources
  sources=$(find "Sources/$name" -name '*.swift' | sort)
  local archive="$build/lib$name.a"
  if [ ! -f "$archive" ] || [ -n "$(find "Sources/$name" -newer "$archive" -name '*.swift')" ]; then
    echo "== fuzz build: $name"
    # shellcheck disable=SC2086
    swiftc "${flags[@]}" "$@" -parse-as-library -emit-library -static -emit-module -module-name "$name" \
      -emit-module-path "$build/$name.swiftmodule" -o "$archive" $sources 2>&1 | grep -v "ld.gold: warning" || true
    [ -f "$archive" ] || { echo "error: fuzz build of $name failed"; exit 1; }
  fi
}
module FilmstripRaster
# FilmstripCore imports CHostedRun (the capturing thread of a hosted model run): its C file, built
# without instrumentation (it only passes the C library's calls through here), and a module map.
mkdir -p "$build/include/CHostedRun"
cat > "$build/include/CHostedRun/module.modulemap" <<MAP
module CHostedRun {
    header "$PWD/Sources/CHostedRun/include/hosted_run.h"
    export *
}
MAP
clang -O1 -g -I Sources/CHostedRun/include -c Sources/CHostedRun/hosted_run.c -o "$build/hosted_run.o"
module FilmstripCore -I "$build/include/CHostedRun"
# The plan reader needs benches to read a plan's own members: the seed benches.
if [[ " ${targets[*]} " == *" plan "* ]]; then module FilmstripSeedBenches -I "$build/include/CHostedRun"; fi
if [[ " ${targets[*]} " == *" png "* || " ${targets[*]} " == *" report "* ]]; then
  cat > "$build/include/CPNGShim/module.modulemap" <<MAP
module CPNGShim {
    header "$PWD/Sources/CPNGShim/include/png_shim.h"
    export *
}
MAP
  # Every C file of the shim (the libpng wrapper and the writers on zlib and libdeflate), one object each.
  shim_objects=()
  for source in Sources/CPNGShim/*.c; do
    object="$build/$(basename "$source" .c).o"
    # shellcheck disable=SC2086
    clang -fsanitize=fuzzer-no-link,address -O1 -g $png_cflags -I Sources/CPNGShim/include -c "$source" -o "$object"
    shim_objects+=("$object")
  done
  module FilmstripPNG -I "$build/include/CPNGShim" -I Sources/CLibPNG -I Sources/CZlib -I Sources/CLibCrypto -Xcc "-I/usr/include/libpng16"
fi
# The report reader lives in the engine: FilmstripReports and FilmstripOutputs, the latter built
# for testing (the harness reads the rows as check does) with a stand-in for SwiftPM's resource
# accessor (the bundled font is not read here).
png_includes=(-I "$build/include/CPNGShim" -I Sources/CLibPNG -I Sources/CZlib -I Sources/CLibCrypto -Xcc "-I/usr/include/libpng16")
if [[ " ${targets[*]} " == *" report "* ]]; then
  module FilmstripReports -I "$build/include/CHostedRun"
  printf 'import Foundation\nextension Foundation.Bundle { static var module: Bundle { .main } }\n' >"$build/OutputsBundle.swift"
  module FilmstripOutputs -enable-testing "$build/OutputsBundle.swift" -I "$build/include/CHostedRun" -I Sources/CSyncFS "${png_includes[@]}"
fi

harness() {  # TARGET → executable path
  case $1 in
    plan) echo "PlanFuzz FilmstripSeedBenches FilmstripCore FilmstripRaster" ;;
    bdf) echo "BDFFuzz FilmstripRaster" ;;
    har) echo "HARFuzz FilmstripCore FilmstripRaster" ;;
    png) echo "PNGFuzz FilmstripPNG FilmstripRaster" ;;
    report) echo "ReportFuzz FilmstripOutputs FilmstripReports FilmstripPNG FilmstripCore FilmstripRaster" ;;
    *) echo "error: unknown fuzz target '$1' (plan, bdf, har, png, report)" >&2; exit 2 ;;
  esac
}

status=0
for target in "${targets[@]}"; do
  read -r name libraries <<<"$(harness "$target")"
  exe="$build/$name"
  links=()
  for library in $libraries; do links+=("-l$library"); done
  extra=()
  if [[ " $libraries " == *" FilmstripCore "* ]]; then extra=("$build/hosted_run.o" -I "$build/include/CHostedRun"); fi
  if [ "$target" = png ]; then extra=("${shim_objects[@]}" -I "$build/include/CPNGShim" -I Sources/CLibPNG -I Sources/CZlib -I Sources/CLibCrypto -lpng -lz -ldeflate -lcrypto); fi
  if [ "$target" = report ]; then extra+=("${shim_objects[@]}" "${png_includes[@]}" -I Sources/CSyncFS -lpng -lz -ldeflate -lcrypto); fi
  echo "== fuzz build: $name"
  swiftc "${flags[@]}" -parse-as-library "Tests/Fuzz/Harnesses/$name.swift" "${links[@]}" "${extra[@]}" -o "$exe" 2>&1 | grep -v "ld.gold: warning" || true
  [ -x "$exe" ] || { echo "error: fuzz build of $name failed"; exit 1; }

  corpus="$build/corpus/$target"
  artifacts="$build/artifacts/$target/"
  mkdir -p "$corpus" "$artifacts" "Tests/Fuzz/regressions/$target"
  rm -f "$artifacts"*
  echo "== fuzz $target for $seconds s"
  started=$(date +%s)
  set +e
  "$exe" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
    -artifact_prefix="$artifacts" "$corpus" "Tests/Fuzz/corpus/$target" "Tests/Fuzz/regressions/$target" \
    >"$build/$target.log" 2>&1
  rc=$?
  set -e
  grep -E "^stat::number_of_executed_units|^stat::new_units_added|^#[0-9]+ +DONE" "$build/$target.log" | tr '\n' ' ' || true
  echo "($(( $(date +%s) - started )) s, exit $rc, corpus $(find "$corpus" -type f | wc -l) inputs)"
  if [ "$rc" -ne 0 ] || [ -n "$(ls -A "$artifacts")" ]; then
    echo "FAIL: fuzz $target: exit $rc; inputs in $artifacts (copy each to Tests/Fuzz/regressions/$target/ and fix its kind):"
    ls "$artifacts"
    grep -E "ERROR|SUMMARY|Fatal error|timeout" "$build/$target.log" | head -n 20
    status=1
  fi
done

# The command line over the working corpus: exit 0, 1 or 2, an exit 2 names the file, no hang.
if [ -x .build/debug/filmstrip ] || swift build --product filmstrip >/dev/null 2>&1; then
  cli=.build/debug/filmstrip
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' EXIT
  printf '[100, 200, 300]' >"$scratch/latencies.json"
  checked=0
  for target in "${targets[@]}"; do
    [ "$target" = png ] || [ "$target" = report ] && continue
    corpus="$build/corpus/$target"
    [ -d "$corpus" ] || continue
    # At most 100 inputs per target, a fixed choice: the first by name.
    while IFS= read -r input; do
      case $target in
        plan) file="$scratch/fuzz-input.json"; cp "$input" "$file"; args=(check --no-compare --out "$scratch/out" "$file") ;;
        bdf) file="$scratch/fuzz-input.bdf"; cp "$input" "$file"; args=(sweep "$scratch/latencies.json" --delays 0 --minimums 0 --out "$scratch/out" --font "$file") ;;
        har) file="$scratch/fuzz-input.har"; cp "$input" "$file"; args=(sweep "$file" --delays 0 --minimums 0 --out "$scratch/out") ;;
      esac
      set +e
      timeout 10 "$cli" "${args[@]}" >"$scratch/stdout" 2>"$scratch/stderr"
      rc=$?
      set -e
      checked=$((checked + 1))
      problem=""
      case $rc in
        0|1) ;;
        2) grep -qF "$file" "$scratch/stderr" || problem="exit 2 without naming the file" ;;
        124) problem="took over 10 s" ;;
        *) problem="exit $rc" ;;
      esac
      if grep -q $'\x1b' "$scratch/stdout" "$scratch/stderr"; then problem="${problem:+$problem; }a raw ESC reached the terminal"; fi
      if [ -n "$problem" ]; then
        echo "FAIL: filmstrip ${args[0]} on $input: $problem"
        head -c 600 "$scratch/stderr"
        status=1
      fi
    done < <(find "$corpus" "Tests/Fuzz/corpus/$target" "Tests/Fuzz/regressions/$target" -type f | sort | head -n 100)
  done
  echo "== command line over the corpus: $checked inputs"
fi
exit "$status"
