package chess

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/autoplay/autoplay/internal/ucitest"
)

// perft960Case is one line of testdata/perft960_positions.epd.
type perft960Case struct {
	line  int    // in the file, for the failure message
	id    string // what the position is for
	fen   string // as written, with counters added
	walk  bool   // play a few random plies first
	depth int
}

// readPerft960Cases reads testdata/perft960_positions.epd: EPD lines whose
// operations are id "...", walk and depth N (see the file's header).
func readPerft960Cases(t *testing.T) []perft960Case {
	t.Helper()
	b, err := os.ReadFile("testdata/perft960_positions.epd")
	if err != nil {
		t.Fatal(err)
	}
	var cases []perft960Case
	for i, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 5 {
			t.Fatalf("perft960_positions.epd:%d: want four FEN fields and operations: %q", i+1, line)
		}
		c := perft960Case{line: i + 1, fen: strings.Join(f[:4], " ") + " 0 1", depth: 3}
		for _, op := range epdOperations(strings.Join(f[4:], " ")) {
			name, arg, _ := strings.Cut(strings.TrimSpace(op), " ")
			switch name {
			case "":
			case "id":
				c.id, err = strconv.Unquote(strings.TrimSpace(arg))
			case "walk":
				c.walk = true
			case "depth":
				c.depth, err = strconv.Atoi(strings.TrimSpace(arg))
			default:
				err = fmt.Errorf("unknown operation %q", name)
			}
			if err != nil {
				t.Fatalf("perft960_positions.epd:%d: %q: %v", i+1, op, err)
			}
		}
		cases = append(cases, c)
	}
	return cases
}

// epdOperations splits EPD operations at the semicolons outside quotes.
func epdOperations(s string) []string {
	var ops []string
	quoted, start := false, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"':
			quoted = !quoted
		case ';':
			if !quoted {
				ops = append(ops, s[start:i])
				start = i + 1
			}
		}
	}
	return append(ops, s[start:])
}

// sfTimeout bounds every wait for stockfish: its perft 4 of these positions
// takes milliseconds, so only a hung or silent engine reaches it.
const sfTimeout = 30 * time.Second

// sfUntil reads stockfish's lines up to the first that starts with prefix,
// passing the others to each, and fails the test when none comes within
// sfTimeout. The reader left behind then ends when the session's cleanup
// quits or kills stockfish, which closes its output.
func sfUntil(t *testing.T, sf *ucitest.Session, prefix string, each func(string)) string {
	t.Helper()
	type answer struct {
		line string
		ok   bool
	}
	done := make(chan answer, 1)
	var eachs []func(string)
	if each != nil {
		eachs = append(eachs, each)
	}
	go func() {
		line, ok := sf.Until(prefix, eachs...)
		done <- answer{line, ok}
	}()
	timer := time.NewTimer(sfTimeout)
	defer timer.Stop()
	select {
	case a := <-done:
		if !a.ok {
			t.Fatalf("stockfish's output ended before %q", prefix)
		}
		return a.line
	case <-timer.C:
		t.Fatalf("stockfish did not answer %q within %v", prefix, sfTimeout)
	}
	return ""
}

// sfDivide is stockfish's perft divide of fen after moves (UCI, castling
// as king takes rook): the leaf count under each root move, and its total.
func sfDivide(t *testing.T, sf *ucitest.Session, fen string, moves []string, depth int) (map[string]uint64, uint64) {
	t.Helper()
	sf.Send("ucinewgame")
	sf.Send("isready")
	sfUntil(t, sf, "readyok", nil)
	if len(moves) == 0 {
		sf.Send("position fen %s", fen)
	} else {
		sf.Send("position fen %s moves %s", fen, strings.Join(moves, " "))
	}
	sf.Send("go perft %d", depth)
	div := map[string]uint64{}
	last := sfUntil(t, sf, "Nodes searched: ", func(line string) {
		// "e1h1: 123"; nothing else stockfish prints has this form.
		mv, n, ok := strings.Cut(line, ": ")
		if !ok || len(mv) < 4 || len(mv) > 5 {
			return
		}
		if c, err := strconv.ParseUint(n, 10, 64); err == nil {
			div[mv] = c
		}
	})
	total, err := strconv.ParseUint(strings.TrimSpace(strings.TrimPrefix(last, "Nodes searched: ")), 10, 64)
	if err != nil {
		t.Fatalf("stockfish's %q: %v", last, err)
	}
	return div, total
}

// ourDivide is p's perft divide with moves written as stockfish writes
// them in Chess960 mode (castling as king takes rook), and its total; a
// move listed twice appears the second time as "c8b8(#2)". A
// panic (a king captured after an illegal move, say) is returned as err,
// and p is then not to be used again.
func ourDivide(p *Position, depth int) (div map[string]uint64, total uint64, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("our perft %d panicked: %v", depth, r)
		}
	}()
	div = map[string]uint64{}
	for _, e := range p.Divide(depth) {
		mv := e.Move.String()
		// A move generated twice (castling and a king step written alike,
		// say) is kept apart, so that it shows.
		for i := 2; ; i++ {
			if _, dup := div[mv]; !dup {
				break
			}
			mv = fmt.Sprintf("%s(#%d)", e.Move, i)
		}
		div[mv] = e.Nodes
		total += e.Nodes
	}
	return div, total, nil
}

// divideDiff lists the root moves only one side has and those whose counts
// differ, each set sorted.
func divideDiff(ours, theirs map[string]uint64) (onlyOurs, onlyTheirs, differ []string) {
	for m := range ours {
		if _, ok := theirs[m]; !ok {
			onlyOurs = append(onlyOurs, m)
		} else if ours[m] != theirs[m] {
			differ = append(differ, m)
		}
	}
	for m := range theirs {
		if _, ok := ours[m]; !ok {
			onlyTheirs = append(onlyTheirs, m)
		}
	}
	slices.Sort(onlyOurs)
	slices.Sort(onlyTheirs)
	slices.Sort(differ)
	return onlyOurs, onlyTheirs, differ
}

// walk960 plays 2 to 6 random legal plies from p, drawn from rng, taking a
// castling move one time in two when there is one, and returns them in
// UCI (king takes rook).
func walk960(p *Position, rng *rand.Rand) []string {
	var played []string
	for n := 2 + rng.IntN(5); n > 0; n-- {
		var ml MoveList
		p.GenerateLegal(&ml)
		if ml.Len() == 0 {
			break
		}
		var castles []Move
		for _, m := range ml.Moves() {
			if m.IsCastle() {
				castles = append(castles, m)
			}
		}
		m := ml.Moves()[rng.IntN(ml.Len())]
		if len(castles) > 0 && rng.IntN(2) == 0 {
			m = castles[rng.IntN(len(castles))]
		}
		played = append(played, string(m.AppendUCI(nil, true)))
		p.MakeMove(m)
	}
	return played
}

// Chess960 move generation agrees with stockfish's perft divide, move by
// move, on the positions of testdata/perft960_positions.epd: hand-made
// castling edge cases (a rook shielding its king on the back rank, king
// and rook next to each other or swapping squares, attacked and occupied
// squares on the king's and the rook's paths, castling in check, en
// passant, a captured castling rook) and 3moves_FRC openings a few random
// plies on; to depth 3, or the depth a line gives (4 for most edge cases).
// Stockfish replays the random plies itself, so our castling rights after
// them are checked too. A mismatch is followed down the first differing
// move to the position where the move lists differ.
func TestChess960DivideAgreesWithStockfishAfterRandomPlies(t *testing.T) {
	cases := readPerft960Cases(t)
	if len(cases) < 50 {
		t.Fatalf("only %d positions", len(cases))
	}
	sf := ucitest.Stockfish(t, "UCI_Chess960=true", "Threads=1", "Hash=1")
	walked, nodes := 0, uint64(0)
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("line %d (%s): %v", c.line, c.id, err)
		}
		p.SetChess960(true)
		var moves []string
		if c.walk {
			// Seeded by the opening itself, so the walk stays when lines are
			// added to the file.
			moves = walk960(p, rand.New(rand.NewPCG(960, p.Hash())))
			walked++
		}
		// Depth by depth, so that the first difference shows at the
		// shallowest depth, before an illegal move can make our perft
		// panic deeper down (a king captured, then missing).
		for d := 1; d <= c.depth; d++ {
			ours, ourTotal, err := ourDivide(p, d)
			theirs, sfTotal := sfDivide(t, sf, c.fen, moves, d)
			onlyOurs, onlyTheirs, differ := divideDiff(ours, theirs)
			if err == nil && ourTotal == sfTotal && len(onlyOurs)+len(onlyTheirs)+len(differ) == 0 {
				if d == c.depth {
					nodes += sfTotal
				}
				continue
			}
			var msg strings.Builder
			fmt.Fprintf(&msg, "line %d (%s): %s", c.line, c.id, c.fen)
			if len(moves) > 0 {
				fmt.Fprintf(&msg, " moves %s\n  = %s", strings.Join(moves, " "), p.AppendShredderFEN(nil))
			}
			if err != nil {
				fmt.Fprintf(&msg, "\n  %v", err)
				t.Error(msg.String())
				break
			}
			fmt.Fprintf(&msg, "\n  perft %d: ours %d, stockfish %d", d, ourTotal, sfTotal)
			describeDivideDiff(&msg, ours, theirs, onlyOurs, onlyTheirs, differ)
			locateDivideDiff(t, sf, &msg, p, c.fen, moves, d, differ)
			t.Error(msg.String())
			break
		}
	}
	if !t.Failed() {
		t.Logf("%d Chess960 positions (%d walked from openings) agree with stockfish, %d leaves", len(cases), walked, nodes)
	}
}

// describeDivideDiff writes to msg the moves only one side lists and the
// counts that differ.
func describeDivideDiff(msg *strings.Builder, ours, theirs map[string]uint64, onlyOurs, onlyTheirs, differ []string) {
	if len(onlyOurs) > 0 {
		fmt.Fprintf(msg, "\n  moves only we generate: %s", strings.Join(onlyOurs, " "))
	}
	if len(onlyTheirs) > 0 {
		fmt.Fprintf(msg, "\n  moves only stockfish generates: %s", strings.Join(onlyTheirs, " "))
	}
	for _, m := range differ {
		fmt.Fprintf(msg, "\n  %s: ours %d, stockfish %d", m, ours[m], theirs[m])
	}
}

// locateDivideDiff follows the first move whose subtree counts differ down
// to the position where the two move lists differ, and names it in msg.
// p is left as it was.
func locateDivideDiff(t *testing.T, sf *ucitest.Session, msg *strings.Builder, p *Position, fen string, moves []string, depth int, differ []string) {
	t.Helper()
	line := slices.Clone(moves)
	made := 0
	defer func() {
		for ; made > 0; made-- {
			p.UnmakeMove()
		}
	}()
	for depth > 1 && len(differ) > 0 {
		m, ok := p.ParseUCI(differ[0])
		if !ok {
			return
		}
		p.MakeMove(m)
		made++
		line = append(line, differ[0])
		depth--
		ours, _, err := ourDivide(p, depth)
		if err != nil {
			fmt.Fprintf(msg, "\n  after %s: %v", strings.Join(line[len(moves):], " "), err)
			made = 0 // p is broken: nothing to take back
			return
		}
		theirs, _ := sfDivide(t, sf, fen, line, depth)
		var onlyOurs, onlyTheirs []string
		onlyOurs, onlyTheirs, differ = divideDiff(ours, theirs)
		if len(onlyOurs)+len(onlyTheirs) > 0 || depth == 1 {
			fmt.Fprintf(msg, "\n  first difference after %s (%s), perft %d:",
				strings.Join(line[len(moves):], " "), p.AppendShredderFEN(nil), depth)
			describeDivideDiff(msg, ours, theirs, onlyOurs, onlyTheirs, differ)
			if len(onlyOurs)+len(onlyTheirs)+len(differ) == 0 {
				msg.WriteString(" none in the move lists")
			}
			return
		}
	}
}
