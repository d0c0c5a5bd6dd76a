#!/usr/bin/env bash
# Whole-match benchmark: stockfish against itself at nodes=1 (it answers at
# once), two games at a time. Prints games per second, the runner's own CPU
# per move, and the relay latency (an engine's move read -> the opponent's
# go written) at p50/p99, then the runner's CPU per move as a ratio to the
# figures the brief gives for the runners we compete with (measured on this
# machine kind: c-chess-cli 34 us, fastchess 100 us, cutechess-cli 470 us).
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${GAMES:-200}
SF=${SF:-/usr/games/stockfish}
[ -x "$SF" ] || { echo "bench: $SF not found (apt-get install stockfish)"; exit 1; }
[ -x bin/autoplay ] || make -s build

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
start=$(date +%s.%N)
bin/autoplay match --engine "cmd=$SF name=sf1 option.Hash=1" --engine "cmd=$SF name=sf2 option.Hash=1" \
  --each nodes=1 --games "$GAMES" --concurrency 2 --report-every 0 --runner-stats \
  --pgnout "$out/bench.pgn" >"$out/log"
end=$(date +%s.%N)
grep -E '^(Score|Runner)' "$out/log"
awk -v g="$GAMES" -v s="$start" -v e="$end" 'BEGIN { printf "Games: %d in %.2f s: %.1f games/s\n", g, e - s, g / (e - s) }'
cpu=$(sed -n 's/.*runner CPU \([0-9.]*\) µs per move.*/\1/p' "$out/log")
awk -v c="$cpu" 'BEGIN {
  printf "Runner CPU per move: %.1f us; ratio to c-chess-cli (34 us) %.2f, fastchess (100 us) %.2f, cutechess-cli (470 us) %.2f\n", c, c / 34, c / 100, c / 470
}'
