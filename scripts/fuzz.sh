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
    if ! $GO test -run '^$' -fuzz "^${target}\$" -fuzztime "$FUZZTIME" "$pkg" >/tmp/fuzz.$$.log 2>&1; then
      cat /tmp/fuzz.$$.log
      status=1
    fi
  done
done
rm -f /tmp/fuzz.$$.log
exit $status
