#!/usr/bin/env python3
"""Sum the PlyCount tags of a PGN file: the plies its games played."""
import re, sys

print(sum(int(n) for n in re.findall(r'^\[PlyCount "(\d+)"\]', open(sys.argv[1]).read(), flags=re.M)))
