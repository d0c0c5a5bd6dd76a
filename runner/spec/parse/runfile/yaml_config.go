package runfile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/autoplay/autoplay/pgn"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/spec/parse"
	"github.com/autoplay/autoplay/runner/stats"
)

// config fills a spec.Config from the document's top-level mapping.
func (p *configParser) config(root *yaml.Node, overrides []Override) (*spec.Config, []string) {
	cfg := &spec.Config{}
	top, ok := p.mapping(root, "", topKeys)
	if !ok {
		return cfg, nil
	}
	notes := p.override(top, overrides)
	p.settings(top, cfg)
	p.outputs(top, cfg)
	p.records(top, cfg)
	if n, ok := top.get("openings"); ok {
		cfg.Openings = p.openings(n, "openings")
	}
	if n, ok := top.get("sample"); ok {
		cfg.Sample = p.sample(n, "sample")
	}
	if n, ok := top.get("adjudication"); ok {
		cfg.Draw, cfg.Resign = p.adjudication(n, "adjudication")
	}
	if n, ok := top.get("sprt"); ok {
		cfg.SPRT = p.sprt(n, "sprt")
	}
	cfg.Engines = p.engines(top)
	cfg.FillDefaults() // the tournament's checks read its type and seeds
	p.tournament(top, cfg)
	return cfg, notes
}

// settings reads the plain top-level values.
func (p *configParser) settings(top yamlMap, cfg *spec.Config) {
	if n, ok := top.get("variant"); ok {
		if s, ok := p.scalar(n, "variant", "standard, fischerandom or a variant such as crazyhouse"); ok {
			v, err := spec.ParseVariant(s)
			if err != nil {
				p.add(resolveAlias(n), "variant", err)
			}
			cfg.Variant = v
		}
	}
	for key, dst := range map[string]*string{"event": &cfg.Event, "site": &cfg.Site, "tb": &cfg.TB, "tbadjudicate": &cfg.TBAdjudicate} {
		if n, ok := top.get(key); ok {
			if s, ok := p.scalar(n, key, "a string"); ok {
				*dst = s
			}
		}
	}
	for _, k := range []struct {
		key string
		min int
		dst *int
	}{
		{"rounds", 1, &cfg.Rounds},
		{"games", 1, &cfg.Games},
		{"concurrency", 1, &cfg.Concurrency},
		{"seeds", 1, &cfg.Seeds},
		{"report_every", 0, &cfg.ReportEvery},
		{"maxmoves", 0, &cfg.MaxMoves},
		{"tbpieces", 0, &cfg.TBPieces},
	} {
		if n, ok := top.get(k.key); ok {
			if v, ok := p.whole(n, k.key, k.min); ok {
				*k.dst = v
			}
		}
	}
	_, hasReportEvery := top.get("report_every")
	cfg.ZeroReportEvery = hasReportEvery && cfg.ReportEvery == 0
	if n, ok := top.get("seed"); ok {
		if s, ok := p.scalar(n, "seed", "a whole number"); ok {
			if v, err := strconv.ParseUint(s, 10, 64); err != nil {
				p.errorf(resolveAlias(n), "seed", "expected a whole number, 0 or more, got %q", s)
			} else {
				cfg.Seed, cfg.ZeroSeed = v, v == 0
			}
		}
	}
	if n, ok := top.get("type"); ok {
		if s, ok := p.scalar(n, "type", "match, gauntlet, round-robin, pyramid or knockout"); ok {
			switch t := spec.Tournament(s); t {
			case spec.TypeMatch, spec.TypeGauntlet, spec.TypeRoundRobin, spec.TypePyramid, spec.TypeKnockout:
				cfg.Type = t
			default:
				p.errorf(resolveAlias(n), "type", "expected match, gauntlet, round-robin, pyramid or knockout, got %q", s)
			}
		}
	}
	for key, dst := range map[string]*bool{"quiet": &cfg.Quiet, "verbose": &cfg.Verbose, "affinity": &cfg.Affinity, "slot_processes": &cfg.SlotProcesses} {
		if n, ok := top.get(key); ok {
			*dst, _ = p.boolean(n, key)
			cfg.LayoutGiven = cfg.LayoutGiven || key == "affinity" || key == "slot_processes"
		}
	}
	if n, ok := top.get("verbose"); ok {
		if err := spec.CheckQuietVerbose(cfg.Quiet, cfg.Verbose); err != nil {
			p.add(resolveAlias(n), "verbose", err)
		}
	}
}

// outputs reads the output file names; their directories must exist now
// rather than fail after the first game.
func (p *configParser) outputs(top yamlMap, cfg *spec.Config) {
	for key, dst := range map[string]*string{"pgnout": &cfg.PGNOut, "epdout": &cfg.EPDOut, "json": &cfg.JSONOut, "log": &cfg.LogFile, "games_jsonl": &cfg.GamesJSONL} {
		n, ok := top.get(key)
		if !ok {
			continue
		}
		s, ok := p.str(n, key)
		if !ok {
			continue
		}
		*dst = s
		if dir := filepath.Dir(s); !dirExists(dir) {
			p.errorf(resolveAlias(n), key, "directory %q does not exist", dir)
		}
	}
}

// records reads the per-move PGN fields and the match_line pattern.
func (p *configParser) records(top yamlMap, cfg *spec.Config) {
	if n, ok := top.get("pgnfields"); ok {
		list := resolveAlias(n)
		if list.Kind != yaml.SequenceNode {
			p.errorf(list, "pgnfields", "expected a list such as [nodes, seldepth, pv], got %s", describeNode(list))
		} else {
			for i, item := range list.Content {
				path := fmt.Sprintf("pgnfields[%d]", i)
				name, ok := p.scalar(item, path, "a field name")
				if !ok {
					continue
				}
				f, err := spec.ParseMoveFields(append(cfg.MoveFields.Names(), name))
				if err != nil {
					p.add(resolveAlias(item), path, err)
					continue
				}
				cfg.MoveFields = f
			}
		}
	}
	if n, ok := top.get("match_line"); ok {
		if s, ok := p.str(n, "match_line"); ok {
			if _, err := spec.CompileMatchLine(s); err != nil {
				p.add(resolveAlias(n), "match_line", err)
			}
			cfg.MatchLine = s
		}
	}
}

func dirExists(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// openings reads the opening suite and checks that the file can be opened.
func (p *configParser) openings(n *yaml.Node, path string) spec.OpeningsConfig {
	var oc spec.OpeningsConfig
	m, ok := p.mapping(n, path, openingsKeys)
	if !ok {
		return oc
	}
	if v, ok := m.get("file"); ok {
		if s, ok := p.str(v, m.sub("file")); ok {
			oc.File = s
			if err := checkReadable(s); err != nil {
				p.add(resolveAlias(v), m.sub("file"), err)
			}
		}
	} else if _, random := m.get("random"); !random {
		p.errorf(m.node, path, "missing file (or random: frc|dfrc)")
	}
	if v, ok := m.get("format"); ok {
		if s, ok := p.scalar(v, m.sub("format"), "epd, pgn or bin"); ok {
			if _, err := pgn.ParseFormat(s); err != nil && !strings.EqualFold(s, "bin") {
				p.errorf(resolveAlias(v), m.sub("format"), "expected epd, pgn or bin, got %q", s)
			}
			oc.Format = s
		}
	}
	if v, ok := m.get("order"); ok {
		if s, ok := p.scalar(v, m.sub("order"), "sequential or random"); ok {
			if s != "sequential" && s != "random" {
				p.errorf(resolveAlias(v), m.sub("order"), "expected sequential or random, got %q", s)
			}
			oc.Order = s
		}
	}
	if v, ok := m.get("plies"); ok {
		oc.Plies, _ = p.whole(v, m.sub("plies"), 0)
	}
	if v, ok := m.get("start"); ok {
		oc.Start, _ = p.whole(v, m.sub("start"), 1)
	}
	if v, ok := m.get("random"); ok {
		if s, ok := p.scalar(v, m.sub("random"), "frc or dfrc"); ok {
			if s != spec.RandomFRC && s != spec.RandomDFRC {
				p.errorf(resolveAlias(v), m.sub("random"), "expected frc or dfrc, got %q", s)
			}
			oc.Random = s
		}
	}
	if v, ok := m.get("policy"); ok {
		if s, ok := p.scalar(v, m.sub("policy"), "fail or skip"); ok {
			if s != spec.PolicyFail && s != spec.PolicySkip {
				p.errorf(resolveAlias(v), m.sub("policy"), "expected fail or skip, got %q", s)
			}
			oc.Policy = s
		}
	}
	return oc
}

// checkReadable says why a file cannot be read, if it cannot.
func checkReadable(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("cannot read %q: %w", path, errors.Unwrap(err))
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		return fmt.Errorf("%q is a directory, not a file", path)
	}
	return nil
}

// adjudication reads the draw and resign rules.
func (p *configParser) adjudication(n *yaml.Node, path string) (*spec.DrawAdjudication, *spec.ResignAdjudication) {
	m, ok := p.mapping(n, path, adjudicationKeys)
	if !ok {
		return nil, nil
	}
	var draw *spec.DrawAdjudication
	var resign *spec.ResignAdjudication
	if v, ok := m.get("draw"); ok {
		if dm, ok := p.mapping(v, m.sub("draw"), drawKeys); ok {
			draw = &spec.DrawAdjudication{}
			p.optionalWhole(dm, "movenumber", 0, &draw.MoveNumber)
			p.requiredWhole(dm, "movecount", 1, &draw.MoveCount)
			p.requiredWhole(dm, "score", 0, &draw.Score)
		}
	}
	if v, ok := m.get("resign"); ok {
		if rm, ok := p.mapping(v, m.sub("resign"), resignKeys); ok {
			resign = &spec.ResignAdjudication{}
			p.requiredWhole(rm, "movecount", 1, &resign.MoveCount)
			p.requiredWhole(rm, "score", 0, &resign.Score)
			if b, ok := rm.get("twosided"); ok {
				resign.TwoSided, _ = p.boolean(b, rm.sub("twosided"))
			}
		}
	}
	return draw, resign
}

func (p *configParser) optionalWhole(m yamlMap, key string, min int, dst *int) {
	if v, ok := m.get(key); ok {
		*dst, _ = p.whole(v, m.sub(key), min)
	}
}

func (p *configParser) requiredWhole(m yamlMap, key string, min int, dst *int) {
	if _, ok := m.get(key); !ok {
		p.errorf(m.node, m.path, "missing %s", key)
		return
	}
	p.optionalWhole(m, key, min, dst)
}

// sprt reads the sequential test; alpha and beta default to 0.05 and the
// model to logistic.
func (p *configParser) sprt(n *yaml.Node, path string) *stats.SPRT {
	m, ok := p.mapping(n, path, sprtKeys)
	if !ok {
		return nil
	}
	s := &stats.SPRT{Alpha: 0.05, Beta: 0.05, Model: stats.Logistic}
	elo1Node := m.node
	for _, k := range []struct {
		key      string
		required bool
		dst      *float64
	}{{"elo0", true, &s.Elo0}, {"elo1", true, &s.Elo1}, {"alpha", false, &s.Alpha}, {"beta", false, &s.Beta}} {
		v, ok := m.get(k.key)
		if !ok {
			if k.required {
				p.errorf(m.node, path, "missing %s", k.key)
			}
			continue
		}
		f, ok := p.number(v, m.sub(k.key))
		if !ok {
			return s
		}
		*k.dst = f
		if (k.key == "alpha" || k.key == "beta") && !(f > 0 && f < 1) {
			p.errorf(resolveAlias(v), m.sub(k.key), "must be between 0 and 1 (exclusive), got %v", f)
			return s
		}
		if k.key == "elo1" {
			elo1Node = resolveAlias(v)
		}
	}
	if v, ok := m.get("model"); ok {
		if str, ok := p.scalar(v, m.sub("model"), "logistic or normalized"); ok {
			model, err := stats.ParseModel(str)
			if err != nil {
				p.errorf(resolveAlias(v), m.sub("model"), "expected logistic or normalized, got %q", str)
				return s
			}
			s.Model = model
		}
	}
	if _, ok := m.get("elo0"); !ok {
		return s
	}
	if _, ok := m.get("elo1"); !ok {
		return s
	}
	if !(s.Elo0 < s.Elo1) {
		p.errorf(elo1Node, m.sub("elo1"), "must be above elo0 (%v), got %v", s.Elo0, s.Elo1)
	} else if err := s.Validate(); err != nil {
		p.add(m.node, path, err)
	}
	return s
}

// tournament checks that the engines fit the tournament type.
func (p *configParser) tournament(top yamlMap, cfg *spec.Config) {
	typeNode, hasType := top.get("type")
	where, wherePath := top.node, ""
	if hasType {
		where, wherePath = resolveAlias(typeNode), "type"
	}
	seedsNode, hasSeeds := top.get("seeds")
	if hasSeeds && cfg.Type != spec.TypeGauntlet {
		p.errorf(resolveAlias(seedsNode), "seeds", "only a gauntlet has seeds (type is %s)", cfg.Type)
	}
	if sprtNode, ok := top.get("sprt"); ok {
		if err := spec.CheckSPRTType(cfg.Type); err != nil {
			p.add(resolveAlias(sprtNode), "sprt", err)
		}
	}
	if roundsNode, ok := top.get("rounds"); ok && cfg.Type == spec.TypeKnockout {
		if err := spec.CheckKnockoutRounds(cfg.Rounds); err != nil {
			p.add(resolveAlias(roundsNode), "rounds", err)
		}
	}
	if len(cfg.Engines) == 0 {
		return
	}
	if cfg.Type == spec.TypeGauntlet && hasSeeds {
		where, wherePath = resolveAlias(seedsNode), "seeds"
	}
	if err := spec.CheckEngineCount(cfg.Type, len(cfg.Engines), cfg.Seeds); err != nil {
		p.add(where, wherePath, err)
	}
}

// sample reads the sample setting: the flag's key=value text, or a mapping
// of the same keys.
func (p *configParser) sample(n *yaml.Node, path string) *spec.SampleConfig {
	n = resolveAlias(n)
	var tokens []string
	switch n.Kind {
	case yaml.ScalarNode:
		words, err := parse.SplitWords(n.Value)
		if err != nil {
			p.add(n, path, err)
			return nil
		}
		tokens = words
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], resolveAlias(n.Content[i+1])
			if v.Kind != yaml.ScalarNode {
				p.errorf(v, path+"."+k.Value, "expected a value, got %s", describeNode(v))
				return nil
			}
			tokens = append(tokens, k.Value+"="+v.Value)
		}
	default:
		p.errorf(n, path, "expected \"file=F freq=P ...\" or a mapping of file, freq, skipcheck, quiet, plies, format, move")
		return nil
	}
	s, err := parse.SampleFields(tokens)
	if err != nil {
		p.add(n, path, err)
		return nil
	}
	return s
}
