package runner

import (
	"github.com/autoplay/autoplay/runner/live"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/stats"
)

// The run feeds the dashboard's state (runner/live) values, never itself:
// what the run is as it starts, and after each game the standing and a
// plot point taken from its Result.

// liveRun describes the run of c, of total games, for the dashboard.
func liveRun(c *spec.Config, total int) live.Run {
	info := live.Run{Type: c.Type, Openings: c.Openings.File, Variant: c.Variant, Total: total, PGN: c.PGNOut}
	for _, e := range c.Engines {
		info.Engines = append(info.Engines, e.Name)
		info.TC = append(info.TC, e.TC.String())
	}
	return info
}

// liveSummary is the standing of res as the dashboard shows it; done says
// the run is over.
func liveSummary(res *Result, done bool) live.Summary {
	s := live.Summary{Played: res.Played, Total: res.Total, Resumed: res.Resumed, Done: done,
		Engines: append([]stats.EngineStats(nil), res.Engines...), Knockout: res.Knockout}
	for _, enc := range res.Encounters {
		s.Encounters = append(s.Encounters, live.Encounter{Names: enc.Names, Wins: enc.Score.Wins, Draws: enc.Score.Draws,
			Losses: enc.Score.Losses, Pentanomial: enc.Pairs, Games: enc.Score.Figures()})
	}
	if len(res.Encounters) == 1 {
		enc := res.Encounters[0]
		g := enc.Score.Figures()
		s.Games = &g
		if enc.Pairs.Pairs() > 0 {
			p := enc.Pairs.Figures()
			s.Pairs = &p
		}
	}
	if len(res.Engines) > 2 && res.Played > 0 {
		names := make([]string, len(res.Engines))
		for i, e := range res.Engines {
			names[i] = e.Name
		}
		for _, r := range stats.Ratings(names, res.wdlMatrix()) {
			s.Ratings = append(s.Ratings, live.Rating{Name: r.Name, Elo: finite(r.Elo), Elo95: finite(r.Elo95), Games: r.Games, Score: r.Score})
		}
	}
	if sp := res.SPRT; sp != nil {
		s.SPRT = &live.SPRT{Elo0: sp.Test.Elo0, Elo1: sp.Test.Elo1, LLR: finite(sp.LLR), Lower: sp.Lower, Upper: sp.Upper, Decision: sp.Decision.String()}
	}
	return s
}

// pointOf is the standing of res as a plot point: one encounter's Elo (of
// game pairs once there are any) and the SPRT's LLR.
func pointOf(res *Result) live.Point {
	p := live.Point{Played: res.Played, Elo: stats.Figure{Text: "n/a"}, Elo95: stats.Figure{Text: "n/a"}}
	if len(res.Encounters) == 1 {
		enc := res.Encounters[0]
		f := enc.Score.Figures()
		if enc.Pairs.Pairs() > 0 {
			f = enc.Pairs.Figures()
		}
		p.Elo, p.Elo95 = f.Elo, f.Elo95
	}
	if res.SPRT != nil {
		p.LLR = finite(res.SPRT.LLR)
	}
	return p
}
