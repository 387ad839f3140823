#!/usr/bin/env bash
# Peak resident memory and wall time of whole-process `filmstrip record` runs as the frame count
# grows (held to ≤ 64 MiB at 100,000 frames and ≤ 10% above a 1,000-frame run).
#
#   Tests/Bench/record-rss.sh [FRAMES…]        default: 1000 10000 100000
#
# Builds the release binary (incremental), then for each count writes a copy of the reference
# plan (captures/inbox-cycle.json) whose window holds exactly that many frames 36 ms apart
# (100,000 × 36 ms = 3,600,000 ms, the longest window a plan may have), records it into a fresh
# temporary folder under /usr/bin/time -v, and prints the maximum resident set size and the wall
# time. Set FILMSTRIP_SKIP_BUILD=1 to measure the binary already built, FILMSTRIP_BINARY=PATH to
# measure another (a copy, so a rebuild cannot change it mid-run). Not part of `swift test`:
# a 100,000-frame recording takes minutes and writes 100,000 files.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"
[ -x /usr/bin/time ] || { echo "record-rss.sh needs /usr/bin/time (Debian: apt-get install -y time)" >&2; exit 2; }
if [ "${FILMSTRIP_SKIP_BUILD:-0}" != 1 ]; then swift build -c release >&2; fi
binary=${FILMSTRIP_BINARY:-.build/release/filmstrip}
counts=("$@")
[ "${#counts[@]}" -gt 0 ] || counts=(1000 10000 100000)
interval=36
scratch=$(mktemp -d "${TMPDIR:-/tmp}/filmstrip-rss-XXXXXX")
trap 'rm -rf "$scratch"' EXIT

echo "record-rss · $(git rev-parse --short HEAD 2>/dev/null || echo '?') · $(nproc) cores · load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%8s  %12s  %10s  %14s  %s\n' frames "peak RSS MiB" "wall s" "vs first" "files"
first=""
for n in "${counts[@]}"; do
  dir="$scratch/$n"
  mkdir -p "$dir"
  python3 - "$n" "$interval" "$dir/rss$n.json" <<'PY'
import json, sys
count, interval, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
plan = json.load(open("captures/inbox-cycle.json"))
plan["windowMs"] = count * interval
plan["frameIntervalMs"] = interval
plan.pop("expect", None)  # the reference plan's shares are for its own window
json.dump(plan, open(out, "w"), indent=2)
PY
  "/usr/bin/time" -v -o "$dir/time.txt" "$binary" record --out "$dir/out" "$dir/rss$n.json" >"$dir/stdout.txt" 2>"$dir/stderr.txt" || {
    echo "record failed for $n frames (exit $?):" >&2; cat "$dir/stderr.txt" >&2; exit 1; }
  kib=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$dir/time.txt")
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$dir/time.txt")
  seconds=$(python3 -c "import sys; p=[float(x) for x in sys.argv[1].split(':')]; print(f'{sum(v*60**(len(p)-1-i) for i,v in enumerate(p)):.1f}')" "$wall")
  mib=$(python3 -c "print(f'{$kib/1024:.1f}')")
  files=$(find "$dir/out" -type f | wc -l)
  [ -n "$first" ] || first=$kib
  above=$(python3 -c "print(f'{($kib/$first-1)*100:+.1f}%')")
  printf '%8s  %12s  %10s  %14s  %s\n' "$n" "$mib" "$seconds" "$above" "$files"
  rm -rf "$dir/out"
done
echo "peak RSS: /usr/bin/time -v's maximum resident set size of the whole process; plans: captures/inbox-cycle.json, ${interval} ms a frame"
