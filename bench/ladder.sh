#!/usr/bin/env bash
# Calibration of the built-in engine's strength ladder (UCI_LimitStrength,
# UCI_Elo) against Debian's Stockfish 15.1 limited the same way. Stockfish
# calibrated its UCI_Elo at 60+0.6 against CCRL 40/4; this plays at TC
# (default 10+0.1, where Stockfish's levels play somewhat below their
# labels), so the ratings it prints are CCRL 40/4 estimates with that bias
# on top of the statistical error it prints.
#
# RUNGS are OURS:STOCKFISH pairs of UCI_Elo values (Stockfish's floor is
# 1350: the lower rungs are measured against it). For each pair it plays
# GAMES games in pairs from random 8-move openings and prints the Elo
# difference with its 95 % error and the rating it implies for the rung.
#
#   bench/ladder.sh
#   RUNGS="1000:1350 1800:1800" GAMES=100 bench/ladder.sh
#   SEED=7 bench/ladder.sh      # other openings, for a second round
set -euo pipefail
cd "$(dirname "$0")/.."
RUNGS=${RUNGS:-"1000:1350 1400:1400 1800:1800 2200:2200 2600:2600"}
GAMES=${GAMES:-40}
TC=${TC:-10+0.1}
CONC=${CONC:-1}
BOOK=${BOOK:-../shared/books/8moves_v3.pgn.zip}
SF=${SF:-/usr/games/stockfish}
SEED=${SEED:-2026}
make -s build
out=${OUT:-$(mktemp -d)}
for rung in $RUNGS; do
  ours=${rung%%:*} theirs=${rung##*:}
  bin/autoplay match \
    --engine "cmd=$PWD/bin/autoplay arg=engine name=autoplay-$ours option.UCI_LimitStrength=true option.UCI_Elo=$ours" \
    --engine "cmd=$SF name=stockfish-$theirs option.UCI_LimitStrength=true option.UCI_Elo=$theirs option.Hash=16" \
    --each "tc=$TC" --games "$GAMES" --concurrency "$CONC" \
    --openings "file=$BOOK order=random" --seed "$SEED" \
    --resign "movecount=3 score=1000 twosided=true" --draw "movenumber=40 movecount=8 score=10" \
    --pgnout "$out/ladder-$ours.pgn" --json "$out/ladder-$ours.json" --report-every 0 --quiet > "$out/ladder-$ours.txt"
  python3 - "$out/ladder-$ours.json" "$ours" "$theirs" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
ours, theirs = int(sys.argv[2]), int(sys.argv[3])
e = r["encounters"][0]
first_is_ours = e["first"].startswith("autoplay")
w, d, l = (e["wins"], e["draws"], e["losses"]) if first_is_ours else (e["losses"], e["draws"], e["wins"])
f = e["games"]
elo, err = f["elo"], f["elo95"]
if not first_is_ours and isinstance(elo, (int, float)):
    elo = -elo
if isinstance(elo, (int, float)):
    print(f"UCI_Elo {ours} vs Stockfish 15.1 UCI_Elo {theirs}: +{w} ={d} -{l}, Elo {elo:+.0f} +/- {err} -> the rung plays at about {theirs + elo:.0f}")
else:
    print(f"UCI_Elo {ours} vs Stockfish 15.1 UCI_Elo {theirs}: +{w} ={d} -{l}, Elo {elo} (no estimate)")
EOF
done
echo "PGNs and JSON in $out"
