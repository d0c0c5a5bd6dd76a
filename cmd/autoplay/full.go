//go:build !lean

package main

import "github.com/spf13/cobra"

// handOverToFull has nothing to do in the full build, which holds every
// command's code (lean.go is the other build).
func handOverToFull(*cobra.Command) error { return nil }
