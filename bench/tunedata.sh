#!/usr/bin/env bash
# Training data for `autoplay engine tune`, made by autoplay's own games:
# the built-in engine against itself at a fixed node count, from random
# 3-move openings, resign and draw adjudication, quiet positions from ply 16
# sampled at half rate with each game's result (EPD, c0 from the side to
# move's view). The weights in engine/evalweights.go were tuned on 463,430
# positions made this way: three runs of 3,400 games (about 25 minutes each
# on two cores) by the engines of sessions 27, 31 and 32, and a short one,
# then (the last tenth of the positions, in the order given, is kept for
# validation: the end of the last file):
#
#   bin/autoplay engine tune --data RUN1/data.epd --data RUN2/data.epd ...    # writes engine/evalweights.go
#
# With 150k positions the validation error rose after a few epochs (too few
# for ~1,000 weights); with 300k it fell for 200; with 460k it was lowest
# at epoch 8 (from weights already tuned on most of the same data).
#
# GAMES (default 3400), NODES (6000), CONC (1), OUT (a new temporary dir).
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${GAMES:-3400}
NODES=${NODES:-6000}
CONC=${CONC:-1}
BOOK=${BOOK:-../shared/books/noob_3moves.epd.zip}
go build -o bin/autoplay ./cmd/autoplay
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
bin/autoplay match \
  --engine "cmd=builtin name=a" --engine "cmd=builtin name=b" \
  --each "nodes=$NODES" --games "$GAMES" --concurrency "$CONC" \
  --openings "file=$BOOK order=random" \
  --resign "movecount=3 score=1000" --draw "movenumber=40 movecount=8 score=10" \
  --sample "file=$out/data.epd freq=0.5 quiet=true plies=16" \
  --pgnout "$out/games.pgn" --report-every 100 --quiet
echo "$(wc -l < "$out/data.epd") positions in $out/data.epd"
