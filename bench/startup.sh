#!/usr/bin/env bash
# Start-up cost of autoplay's processes beside a static hello-world Go
# program built the same way (CGO_ENABLED=0 go build): CPU (task-clock) and
# page faults from perf stat, for
#   hello-world                      fmt.Println, nothing else
#   autoplay --help                  bin/autoplay (make build's lean build)
#   autoplay-full --help             bin/autoplay-full (NATS and dashboard linked)
#   autoplay engine (uci, quit)      the built-in engine answering uci, then quit
#   autoplay slot (start, EOF)       a slot process up to its first frame (none: EOF)
# With OLD=path/to/another/autoplay (an earlier build, say), its --help,
# engine and slot rows too.
# ROUNDS rounds (default 5) of perf stat -r RUNS (default 20) each, the
# programs in turn within a round, so that a busy machine weighs on all of
# them alike; the medians of the rounds and their ratios to hello-world.
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-5}
RUNS=${RUNS:-20}
command -v perf >/dev/null || { echo "bench: perf not found (apt-get install linux-perf)"; exit 1; }
make -s build
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
mkdir "$out/hello"
printf 'package main\n\nimport "fmt"\n\nfunc main() { fmt.Println("hello") }\n' > "$out/hello/main.go"
printf 'module hello\n\ngo 1.22\n' > "$out/hello/go.mod"
(cd "$out/hello" && CGO_ENABLED=0 go build -o hello .)
printf 'uci\nquit\n' > "$out/uciquit"

names=("hello-world" "autoplay --help" "autoplay-full --help" "autoplay engine (uci, quit)" "autoplay slot (start, EOF)")
[ -n "${OLD:-}" ] && names+=("OLD --help" "OLD engine (uci, quit)" "OLD slot (start, EOF)")
run() { # index: one perf stat of program index, its "ms faults" on stdout
  local cmd stdin=/dev/null
  case $1 in
    0) cmd=("$out/hello/hello") ;;
    1) cmd=(bin/autoplay --help) ;;
    2) cmd=(bin/autoplay-full --help) ;;
    3) cmd=(bin/autoplay engine); stdin=$out/uciquit ;;
    4) cmd=(bin/autoplay slot) ;;
    5) cmd=("$OLD" --help) ;;
    6) cmd=("$OLD" engine); stdin=$out/uciquit ;;
    7) cmd=("$OLD" slot) ;;
  esac
  perf stat -x, -r "$RUNS" -e task-clock,page-faults "${cmd[@]}" <"$stdin" 2>&1 >/dev/null |
    awk -F, '$3 == "task-clock" { ms = $1 } $3 == "page-faults" { pf = $1 } END { print ms, pf }'
}
for round in $(seq "$ROUNDS"); do
  for i in "${!names[@]}"; do
    echo "$i $(run "$i")" >> "$out/runs"
  done
done
python3 - "$out/runs" "${names[@]}" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    i, ms, pf = line.split()
    runs.setdefault(int(i), []).append((float(ms), float(pf)))
med = {i: (statistics.median(m for m, _ in v), statistics.median(p for _, p in v)) for i, v in runs.items()}
h = med[0]
print(f"medians of {len(runs[0])} rounds of perf stat -r N: CPU (task-clock) and page faults a start")
for i, name in enumerate(sys.argv[2:]):
    ms, pf = med[i]
    print(f"{name:<30} {ms:6.2f} ms CPU {pf:6.0f} page faults   {ms / h[0]:4.2f}x, {pf / h[1]:4.2f}x hello-world's")
PY
