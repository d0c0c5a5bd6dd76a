package xboard

// Feature names of protocol 2 that change how a GUI talks to the engine.
const (
	FeaturePing     = "ping"
	FeatureSetboard = "setboard"
	FeatureUsermove = "usermove"
	FeatureSAN      = "san"
	FeatureTime     = "time"
	FeatureSigint   = "sigint"
	FeatureSigterm  = "sigterm"
	FeatureReuse    = "reuse"
	FeatureMemory   = "memory"
	FeatureSMP      = "smp"
	FeatureVariants = "variants"
	FeatureMyname   = "myname"
	FeatureColors   = "colors"
	FeatureOption   = "option"
	FeatureDone     = "done"
)

// IgnoredFeatures are features a GUI may accept without acting on them.
var IgnoredFeatures = []string{"draw", "analyze", "name", "nps", "pause", "debug", "playother", "ics", "exclude", "setscore", "highlight"}

// VariantFischerandom is Chess960 in the "variant" command and feature.
const VariantFischerandom = "fischerandom"

// Option names sent as the protocol's own commands when the engine has the
// matching feature: "memory N" and "cores N".
const (
	OptionMemory = "memory"
	OptionCores  = "cores"
)
