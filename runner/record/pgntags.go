package record

import (
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/pgn"
	"github.com/autoplay/autoplay/runner/spec"
)

// tags are the game's PGN tags in the run's style. Each style writes what
// its tool writes, in its order and spelling, so that a script made for
// cutechess-cli's or fastchess's PGNs reads autoplay's drop-in PGNs.
func (r *GameRecord) tags(o *spec.Outputs) []pgn.Tag {
	switch o.PGNStyle {
	case spec.PGNCutechess:
		return r.cutechessTags(o)
	case spec.PGNFastchess:
		return r.fastchessTags(o)
	}
	return r.autoplayTags(o)
}

// roster is the Seven Tag Roster; an unset Event or Site is what the style
// writes for it.
func (r *GameRecord) roster(o *spec.Outputs, event, site string) []pgn.Tag {
	if o.Event != "" {
		event = o.Event
	}
	if o.Site != "" {
		site = o.Site
	}
	round := o.RoundTag(r.Number)
	if r.Place.Round > 0 {
		round = r.Place.Round
	}
	return []pgn.Tag{
		{Name: "Event", Value: event},
		{Name: "Site", Value: site},
		{Name: "Date", Value: r.Started.Format("2006.01.02")},
		{Name: "Round", Value: strconv.Itoa(round)},
		{Name: "White", Value: r.White},
		{Name: "Black", Value: r.Black},
		{Name: "Result", Value: r.Outcome.String()},
	}
}

// autoplayTags: the roster, the variant, the time control(s), how the game
// ended, its length and where its opening came from.
func (r *GameRecord) autoplayTags(o *spec.Outputs) []pgn.Tag {
	tags := r.roster(o, "autoplay", "?")
	if name := r.Variant.PGNName(); name != "" {
		tags = append(tags, pgn.Tag{Name: "Variant", Value: name})
	}
	if tc := r.TimeControl[White].String(); tc == r.TimeControl[Black].String() {
		tags = append(tags, pgn.Tag{Name: "TimeControl", Value: tc})
	} else { // time odds: each side's own
		tags = append(tags,
			pgn.Tag{Name: "WhiteTimeControl", Value: tc},
			pgn.Tag{Name: "BlackTimeControl", Value: r.TimeControl[Black].String()})
	}
	return append(tags,
		pgn.Tag{Name: "Termination", Value: string(r.Termination)},
		pgn.Tag{Name: "PlyCount", Value: strconv.Itoa(len(r.Plies))},
		pgn.Tag{Name: "GameDuration", Value: formatDuration(r.Duration)},
		pgn.Tag{Name: "OpeningSource", Value: r.Opening}, // not "Opening", which PGN readers take for the name of the opening
	)
}

// cutechessTags are cutechess-cli 1.2's: the roster ("?" for what is not
// set), then every other tag sorted by name. A game from the standard start
// has no FEN; a normal end no Termination; the time control is one tag
// unless the sides' limits (node and depth limits included) differ.
func (r *GameRecord) cutechessTags(o *spec.Outputs) []pgn.Tag {
	var rest []pgn.Tag
	add := func(name, value string) {
		if value != "" {
			rest = append(rest, pgn.Tag{Name: name, Value: value})
		}
	}
	if r.TimeControl[White] == r.TimeControl[Black] {
		add("TimeControl", cutechessTimeControl(r.TimeControl[White]))
	} else {
		add("WhiteTimeControl", cutechessTimeControl(r.TimeControl[White]))
		add("BlackTimeControl", cutechessTimeControl(r.TimeControl[Black]))
	}
	if r.StartFEN != "" && r.StartFEN != chess.StartFEN {
		add("FEN", r.StartFEN)
		add("SetUp", "1")
	}
	if r.Variant.IsChess960() || r.Variant.IsVariant() {
		add("Variant", string(r.Variant)) // cutechess-cli's names: fischerandom, crazyhouse, 3check
	}
	if r.Termination != TermNormal {
		add("Termination", cutechessTermination(r))
	}
	end := r.Started.Add(r.Duration)
	add("GameStartTime", cutechessTime(r.Started))
	add("GameEndTime", cutechessTime(end))
	add("GameDuration", formatDuration(r.Duration.Truncate(time.Second))) // Qt's secsTo truncates
	add("PlyCount", strconv.Itoa(len(r.Plies)))
	slices.SortFunc(rest, func(a, b pgn.Tag) int {
		switch {
		case a.Name < b.Name:
			return -1
		case a.Name > b.Name:
			return 1
		}
		return 0
	})
	return append(r.roster(o, "?", "?"), rest...)
}

// cutechessTermination names the end as cutechess's results do: a stalled
// engine is a "stalled connection", an illegal move an "illegal move".
func cutechessTermination(r *GameRecord) string {
	switch {
	case r.Failure == FailStall:
		return "stalled connection"
	case r.Failure == FailIllegal:
		return "illegal move"
	case r.Failure == FailDisconnect:
		return "abandoned"
	}
	return string(r.Termination)
}

// cutechessTimeControl writes a clock as cutechess's TimeControl tag does:
// "inf" without one, "40/60+0.6", "0.5/move", "hg60" for an hourglass.
func cutechessTimeControl(tc spec.TimeControl) string {
	switch {
	case tc.HasClock() && tc.Hourglass:
		return "hg" + formatSeconds(tc.Base)
	case tc.HasClock():
		return tc.String()
	case tc.MoveTime > 0:
		return formatSeconds(tc.MoveTime) + "/move"
	}
	return "inf"
}

// cutechessTime is Qt's "yyyy-MM-ddThh:mm:ss.zzz t" in local time.
func cutechessTime(t time.Time) string { return t.Local().Format("2006-01-02T15:04:05.000 MST") }

// fastchessTags are fastchess 1.8's, in its order: the roster, the engines'
// own names and authors, SetUp/FEN (with the opening's move counters),
// Variant, times, PlyCount, Termination, and the time control, one tag
// unless the clocks differ (node and depth limits are not clocks to it).
func (r *GameRecord) fastchessTags(o *spec.Outputs) []pgn.Tag {
	tags := r.roster(o, "Fastchess Tournament", "?")
	add := func(name, value string) {
		if value != "" {
			tags = append(tags, pgn.Tag{Name: name, Value: value})
		}
	}
	add("EngineWhiteName", r.Engines[White].Name)
	add("EngineWhiteAuthor", r.Engines[White].Author)
	add("EngineBlackName", r.Engines[Black].Name)
	add("EngineBlackAuthor", r.Engines[Black].Author)
	if (r.StartFEN != "" && r.StartFEN != chess.StartFEN) || r.Variant.IsChess960() || r.Variant.IsVariant() {
		add("SetUp", "1")
		add("FEN", r.StartFEN)
	}
	add("Variant", r.Variant.PGNName())
	add("GameDuration", formatDuration(r.Duration.Truncate(time.Second)))
	add("GameStartTime", fastchessTime(r.Started))
	add("GameEndTime", fastchessTime(r.Started.Add(r.Duration)))
	add("PlyCount", strconv.Itoa(len(r.Plies)))
	add("Termination", fastchessTermination(r))
	w, b := clockOnly(r.TimeControl[White]), clockOnly(r.TimeControl[Black])
	if w == b {
		add("TimeControl", w.String())
	} else {
		add("WhiteTimeControl", w.String())
		add("BlackTimeControl", b.String())
	}
	return tags
}

// fastchessTermination: fastchess calls a stall and a crash "abandoned".
func fastchessTermination(r *GameRecord) string {
	switch {
	case r.Failure == FailIllegal:
		return "illegal move"
	case r.Termination == TermRulesInfraction:
		return "illegal move"
	}
	return string(r.Termination)
}

// clockOnly is a time control without its node and depth limits.
func clockOnly(tc spec.TimeControl) spec.TimeControl {
	tc.Nodes, tc.Depth = 0, 0
	return tc
}

// fastchessTime is "2006-01-02T15:04:05 +0000", in local time.
func fastchessTime(t time.Time) string { return t.Local().Format("2006-01-02T15:04:05 -0700") }

// formatDuration writes hh:mm:ss, as both tools' GameDuration tags do.
func formatDuration(d time.Duration) string {
	s := int(d.Round(time.Second) / time.Second)
	return fmt.Sprintf("%02d:%02d:%02d", s/3600, s/60%60, s%60)
}

func formatSeconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}
