// Package xboard reads and writes the text of the Chess Engine Communication
// Protocol (CECP, "XBoard protocol", version 2) in both directions: a GUI (the
// runner) parses engine output with ParseEngineLine and writes commands with
// the Append functions in gui_commands.go; an engine (the built-in one) parses
// commands with ParseCommand and writes output with the Append functions in
// engine_output.go.
//
// Parsing move and thinking lines, and every Append function given a dst with
// room, does not allocate.
package xboard
