// Package syzygy probes Syzygy endgame tables (WDL: win, draw or loss under
// the fifty-move rule) for the runner's adjudication and the built-in
// engine. Tables are memory-mapped when first needed and safe for
// concurrent probes from every game.
package syzygy

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/autoplay/autoplay/engine/chess"
)

// WDL is a tablebase result from the side to move's point of view.
type WDL int

// Results. A cursed win is a win that the fifty-move rule turns into a
// draw, a blessed loss a loss it saves.
const (
	Loss        WDL = -2
	BlessedLoss WDL = -1
	Draw        WDL = 0
	CursedWin   WDL = 1
	Win         WDL = 2
)

func (w WDL) String() string {
	switch w {
	case Loss:
		return "loss"
	case BlessedLoss:
		return "blessed loss"
	case Draw:
		return "draw"
	case CursedWin:
		return "cursed win"
	case Win:
		return "win"
	}
	return fmt.Sprintf("WDL(%d)", int(w))
}

// ErrNotInTables says a position is not covered: too many pieces, castling
// rights, or no table file for its material.
var ErrNotInTables = errors.New("position not in the tables")

// Tables is a set of Syzygy WDL tables from one or more directories.
type Tables struct {
	tables    map[string]*lazyTable // by material, "KQvKR"
	maxPieces int
}

type lazyTable struct {
	once sync.Once
	t    *table
	err  error
}

// Open finds the WDL tables (*.rtbw) in the directories of path, separated
// by ':' (';' also works). The files are opened when first probed.
func Open(path string) (*Tables, error) {
	buildEncodingOnce.Do(buildEncoding)
	tb := &Tables{tables: map[string]*lazyTable{}}
	for _, dir := range strings.FieldsFunc(path, func(r rune) bool { return r == ':' || r == ';' }) {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return nil, fmt.Errorf("syzygy: %w", err)
		}
		for _, e := range entries {
			name, ok := strings.CutSuffix(e.Name(), ".rtbw")
			if !ok || e.IsDir() {
				continue
			}
			t, err := newTable(name, filepath.Join(dir, e.Name()))
			if err != nil {
				continue // not a table name: not ours to judge
			}
			if _, seen := tb.tables[name]; !seen {
				tb.tables[name] = &lazyTable{t: t}
				tb.maxPieces = max(tb.maxPieces, t.pieceCount)
			}
		}
	}
	if len(tb.tables) == 0 {
		return nil, fmt.Errorf("syzygy: no WDL tables (*.rtbw) in %s", path)
	}
	return tb, nil
}

// MaxPieces is the largest number of pieces, kings included, of a table found.
func (tb *Tables) MaxPieces() int { return tb.maxPieces }

// Close unmaps every table opened. No probe may run during or after it.
func (tb *Tables) Close() {
	for _, lt := range tb.tables {
		if lt.t.mapped != nil {
			unmap(lt.t.mapped)
			lt.t.mapped = nil
		}
	}
}

// newTable reads what a table's name says: "KRPvKN".
func newTable(name, path string) (*table, error) {
	w, b, ok := strings.Cut(name, "v")
	if !ok || !strings.HasPrefix(w, "K") || !strings.HasPrefix(b, "K") || strings.Trim(w+b, "KQRBNP") != "" {
		return nil, fmt.Errorf("%q is not a table name", name)
	}
	t := &table{name: name, path: path, pieceCount: len(w) + len(b), symmetric: w == b}
	t.hasPawns = strings.ContainsRune(name, 'P')
	for _, side := range []string{w, b} {
		for _, p := range "QRBNP" {
			if strings.Count(side, string(p)) == 1 {
				t.unique = true
			}
		}
	}
	wp, bp := strings.Count(w, "P"), strings.Count(b, "P")
	// The leading colour is the one with fewer pawns (white when equal).
	if bp == 0 || (wp > 0 && bp >= wp) {
		t.pawnCount = [2]int{wp, bp}
	} else {
		t.pawnCount = [2]int{bp, wp}
	}
	return t, nil
}

// materialName names a side's pieces the way table files do: KQRBNP order.
func materialName(pos *chess.Position, c chess.Color) string {
	var sb strings.Builder
	for _, pt := range []chess.PieceType{chess.King, chess.Queen, chess.Rook, chess.Bishop, chess.Knight, chess.Pawn} {
		for sq := chess.Square(0); sq < 64; sq++ {
			if pos.PieceAt(sq) == chess.MakePiece(c, pt) {
				sb.WriteByte(" PNBRQK"[pt])
			}
		}
	}
	return sb.String()
}

// ProbeWDL gives the result of pos with best play, the fifty-move rule
// counted from a fresh counter: call it after a move that zeroed the
// counter (a capture or a pawn move) for a verdict. Positions with castling
// rights or more pieces than the tables hold are ErrNotInTables; a missing
// or corrupt table file is an error naming it.
func (tb *Tables) ProbeWDL(pos *chess.Position) (WDL, error) {
	if pos.HasCastlingRights() {
		return 0, ErrNotInTables
	}
	if pos.Occupied().Count() > tb.maxPieces {
		return 0, ErrNotInTables
	}
	p := pos.Clone()
	return tb.search(p)
}

// search resolves captures (en passant included) first, as the tables hold
// no positions where the best move is a capture's whose value they cannot
// see, and then probes: the standard WDL probing algorithm.
func (tb *Tables) search(pos *chess.Position) (WDL, error) {
	var ml chess.MoveList
	pos.GenerateLegal(&ml)
	best := Loss
	captures := 0
	for _, m := range ml.Moves() {
		if !isCapture(pos, m) {
			continue
		}
		captures++
		pos.MakeMove(m)
		v, err := tb.search(pos)
		pos.UnmakeMove()
		if err != nil {
			return 0, err
		}
		if -v > best {
			best = -v
			if best == Win {
				return Win, nil
			}
		}
	}
	if captures > 0 && captures == ml.Len() {
		return best, nil // every move captures: the table's value is not needed
	}
	v, err := tb.probeTable(pos)
	if err != nil {
		return 0, err
	}
	return max(best, v), nil
}

func isCapture(pos *chess.Position, m chess.Move) bool {
	return m.IsEnPassant() || (!m.IsCastle() && pos.PieceAt(m.To()) != chess.NoPiece)
}

// probeTable looks pos up in its table, ignoring en passant.
func (tb *Tables) probeTable(pos *chess.Position) (WDL, error) {
	white, black := materialName(pos, chess.White), materialName(pos, chess.Black)
	if white == "K" && black == "K" {
		return Draw, nil
	}
	flip := false
	lt := tb.tables[white+"v"+black]
	if lt == nil {
		lt, flip = tb.tables[black+"v"+white], true
	}
	if lt == nil {
		return 0, fmt.Errorf("%w: no table %sv%s", ErrNotInTables, white, black)
	}
	lt.once.Do(func() { lt.err = lt.t.load() })
	if lt.err != nil {
		return 0, lt.err
	}
	t := lt.t
	stm := int(pos.SideToMove())
	if t.symmetric && stm == 1 {
		flip = true
	}
	flipColor, flipSquares := 0, 0
	if flip {
		flipColor, flipSquares = 8, 56
		stm ^= 1
	}
	var squares, pieces [8]int
	size, leadCnt, file := 0, 0, 0
	var leadPawns uint64
	if t.hasPawns {
		pc := t.sub[0][0].pieces[0] ^ flipColor // the leading pawns' colour, on the board
		for sq := 0; sq < 64; sq++ {
			if int(pos.PieceAt(chess.Square(sq))) == pc {
				leadPawns |= 1 << sq
				squares[size] = sq ^ flipSquares
				size++
			}
		}
		leadCnt = size
		maxI := 0
		for i := 1; i < leadCnt; i++ {
			if mapPawns[squares[i]] > mapPawns[squares[maxI]] {
				maxI = i
			}
		}
		squares[0], squares[maxI] = squares[maxI], squares[0]
		file = squares[0] & 7
		if file > 3 {
			file = 7 - file
		}
	}
	for sq := 0; sq < 64; sq++ {
		pc := pos.PieceAt(chess.Square(sq))
		if pc == chess.NoPiece || leadPawns&(1<<sq) != 0 {
			continue
		}
		if size == len(squares) {
			return 0, ErrNotInTables
		}
		squares[size] = sq ^ flipSquares
		pieces[size] = int(pc) ^ flipColor
		size++
	}
	if size != t.pieceCount {
		return 0, fmt.Errorf("%s: %w: piece count", t.path, errCorrupt)
	}
	d := t.sub[stm][file]
	if d == nil {
		return 0, fmt.Errorf("%s: %w: no subtable for this side", t.path, errCorrupt)
	}
	for i := leadCnt; i < size-1; i++ {
		for j := i + 1; j < size; j++ {
			if d.pieces[i] == pieces[j] {
				pieces[i], pieces[j] = pieces[j], pieces[i]
				squares[i], squares[j] = squares[j], squares[i]
				break
			}
		}
	}
	if squares[0]&7 > 3 {
		for i := 0; i < size; i++ {
			squares[i] ^= 7
		}
	}
	var idx uint64
	if t.hasPawns {
		idx = leadPawnIdx[leadCnt][squares[0]]
		rest := squares[1:leadCnt]
		slices.SortStableFunc(rest, func(a, b int) int { return mapPawns[a] - mapPawns[b] })
		for i := 1; i < leadCnt; i++ {
			idx += binomial[i][mapPawns[squares[i]]]
		}
	} else {
		if squares[0]>>3 > 3 {
			for i := 0; i < size; i++ {
				squares[i] ^= 56
			}
		}
		for i := 0; i < d.groupLen[0]; i++ {
			if offDiagonal(squares[i]) == 0 {
				continue
			}
			if offDiagonal(squares[i]) > 0 {
				for j := i; j < size; j++ {
					squares[j] = ((squares[j] >> 3) | (squares[j] << 3)) & 63
				}
			}
			break
		}
		if t.unique {
			adjust1 := b2i(squares[1] > squares[0])
			adjust2 := b2i(squares[2] > squares[0]) + b2i(squares[2] > squares[1])
			switch {
			case offDiagonal(squares[0]) != 0:
				idx = uint64((mapA1D1D4[squares[0]]*63+(squares[1]-adjust1))*62 + squares[2] - adjust2)
			case offDiagonal(squares[1]) != 0:
				idx = uint64((6*63+(squares[0]>>3)*28+mapB1H1H7[squares[1]])*62 + squares[2] - adjust2)
			case offDiagonal(squares[2]) != 0:
				idx = uint64(6*63*62 + 4*28*62 + (squares[0]>>3)*7*28 + ((squares[1]>>3)-adjust1)*28 + mapB1H1H7[squares[2]])
			default:
				idx = uint64(6*63*62 + 4*28*62 + 4*7*28 + (squares[0]>>3)*7*6 + ((squares[1]>>3)-adjust1)*6 + (squares[2] >> 3) - adjust2)
			}
		} else {
			idx = uint64(mapKK[mapA1D1D4[squares[0]]][squares[1]])
		}
	}
	idx *= d.groupIdx[0]
	remainingPawns := t.hasPawns && t.pawnCount[1] > 0
	g := d.groupLen[0]
	for next := 1; d.groupLen[next] != 0; next++ {
		group := squares[g : g+d.groupLen[next]]
		slices.Sort(group)
		var n uint64
		for i, sq := range group {
			adjust := 0
			for _, prev := range squares[:g] {
				if sq > prev {
					adjust++
				}
			}
			k := sq - adjust
			if remainingPawns {
				k -= 8
			}
			if k < 0 {
				return 0, fmt.Errorf("%s: %w: index", t.path, errCorrupt)
			}
			n += binomial[i+1][k]
		}
		remainingPawns = false
		idx += n * d.groupIdx[next]
		g += d.groupLen[next]
	}
	if idx >= d.tbSize && d.flags&flagSingleValue == 0 {
		return 0, fmt.Errorf("%s: %w: index out of range", t.path, errCorrupt)
	}
	v, err := d.decompress(idx)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", t.path, err)
	}
	if v < 0 || v > 4 {
		return 0, fmt.Errorf("%s: %w: value %d", t.path, errCorrupt, v)
	}
	return WDL(v - 2), nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
