#!/bin/sh
# fishtest's worker (cutechess-cli era), one batch of 8 games.
exec "${AUTOPLAY:-bin/autoplay}" cutechess \
  -recover -repeat -games 8 -tournament gauntlet -pgnout fishtest-cc.pgn \
  -site https://tests.example/tests/view/2 -event "Batch 3: a vs b" \
  -srand 99 -resign movecount=3 score=600 -draw movenumber=34 movecount=8 score=20 \
  -variant standard -concurrency 2 \
  -openings file="${REPO:-.}"/cmd/autoplay/testdata/uho12.epd format=epd order=random plies=16 start=1 \
  -engine name=New-9f tc=10+0.1 nodes=3000 cmd=/usr/games/stockfish dir=. option.Hash=8 \
  -engine name=Base-9f tc=10+0.1 nodes=1500 cmd=/usr/games/stockfish dir=. option.Hash=8 \
  -each proto=uci option.Threads=1
