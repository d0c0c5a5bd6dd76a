package live

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// PGNIndex is a finished run's PGN read for the dashboard (autoplay view)
// in one streaming pass: where each game lies in the file and what its
// standing needs, a few dozen bytes a game, whatever the file's size; a
// game's text and moves are read from the file when someone asks for them.
type PGNIndex struct {
	path    string
	f       *os.File
	names   []string // players, in the run's order (orderPlayers)
	games   []indexedGame
	byRound map[int]int32 // game number -> games index
	// What the run played from, for the dashboard's header: the openings'
	// sources and the time controls, a few distinct ones each.
	sources, clocks distinct
	variants        distinct // the Variant tags, as autoplay names them
	fromFEN         bool     // some game starts from a FEN
}

// distinct keeps the first few distinct values it is given.
type distinct struct{ values []string }

// maxDistinct bounds the values a distinct keeps.
const maxDistinct = 4

func (d *distinct) add(v string) {
	if v == "" || len(d.values) > maxDistinct || slices.Contains(d.values, v) {
		return
	}
	d.values = append(d.values, v) // one past the bound says "and more"
}

// list is the values, "…" standing for those past the bound.
func (d *distinct) list() []string {
	if len(d.values) > maxDistinct {
		return append(slices.Clone(d.values[:maxDistinct]), "…")
	}
	return d.values
}

// indexedGame is one game of the index: its bytes in the file and the
// figures of its standing.
type indexedGame struct {
	off, size    int64
	number       int32
	white, black int32
	outcome      record.Outcome
	valid        bool // its Result is a finished game's
	culprit      record.Color
	fail         record.Failure
}

// MaxViewGame bounds the one game a request reads whole: a game of more
// (real games are tens of kilobytes) is listed but neither read nor served
// (FinishedGame.Oversize), never served cut.
const MaxViewGame = 16 << 20

// maxViewReason bounds a game's final comment as the dashboard lists it: a
// PGN may hold comments of any size, the state every browser polls must not.
const maxViewReason = 200

// OpenPGNIndex indexes the PGN at path. The file stays open for reads on
// demand until Close.
func OpenPGNIndex(path string) (*PGNIndex, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	x := &PGNIndex{path: path, f: f, byRound: map[int]int32{}}
	if err := x.scan(); err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	x.orderPlayers()
	return x, nil
}

// Close releases the file.
func (x *PGNIndex) Close() error { return x.f.Close() }

// scan reads the file once, line by line, holding at most a buffer of it:
// a line longer than the buffer (a huge comment) passes through in pieces.
func (x *PGNIndex) scan() error {
	br := bufio.NewReaderSize(x.f, 64<<10)
	var (
		off       int64
		lineStart = true
		prevBlank = true
		cur       *pendingGame
		player    = map[string]int32{}
	)
	finish := func(end int64) error {
		if cur == nil {
			return nil
		}
		err := x.add(cur, end, player)
		cur = nil
		return err
	}
	for {
		chunk, err := br.ReadSlice('\n')
		whole := lineStart && !errors.Is(err, bufio.ErrBufferFull)
		if whole {
			line := bytes.TrimRight(chunk, "\r\n")
			if bytes.HasPrefix(line, []byte("[Event ")) && prevBlank {
				if ferr := finish(off); ferr != nil {
					return ferr
				}
				cur = &pendingGame{off: off, inTags: true}
			}
			if cur != nil && cur.inTags && len(line) > 0 && line[0] == '[' {
				cur.tag(line)
			} else if cur != nil && len(line) > 0 {
				cur.inTags = false
			}
			prevBlank = len(bytes.TrimSpace(line)) == 0
		} else if len(chunk) > 0 {
			prevBlank = false
			if cur != nil {
				cur.inTags = false
			}
		}
		off += int64(len(chunk))
		lineStart = len(chunk) > 0 && chunk[len(chunk)-1] == '\n'
		if err == io.EOF {
			return finish(off)
		}
		if err != nil && !errors.Is(err, bufio.ErrBufferFull) {
			return err
		}
	}
}

// pendingGame is a game being read: its tags as they come.
type pendingGame struct {
	off                         int64
	inTags                      bool
	white, black, result, round string
	source, fen, variant        string
	clocks                      [3]string // TimeControl, WhiteTimeControl, BlackTimeControl
}

// tag keeps the tags the index needs from a tag line: [Name "value"].
func (g *pendingGame) tag(line []byte) {
	name, value, ok := bytes.Cut(line[1:], []byte(` "`))
	if !ok || !bytes.HasSuffix(value, []byte(`"]`)) {
		return
	}
	var dst *string
	switch string(name) { // no copy: a tag the index does not keep costs none
	case "White":
		dst = &g.white
	case "Black":
		dst = &g.black
	case "Result":
		dst = &g.result
	case "Round":
		dst = &g.round
	case "OpeningSource":
		dst = &g.source
	case "FEN":
		dst = &g.fen
	case "Variant":
		dst = &g.variant
	case "TimeControl":
		dst = &g.clocks[0]
	case "WhiteTimeControl":
		dst = &g.clocks[1]
	case "BlackTimeControl":
		dst = &g.clocks[2]
	default:
		return
	}
	*dst = string(value[:len(value)-2])
}

// add files a game read to its end: a number of its own (its Round,
// unless an earlier game holds it, then the next free), its players, and
// the outcome and ending (the last comment, read from the game's tail)
// its standing needs.
func (x *PGNIndex) add(g *pendingGame, end int64, player map[string]int32) error {
	n, _ := strconv.Atoi(g.round)
	if _, used := x.byRound[n]; n <= 0 || used {
		for n = len(x.games) + 1; ; n++ {
			if _, used := x.byRound[n]; !used {
				break
			}
		}
	}
	ig := indexedGame{off: g.off, size: end - g.off, number: int32(n)}
	x.sources.add(openingFile(g.source))
	x.fromFEN = x.fromFEN || g.fen != ""
	x.variants.add(string(variantOfTag(g.variant)))
	if g.clocks[0] != "" {
		x.clocks.add(g.clocks[0])
	} else if g.clocks[1] != "" {
		x.clocks.add(g.clocks[1] + " / " + g.clocks[2])
	}
	for _, side := range []struct {
		name string
		dst  *int32
	}{{g.white, &ig.white}, {g.black, &ig.black}} {
		i, ok := player[side.name]
		if !ok {
			i = int32(len(x.names))
			player[side.name] = i
			x.names = append(x.names, side.name)
		}
		*side.dst = i
	}
	ig.outcome, ig.valid = record.ParseOutcome(g.result)
	reason, err := x.reason(ig)
	if err != nil {
		return err
	}
	ig.culprit, ig.fail, _ = record.ParseEnding(reason)
	x.byRound[n] = int32(len(x.games))
	x.games = append(x.games, ig)
	return nil
}

// reasonTail is how much of a game's end is read for its last comment.
const reasonTail = 4 << 10

// reason is the game's last comment (its ending, as autoplay writes it),
// cut to maxViewReason bytes; "" when it lies beyond the game's tail.
func (x *PGNIndex) reason(g indexedGame) (string, error) {
	n := min(g.size, reasonTail)
	buf := make([]byte, n)
	if _, err := x.f.ReadAt(buf, g.off+g.size-n); err != nil && err != io.EOF {
		return "", err
	}
	end := bytes.LastIndexByte(buf, '}')
	if end < 0 {
		return "", nil
	}
	start := bytes.LastIndexByte(buf[:end], '{')
	if start < 0 {
		return "", nil
	}
	return capReason(string(buf[start+1 : end])), nil
}

func capReason(s string) string {
	if len(s) > maxViewReason {
		return strings.ToValidUTF8(s[:maxViewReason], "") + "…"
	}
	return s
}

// orderPlayers puts the engines in the run's order, the order `stats` and
// the run's own table print them in: by first appearance in game-number
// order, White first (game 1's White is the run's first engine), not in
// the order the games finished and were appended to the file.
func (x *PGNIndex) orderPlayers() {
	byNumber := make([]int32, len(x.games))
	for i := range byNumber {
		byNumber[i] = int32(i)
	}
	slices.SortStableFunc(byNumber, func(a, b int32) int { return int(x.games[a].number - x.games[b].number) })
	newIndex := make([]int32, len(x.names))
	for i := range newIndex {
		newIndex[i] = -1
	}
	names := make([]string, 0, len(x.names))
	for _, gi := range byNumber {
		for _, p := range [2]int32{x.games[gi].white, x.games[gi].black} {
			if newIndex[p] < 0 {
				newIndex[p] = int32(len(names))
				names = append(names, x.names[p])
			}
		}
	}
	for i := range x.games {
		x.games[i].white, x.games[i].black = newIndex[x.games[i].white], newIndex[x.games[i].black]
	}
	x.names = names
}

// Players are the engines in the run's order (see orderPlayers).
func (x *PGNIndex) Players() []string { return x.names }

// Len is the number of games.
func (x *PGNIndex) Len() int { return len(x.games) }

// ViewedGame is what a game read back from the PGN counts with for the
// standing (runner counts it as the run did): its number, players (indices
// into Players), outcome and the fault its ending names.
type ViewedGame struct {
	Number, White, Black int
	Outcome              record.Outcome
	Valid                bool // its Result is a finished game's
	Culprit              record.Color
	Fail                 record.Failure
}

// Games are the games in file order, as the standing counts them.
func (x *PGNIndex) Games() []ViewedGame {
	games := make([]ViewedGame, len(x.games))
	for i, g := range x.games {
		games[i] = ViewedGame{Number: int(g.number), White: int(g.white), Black: int(g.black), Outcome: g.outcome, Valid: g.valid, Culprit: g.culprit, Fail: g.fail}
	}
	return games
}

// Latest lists the last k games (in file order) with their reasons and
// plies, read from the file.
func (x *PGNIndex) Latest(k int) []FinishedGame {
	var out []FinishedGame
	for _, g := range x.games[max(0, len(x.games)-k):] {
		if fg, err := x.read(g); err == nil {
			fg.PGN, fg.Moves = "", nil // listed, not viewed: the text is read again when asked for
			out = append(out, fg)
		}
	}
	return out
}

// Game is game number n with its text and moves, read from the file.
func (x *PGNIndex) Game(n int) (FinishedGame, bool) {
	i, ok := x.byRound[n]
	if !ok {
		return FinishedGame{}, false
	}
	fg, err := x.read(x.games[i])
	return fg, err == nil
}

func (x *PGNIndex) read(g indexedGame) (FinishedGame, error) {
	if g.size > MaxViewGame {
		reason, err := x.reason(g)
		return FinishedGame{Number: int(g.number), White: x.names[g.white], Black: x.names[g.black],
			Result: g.outcome.String(), Reason: reason, Oversize: g.size}, err
	}
	var text strings.Builder // its bytes become the string: one copy of the game
	text.Grow(int(g.size))
	if _, err := io.Copy(&text, io.NewSectionReader(x.f, g.off, g.size)); err != nil {
		return FinishedGame{}, err
	}
	fg := parseViewedGame(text.String())
	fg.Number = int(g.number)
	fg.White, fg.Black = x.names[g.white], x.names[g.black]
	return fg, nil
}

// openingFile is an OpeningSource tag without the opening's place in its
// file: "uho.epd:12" -> "uho.epd", "book.bin#3" -> "book.bin", "frc:518" -> "frc".
func openingFile(source string) string {
	if i := strings.LastIndexAny(source, ":#"); i > 0 && strings.Trim(source[i+1:], "0123456789/") == "" {
		return source[:i]
	}
	return source
}

// Openings says what the games started from: the openings' sources, or
// FEN positions, or the initial position.
func (x *PGNIndex) Openings() string {
	switch {
	case len(x.sources.values) > 0:
		return strings.Join(x.sources.list(), ", ")
	case x.fromFEN:
		return "positions given by FEN"
	}
	return "start position"
}

// Variant is what the games played: standard, a variant, or a few
// distinct ones ("crazyhouse, 3check").
func (x *PGNIndex) Variant() spec.Variant {
	return spec.Variant(strings.Join(x.variants.list(), ", "))
}

// TimeControls are the games' time controls, a few distinct ones.
func (x *PGNIndex) TimeControls() []string { return x.clocks.list() }
