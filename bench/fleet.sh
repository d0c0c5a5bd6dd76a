#!/usr/bin/env bash
# One coordinator and many workers: distributed's BenchmarkFleet, a worker
# count per process (so that each row's peak memory is its own), on the
# embedded NATS server and on Debian's nats-server. The workers are
# simulated (each its own NATS connection and the worker's own code, the
# game a copy of one real game) so that what is measured is the coordinator
# and the server, not the engines. Prints a table row per run, then the
# machine's load.
#
#   SIZES="1 16 64 256" SERVERS="embedded nats-server" GAMES=1000 REPS=1 bench/fleet.sh
set -euo pipefail
cd "$(dirname "$0")/.."
SIZES=${SIZES:-1 16 64 256 512}
SERVERS=${SERVERS:-embedded nats-server}
GAMES=${GAMES:-1000}
REPS=${REPS:-1}

bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
go test -c -o "$bin/distributed.test" ./distributed/
echo "load at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| server | workers | games/s | coordinator CPU µs/game | server CPU µs/game | workers CPU µs/game | dispatch p50/p99 ms | queued p50/p99 ms | coordinator peak MB | server peak MB | lost, recorded twice, played twice |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
for rep in $(seq "$REPS"); do
  for server in $SERVERS; do
    for n in $SIZES; do
      line=$(cd distributed && AUTOPLAY_FLEET_SIZES=$n AUTOPLAY_FLEET_SERVER=$server \
        "$bin/distributed.test" -test.run XXX -test.bench Fleet -test.benchtime "${GAMES}x" 2>/dev/null |
        grep "^BenchmarkFleet/workers=$n-" || true)
      if [ -z "$line" ]; then
        echo "| $server | $n | failed (run it alone to see why) |"
        continue
      fi
      awk -v server="$server" -v n="$n" '{
        for (i = 3; i < NF; i += 2) m[$(i + 1)] = $i
        printf "| %s | %d | %.0f | %.0f | %.0f | %.0f | %.1f / %.0f | %.1f / %.0f | %.0f | %.0f | %d, %d, %d |\n", server, n,
          m["games/s"], m["coord-cpu-µs/game"], m["server-cpu-µs/game"], m["workers-cpu-µs/game"],
          m["dispatch-p50-ms"], m["dispatch-p99-ms"], m["queued-p50-ms"], m["queued-p99-ms"],
          m["coord-peak-MB"], m["server-peak-MB"], m["lost"], m["recorded-twice"], m["played-twice"]
      }' <<<"$line"
    done
  done
done
echo
echo "load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
