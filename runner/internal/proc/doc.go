// Package proc starts and reaps the run's child processes, whatever they
// are: each in a process group of its own, registered so that the sweep for
// orphaned descendants (with autoplay as their subreaper) spares it, pinned
// to CPUs with --affinity, its exit noticed in one epoll loop, its pipes
// read and written raw, and a slot child's pauses (SIGSTOP) counted.
//
// The name is the kernel's: a process, as /proc lists it. It is the only
// package under runner/ that imports os/exec or unsafe. It knows nothing
// of engines, protocols, games or the run's configuration: the engine host
// (runner/internal/enginehost) gives it a command line and reads the pipes.
package proc
