package spec

import "fmt"

// check refuses clocks that cannot be played as written, before any game.
func (tc TimeControl) check(proto Protocol) error {
	if !tc.HasClock() {
		switch {
		case tc.Hourglass:
			return fmt.Errorf("hourglass=true needs a clock: give tc= its time (tc=60 hourglass=true)")
		case tc.Delay > 0:
			return fmt.Errorf("a delay needs a clock: give tc= as well (tc=60 delay=2)")
		}
		return nil
	}
	if tc.Hourglass && (tc.Periods() > 1 || tc.Moves > 0 || tc.Inc > 0 || tc.Delay > 0) {
		return fmt.Errorf("tc=%s with hourglass=true: an hourglass is one time without moves per period, increment or delay (tc=60 hourglass=true), as cutechess-cli's hg is", tc)
	}
	if proto == XBoard && tc.Periods() > 1 {
		return fmt.Errorf("tc=%s: XBoard's level command holds a single period, so an XBoard engine cannot follow a clock of several; give it one period (tc=40/%s) or play a UCI engine", tc, formatSeconds(tc.Base))
	}
	return nil
}

// checkHourglass refuses a run in which some engines play an hourglass and
// others not: the time one side spends goes to the other's clock, so both
// sides of every game must play it.
func checkHourglass(engines []EngineConfig) error {
	for i := 1; i < len(engines); i++ {
		a, b := engines[0], engines[i]
		if a.TC.Hourglass != b.TC.Hourglass {
			with, without := a, b
			if b.TC.Hourglass {
				with, without = b, a
			}
			return fmt.Errorf("engine %s plays an hourglass (hourglass=true) but engine %s does not: the time one side spends goes to the other's clock, so give hourglass=true to both (in --each)", with.Name, without.Name)
		}
	}
	return nil
}
