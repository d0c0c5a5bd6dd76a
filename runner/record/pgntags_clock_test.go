package record

import (
	"slices"
	"testing"
	"time"

	"github.com/autoplay/autoplay/runner/spec"
)

// The TimeControl tag: the standard's periods and sandclock in autoplay's
// PGN, cutechess-cli's "hg" form of an hourglass in its drop-in mode.
func TestTimeControlTagOfPeriodsAndHourglass(t *testing.T) {
	periods, err := spec.ParseTimeControl("40/5400+30:1800+30")
	if err != nil {
		t.Fatal(err)
	}
	hg := spec.TimeControl{Base: 90 * time.Second, Hourglass: true}
	for _, tt := range []struct {
		tc    spec.TimeControl
		style spec.PGNStyle
		want  string
	}{
		{periods, spec.PGNAutoplay, `[TimeControl "40/5400+30:1800+30"]`},
		{hg, spec.PGNAutoplay, `[TimeControl "*90"]`},
		{hg, spec.PGNCutechess, `[TimeControl "hg90"]`},
	} {
		rec := tagsTestRecord("", spec.Standard)
		rec.TimeControl = [2]spec.TimeControl{tt.tc, tt.tc}
		if got := tagLines(t, rec, &spec.Config{Outputs: spec.Outputs{PGNStyle: tt.style}}); !slices.Contains(got, tt.want) {
			t.Errorf("%s style: tags %q lack %s", tt.style, got, tt.want)
		}
	}
}
