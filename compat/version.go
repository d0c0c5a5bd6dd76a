package compat

import (
	"runtime/debug"
	"strings"
)

// FastchessVersion is the fastchess release whose command line and output
// the drop-in mode speaks.
const FastchessVersion = "1.8.2"

// VersionLine is what -version prints. For fastchess it keeps fastchess's
// form, "fastchess alpha 1.8.2 DATE-SHA": scripts read the first three words
// to know the tool and which release's options it takes. Where fastchess
// puts its build, autoplay names itself and its commit, so that a log shows
// what really ran.
func (inv *Invocation) VersionLine() string {
	if inv.Dialect == Fastchess {
		return "fastchess alpha " + FastchessVersion + " autoplay" + revision() + " (autoplay's fastchess drop-in mode)"
	}
	return "autoplay cutechess mode (speaks the cutechess command line)"
}

// revision is "-" and the commit autoplay was built from, when Go recorded it.
func revision() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 8 {
			rev := "-" + s.Value[:8]
			for _, m := range info.Settings {
				if m.Key == "vcs.modified" && m.Value == "true" {
					rev += "-dirty"
				}
			}
			return strings.TrimSpace(rev)
		}
	}
	return ""
}
