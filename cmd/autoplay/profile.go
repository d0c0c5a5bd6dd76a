package main

import (
	"os"
	"runtime"
	"runtime/pprof"
)

// noHeapProfile turns off the runtime's heap profiling, on by default (a
// sample every 512 kB allocated) because the binary links runtime/pprof:
// nothing in autoplay reads the profile, and each sampled call stack keeps
// a bucket for the life of the process, a run of days included.
func noHeapProfile() {
	runtime.MemProfileRate = 0
}

// startCPUProfile profiles autoplay's own CPU (--cpuprofile FILE), for the
// runner-overhead measurements in bench/.
func startCPUProfile(path string) error {
	if path == "" {
		return nil
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	return pprof.StartCPUProfile(f)
}
