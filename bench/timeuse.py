#!/usr/bin/env python3
"""Where an engine's time goes, from an autoplay PGN (the {score/depth time}
move comments): its mean time per move by stretch of the game (moves 1-20,
21-40, 41-60, 61 on) and the median clock it had left when each game ended.

  bench/timeuse.py GAMES.pgn NAME BASE_SECONDS INCREMENT_SECONDS
  e.g. bench/timeuse.py sprt.pgn new 2 0.02
"""
import re, statistics, sys

path, name, base, inc = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
buckets, left = {}, []
for game in re.split(r'\n(?=\[Event )', open(path).read()):
    white, black = re.search(r'\[White "([^"]+)"', game), re.search(r'\[Black "([^"]+)"', game)
    if not white or name not in (white.group(1), black.group(1)) or '\n\n' not in game:
        continue
    side = 0 if white.group(1) == name else 1
    fen = re.search(r'\[FEN "[^"]+ ([wb]) ', game)
    first = 1 if fen and fen.group(1) == 'b' else 0  # Black moved first
    times = [float(t) for t in re.findall(r'\{[^}]*?([\d.]+)s\}', game.split('\n\n', 1)[1])]
    mine = [t for i, t in enumerate(times) if (i + first) % 2 == side]
    clock = base
    for k, t in enumerate(mine):
        buckets.setdefault(min(k // 20, 3), []).append(t)
        clock += inc - t
    left.append(clock)
if not left:
    sys.exit(f"{path}: no game of {name}")
for k in sorted(buckets):
    v = buckets[k]
    print(f"moves {k*20+1}-{'' if k == 3 else k*20+20}: {sum(v)/len(v):.3f} s a move ({len(v)} moves)")
print(f"clock left at the end: median {statistics.median(left):.2f} s over {len(left)} games")
