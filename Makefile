# autoplay: build, test, benchmark, lint.
GO ?= go
BIN := bin/autoplay
FULL := bin/autoplay-full
# staticcheck is pinned in go.mod with a tool directive (go get -tool); lint
# runs that version with go tool.

.PHONY: build test fuzz bench lint

# Static (cgo off): no libc or dynamic loader at run time, so 1.5 MB less of
# each autoplay process is resident (slot processes included) and it starts
# without ld.so; DNS for NATS URLs uses Go's own resolver.
# Two builds of one program: bin/autoplay (-tags lean) links neither NATS nor
# the dashboard, so that its start (--help, the built-in engine and slot
# processes) stays near a bare Go program's; it hands the worker, view,
# --serve, --nats and --web to bin/autoplay-full beside it (cmd/autoplay/lean.go).
build:
	CGO_ENABLED=0 $(GO) build -tags lean -o $(BIN) ./cmd/autoplay
	CGO_ENABLED=0 $(GO) build -o $(FULL) ./cmd/autoplay

# The whole suite, with the race detector: real engines (stockfish, and the
# misbehaving test engine the tests build) included. -timeout 30m: go test's
# own 10 minutes per package is a speed verdict (runner's tests took 600 s
# under load 20 and were cut off mid-test); a hung test still ends the run.
# The programs the tests run (misengine, autoplay and its lean build) are
# built once, before go test, into a directory removed when the recipe
# ends however it ends: proctest takes them from AUTOPLAY_TEST_PROGRAMS
# (each test binary had built its own, and two starting together compiled
# the same packages twice). The packages whose tests take longest start
# first, so that the last minutes do not leave one of two cores idle.
SLOWEST_TESTS := ./runner/ ./cmd/autoplay/ ./compat/ ./distributed/ ./check/ ./web/
test:
	@progs=$$(mktemp -d -t autoplay-test-programs.XXXXXX) || exit 1; \
	trap 'rm -rf "$$progs"' EXIT; trap 'exit 130' INT TERM HUP; \
	set -ex; \
	$(GO) build -o "$$progs/" ./runner/testdata/misengine ./cmd/autoplay; \
	$(GO) build -tags lean -o "$$progs/lean/autoplay" ./cmd/autoplay; \
	AUTOPLAY_TEST_PROGRAMS="$$progs" $(GO) test -race -count=1 -timeout 30m $(SLOWEST_TESTS) ./...
	FUZZTIME=1s GO=$(GO) scripts/fuzz.sh

# Every parser of outside input, fuzzed for FUZZTIME each (make test runs 1s each).
fuzz:
	FUZZTIME=$${FUZZTIME:-60s} GO=$(GO) scripts/fuzz.sh

# Runner overhead per move and whole-match throughput; see bench/README.md.
bench: build
	$(GO) test -run XXX -bench RelayMove -benchmem ./runner/internal/enginehost/
	$(GO) test -run XXX -bench MatchStockfish -benchtime 100x ./runner/
	$(GO) test -run XXX -bench . -benchmem ./protocol/... ./engine/ ./pgn/
	$(GO) test -count=1 -run TestNeverLosesOnTimeAtOneSecondPlusTenMs -v ./engine/
	bash bench/relay.sh

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(GO) tool staticcheck ./...
	$(GO) vet -tags lean ./cmd/autoplay
	$(GO) tool staticcheck -tags lean ./cmd/autoplay
	$(GO) mod tidy -diff
