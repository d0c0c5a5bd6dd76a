package stats

import (
	"encoding/json"
	"math"
	"strconv"
)

// Figure is one statistic as it is printed and stored: a number, rounded
// to two decimals once so that every output shows the same value, or "inf",
// "-inf" or "n/a" where the results give no finite number (every game won,
// no spread to estimate an error from).
type Figure struct {
	Value float64
	Text  string // "inf", "-inf" or "n/a"; "" for a number
}

func number(x float64) Figure {
	r := math.Round(x*100) / 100
	if r == 0 {
		r = 0 // no -0.00
	}
	return Figure{Value: r}
}

var (
	posInf       = Figure{Text: "inf"}
	negInf       = Figure{Text: "-inf"}
	notAvailable = Figure{Text: "n/a"}
)

// String prints the figure: "34.86", "inf", "n/a".
func (f Figure) String() string {
	if f.Text != "" {
		return f.Text
	}
	return strconv.FormatFloat(f.Value, 'f', 2, 64)
}

// IsNumber reports whether the figure has a finite value.
func (f Figure) IsNumber() bool { return f.Text == "" }

// MarshalJSON writes a number, or "inf", "-inf" or null for n/a: JSON has
// no infinities, and a reader must not take a missing figure for zero.
func (f Figure) MarshalJSON() ([]byte, error) {
	switch f.Text {
	case "":
		return []byte(strconv.FormatFloat(f.Value, 'f', -1, 64)), nil
	case "n/a":
		return []byte("null"), nil
	}
	return json.Marshal(f.Text)
}

// UnmarshalJSON reads what MarshalJSON writes.
func (f *Figure) UnmarshalJSON(b []byte) error {
	switch string(b) {
	case "null":
		*f = notAvailable
		return nil
	case `"inf"`:
		*f = posInf
		return nil
	case `"-inf"`:
		*f = negInf
		return nil
	}
	*f = Figure{}
	return json.Unmarshal(b, &f.Value)
}

// Figures are the printed statistics of one model (games or pairs) with
// the reason when some of them are not numbers. LOS and DrawRatio are in
// percent.
type Figures struct {
	Games     int    `json:"games"`
	Elo       Figure `json:"elo"`
	Elo95     Figure `json:"elo95"`
	LOS       Figure `json:"los"`
	NElo      Figure `json:"nelo"`
	NElo95    Figure `json:"nelo95"`
	DrawRatio Figure `json:"draw_ratio"`
	Reason    string `json:"reason,omitempty"`
}

// Figures gives the statistics of single games.
func (t Trinomial) Figures() Figures {
	counts := []float64{float64(t.Losses), float64(t.Draws), float64(t.Wins)}
	return figures(t.Estimate(), counts, []float64{0, 0.5, 1}, "game")
}

// Figures gives the statistics of game pairs.
func (p Pentanomial) Figures() Figures {
	counts := []float64{float64(p[0]), float64(p[1]), float64(p[2]), float64(p[3]), float64(p[4])}
	return figures(p.Estimate(), counts, []float64{0, 0.25, 0.5, 0.75, 1}, "pair")
}

// figures rounds an estimate for print and replaces what the results do not
// support: the estimates replace zero counts by 0.001 (the reference
// convention), which turns "every game won" into a large finite Elo that
// means nothing. Where the observed score is 0 or 1 the Elo is infinite;
// where the observed outcomes do not vary, no error bar can be estimated.
func figures(e Estimate, counts, values []float64, unit string) Figures {
	f := Figures{Games: e.Games}
	var n, sum float64
	for i, c := range counts {
		n += c
		sum += c * values[i]
	}
	if n == 0 {
		f.Elo, f.Elo95, f.LOS, f.NElo, f.NElo95, f.DrawRatio = notAvailable, notAvailable, notAvailable, notAvailable, notAvailable, notAvailable
		f.Reason = "no " + unit + "s played"
		return f
	}
	mean := sum / n
	spread := false
	for i, c := range counts {
		if c > 0 && values[i] != mean {
			spread = true
		}
	}
	f.Elo, f.Elo95, f.LOS = number(e.Elo), number(e.Elo95), number(100*e.LOS)
	f.NElo, f.NElo95, f.DrawRatio = number(e.NElo), number(e.NElo95), number(100*e.DrawRatio)
	switch {
	case mean == 1:
		f.Elo, f.NElo = posInf, posInf
		f.Reason = "every " + unit + " won: the Elo difference has no finite estimate"
	case mean == 0:
		f.Elo, f.NElo = negInf, negInf
		f.Reason = "every " + unit + " lost: the Elo difference has no finite estimate"
	case !spread && mean > 0.5:
		f.NElo = posInf
	case !spread && mean < 0.5:
		f.NElo = negInf
	case !spread:
		f.NElo = notAvailable
	}
	if !spread {
		f.Elo95, f.NElo95 = notAvailable, notAvailable
		if f.Reason == "" {
			f.Reason = "every " + unit + " had the same result: no spread to estimate an error from"
		}
	}
	return f
}
