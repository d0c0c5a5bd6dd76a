package compat

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/autoplay/autoplay/internal/spelling"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/spec/parse"
)

// arity is how many values an option takes.
type arity struct{ min, max int } // max -1: any number

var (
	none     = arity{0, 0}
	one      = arity{1, 1}
	optional = arity{0, 1}
	some     = arity{1, -1}
)

// optionSpec is one option a dialect knows.
type optionSpec struct {
	arity
	apply func(inv *Invocation, values []string) error
}

// specs lists each dialect's options. An option a dialect does not list is
// an error naming it, never ignored.
func specs(d Dialect) map[string]optionSpec {
	common := map[string]optionSpec{
		"-engine":      {some, func(inv *Invocation, v []string) error { inv.engines = append(inv.engines, keyValues(v)); return nil }},
		"-each":        {some, func(inv *Invocation, v []string) error { inv.each = append(inv.each, keyValues(v)); return nil }},
		"-tournament":  {one, (*Invocation).tournament},
		"-games":       {one, func(inv *Invocation, v []string) error { return positive(v[0], &inv.games) }},
		"-rounds":      {one, func(inv *Invocation, v []string) error { return positive(v[0], &inv.rounds) }},
		"-repeat":      {optional, (*Invocation).repeatOpenings},
		"-concurrency": {one, (*Invocation).concurrency},
		"-openings":    {some, (*Invocation).openings},
		"-srand":       {one, (*Invocation).srand},
		"-sprt":        {some, (*Invocation).sprt},
		"-draw":        {some, (*Invocation).draw},
		"-resign":      {some, (*Invocation).resign},
		"-maxmoves":    {one, func(inv *Invocation, v []string) error { return whole(v[0], &inv.Config.MaxMoves) }},
		"-tb": {one, func(inv *Invocation, v []string) error {
			inv.Config.TB = strings.ReplaceAll(v[0], ";", ":")
			return nil
		}},
		"-tbpieces": {one, func(inv *Invocation, v []string) error { return positive(v[0], &inv.Config.TBPieces) }},
		"-variant":  {one, (*Invocation).variant},
		"-recover": {none, func(inv *Invocation, _ []string) error {
			inv.recover = true // fastchess: without it a stall or crash ends the run (recover.go)
			return nil
		}},
		"-wait": {one, func(inv *Invocation, v []string) error {
			var ms int
			err := whole(v[0], &ms)
			inv.Config.Wait = time.Duration(ms) * time.Millisecond
			return err
		}},
		"-ratinginterval": {one, func(inv *Invocation, v []string) error { return whole(v[0], &inv.RatingInterval) }},
		"-epdout":         {some, (*Invocation).epdout},
		"-pgnout":         {some, (*Invocation).pgnout},
		"-event":          {one, func(inv *Invocation, v []string) error { inv.Config.Event = v[0]; return nil }},
		"-site":           {one, func(inv *Invocation, v []string) error { inv.Config.Site = v[0]; return nil }},
		"-seeds":          {one, func(inv *Invocation, v []string) error { return positive(v[0], &inv.Config.Seeds) }},
		"-noswap":         {none, func(inv *Invocation, _ []string) error { inv.Config.NoSwap = true; return nil }},
		"-reverse":        {none, func(inv *Invocation, _ []string) error { inv.Config.Reverse = true; return nil }},
		"-help":           {none, func(inv *Invocation, _ []string) error { inv.Help = true; return nil }},
		"-version":        {none, func(inv *Invocation, _ []string) error { inv.Version = true; return nil }},
	}
	switch d {
	case Cutechess:
		common["-outcomeinterval"] = optionSpec{one, func(inv *Invocation, v []string) error { return whole(v[0], &inv.OutcomeInterval) }}
		common["-bookmode"] = optionSpec{one, func(inv *Invocation, v []string) error {
			if v[0] != "ram" && v[0] != "disk" {
				return fmt.Errorf("want ram or disk")
			}
			return nil // Polyglot books are read whole either way
		}}
		common["-debug"] = optionSpec{none, func(inv *Invocation, _ []string) error { inv.Debug = true; return nil }}
		common["-resultformat"] = optionSpec{one, func(inv *Invocation, v []string) error {
			inv.ResultFormat = strings.TrimSpace(v[0])
			return checkResultFormat(inv.ResultFormat)
		}}
	case Fastchess:
		common["-scoreinterval"] = optionSpec{one, func(inv *Invocation, v []string) error { return whole(v[0], &inv.ScoreInterval) }}
		common["-autosaveinterval"] = optionSpec{one, func(inv *Invocation, v []string) error {
			var n int
			inv.Notes = append(inv.Notes, "-autosaveinterval: no config.json is written; the PGN holds every finished game")
			return whole(v[0], &n)
		}}
		common["-report"] = optionSpec{some, (*Invocation).report}
		common["-output"] = optionSpec{some, (*Invocation).output}
		common["-log"] = optionSpec{some, (*Invocation).logfile}
		common["-crc32"] = optionSpec{some, (*Invocation).crc32}
		common["-check-mate-pvs"] = optionSpec{none, func(inv *Invocation, _ []string) error {
			inv.Notes = append(inv.Notes, "-check-mate-pvs: mate PVs are not checked (moves are: an illegal move loses)")
			return nil
		}}
		// Without file=, fastchess names the file after the time it started.
		common["-pgnout"] = optionSpec{arity{0, -1}, (*Invocation).pgnout}
		common["-epdout"] = optionSpec{arity{0, -1}, (*Invocation).epdout}
		// fastchess joins the words of -event and -site without spaces.
		common["-event"] = optionSpec{some, func(inv *Invocation, v []string) error { inv.Config.Event = strings.Join(v, ""); return nil }}
		common["-site"] = optionSpec{some, func(inv *Invocation, v []string) error { inv.Config.Site = strings.Join(v, ""); return nil }}
		common["-tbadjudicate"] = optionSpec{one, (*Invocation).tbAdjudicate}
		common["-quick"] = optionSpec{some, (*Invocation).quick}
		common["-testEnv"] = optionSpec{none, func(*Invocation, []string) error { return nil }}
		common["-strict"] = optionSpec{none, func(inv *Invocation, _ []string) error { inv.Strict = true; return nil }}
		common["-force-concurrency"] = optionSpec{none, func(inv *Invocation, _ []string) error { inv.forceConcurrency = true; return nil }}
		common["-use-affinity"] = optionSpec{optional, func(inv *Invocation, v []string) error {
			inv.Config.Affinity, inv.Config.LayoutGiven = true, true
			if len(v) == 0 {
				return nil // autoplay shares the CPUs it may use among the games
			}
			cpus, err := cpuList(v[0])
			inv.Config.AffinityCPUs = cpus
			return err
		}}
		for _, name := range []string{"-startup-ms", "-ucinewgame-ms", "-ping-ms"} {
			common[name] = optionSpec{one, func(inv *Invocation, v []string) error { return inv.engineTimeout(name, v) }}
		}
	}
	return common
}

// unsupported are options of the real tools autoplay refuses, with why.
var unsupported = []keyText{
	{"-engines", "autoplay has no engines.json: give each engine with -engine cmd=..."},
	{"-tbignore50", "tablebase adjudication keeps the fifty-move rule (cursed wins are draws)"},
	{"-config", "autoplay resumes with `autoplay match` or `autoplay run` and a PGN; the fastchess config.json is not read"},
	{"-show-latency", "use -pgnout latency=true to record each move's latency"},
	{"-debug", "as fastchess says: the 'debug' option does not exist in fastchess; use -log file=NAME to write all engine input and output into a text file"},
	{"--compliance", "it comes first, with the engine: --compliance ENGINE [ARGS] (autoplay check ENGINE is the wider battery)"},
	{"-sample", "position sampling is not implemented"},
	{"-pgnin", "not implemented"},
}

// Parse reads a command line of dialect d (without the program name).
func Parse(d Dialect, args []string) (*Invocation, error) {
	inv := &Invocation{Dialect: d, Output: d, PGNAppend: true, EPDAppend: true, ResultFormat: "default", startedAt: time.Now()}
	inv.Config.Concurrency, inv.concurrencyLeft = spec.DefaultConcurrency, -1 // the printers count the slots before the run completes the config
	// Both tools print in their own rhythm (Printer): autoplay's score
	// every N games stays off, as a 0 the user gave.
	inv.Config.ZeroReportEvery = true
	inv.ReportPenta = d == Fastchess
	if d == Fastchess {
		inv.RatingInterval, inv.ScoreInterval = 10, 1
		// fastchess's own bounds on an engine's answers (its -startup-ms,
		// -ucinewgame-ms and -ping-ms defaults).
		inv.startupTimeout, inv.newGameTimeout, inv.pingTimeout = 10*time.Second, 60*time.Second, 60*time.Second
	} else {
		inv.ScoreInterval = 1
	}
	opts, err := group(args)
	if err != nil {
		return nil, err
	}
	known := specs(d)
	for _, o := range opts {
		spec, ok := known[o.name]
		if !ok {
			return nil, unknownOption(d, o.name, known)
		}
		switch {
		case len(o.values) < spec.min && spec.min == 1 && spec.max == 1:
			return nil, fmt.Errorf("option %s expects exactly one value", o.name)
		case len(o.values) < spec.min:
			return nil, fmt.Errorf("option %s expects a value", o.name)
		case spec.max >= 0 && len(o.values) > spec.max && spec.max == 0:
			return nil, fmt.Errorf("option %s does not accept parameters, got %q", o.name, strings.Join(o.values, " "))
		case spec.max >= 0 && len(o.values) > spec.max:
			return nil, fmt.Errorf("option %s expects exactly one value, got %q", o.name, strings.Join(o.values, " "))
		}
		if err := spec.apply(inv, o.values); err != nil {
			return nil, fmt.Errorf("option %s %s: %w", o.name, strings.Join(o.values, " "), err)
		}
	}
	if inv.Help || inv.Version {
		return inv, nil
	}
	if err := inv.finish(); err != nil {
		return nil, err
	}
	return inv, nil
}

// unknownOption names an option the dialect does not have, with the reason
// when autoplay refuses a real one, or the nearest known name.
func unknownOption(d Dialect, name string, known map[string]optionSpec) error {
	if why, ok := lookup(unsupported, name); ok && why != "" {
		return fmt.Errorf("option %s is not supported by autoplay %s: %s", name, d, why)
	}
	names := make([]string, 0, len(known))
	for k := range known {
		names = append(names, k)
	}
	sort.Strings(names)
	best, bestDist := "", 3
	for _, k := range names {
		if dist := spelling.Distance(name, k); dist < bestDist {
			best, bestDist = k, dist
		}
	}
	if best != "" {
		return fmt.Errorf("unknown option %s (did you mean %s?)", name, best)
	}
	return fmt.Errorf("unknown option %s (autoplay %s knows: %s)", name, d, strings.Join(names, " "))
}

func positive(s string, dst *int) error {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return fmt.Errorf("%q: want a whole number, 1 or more", s)
	}
	*dst = n
	return nil
}

func whole(s string, dst *int) error {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return fmt.Errorf("%q: want a whole number, 0 or more", s)
	}
	*dst = n
	return nil
}

func boolValue(kv keyValue) (bool, error) {
	switch kv.value {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, fmt.Errorf("%s=%s: want true or false", kv.key, kv.value)
}

// specText writes key=value pairs as one runner spec, each value escaped so
// that spaces and quotes in file names survive.
func specText(pairs ...string) string {
	var b strings.Builder
	for i := 0; i+1 < len(pairs); i += 2 {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(pairs[i])
		b.WriteByte('=')
		for _, r := range pairs[i+1] {
			if strings.ContainsRune(" \t\n\"'\\", r) {
				b.WriteByte('\\')
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}

func (inv *Invocation) tournament(v []string) error {
	switch v[0] {
	case "round-robin", "roundrobin":
		inv.Config.Type = spec.TypeRoundRobin
	case "gauntlet":
		inv.Config.Type = spec.TypeGauntlet
	case "knockout":
		inv.Config.Type = spec.TypeKnockout
	case "pyramid":
		if inv.Dialect == Fastchess {
			return fmt.Errorf("fastchess has no pyramid (cutechess-cli's -tournament pyramid); want round-robin or gauntlet")
		}
		inv.Config.Type = spec.TypePyramid
	default:
		return fmt.Errorf("want round-robin, gauntlet, pyramid or knockout")
	}
	return nil
}

func (inv *Invocation) repeatOpenings(v []string) error {
	n := 2
	if len(v) == 1 {
		if err := positive(v[0], &n); err != nil {
			return err
		}
	}
	if inv.Dialect == Fastchess {
		inv.games = n // fastchess: -repeat is -games 2
		return nil
	}
	inv.repeat = n
	return nil
}

func (inv *Invocation) srand(v []string) error {
	n, err := strconv.ParseUint(v[0], 10, 64)
	if err != nil {
		return fmt.Errorf("want a whole number, 0 or more")
	}
	if inv.Dialect == Cutechess && n > math.MaxUint32 {
		return fmt.Errorf("want a whole number from 0 to 4294967295 (cutechess-cli's seed is 32 bits)")
	}
	inv.Config.Seed, inv.Config.ZeroSeed, inv.seeded = n, n == 0, true
	return nil
}

func (inv *Invocation) openings(v []string) error {
	var pairs []string
	for _, kv := range keyValues(v) {
		switch kv.key {
		case "file", "format", "order", "plies", "start":
			pairs = append(pairs, kv.key, kv.value)
		case "policy":
			switch {
			case inv.Dialect == Fastchess && kv.value == "round":
			case inv.Dialect == Cutechess && kv.value == "default":
				inv.openingPolicy = ""
			case inv.Dialect == Cutechess && (kv.value == "encounter" || kv.value == "round"):
				inv.openingPolicy = kv.value // outweighs -repeat, before or after it: set in finish
			default:
				return fmt.Errorf("policy=%s is not supported (cutechess: default, encounter or round; fastchess: round)", kv.value)
			}
		default:
			return fmt.Errorf("unknown key %q (known: file format order plies start policy)", kv.key)
		}
	}
	o, err := parse.Openings(specText(pairs...))
	if err != nil {
		return err
	}
	inv.Config.Openings = o
	return nil
}

// sprt reads elo0 elo1 alpha beta (and fastchess's model). cutechess-cli's
// test is the BayesElo one; fastchess's default is normalized Elo.
func (inv *Invocation) sprt(v []string) error {
	model := "bayesian"
	if inv.Dialect == Fastchess {
		model = "normalized"
	}
	var pairs []string
	for _, kv := range keyValues(v) {
		switch {
		case kv.key == "model" && inv.Dialect == Fastchess:
			model = kv.value
		case slices.Contains([]string{"elo0", "elo1", "alpha", "beta"}, kv.key):
			pairs = append(pairs, kv.key, kv.value)
		default:
			return fmt.Errorf("unknown key %q", kv.key)
		}
	}
	pairs = append(pairs, "model", model)
	return parse.AdjudicationSpecs(&inv.Config, specText(pairs...), "", "")
}

func (inv *Invocation) draw(v []string) error {
	return parse.AdjudicationSpecs(&inv.Config, "", strings.Join(v, " "), "")
}

func (inv *Invocation) resign(v []string) error {
	return parse.AdjudicationSpecs(&inv.Config, "", "", strings.Join(v, " "))
}

// tbAdjudicate reads fastchess's -tbadjudicate, its words as it spells them.
func (inv *Invocation) tbAdjudicate(v []string) error {
	switch v[0] {
	case "BOTH":
		inv.Config.TBAdjudicate = "both"
	case "WIN_LOSS":
		inv.Config.TBAdjudicate = "win"
	case "DRAW":
		inv.Config.TBAdjudicate = "draw"
	default:
		return fmt.Errorf("want BOTH, WIN_LOSS or DRAW, in capitals (fastchess says: Invalid tb adjudication type: %s)", v[0])
	}
	return nil
}

func (inv *Invocation) variant(v []string) error {
	switch v[0] {
	case "standard":
		inv.Config.Variant = spec.Standard
	case "fischerandom":
		inv.Config.Variant = spec.Chess960
	default:
		// cutechess-cli's names are its boards' (crazyhouse, 3check...);
		// fastchess 1.8 plays only the two above.
		name := v[0]
		variant, err := spec.ParseVariant(name)
		if inv.Dialect == Fastchess {
			if err == nil {
				return fmt.Errorf("fastchess plays only standard and fischerandom: %s is played by autoplay cutechess ... -variant %s, or autoplay match --variant %s", variant, variant, variant)
			}
			return fmt.Errorf("fastchess plays only standard and fischerandom")
		}
		if err != nil || string(variant) != name {
			return fmt.Errorf("autoplay plays standard, fischerandom and %s", strings.Join(spec.VariantNames(), ", "))
		}
		inv.Config.Variant = variant
	}
	return nil
}

func (inv *Invocation) report(v []string) error {
	for _, kv := range keyValues(v) {
		if kv.key != "penta" {
			return fmt.Errorf("unknown key %q (known: penta)", kv.key)
		}
		b, err := boolValue(kv)
		if err != nil {
			return err
		}
		inv.ReportPenta = b
	}
	return nil
}

func (inv *Invocation) output(v []string) error {
	for _, kv := range keyValues(v) {
		if kv.key != "format" {
			return fmt.Errorf("unknown key %q (known: format)", kv.key)
		}
		switch Dialect(kv.value) {
		case Cutechess, Fastchess:
			inv.Output = Dialect(kv.value)
		default:
			return fmt.Errorf("format=%s: want cutechess or fastchess", kv.value)
		}
	}
	return nil
}

func (inv *Invocation) logfile(v []string) error {
	for _, kv := range keyValues(v) {
		switch kv.key {
		case "file":
			inv.Config.LogFile = kv.value
		case "level", "append", "realtime", "engine":
			// autoplay's log holds every engine line; level and the rest
			// only filter what fastchess writes.
		case "compress":
			if kv.value == "true" {
				return fmt.Errorf("compress=true: the log is written uncompressed")
			}
		default:
			return fmt.Errorf("unknown key %q (known: file level append compress realtime engine)", kv.key)
		}
	}
	if inv.Config.LogFile == "" {
		return fmt.Errorf("expects key=value pairs with file=NAME")
	}
	return nil
}

func (inv *Invocation) crc32(v []string) error {
	for _, kv := range keyValues(v) {
		if kv.key != "pgn" {
			return fmt.Errorf("unknown key %q (known: pgn)", kv.key)
		}
		b, err := boolValue(kv)
		if err != nil {
			return err
		}
		inv.CRC32 = b
	}
	return nil
}

// engineTimeout reads -startup-ms, -ucinewgame-ms or -ping-ms: each bounds
// one answer of every engine (see spec.EngineConfig.StartupTimeout).
func (inv *Invocation) engineTimeout(name string, v []string) error {
	var ms int
	if err := positive(v[0], &ms); err != nil {
		return err
	}
	d := time.Duration(ms) * time.Millisecond
	switch name {
	case "-startup-ms":
		inv.startupTimeout = d
	case "-ucinewgame-ms":
		inv.newGameTimeout = d
	default:
		inv.pingTimeout = d
	}
	return nil
}
