#!/bin/sh
# OpenBench's client: engines in Engines/, books in Books/ (made here from the test openings).
mkdir -p Engines Books
ln -sf /usr/games/stockfish Engines/sf-dev
ln -sf /usr/games/stockfish Engines/sf-base
cp "${REPO:-.}"/cmd/autoplay/testdata/uho12.epd Books/uho12.epd
exec "${AUTOPLAY:-bin/autoplay}" fastchess \
  -recover -variant standard -testEnv -concurrency 2 -rounds 3 -games 2 \
  -resign movecount=3 score=400 -draw movenumber=40 movecount=8 score=10 \
  -engine dir=Engines/ cmd=./sf-dev proto=uci tc=inf nodes=3000 option.Threads=1 option.Hash=8 name=Stockfish-dev \
  -engine dir=Engines/ cmd=./sf-base proto=uci tc=inf nodes=1500 option.Threads=1 option.Hash=8 name=Stockfish-base \
  -openings file=Books/uho12.epd format=epd order=random start=4 -srand 77 \
  -pgnout file=openbench.pgn seldepth=true nodes=true match_line='^info string pgncomment .*'
