package distributed

import (
	"errors"
	"fmt"
	"strings"

	"github.com/autoplay/autoplay/runner/spec"
)

// errNotTrusted: a run names an engine this worker was not told to trust.
var errNotTrusted = errors.New("not an engine this worker trusts: give the worker its own --engine of that name, or start it with --trust-coordinator-commands to run the command lines coordinators send")

// trust makes each engine of cfg one this worker may run. An engine its own
// configuration names (by name) runs with the worker's own program, args,
// directory and stderr file, never the coordinator's. The built-in engine
// (cmd builtin, no args) is this worker's own program. A shipped program
// (SHA-256) is run as --accept-binaries allows. Any other command line runs
// only with --trust-coordinator-commands, logged the first time; without it
// the run is refused, naming the engine.
func (w *worker) trust(cfg *spec.Config) error {
	for i := range cfg.Engines {
		e := &cfg.Engines[i]
		if own := w.ownEngine(e.Name); own != nil {
			e.Cmd, e.Args, e.Dir, e.StderrFile = own.Cmd, own.Args, own.Dir, own.StderrFile
			continue
		}
		switch {
		case e.Cmd == spec.BuiltinCmd && len(e.Args) == 0:
			e.StderrFile = "" // a file of the coordinator's choosing, on this machine
		case e.SHA256 != "" && w.o.AcceptBinaries:
			// receive runs the shipped program, whose hash is checked.
		case w.o.TrustCoordinatorCommands:
			w.noteCommand(e)
		case e.SHA256 != "":
			return fmt.Errorf("engine %s: %w", e.Name, errNotAccepted)
		default:
			return fmt.Errorf("engine %s (%s): %w", e.Name, commandLine(e), errNotTrusted)
		}
	}
	return nil
}

// ownEngine is the worker's own engine of that name, or nil.
func (w *worker) ownEngine(name string) *spec.EngineConfig {
	for i := range w.o.Engines {
		if w.o.Engines[i].Name == name {
			return &w.o.Engines[i]
		}
	}
	return nil
}

// noteCommand logs a coordinator's command line the first time this worker
// is to run it.
func (w *worker) noteCommand(e *spec.EngineConfig) {
	line := commandLine(e)
	w.mu.Lock()
	said := w.commands[line]
	w.commands[line] = true
	w.mu.Unlock()
	if !said {
		w.o.Log(fmt.Sprintf("running the coordinator's command line for engine %s: %s", e.Name, line))
	}
}

// commandLine is an engine's program, args and directory as a person
// would read them.
func commandLine(e *spec.EngineConfig) string {
	words := []string{quoteWord(e.Cmd)}
	for _, a := range e.Args {
		words = append(words, quoteWord(a))
	}
	line := strings.Join(words, " ")
	if e.Dir != "" {
		line += " (in " + e.Dir + ")"
	}
	return line
}

func quoteWord(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\"'\\;&|$`*?<>()") {
		return s
	}
	return fmt.Sprintf("%q", s)
}

// trustNote is what a worker says at start of the engines it runs.
func trustNote(o WorkerOptions) string {
	var names []string
	for _, e := range o.Engines {
		names = append(names, e.Name)
	}
	own := "its own engines: none"
	if len(names) > 0 {
		own = "its own engines: " + strings.Join(names, ", ")
	}
	note := "this worker runs " + own + ", and the built-in engine"
	if o.AcceptBinaries {
		note += "; programs coordinators ship (--accept-binaries), with their command lines"
	}
	if o.TrustCoordinatorCommands {
		note += "; WARNING: any command line a coordinator sends (--trust-coordinator-commands): whoever can publish a run to this NATS server runs commands here"
	}
	return note
}
