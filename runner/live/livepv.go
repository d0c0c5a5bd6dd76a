package live

import (
	"strconv"
	"strings"
	"sync"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/runner/spec"
)

// maxPVMoves bounds a PV as the dashboard shows it.
const maxPVMoves = 10

// pvBoards spell the live games' PVs in SAN for a view. It works outside
// the run's lock, on a copy of the games, so a game never waits for it:
// per game a position is kept at the earlier of the two PVs' starts and
// moved on by the moves made since the view before, so a view costs a
// few moves a game, not the whole game again.
type pvBoards struct {
	mu     sync.Mutex
	boards map[int]*pvBoard
}

type pvBoard struct {
	pos   *chess.Position
	plies int // the moves of the game pos has played
}

// spell turns the PVs of games (a view's copies) into SAN, each from the
// position it was searched in, up to its first move that is not legal; in
// a variant of rules other than chess's it gives each game its position
// now (Game.FEN), which the page draws pockets and checks from.
func (b *pvBoards) spell(games []Game, variant spec.Variant) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.boards == nil {
		b.boards = map[int]*pvBoard{}
	}
	seen := make(map[int]bool, len(games))
	for i := range games {
		g := &games[i]
		seen[g.Number] = true
		base := len(g.Moves)
		for _, e := range g.Evals {
			if e.PV != "" && e.Ply > 0 {
				base = min(base, e.Ply-1)
			}
		}
		bd := b.boards[g.Number]
		if bd == nil || bd.plies > base {
			pos, err := variant.StartPosition(g.StartFEN)
			if err != nil {
				continue
			}
			bd = &pvBoard{pos: pos}
			b.boards[g.Number] = bd
		}
		if !playMoves(bd.pos, g.Moves[bd.plies:base]) {
			delete(b.boards, g.Number)
			continue
		}
		bd.plies = base
		for side := range g.Evals {
			e := &g.Evals[side]
			if e.PV == "" || e.Ply <= 0 || e.Ply > len(g.Moves) {
				continue
			}
			pos := bd.pos.Clone()
			if playMoves(pos, g.Moves[base:e.Ply-1]) {
				e.PV = sanLine(pos, e.PV)
			}
		}
		if variant.IsVariant() {
			if now := bd.pos.Clone(); playMoves(now, g.Moves[base:]) {
				g.FEN = now.FEN()
			}
		}
	}
	for n := range b.boards {
		if !seen[n] {
			delete(b.boards, n)
		}
	}
}

// playMoves plays moves as the live games hold them (liveMove's UCI).
func playMoves(pos *chess.Position, moves []string) bool {
	for _, s := range moves {
		var pm protocol.Move
		if pm.UnmarshalText([]byte(s)) != nil {
			return false
		}
		m, ok := pos.FromProtocol(pm)
		if !ok {
			return false
		}
		pos.MakeMove(m)
	}
	return true
}

// sanLine spells a PV given in UCI from pos in SAN with move numbers
// ("12. Nf3 Nc6 13. Bb5", "12... Nc6 13. Bb5"), up to its first move that
// is not legal there and at most maxPVMoves moves; pos is played on.
func sanLine(pos *chess.Position, pv string) string {
	var b []byte
	for i, tok := range strings.Fields(pv) {
		if i == maxPVMoves {
			b = append(b, " …"...)
			break
		}
		pm, ok := protocol.ParseMove([]byte(tok))
		if !ok {
			break
		}
		m, ok := pos.FromProtocol(pm)
		if !ok {
			break
		}
		if len(b) > 0 {
			b = append(b, ' ')
		}
		if pos.SideToMove() == chess.White {
			b = strconv.AppendInt(b, int64(pos.FullmoveNumber()), 10)
			b = append(b, ". "...)
		} else if i == 0 {
			b = strconv.AppendInt(b, int64(pos.FullmoveNumber()), 10)
			b = append(b, "... "...)
		}
		b = pos.AppendSAN(b, m)
		pos.MakeMove(m)
	}
	return string(b)
}
