#!/usr/bin/env bash
# Relay latency from the engines' side, with engines that think by sleeping
# (bench/sleeper: no CPU, so hundreds of games fit on a small machine), at
# each concurrency of CONCS, for autoplay in each of its modes and, given
# their paths, c-chess-cli (CCC), fastchess (FASTCHESS) and cutechess-cli
# (CUTECHESS), on the same games: openings from BOOK in order, both sides
# the sleeper, tc=60+1, games drawn by adjudication after move 40 (every
# runner's own rule, the sleeper reports a score of 0).
#
# Per run: relay p50/p90/p99/max (µs, from the engines' own clocks), wall
# time, the runner's own CPU per move (slot processes counted, engines not),
# time forfeits, and the runner's peak memory (RSS, slot processes summed),
# then the anonymous part of it: RSS less the pages of the runner's program
# file (a static Go binary of 30 MB has 12 MB of them resident, a C one
# 2 MB), what the games themselves cost.
# REPS runs each (default 3), order turned round each repetition; the
# medians are printed at the end.
#
#   bench/latency.sh                                   # autoplay's modes
#   CCC=/path/c-chess-cli CONCS="16 64 256" bench/latency.sh
#   SHARE=0.9 TC=1+0.01 CONCS=256 bench/latency.sh     # time losses at 90 % of the budget
set -euo pipefail
cd "$(dirname "$0")/.."
CONCS=${CONCS:-"1 4 16 64 128 256"}
REPS=${REPS:-3}
BOOK=${BOOK:-configs/openings/uho50.epd}
TC=${TC:-60+1}
THINK=${THINK:-20ms}
SHARE=${SHARE:-}
MODES=${MODES:-"auto gmp1 gmp2 slots"}
CCC=${CCC:-}
FASTCHESS=${FASTCHESS:-}
CUTECHESS=${CUTECHESS:-}

make -s build
go build -o bin/sleeper ./bench/sleeper
sleeper=$PWD/bin/sleeper
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
grep -v '^\s*$' "$BOOK" > "$out/book.epd"
export SLEEPER_THINK=$THINK SLEEPER_SHARE=$SHARE

# games G for concurrency C: every slot plays at least two games.
games_for() { echo $(( $1 * 2 < 8 ? 8 : $1 * 2 )); }

# run LABEL CONC PGN COMMAND...: runs it in $out, prints the run's line.
run() {
  local label=$1 conc=$2 pgn=$3; shift 3
  rm -f "$out/lat.txt" "$out/$pgn"*
  local stats
  stats=$(cd "$out" && SLEEPER_OUT="$out/lat.txt" python3 "$OLDPWD/bench/runnercpu.py" "$@")
  read -r wall cpu rss anon <<<"$stats"
  local plies forfeits
  plies=$(python3 bench/plies.py "$out/$pgn")
  # games (not lines) that end in a time forfeit, however the runner words it
  forfeits=$(python3 -c 'import re,sys; t=open(sys.argv[1]).read(); print(sum(1 for g in re.split(r"\n(?=\[Event )", t) if re.search(r"on time|time forfeit|timeout", g, re.I)))' "$out/$pgn")
  sort -n "$out/lat.txt" | awk -v l="$label" -v c="$conc" -v w="$wall" -v cpu="$cpu" -v p="$plies" -v f="$forfeits" -v r="$rss" -v an="$anon" '
    { a[NR] = $1 }
    END { printf "%-22s c=%-4d p50 %6d  p90 %6d  p99 %6d  max %7d us  wall %6.1f s  cpu %5.1f us/move  forfeits %d  peak %6.1f MB  anon %6.1f MB\n",
            l, c, a[int(NR*0.5)+1], a[int(NR*0.9)+1], a[int(NR*0.99)+1], a[NR], w, cpu / p * 1e6, f, r / 1024, an / 1024 }' | tee -a "$out/runs"
}

autoplay_run() { # mode conc
  local flags=() env=()
  case $1 in
  auto) ;;                                                         # no flags: autoplay chooses
  gmp*) flags=(--slot-processes=false); env=(GOMAXPROCS=${1#gmp}) ;; # one process on N Go processors (gmp1: the default before the automatic choice)
  slots) flags=(--slot-processes) ;;                                 # a process per game slot
  slotsaff) flags=(--slot-processes --affinity) ;;                   # the same, pinned
  aff) flags=(--slot-processes=false --affinity) ;;                  # one process, game slots pinned to CPUs
  gogc*) env=(GOGC=${1#gogc}) ;;                                     # the automatic choice with GOGC N (gogc25)
  esac
  local g; g=$(games_for "$2")
  run "autoplay $1" "$2" ap.pgn env "${env[@]}" "$PWD/bin/autoplay" match "${flags[@]}" \
    --engine "cmd=$sleeper name=a" --engine "cmd=$sleeper name=b" --each "tc=$TC" \
    --games "$g" --concurrency "$2" --openings "file=book.epd order=sequential" \
    --draw "movenumber=40 movecount=1 score=1" --pgnout ap.pgn --report-every 0
}

ccc_run() { # conc
  local g; g=$(games_for "$1")
  run "c-chess-cli" "$1" ccc.pgn "$CCC" -each cmd="$sleeper" tc="$TC" -engine name=a -engine name=b \
    -games "$g" -concurrency "$1" -openings file=book.epd -repeat -draw number=40 count=1 score=1 -pgn ccc.pgn 0
}

fastchess_run() { # conc
  local g; g=$(games_for "$1")
  run "fastchess" "$1" fc.pgn "$FASTCHESS" -engine cmd="$sleeper" name=a -engine cmd="$sleeper" name=b -each tc="$TC" \
    -rounds $((g / 2)) -games 2 -repeat -concurrency "$1" -openings file=book.epd format=epd order=sequential \
    -draw movenumber=40 movecount=1 score=1 -pgnout file=fc.pgn -force-concurrency
}

cutechess_run() { # conc
  local g; g=$(games_for "$1")
  run "cutechess-cli" "$1" cc.pgn "$CUTECHESS" -engine cmd="$sleeper" name=a proto=uci -engine cmd="$sleeper" name=b proto=uci \
    -each tc="$TC" -games 2 -rounds $((g / 2)) -repeat -concurrency "$1" -openings file=book.epd format=epd order=sequential \
    -draw movenumber=40 movecount=1 score=1 -pgnout cc.pgn
}

for conc in $CONCS; do
  runners=()
  for m in $MODES; do runners+=("autoplay_run $m"); done
  [ -n "$CCC" ] && runners+=(ccc_run)
  [ -n "$FASTCHESS" ] && runners+=(fastchess_run)
  [ -n "$CUTECHESS" ] && runners+=(cutechess_run)
  for rep in $(seq "$REPS"); do
    n=${#runners[@]}
    for k in $(seq 0 $((n - 1))); do
      r=${runners[$(( (k + rep) % n ))]}
      $r "$conc"
    done
  done
done

echo
echo "Medians of $REPS:"
python3 - "$out/runs" <<'EOF'
import collections, re, statistics, sys
fields = r"c=(\d+)\s+p50\s+(\d+)\s+p90\s+(\d+)\s+p99\s+(\d+)\s+max\s+(\d+) us\s+wall\s+([\d.]+) s\s+cpu\s+([\d.]+) us/move\s+forfeits (\d+)\s+peak\s+([\d.]+) MB\s+anon\s+([\d.]+) MB"
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    m = re.search(fields, line)
    if m:
        runs[(line[:22].strip(), int(m.group(1)))].append([float(x) for x in m.groups()[1:]])
for (label, conc), rows in sorted(runs.items(), key=lambda kv: (kv[0][1], kv[0][0])):
    m = [statistics.median(col) for col in zip(*rows)]
    print(f"{label:22s} c={conc:<4d} p50 {m[0]:6.0f}  p90 {m[1]:6.0f}  p99 {m[2]:6.0f}  max {m[3]:7.0f} us  wall {m[4]:6.1f} s  cpu {m[5]:5.1f} us/move  forfeits {m[6]:.0f}  peak {m[7]:6.1f} MB  anon {m[8]:6.1f} MB")

# Issue 21's goals, where c-chess-cli ran beside autoplay's automatic
# choice: from 16 games p50 and p99 at most c-chess-cli's and p90 at most
# 1.2x it; at 256 peak memory at most 1.5x.
med = {k: [statistics.median(col) for col in zip(*rows)] for k, rows in runs.items()}
goals = []
for (label, conc), m in sorted(med.items(), key=lambda kv: kv[0][1]):
    c = med.get(("c-chess-cli", conc))
    if label != "autoplay auto" or c is None:
        continue
    r = [m[i] / c[i] if c[i] else float("inf") for i in range(len(m))]
    checks = []
    if conc >= 16:
        checks += [("p50", r[0], 1.0), ("p90", r[1], 1.2), ("p99", r[2], 1.0)]
    if conc == 256:
        checks.append(("peak memory", r[7], 1.5))
    if checks:
        goals.append(f"c={conc:<4d} " + ", ".join(f"{n} {x:.2f}x ({'met' if x <= lim else 'NOT met'}: at most {lim}x)" for n, x, lim in checks))
if goals:
    print("\nautoplay auto against c-chess-cli, the issue's goals:")
    print("\n".join(goals))
EOF
