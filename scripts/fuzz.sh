#!/usr/bin/env bash
# Runs every fuzz target of the module for FUZZTIME each (default 30s).
# `make test` calls it with a short time as a smoke run; `make fuzz` runs it long.
# Targets are found with `go test -list`, so a new Fuzz function is picked up
# without editing this file.
set -euo pipefail
cd "$(dirname "$0")/.."
FUZZTIME=${FUZZTIME:-30s}
GO=${GO:-go}
status=0
for pkg in $($GO list ./...); do
  for target in $($GO test -list '^Fuzz' "$pkg" 2>/dev/null | grep '^Fuzz' || true); do
    echo "fuzz $pkg $target ($FUZZTIME)"
    ok=0
    for attempt in 1 2 3; do
      if $GO test -run '^$' -fuzz "^${target}\$" -fuzztime "$FUZZTIME" "$pkg" >/tmp/fuzz.$$.log 2>&1; then
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
  done
done
rm -f /tmp/fuzz.$$.log
exit $status
