#!/bin/sh
# Records the real tools' output for the comparison test (compat's
# recorded_test.go). Run once from this directory with the tools built from
# their sources (see README.md):
#   CUTECHESS=/path/to/cutechess-cli FASTCHESS=/path/to/fastchess ./record.sh
# ONLY='fastchess-quick*' records only the cases whose names match.
# Each case of ./cases is run in a fresh temporary directory; its standard
# output goes to NAME.out, its standard error (when any) to NAME.err and its
# PGN to NAME.pgn. The tools' own code is not
# kept here, only what they printed and wrote. SYZYGY is the tables' directory.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
SF=${SF:-/usr/games/stockfish}
SYZYGY=${SYZYGY:-$(cd "$here/../../../../shared/syzygy" 2>/dev/null && pwd)}
grep -v '^#' "$here/cases" | while read -r name tool args; do
	[ -n "$name" ] || continue
	# shellcheck disable=SC2254 # ONLY is a pattern
	case $name in ${ONLY:-*}) ;; *) continue ;; esac
	case $tool in
	cutechess) bin=$CUTECHESS ;;
	fastchess) bin=$FASTCHESS ;;
	*) echo "$name: unknown tool $tool" >&2; exit 1 ;;
	esac
	dir=$(mktemp -d)
	cp "$here/book.epd" "$here/book.pgn" "$here/adjudicate.epd" "$here/tb.epd" "$dir/"
	line=$(echo "$args" | sed -e "s|{SF}|$SF|g" -e "s|{BOOK}|book.epd|g" -e "s|{PGNBOOK}|book.pgn|g" -e "s|{PGN}|$name.pgn|g" \
		-e "s|{ADJBOOK}|adjudicate.epd|g" -e "s|{TBBOOK}|tb.epd|g" -e "s|{SYZYGY}|$SYZYGY|g")
	# shellcheck disable=SC2086 # the line is split into words on purpose
	(cd "$dir" && "$bin" $line >"$here/$name.out" 2>"$here/$name.err" </dev/null)
	[ -s "$here/$name.err" ] || rm -f "$here/$name.err" # kept only when the tool warned
	cp "$dir/$name.pgn" "$here/$name.pgn"
	rm -rf "$dir"
	echo "$name: $(wc -l <"$here/$name.out") lines"
done
