package spec

// Reporting is what the run prints as it goes.
type Reporting struct {
	ReportEvery int `json:"report_every,omitempty"` // print the score every N games; 0 = DefaultReportEvery, unless ZeroReportEvery
	// ZeroReportEvery: the user gave report-every 0, the score only at
	// the end, which Complete keeps rather than take for the default.
	ZeroReportEvery bool `json:"-"`
	Quiet           bool `json:"quiet,omitempty"`   // only the final result
	Verbose         bool `json:"verbose,omitempty"` // also each game's start and every warning
}

// DefaultReportEvery: the score every 10 games.
const DefaultReportEvery = 10

func (r *Reporting) fillDefaults() {
	if r.ReportEvery == 0 && !r.ZeroReportEvery {
		r.ReportEvery = DefaultReportEvery
	}
}
