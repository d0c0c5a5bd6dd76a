package main

import (
	"os"
	"regexp"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/runner"
)

func newViewCmd() *cobra.Command {
	var addr string
	cmd := &cobra.Command{
		Use:     "view FILE.pgn",
		Short:   "Serve the dashboard of a finished run from its PGN",
		Example: "  autoplay view games.pgn --web 8080",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			data, err := os.ReadFile(args[0])
			if err != nil {
				return err
			}
			games := finishedGames(string(data))
			live := runner.NewLive()
			var names []string
			seen := map[string]bool{}
			for _, g := range games {
				for _, n := range []string{g.White, g.Black} {
					if !seen[n] {
						seen[n] = true
						names = append(names, n)
					}
				}
			}
			live.LoadFinished(runner.LiveRun{Engines: names, PGN: args[0], Total: len(games)}, games, runner.ResultOfGames(games))
			srv, err := startDashboard(addr, live)
			if err != nil {
				return err
			}
			defer srv.Close()
			ctx, stop := interruptible()
			defer stop()
			<-ctx.Done()
			return nil
		},
	}
	cmd.Flags().StringVar(&addr, "web", "8080", "serve the dashboard on ADDR (a bare port listens on 127.0.0.1)")
	return cmd
}

var (
	viewTag     = regexp.MustCompile(`(?m)^\[(\w+) "(.*)"\]$`)
	viewComment = regexp.MustCompile(`\{[^}]*\}`)
	viewNumber  = regexp.MustCompile(`^\d+\.+`)
)

// maxViewReason bounds a game's final comment as the dashboard lists it: a
// PGN may hold comments of any size, the state every browser polls must not.
const maxViewReason = 200

// finishedGames reads a PGN's games for the dashboard: tags, the last
// comment as the reason, and the moves as UCI for the viewer. Each game is
// reachable by a number of its own: its Round, unless an earlier game
// holds it (or it has none), then the next number free.
func finishedGames(text string) []runner.FinishedGame {
	var out []runner.FinishedGame
	used := map[int]bool{}
	for i, chunk := range strings.Split(text, "\n\n[Event ") {
		if strings.TrimSpace(chunk) == "" {
			continue
		}
		if i > 0 {
			chunk = "[Event " + chunk
		}
		head, body, _ := strings.Cut(chunk, "\n\n")
		tags := map[string]string{}
		for _, m := range viewTag.FindAllStringSubmatch(head, -1) {
			tags[m[1]] = m[2]
		}
		g := runner.FinishedGame{White: tags["White"], Black: tags["Black"], Result: tags["Result"], StartFEN: tags["FEN"], PGN: strings.TrimSpace(chunk) + "\n"}
		g.Number, _ = strconv.Atoi(tags["Round"])
		if g.Number <= 0 || used[g.Number] {
			for g.Number = len(out) + 1; used[g.Number]; g.Number++ {
			}
		}
		used[g.Number] = true
		if c := viewComment.FindAllString(body, -1); len(c) > 0 {
			g.Reason = strings.Trim(c[len(c)-1], "{}")
			if len(g.Reason) > maxViewReason {
				g.Reason = strings.ToValidUTF8(g.Reason[:maxViewReason], "") + "…"
			}
		}
		pos := chess.NewPosition()
		if g.StartFEN != "" {
			if p, err := chess.ParseFEN(g.StartFEN); err == nil {
				pos = p
			}
		}
		for _, tok := range strings.Fields(viewComment.ReplaceAllString(body, " ")) {
			tok = viewNumber.ReplaceAllString(tok, "")
			if tok == "" || tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*" {
				continue
			}
			m, err := pos.ParseSAN(tok)
			if err != nil {
				break
			}
			text, _ := pos.CanonicalMove(m).MarshalText()
			g.Moves = append(g.Moves, string(text))
			pos.MakeMove(m)
		}
		g.Plies = len(g.Moves)
		out = append(out, g)
	}
	return out
}
