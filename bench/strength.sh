#!/usr/bin/env bash
# Proof of strength: the built-in engine against Debian's Fairy-Max (XBoard),
# 200 games at 10+0.1 from random UHO openings, two at a time, with resign
# and draw adjudication. About 30 minutes on two cores. Prints autoplay's
# final score (Elo difference with its 95% error).
set -euo pipefail
cd "$(dirname "$0")/.."
BOOK=${BOOK:-../shared/books/UHO_4060_v3.epd.zip}
GAMES=${GAMES:-200}
make -s build
out=${OUT:-$(mktemp -d)}
bin/autoplay match \
  --engine "cmd=$PWD/bin/autoplay arg=engine name=autoplay" \
  --engine "cmd=/usr/games/fairymax proto=xboard name=fairymax" \
  --each "tc=10+0.1" --games "$GAMES" --concurrency 2 \
  --openings "file=$BOOK order=random" --seed 2026 \
  --resign "movecount=3 score=600 twosided=true" --draw "movenumber=40 movecount=8 score=10" \
  --pgnout "$out/strength.pgn" --json "$out/strength.json" --report-every 20 --quiet
echo "PGN and JSON in $out"
