#!/usr/bin/env bash
# Runs every fuzz target of the module for FUZZTIME each (default 30s).
# `make test` calls it with a short time as a smoke run; `make fuzz` runs it long.
# Targets are found in the test files' source (a func FuzzX(f *testing.F) at
# the start of a line), so a new Fuzz function is picked up without editing
# this file; `go test -list` on every package linked 40 test binaries to
# find 9 targets (a minute of CPU, 4 minutes on a loaded machine).
set -euo pipefail
cd "$(dirname "$0")/.."
FUZZTIME=${FUZZTIME:-30s}
GO=${GO:-go}
status=0
targets=$(grep -r --include='*_test.go' --exclude-dir=testdata -o -E '^func Fuzz[A-Za-z0-9_]*\(f \*testing\.F\)' . |
  sed -E 's|^\./(.*)/[^/]*_test\.go:func (Fuzz[A-Za-z0-9_]*).*|./\1 \2|' | sort -u)
if [ -z "$targets" ]; then
  echo "fuzz: no fuzz targets found" >&2
  exit 1
fi
while read -r pkg target; do
  echo "fuzz $pkg $target ($FUZZTIME)"
  ok=0
  for attempt in 1 2 3; do
    if $GO test -run '^$' -fuzz "^${target}\$" -fuzztime "$FUZZTIME" "$pkg" </dev/null >/tmp/fuzz.$$.log 2>&1; then
      ok=1
      break
    fi
    # On a loaded machine a short run can end with the fuzzing engine's
    # own "context deadline exceeded" and no failing input: not a
    # finding, so the target runs again. Anything else is reported.
    if ! grep -q "context deadline exceeded" /tmp/fuzz.$$.log || grep -q "Failing input" /tmp/fuzz.$$.log; then
      break
    fi
    echo "fuzz $pkg $target: the fuzzing engine timed out with no failing input; again"
    timedout=1
  done
  if [ "$ok" = 0 ] && [ "${timedout:-0}" = 1 ] && grep -q "context deadline exceeded" /tmp/fuzz.$$.log && ! grep -q "Failing input" /tmp/fuzz.$$.log; then
    echo "fuzz $pkg $target: only the fuzzing engine's own timeouts, no failing input: not a finding"
    ok=1
  fi
  timedout=0
  if [ "$ok" = 0 ]; then
    cat /tmp/fuzz.$$.log
    status=1
  fi
done <<<"$targets"
rm -f /tmp/fuzz.$$.log
exit $status
