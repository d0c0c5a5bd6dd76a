package main

import (
	"os"
	"runtime/pprof"
)

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
