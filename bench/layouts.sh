#!/usr/bin/env bash
# Every layout of the runner on this machine, beside c-chess-cli (CCC) when
# given: stockfish nodes=1 Hash=1 both sides, GAMES games in pairs from the
# first 200 UHO_4060_v3 positions, at each concurrency of CONCS (default
# "2 4 8"). Layouts: the automatic choice (its Runner: line read from
# --verbose), one process, one process with --affinity, a process per slot,
# a process per slot with --affinity. Per run: wall time and the runner's
# own CPU per ply (slot processes counted, engines not: bench/runnercpu.py);
# REPS runs of each (default 3) in an order turned round each repetition,
# medians and ratios to c-chess-cli at the end, and which layout the
# automatic choice took. First, the machine's primitives (bench/primitives:
# a static Go program's start, a goroutine hand-over, a wake-up on the same
# and across CPUs) and its load, which weigh on every figure.
#
#   CCC=/path/to/c-chess-cli REPS=3 GAMES=40 bench/layouts.sh
# Engines get 30 s to answer (timeout=30; c-chess-cli's default is 4 s,
# autoplay's 10): on a busy machine stockfish took longer to start, and
# c-chess-cli crashed on the overdue deadline (writing to a log it had not
# opened). Build c-chess-cli with: gcc -O2 -std=gnu11 -mpopcnt -DNDEBUG
#   -DVERSION=\"x\" -Isrc src/*.c -o c-chess-cli -lpthread -lm
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${GAMES:-40}
REPS=${REPS:-3}
CONCS=${CONCS:-"2 4 8"}
SF=${SF:-/usr/games/stockfish}
CCC=${CCC:-}
BOOK=${BOOK:-../shared/books/UHO_4060_v3.epd.zip}
[ -x "$SF" ] || { echo "bench: $SF not found (apt-get install stockfish)"; exit 1; }
make -s build
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
CGO_ENABLED=0 go build -o "$out/primitives" ./bench/primitives
if [[ $BOOK == *.zip ]]; then { unzip -p "$BOOK" || true; } | head -200 > "$out/book.epd"; else head -200 "$BOOK" > "$out/book.epd"; fi

echo "machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start"
"$out/primitives"

# perply LABEL WALL CPU PGN [OUTPUT]: one run's line, also kept for the
# medians; a run that played nothing is named with its output's end.
perply() {
  local plies; plies=$(python3 bench/plies.py "$4")
  if [ "$plies" = 0 ]; then
    echo "$1: no game played, left out"; [ -n "${5:-}" ] && tail -3 "$5"
    return
  fi
  awk -v l="$1" -v w="$2" -v c="$3" -v p="$plies" 'BEGIN { printf "%-30s %6d plies  wall %6.1f us/ply  runner CPU %5.1f us/ply\n", l, p, w / p * 1e6, c / p * 1e6 }' | tee -a "$out/runs"
}

# autoplay_run CONC LAYOUT FLAGS...: one autoplay run in the layout FLAGS give.
autoplay_run() {
  local conc=$1 layout=$2; shift 2
  rm -f "$out/ap.pgn"*
  read -r wall cpu _ < <(RUNNERCPU_STDOUT="$out/ap.out" python3 bench/runnercpu.py bin/autoplay match --verbose "$@" \
    --engine "cmd=$SF name=a option.Hash=1" --engine "cmd=$SF name=b option.Hash=1" --each "nodes=1 timeout=30" \
    --games "$GAMES" --concurrency "$conc" --openings "file=$out/book.epd order=sequential" \
    --pgnout "$out/ap.pgn" --report-every 0)
  if [ "$layout" = auto ]; then
    grep -m1 '^Runner: ' "$out/ap.out" | sed "s/^/c=$conc automatic: /" >> "$out/chosen"
  fi
  perply "autoplay c=$conc $layout" "$wall" "$cpu" "$out/ap.pgn" "$out/ap.out"
}

ccc_run() { # CONC
  rm -f "$out/ccc.pgn"
  read -r wall cpu _ < <(cd "$out" && RUNNERCPU_STDOUT="$out/ccc.out" python3 "$OLDPWD/bench/runnercpu.py" "$CCC" -each cmd="$SF" nodes=1 option.Hash=1 timeout=30 \
    -engine name=a -engine name=b -games "$GAMES" -concurrency "$1" -openings file=book.epd order=sequential \
    -repeat -pgn ccc.pgn 0)
  perply "c-chess-cli c=$1" "$wall" "$cpu" "$out/ccc.pgn" "$out/ccc.out"
}

# A machine's first run after a pause is slower (fresh memory for the
# engines): each repetition turns the order round, so no runner always pays it.
for conc in $CONCS; do
  runners=(auto one affinity slots slots-affinity)
  [ -n "$CCC" ] && runners+=(ccc)
  for rep in $(seq "$REPS"); do
    for i in "${!runners[@]}"; do
      case ${runners[(i + rep) % ${#runners[@]}]} in
        auto) autoplay_run "$conc" auto ;;
        one) autoplay_run "$conc" one --slot-processes=false --affinity=false ;;
        affinity) autoplay_run "$conc" affinity --slot-processes=false --affinity ;;
        slots) autoplay_run "$conc" slots --slot-processes --affinity=false ;;
        slots-affinity) autoplay_run "$conc" slots+affinity --slot-processes --affinity ;;
        ccc) ccc_run "$conc" ;;
      esac
    done
  done
done
echo "load average $(cut -d' ' -f1-3 /proc/loadavg) at the end"
echo "medians of $REPS runs of $GAMES games:"
python3 - "$out/runs" "$out/chosen" <<'PY'
import re, statistics, sys
runs = {}
for line in open(sys.argv[1]):
    m = re.match(r"(.+?)\s+\d+ plies\s+wall\s+([\d.]+) us/ply\s+runner CPU\s+([\d.]+)", line)
    if m:
        runs.setdefault(m[1], []).append((float(m[2]), float(m[3])))
med = {k: (statistics.median(w for w, _ in v), statistics.median(c for _, c in v)) for k, v in runs.items()}
chosen = {}
for line in open(sys.argv[2]):
    conc, _, rest = line.partition(" automatic: ")
    chosen.setdefault(conc, rest.strip())
for k in sorted(med, key=lambda k: (int(k.split("c=")[1].split()[0]), not k.startswith("c-chess-cli"), k)):
    w, c = med[k]
    conc = k.split("c=")[1].split()[0]
    ref = med.get(f"c-chess-cli c={conc}")
    ratio = ""
    if ref and not k.startswith("c-chess-cli"):
        ratio = f"  ({w / ref[0]:.2f}x wall, {c / ref[1]:.2f}x CPU of c-chess-cli)"
    print(f"{k:<30} wall {w:6.1f} us/ply  runner CPU {c:5.1f} us/ply{ratio}")
for conc, line in sorted(chosen.items(), key=lambda kv: int(kv[0][2:])):
    print(f"{conc} automatic: {line}")
PY
