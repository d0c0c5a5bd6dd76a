#!/bin/sh
# fishtest's worker (fastchess era), one batch of 10 games in pairs.
exec "${AUTOPLAY:-bin/autoplay}" fastchess \
  -testEnv -recover -repeat -games 2 -rounds 5 \
  -ratinginterval 1 -scoreinterval 1 -autosaveinterval 0 -report penta=true \
  -pgnout file=fishtest.pgn append=false -crc32 pgn=true \
  -site https://tests.example/tests/view/1 -event "Batch 7: dev vs master" \
  -srand 1234 -resign movecount=3 score=600 -draw movenumber=34 movecount=8 score=20 \
  -variant standard -concurrency 2 \
  -openings file="${REPO:-.}"/cmd/autoplay/testdata/uho12.epd format=epd order=random plies=16 start=3 \
  -check-mate-pvs \
  -engine name=New-1a2b3c tc=10+0.1 nodes=4000 cmd=/usr/games/stockfish dir=. option.Hash=8 \
  -engine name=Base-1a2b3c tc=10+0.1 nodes=2000 cmd=/usr/games/stockfish dir=. option.Hash=8 \
  -each proto=uci option.Threads=1
