#!/usr/bin/env bash
# Runner overhead, side by side with c-chess-cli when CCC points at one:
# stockfish nodes=1 Hash=1 both sides, GAMES games in pairs from the first
# 200 UHO_4060_v3 positions, at concurrency 2, 4 and 8. For each runner and
# concurrency, autoplay as one process, with --affinity, and with
# --slot-processes --affinity: wall time per ply and the runner's own CPU
# per ply (its slot processes' counted, its engines' left out:
# bench/runnercpu.py), plies from the PGN's PlyCount
# tags. Also autoplay's startup CPU and how soon its built-in engine answers
# uciok. REPS runs of each (default 3), medians and ratios at the end;
# CONCS picks the concurrencies (default "2 4 8").
# Build c-chess-cli with: gcc -O2 -std=gnu11 -mpopcnt -DNDEBUG
#   -DVERSION=\"x\" -Isrc src/*.c -o c-chess-cli -lpthread -lm
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${GAMES:-100}
SF=${SF:-/usr/games/stockfish}
CCC=${CCC:-}
BOOK=${BOOK:-../shared/books/UHO_4060_v3.epd.zip}
[ -x "$SF" ] || { echo "bench: $SF not found (apt-get install stockfish)"; exit 1; }
make -s build

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
if [[ $BOOK == *.zip ]]; then { unzip -p "$BOOK" || true; } | head -200 > "$out/book.epd"; else head -200 "$BOOK" > "$out/book.epd"; fi

# perply LABEL WALL CPU PGN: one run's line, also kept for the medians.
perply() {
  local plies; plies=$(python3 bench/plies.py "$4")
  awk -v l="$1" -v w="$2" -v c="$3" -v p="$plies" 'BEGIN { printf "%-26s %6d plies  wall %6.1f us/ply  runner CPU %5.1f us/ply\n", l, p, w / p * 1e6, c / p * 1e6 }' | tee -a "$out/runs"
}

autoplay_run() { # conc ["flags"]
  rm -f "$out/ap.pgn"*
  read -r wall cpu _ < <(python3 bench/runnercpu.py bin/autoplay match ${2:-} \
    --engine "cmd=$SF name=a option.Hash=1" --engine "cmd=$SF name=b option.Hash=1" --each nodes=1 \
    --games "$GAMES" --concurrency "$1" --openings "file=$out/book.epd order=sequential" \
    --pgnout "$out/ap.pgn" --report-every 0)
  local label="autoplay c=$1"
  [[ ${2:-} == *affinity* ]] && label+=" affinity"
  [[ ${2:-} == *slot-processes* ]] && label+=" slots"
  perply "$label" "$wall" "$cpu" "$out/ap.pgn"
}

ccc_run() { # conc
  rm -f "$out/ccc.pgn"
  read -r wall cpu _ < <(cd "$out" && python3 "$OLDPWD/bench/runnercpu.py" "$CCC" -each cmd="$SF" nodes=1 option.Hash=1 \
    -engine name=a -engine name=b -games "$GAMES" -concurrency "$1" -openings file=book.epd order=sequential \
    -repeat -pgn ccc.pgn 0)
  perply "c-chess-cli c=$1" "$wall" "$cpu" "$out/ccc.pgn"
}

# Each runner runs REPS times, the order turned round at each repetition:
# a machine's first run after a pause is slower (fresh memory for the
# engines), and no runner should always pay it. Medians at the end.
REPS=${REPS:-3}
for conc in ${CONCS:-2 4 8}; do
  runners=(plain affinity slots)
  [ -n "$CCC" ] && runners+=(ccc)
  for rep in $(seq "$REPS"); do
    for i in "${!runners[@]}"; do
      case ${runners[(i + rep) % ${#runners[@]}]} in
        plain) autoplay_run "$conc" ;;
        affinity) autoplay_run "$conc" --affinity ;;
        slots) autoplay_run "$conc" "--slot-processes --affinity" ;;
        ccc) ccc_run "$conc" ;;
      esac
    done
  done
done
echo "medians of $REPS runs:"
python3 - "$out/runs" <<'PY'
import re, statistics, sys
runs = {}
for line in open(sys.argv[1]):
    m = re.match(r"(.+?)\s+\d+ plies\s+wall\s+([\d.]+) us/ply\s+runner CPU\s+([\d.]+)", line)
    if m:
        runs.setdefault(m[1], []).append((float(m[2]), float(m[3])))
med = {k: (statistics.median(w for w, _ in v), statistics.median(c for _, c in v)) for k, v in runs.items()}
for k, (w, c) in med.items():
    ratio = ""
    conc = k.split("c=")[1].split()[0]
    ref = med.get(f"c-chess-cli c={conc}")
    if ref and not k.startswith("c-chess-cli"):
        ratio = f"  ({w / ref[0]:.2f}x wall, {c / ref[1]:.2f}x CPU of c-chess-cli)"
    print(f"{k:<26} wall {w:6.1f} us/ply  runner CPU {c:5.1f} us/ply{ratio}")
PY

read -r wall cpu _ < <(python3 bench/runnercpu.py bin/autoplay --help)
echo "autoplay --help: ${cpu} s CPU (clock ticks of 10 ms), ${wall} s wall"
python3 - <<'PY'
import subprocess, time
times = []
for _ in range(10):
    t = time.perf_counter()
    p = subprocess.Popen(["bin/autoplay", "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    p.stdin.write("uci\n"); p.stdin.flush()
    for line in p.stdout:
        if line.strip() == "uciok":
            break
    times.append((time.perf_counter() - t) * 1000)
    p.stdin.write("quit\n"); p.stdin.flush(); p.wait()
times.sort()
print(f"autoplay engine: uciok {times[len(times)//2]:.1f} ms after start (median of 10)")
PY
