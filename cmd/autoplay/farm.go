//go:build !lean

package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/autoplay/autoplay/distributed"
	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/spec/parse"
)

func (f *farmFlags) auth() distributed.Auth {
	a := distributed.Auth{Token: f.token, User: f.user, Password: f.password, CertFile: f.cert, KeyFile: f.key, CAFile: f.ca}
	f.client.fill(&a)
	return a
}

func (c *clientCredentials) fill(a *distributed.Auth) {
	a.CredsFile, a.NKeyFile, a.ClientCert, a.ClientKey = c.creds, c.nkey, c.cert, c.key
}

// apply starts the server or connects, and sets opt.Dispatcher; the returned
// function releases what it took.
func (f *farmFlags) apply(cfg *spec.Config, opt *runner.Options) (func(), error) {
	if f.serve == "" && f.nats == "" {
		return func() {}, nil
	}
	if f.serve != "" && f.nats != "" {
		return nil, fmt.Errorf("--serve and --nats: give one")
	}
	if err := f.credentialsFitTheServer(); err != nil {
		return nil, err
	}
	cluster := distributed.ClusterOptions{Listen: f.cluster, Routes: f.routes, Name: f.clusterName}
	if f.serve == "" && (cluster.Joins() || f.clusterName != "") {
		return nil, fmt.Errorf("--serve-cluster, --serve-routes and --serve-cluster-name join --serve's embedded server to a cluster: give --serve too")
	}
	if f.serve != "" && f.replicas > 1 && !cluster.Joins() {
		return nil, fmt.Errorf("--nats-replicas %d: the embedded server of --serve is one server; copies on several need a NATS cluster (--nats, or --serve with --serve-routes)", f.replicas)
	}
	url := f.nats
	var srv *distributed.Server
	if f.serve != "" {
		store := filepath.Join(os.TempDir(), fmt.Sprintf("autoplay-nats-%d", os.Getpid()))
		if cfg.PGNOut != "" {
			store = cfg.PGNOut + ".nats" // beside the PGN: a restarted coordinator finds its streams
		}
		var err error
		if srv, err = distributed.StartServer(distributed.ServerOptions{Addr: f.serve, StoreDir: store, Auth: f.auth(), Cluster: cluster}); err != nil {
			return nil, err
		}
		url = srv.URL()
		if !srv.Loopback() && f.token == "" && f.user == "" {
			fmt.Fprintf(os.Stderr, "autoplay: WARNING: NATS listens beyond this machine (%s) without --nats-token or --nats-user: anyone who reaches it can take jobs and send results\n", f.serve)
		}
		fmt.Fprintf(os.Stderr, "Serving NATS at %s: start workers with `autoplay worker --nats %s`\n", url, url)
	}
	// Workers start the built-in engine from their own binary.
	for i := range cfg.Engines {
		unuseBuiltinEngine(&cfg.Engines[i])
	}
	if f.ship {
		if err := distributed.ShipEngines(cfg); err != nil {
			if srv != nil {
				srv.Close()
			}
			return nil, err
		}
	}
	coord, err := distributed.NewCoordinator(url, f.auth(), f.ackWait)
	if err != nil {
		if srv != nil {
			srv.Close()
		}
		return nil, err
	}
	coord.Replicas = f.replicas
	coord.Note = func(msg string) { fmt.Fprintf(os.Stderr, "%s %s\n", time.Now().Format("15:04:05"), msg) }
	coord.Warn = func(msg string) { fmt.Fprintf(os.Stderr, "autoplay: WARNING: %s\n", msg) }
	opt.Dispatcher = coord
	return func() {
		coord.Close()
		if srv != nil {
			srv.Close()
		}
	}, nil
}

func newWorkerCmd() *cobra.Command {
	var o distributed.WorkerOptions
	var client clientCredentials
	var quiet bool
	var engineSpecs []string
	cmd := &cobra.Command{
		Use:   "worker",
		Short: workerShort,
		Long: `Pull jobs (one game each) of any run from a NATS JetStream server, play them with the
same runner code as a local run, and publish each finished game to its coordinator.
A worker serves any number of runs, one after another, and may join or leave at any time:
a game it leaves unfinished goes to another worker.

A worker runs only engines it trusts: those --engine names (a run's engine of that name runs
with the program, args and directory given here, never the coordinator's), and the built-in
engine. --accept-binaries adds the programs coordinators ship; --trust-coordinator-commands
runs any command line a run gives, which lets whoever can publish a run run commands here.`,
		Example: "  autoplay worker --nats nats://coordinator:4222 --concurrency 4 --engine name=sf cmd=/usr/games/stockfish",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.URL == "" {
				return fmt.Errorf("--nats URL: the coordinator's NATS server")
			}
			client.fill(&o.Auth)
			var err error
			if o.Engines, err = workerEngines(engineSpecs); err != nil {
				return err
			}
			if err := workerEnginesThere(o.Engines); err != nil {
				return &exitStatus{exitWorkerCannotGoOn, err.Error()}
			}
			o.Prepare = func(cfg *spec.Config) error { return useBuiltinEngine(cfg.Engines) }
			if !quiet {
				o.Log = func(line string) { fmt.Fprintf(os.Stderr, "%s %s\n", time.Now().Format("15:04:05"), line) }
			}
			ctx, stop := interruptible()
			defer stop()
			err = distributed.Work(ctx, o)
			if ctx.Err() != nil {
				return errInterrupted
			}
			if errors.Is(err, distributed.ErrCannotGoOn) {
				return &exitStatus{exitWorkerCannotGoOn, err.Error()}
			}
			return err
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.URL, "nats", "", "NATS server URL (nats://host:4222)")
	f.StringVar(&o.Auth.Token, "nats-token", "", "token to present to the server")
	f.StringVar(&o.Auth.User, "nats-user", "", "NATS user")
	f.StringVar(&o.Auth.Password, "nats-password", "", "NATS password")
	f.StringVar(&o.Auth.CAFile, "nats-ca", "", "the CA (PEM) the server's TLS certificate is checked against")
	client.add(f)
	f.DurationVar(&o.AckWait, "ack-wait", distributed.DefaultAckWait, "the coordinator's --ack-wait: this worker renews its hold on a game every tenth of it, and stops a game it could not renew for nine tenths")
	f.IntVar(&o.Concurrency, "concurrency", spec.DefaultConcurrency, "games at a time")
	f.StringVar(&o.Name, "name", "", "how this worker names itself to coordinators and on their dashboards (default HOST:PID)")
	f.DurationVar(&o.Heartbeat, "heartbeat", distributed.DefaultHeartbeat, "how often this worker tells coordinators it is there (one that misses three is shown silent)")
	f.BoolVar(&quiet, "quiet", false, "say nothing about the jobs")
	f.BoolVar(&o.AcceptBinaries, "accept-binaries", false, "run engine programs coordinators ship (--ship-engines), after checking their SHA-256")
	f.StringArrayVar(&engineSpecs, "engine", nil, "an engine this worker trusts, as name=NAME cmd=PROGRAM [arg=ARG]... [dir=DIR] [stderr=FILE]: a run's engine of that name runs so (give once per engine)")
	f.BoolVar(&o.TrustCoordinatorCommands, "trust-coordinator-commands", false, "also run the command lines coordinators give for engines not named by --engine: whoever can publish a run to the NATS server runs commands here")
	cache, _ := os.UserCacheDir()
	f.StringVar(&o.CacheDir, "cache", filepath.Join(cache, "autoplay", "engines"), "where shipped engine programs are kept")
	return cmd
}

// workerEngines reads a worker's --engine specs: how this machine starts
// each engine it trusts, by name. Only how to start it is taken; the run
// gives the rest (time control, options).
func workerEngines(specs []string) ([]spec.EngineConfig, error) {
	var engines []spec.EngineConfig
	names := map[string]bool{}
	for i, text := range specs {
		var e spec.EngineConfig
		if err := parse.EngineSpec(&e, text); err != nil {
			return nil, fmt.Errorf("--engine %d: %w", i+1, err)
		}
		start := spec.EngineConfig{Name: e.Name, Cmd: e.Cmd, Args: e.Args, Dir: e.Dir, StderrFile: e.StderrFile}
		if !reflect.DeepEqual(e, start) {
			return nil, fmt.Errorf("--engine %d (%s): a worker's engine takes name, cmd, arg, dir and stderr; the run gives the rest", i+1, text)
		}
		if e.Cmd == "" {
			return nil, fmt.Errorf("--engine %d (%s): missing cmd= (the engine's program)", i+1, text)
		}
		if e.Name == "" {
			e.Name = filepath.Base(e.Cmd)
		}
		if names[e.Name] {
			return nil, fmt.Errorf("--engine %d: engine %s given twice", i+1, e.Name)
		}
		names[e.Name] = true
		engines = append(engines, e)
	}
	return engines, nil
}

// workerEnginesThere checks, before the worker joins, that each engine it
// trusts can be started here: a worker whose engine is missing would
// refuse every run that names it.
func workerEnginesThere(engines []spec.EngineConfig) error {
	for _, e := range engines {
		if e.Cmd == spec.BuiltinCmd {
			continue // this very program
		}
		prog := e.Cmd
		if e.Dir != "" && !filepath.IsAbs(prog) && strings.ContainsRune(prog, filepath.Separator) {
			prog = filepath.Join(e.Dir, prog)
		}
		if _, err := exec.LookPath(prog); err != nil {
			return fmt.Errorf("engine %s: its program %s cannot be run here (%v): install it, or fix its --engine cmd=", e.Name, e.Cmd, errors.Unwrap(err))
		}
	}
	return nil
}

// unuseBuiltinEngine undoes useBuiltinEngine for a config sent to workers
// elsewhere, whose own binary holds the engine.
func unuseBuiltinEngine(e *spec.EngineConfig) {
	self, err := childProgram()
	if err != nil || e.Cmd != self || len(e.Args) == 0 || e.Args[0] != "engine" {
		return
	}
	args := e.Args[1:]
	if len(args) > 0 && args[0] == "--xboard" {
		args = args[1:]
	}
	e.Cmd, e.Args = spec.BuiltinCmd, args
}
