// Package uci reads and writes the text of the Universal Chess Interface in
// both directions: a GUI (the runner) parses engine output with
// ParseEngineLine and writes commands with AppendGo, AppendPosition and
// AppendSetOption; an engine (the built-in one) parses commands with
// ParseCommand and writes output with AppendInfo, AppendBestMove and
// AppendOptionDecl.
//
// Parsing "info" and "bestmove" lines, and every Append function given a dst
// with room, does not allocate: they run once per move or more often.
package uci
