package main

import (
	"os"
	"os/exec"
	"syscall"
	"time"
)

// startHolder forks a copy of this program that inherits stdout and stderr
// and sleeps until killed, the way a helper process forked by a real engine
// (or a shell wrapper without exec) keeps the engine's pipes open. With
// kind "session" the copy leaves the engine's process group and session, so
// that only a subreaper can still find it.
func startHolder(kind string) {
	cmd := exec.Command(os.Args[0], "-sleeper")
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if kind == "session" {
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	}
	if err := cmd.Start(); err != nil {
		os.Stderr.WriteString("misengine: cannot fork holder: " + err.Error() + "\n")
		os.Exit(2)
	}
}

// sleepForever is the holder's whole life.
func sleepForever() {
	for {
		time.Sleep(time.Hour)
	}
}
