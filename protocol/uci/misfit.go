package uci

import "bytes"

// Misfit is what a line an engine wrote before uciok, one UCI does not
// define, says about the program: an XBoard engine answering in its own
// protocol, or a program that copies its input back (not an engine).
type Misfit uint8

// What an unknown line before uciok reveals.
const (
	MisfitNone   Misfit = iota // a banner or noise: UCI engines print such lines too
	MisfitXBoard               // "feature ...", "Error (unknown command): uci", "Illegal move: uci", "tellics ..."
	MisfitEcho                 // "uci" itself, written back
)

var xboardAnswers = [][]byte{
	[]byte("feature "), []byte("Error ("), []byte("Illegal move"), []byte("tellics"), []byte("telluser"), []byte("tellusererror"),
}

// ClassifyForeign tells what an unknown line written before uciok reveals.
func ClassifyForeign(line []byte) Misfit {
	line = bytes.TrimSpace(line)
	if string(line) == "uci" {
		return MisfitEcho
	}
	for _, p := range xboardAnswers {
		if bytes.HasPrefix(line, p) {
			return MisfitXBoard
		}
	}
	return MisfitNone
}
