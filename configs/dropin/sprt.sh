#!/bin/sh
# An SPRT of two node-limited stockfish, cutechess-cli style (BayesElo bounds).
exec "${AUTOPLAY:-bin/autoplay}" cutechess \
  -engine cmd=/usr/games/stockfish name=strong nodes=20000 \
  -engine cmd=/usr/games/stockfish name=weak nodes=1 \
  -each tc=inf option.Hash=8 -rounds 50 -games 2 -repeat -concurrency 2 \
  -sprt elo0=0 elo1=200 alpha=0.3 beta=0.3 -srand 3
