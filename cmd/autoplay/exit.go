package main

import (
	"errors"

	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/stats"
)

// Exit statuses, documented in README so that scripts and CI can act on them.
const (
	exitOK        = 0 // finished; an SPRT accepted H1
	exitError     = 1 // bad input, an engine that cannot start, an I/O error
	exitH0        = 3 // an SPRT accepted H0
	exitUndecided = 4 // an SPRT ran out of games without a decision
	// exitWorkerCannotGoOn: a worker's fault that restarting does not cure
	// (credentials refused, another version, an engine missing).
	exitWorkerCannotGoOn = 5
	exitInterrupted      = 130 // Ctrl-C or SIGTERM
)

// exitStatus carries a status that is not a failure to report as an error.
type exitStatus struct {
	code int
	msg  string
}

func (e *exitStatus) Error() string { return e.msg }

var errInterrupted = &exitStatus{exitInterrupted, "interrupted"}

// outcome turns a run's result into the command's error and exit status.
func outcome(res *runner.Result, err error) error {
	switch {
	case err != nil:
		return err
	case res.Interrupted:
		return errInterrupted
	case res.SPRT != nil && res.SPRT.Decision == stats.AcceptH0:
		return &exitStatus{exitH0, "H0 accepted"}
	case res.SPRT != nil && res.SPRT.Decision == stats.Continue:
		return &exitStatus{exitUndecided, "SPRT undecided"}
	}
	return nil
}

func exitCode(err error) int {
	var st *exitStatus
	if errors.As(err, &st) {
		return st.code
	}
	return exitError
}
