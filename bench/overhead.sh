#!/usr/bin/env bash
# Runner overhead, side by side with c-chess-cli when CCC points at one:
# stockfish nodes=1 Hash=1 both sides, GAMES games in pairs from the first
# 200 UHO_4060_v3 positions, at concurrency 2, 4 and 8. For each runner and
# concurrency: wall time per ply and the runner's own CPU per ply (its
# engines' CPU left out: bench/runnercpu.py), plies from the PGN's PlyCount
# tags. Also autoplay's startup CPU and how soon its built-in engine answers
# uciok. Build c-chess-cli with: gcc -O2 -std=gnu11 -mpopcnt -DNDEBUG
#   -DVERSION=\"x\" -Isrc src/*.c -o c-chess-cli -lpthread -lm
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${GAMES:-100}
SF=${SF:-/usr/games/stockfish}
CCC=${CCC:-}
BOOK=${BOOK:-../shared/books/UHO_4060_v3.epd.zip}
[ -x "$SF" ] || { echo "bench: $SF not found (apt-get install stockfish)"; exit 1; }
go build -o bin/autoplay ./cmd/autoplay

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
if [[ $BOOK == *.zip ]]; then { unzip -p "$BOOK" || true; } | head -200 > "$out/book.epd"; else head -200 "$BOOK" > "$out/book.epd"; fi

perply() { # label wall cpu pgn
  local plies; plies=$(python3 bench/plies.py "$4")
  awk -v l="$1" -v w="$2" -v c="$3" -v p="$plies" 'BEGIN { printf "%-26s %6d plies  wall %6.1f us/ply  runner CPU %5.1f us/ply\n", l, p, w / p * 1e6, c / p * 1e6 }'
}

for conc in 2 4 8; do
  for aff in "" "--affinity"; do
    rm -f "$out/ap.pgn"*
    read -r wall cpu < <(python3 bench/runnercpu.py bin/autoplay match $aff \
      --engine "cmd=$SF name=a option.Hash=1" --engine "cmd=$SF name=b option.Hash=1" --each nodes=1 \
      --games "$GAMES" --concurrency "$conc" --openings "file=$out/book.epd order=sequential" \
      --pgnout "$out/ap.pgn" --report-every 0)
    perply "autoplay c=$conc ${aff:+affinity}" "$wall" "$cpu" "$out/ap.pgn"
  done
  if [ -n "$CCC" ]; then
    rm -f "$out/ccc.pgn"
    read -r wall cpu < <(cd "$out" && python3 "$OLDPWD/bench/runnercpu.py" "$CCC" -each cmd="$SF" nodes=1 option.Hash=1 \
      -engine name=a -engine name=b -games "$GAMES" -concurrency "$conc" -openings file=book.epd order=sequential \
      -repeat -pgn ccc.pgn 0)
    perply "c-chess-cli c=$conc" "$wall" "$cpu" "$out/ccc.pgn"
  fi
done

read -r wall cpu < <(python3 bench/runnercpu.py bin/autoplay --help)
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
