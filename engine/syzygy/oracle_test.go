package syzygy

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/internal/ucitest"
)

// tablesDir is the full 3-4 piece set when the shared data is here, else
// the subset under testdata.
func tablesDir(t testing.TB) string {
	if _, err := os.Stat("../../../shared/syzygy/KQvK.rtbw"); err == nil {
		abs, _ := filepath.Abs("../../../shared/syzygy")
		return abs
	}
	abs, _ := filepath.Abs("testdata/tables")
	return abs
}

// stockfishWDL classifies stockfish's verdict at depth 1, reading the same
// tables: 2 win, -2 loss, 0 drawn (a decisive tablebase result is
// thousands of centipawns or a mate; a draw, cursed win or blessed loss is
// about 0).
func stockfishWDL(t *testing.T, sf *ucitest.Session, fen string) (int, string) {
	sf.Send("position fen %s", fen)
	sf.Send("go depth 1")
	verdict, last := 0, ""
	_, ok := sf.Until("bestmove", func(line string) {
		f := strings.Fields(line)
		for i := 0; i+2 < len(f); i++ {
			if f[i] != "score" {
				continue
			}
			n, _ := strconv.Atoi(f[i+2])
			last = f[i+1] + " " + f[i+2]
			switch {
			case f[i+1] == "mate" && n > 0:
				verdict = 2
			case f[i+1] == "mate":
				verdict = -2
			case n > 1000:
				verdict = 2
			case n < -1000:
				verdict = -2
			default:
				verdict = 0
			}
		}
	})
	if !ok {
		t.Fatal("stockfish stopped answering")
	}
	return verdict, last
}

// materials are the tables of dir whose every capture and promotion leads
// to a table also there (or to KvK): stockfish gives tablebase scores only
// for those, so a subset of the tables must be closed to be an oracle.
func materials(dir string) []string {
	entries, _ := os.ReadDir(dir)
	have := map[string]bool{}
	for _, e := range entries {
		if name, ok := strings.CutSuffix(e.Name(), ".rtbw"); ok {
			have[name] = true
		}
	}
	var out []string
	for name := range have {
		if closedMaterial(name, have) {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// closedMaterial reports whether every material one capture or promotion
// away from name is in have (either way round), and so on down to KvK.
func closedMaterial(name string, have map[string]bool) bool {
	w, b, _ := strings.Cut(name, "v")
	if w == "K" && b == "K" {
		return true
	}
	if !have[w+"v"+b] && !have[b+"v"+w] {
		return false
	}
	for side := range 2 {
		pieces := []string{w, b}
		for i := 1; i < len(pieces[side]); i++ {
			next := []string{pieces[side][:i] + pieces[side][i+1:]} // captured
			if pieces[side][i] == 'P' {
				for _, promo := range "QRBN" {
					next = append(next, sortMaterial(pieces[side][:i]+string(promo)+pieces[side][i+1:]))
				}
			}
			for _, n := range next {
				sub := []string{w, b}
				sub[side] = n
				if !closedMaterial(sub[0]+"v"+sub[1], have) {
					return false
				}
			}
		}
	}
	return true
}

// sortMaterial orders a side's pieces the way table names do: KQRBNP.
func sortMaterial(side string) string {
	order := "KQRBNP"
	bs := []byte(side)
	slices.SortFunc(bs, func(a, b byte) int { return strings.IndexByte(order, a) - strings.IndexByte(order, b) })
	return string(bs)
}

// randomPosition places the material of table (either way round) at
// random, with a random side to move; it returns "" when the placement is
// not a legal position.
func randomPosition(rng *rand.Rand, table string) string {
	w, b, _ := strings.Cut(table, "v")
	if rng.IntN(2) == 0 {
		w, b = b, w
	}
	var board [64]byte
	put := func(piece byte) bool {
		for range 100 {
			sq := rng.IntN(64)
			if board[sq] != 0 || ((piece == 'P' || piece == 'p') && (sq < 8 || sq >= 56)) {
				continue
			}
			board[sq] = piece
			return true
		}
		return false
	}
	for _, c := range w {
		put(byte(c))
	}
	for _, c := range b {
		put(byte(c) + 'a' - 'A')
	}
	side := "w"
	if rng.IntN(2) == 1 {
		side = "b"
	}
	return fenOf(board, side, "-")
}

// enPassantPosition is KPvKP with a pawn that has just made its double step
// beside an enemy pawn: en passant is possible (unless pinned or illegal).
func enPassantPosition(rng *rand.Rand) string {
	var board [64]byte
	file := rng.IntN(8)
	side := "w"
	pusherRank, epRank := 4, 5 // black pushed from rank 7 to 5 (0-based 6 -> 4)
	if rng.IntN(2) == 1 {
		side, pusherRank, epRank = "b", 3, 2
	}
	pusher, capturer := byte('p'), byte('P')
	if side == "b" {
		pusher, capturer = 'P', 'p'
	}
	board[pusherRank*8+file] = pusher
	adj := file - 1
	if adj < 0 || (file < 7 && rng.IntN(2) == 1) {
		adj = file + 1
	}
	board[pusherRank*8+adj] = capturer
	for _, k := range []byte{'K', 'k'} {
		for {
			sq := rng.IntN(64)
			if board[sq] == 0 && sq != epRank*8+file && sq != (2*epRank-pusherRank)*8+file {
				board[sq] = k
				break
			}
		}
	}
	ep := string(rune('a'+file)) + strconv.Itoa(epRank+1)
	return fenOf(board, side, ep)
}

func fenOf(board [64]byte, side, ep string) string {
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			c := board[r*8+f]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(c)
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	return sb.String() + " " + side + " - " + ep + " 0 1"
}

// The prober agrees with stockfish, reading the same tables, on random
// legal 3-4 piece positions of every table, both sides to move, en
// passant included: 10,000 of them (2,000 under the race detector). With
// only the testdata subset, the tables whose captures and promotions stay
// inside it, without en passant (KPvKP needs tables the subset lacks).
func TestWDLAgreesWithStockfish(t *testing.T) {
	dir := tablesDir(t)
	tb, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	sf := ucitest.Stockfish(t, "SyzygyPath="+dir, "Threads=1")
	want := 10000
	if raceEnabled || testing.Short() {
		want = 2000
	}
	rng := rand.New(rand.NewPCG(1, 2))
	tables := materials(dir)
	checked, ep, mismatches := 0, 0, 0
	results := map[WDL]int{}
	for checked < want {
		var fen string
		if checked%10 == 0 && slices.Contains(tables, "KPvKP") {
			fen = enPassantPosition(rng)
		} else {
			fen = randomPosition(rng, tables[rng.IntN(len(tables))])
		}
		pos, err := chess.ParseFEN(fen)
		if err != nil {
			continue // not a legal position
		}
		got, err := tb.ProbeWDL(pos)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		if pos.EnPassant() != chess.NoSquare {
			ep++
		}
		results[got]++
		oracle, score := stockfishWDL(t, sf, fen)
		class := int(got)
		if got == CursedWin || got == BlessedLoss {
			class = 0 // the fifty-move rule makes it a draw, for stockfish too
		}
		if class != oracle {
			mismatches++
			if mismatches <= 10 {
				t.Errorf("%s: prober %v, stockfish %s", fen, got, score)
			}
		}
		checked++
	}
	t.Logf("%d positions (%d with en passant possible), %d tables from %s: %v; %d disagreements",
		checked, ep, len(tables), dir, results, mismatches)
}

// Missing, truncated and corrupt files are errors, never a crash or a
// wrong result.
func TestBadTableFilesAreErrors(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(tablesDir(t), "KRvKR.rtbw"))
	if err != nil {
		t.Fatal(err)
	}
	pos, _ := chess.ParseFEN("8/8/3k4/3r4/8/8/3R4/3K4 w - - 0 1")
	for name, data := range map[string][]byte{
		"truncated":    src[:len(src)/2],
		"header only":  src[:16],
		"bad magic":    append([]byte{1, 2, 3, 4}, src[4:]...),
		"zeroed":       make([]byte, len(src)),
		"flipped bits": flip(src),
	} {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "KRvKR.rtbw"), data, 0o644)
		tb, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		v, err := tb.ProbeWDL(pos)
		if err == nil && name != "flipped bits" {
			t.Errorf("%s: probe gave %v and no error", name, v)
		}
		tb.Close()
	}
	if _, err := Open(t.TempDir()); err == nil {
		t.Error("a directory without tables opened")
	}
	tb, _ := Open(tablesDir(t))
	defer tb.Close()
	many, _ := chess.ParseFEN("8/8/3k4/3r4/3n4/8/3RN3/3K4 w - - 0 1")
	if _, err := tb.ProbeWDL(many); err == nil {
		t.Error("a 6-piece position probed")
	}
}

// flip damages the compressed data of a copy of b, keeping its headers.
func flip(b []byte) []byte {
	c := append([]byte(nil), b...)
	for i := len(c) / 2; i < len(c); i += 7 {
		c[i] ^= 0x5a
	}
	return c
}

func BenchmarkProbeWDL(b *testing.B) {
	tb, err := Open(tablesDir(b))
	if err != nil {
		b.Fatal(err)
	}
	defer tb.Close()
	pos, _ := chess.ParseFEN("8/8/3k4/3r4/8/8/3R4/3K4 w - - 0 1")
	tb.ProbeWDL(pos)
	b.ResetTimer()
	for b.Loop() {
		tb.ProbeWDL(pos)
	}
}

// Probes from many goroutines at once, as every game of a run probes the
// same tables, agree with one another (and the race detector has its say).
func TestConcurrentProbesAgree(t *testing.T) {
	tb, err := Open(tablesDir(t))
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	rng := rand.New(rand.NewPCG(5, 6))
	tables := materials(tablesDir(t))
	var positions []*chess.Position
	var want []WDL
	for len(positions) < 200 {
		p, err := chess.ParseFEN(randomPosition(rng, tables[rng.IntN(len(tables))]))
		if err != nil {
			continue
		}
		positions = append(positions, p)
	}
	fresh, _ := Open(tablesDir(t))
	for _, p := range positions {
		w, err := fresh.ProbeWDL(p)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, w)
	}
	fresh.Close()
	errs := make(chan error, 8)
	for g := range 8 {
		go func() {
			for i := range positions {
				j := (i + 25*g) % len(positions)
				if w, err := tb.ProbeWDL(positions[j]); err != nil || w != want[j] {
					errs <- fmt.Errorf("%s: %v %v, want %v", positions[j].FEN(), w, err, want[j])
					return
				}
			}
			errs <- nil
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}
