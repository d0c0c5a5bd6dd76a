package pgn

import (
	"bytes"
	"fmt"
	"strconv"

	"github.com/autoplay/autoplay/engine/chess"
)

// Suite is an indexed opening file. It keeps the file's bytes and the
// offset of each entry and parses an entry only when asked, so that large
// suites open quickly. It is safe for concurrent use.
type Suite struct {
	path    string
	format  Format
	plies   int
	data    []byte
	entries []entry
	variant chess.Variant // the rules its openings are read by
}

// SetVariant has the suite's openings read by variant v's rules: FENs with
// pockets and check counters, drops in SAN. Chess is the default.
func (s *Suite) SetVariant(v chess.Variant) { s.variant = v }

// OpenSuite reads and indexes the opening file at path, plain or in a .zip
// or .gz. FormatAuto guesses the format from the name, then the content.
// plies limits the moves taken from PGN openings (0 = all).
func OpenSuite(path string, format Format, plies int) (*Suite, error) {
	if plies < 0 {
		return nil, fmt.Errorf("%s: negative plies %d", path, plies)
	}
	data, name, err := readSource(path)
	if err != nil {
		return nil, err
	}
	if format == FormatAuto {
		format = formatFromName(name)
	}
	if format == FormatAuto {
		format = formatFromName(path)
	}
	if format == FormatAuto {
		format = formatFromContent(data)
	}
	s := &Suite{path: path, format: format, plies: plies, data: data}
	switch format {
	case FormatEPD:
		s.entries = indexEPD(data)
	case FormatPGN:
		s.entries = indexPGN(data)
	default:
		return nil, fmt.Errorf("%s: unknown format %v", path, format)
	}
	if len(s.entries) == 0 {
		return nil, fmt.Errorf("%s: no openings found", path)
	}
	setEnds(s.entries, len(data))
	return s, nil
}

// Check parses every opening in indices (all when nil) and returns the
// first that is not a legal start, in the order given, with its file:line
// and the reason; each good one is also given to each (when not nil),
// whose error ends the check.
func (s *Suite) Check(indices []int, each func(Opening) error) error {
	check := func(i int) error {
		o, err := s.Opening(i)
		if err == nil && each != nil {
			err = each(o)
		}
		return err
	}
	if indices == nil {
		for i := range s.entries {
			if err := check(i); err != nil {
				return err
			}
		}
		return nil
	}
	for _, i := range indices {
		if err := check(i); err != nil {
			return err
		}
	}
	return nil
}

// DropInvalid removes every opening that is not a legal start and says how
// many went and why the first did; the suite is then all good openings.
func (s *Suite) DropInvalid() (dropped int, first error) {
	kept := s.entries[:0:0]
	for i := range s.entries {
		if _, err := s.Opening(i); err != nil {
			if first == nil {
				first = err
			}
			dropped++
			continue
		}
		kept = append(kept, s.entries[i])
	}
	s.entries = kept
	return dropped, first
}

// Len returns the number of openings in the suite.
func (s *Suite) Len() int { return len(s.entries) }

// Format returns the suite's format, as given or as guessed.
func (s *Suite) Format() Format { return s.format }

// Opening parses entry i (0-based, in file order). Errors name the file and
// line and say what was wrong.
func (s *Suite) Opening(i int) (Opening, error) {
	if i < 0 || i >= len(s.entries) {
		return Opening{}, fmt.Errorf("%s: opening %d out of range [0,%d)", s.path, i, len(s.entries))
	}
	e := s.entries[i]
	if s.format == FormatPGN {
		return parseMainLine(s.data[e.off:e.end], s.path, int(e.line), s.plies, false, s.variant)
	}
	text := s.data[e.off:]
	if n := bytes.IndexByte(text, '\n'); n >= 0 {
		text = text[:n]
	}
	source := s.path + ":" + strconv.Itoa(int(e.line))
	if s.variant != chess.Standard {
		fen, pos, err := variantEPD(s.variant, string(text))
		if err != nil {
			return Opening{Source: source}, fmt.Errorf("%s: %w", source, err)
		}
		return Opening{FEN: fen, Source: source, Chess960: pos.Chess960(), Variant: s.variant}, nil
	}
	fen, err := epdToFEN(string(text))
	var pos *chess.Position
	if err == nil {
		pos, err = checkStart(fen)
	}
	if err != nil {
		return Opening{Source: source}, fmt.Errorf("%s: %w", source, err)
	}
	return Opening{FEN: fen, Source: source, Chess960: needsChess960(fen, pos)}, nil
}
