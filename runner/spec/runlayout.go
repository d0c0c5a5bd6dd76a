package spec

// RunLayout is how many games a run plays at once and where: pinned to
// CPUs, each game slot in a process of its own (see Layout for the one the
// runner chooses when the user gave none).
type RunLayout struct {
	// Affinity pins the engines of each concurrent game to CPUs of their
	// own (fastchess's -use-affinity).
	Affinity bool `json:"affinity,omitempty"`
	// AffinityCPUs, when set, are the CPUs the game slots are pinned to,
	// one CPU a slot in the order listed (fastchess's -use-affinity 0,2,4-7):
	// both engines of a game share its CPU. It implies Affinity.
	AffinityCPUs []int `json:"affinity_cpus,omitempty"`
	// SlotProcesses plays each concurrent game slot in a process of its
	// own, so that its runner thread stays with its engines (runner/slotprocess.go).
	SlotProcesses bool `json:"slot_processes,omitempty"`
	// LayoutGiven says Affinity and SlotProcesses were set by the user (a
	// flag or a YAML key), so the runner does not choose its own layout
	// (ChooseLayout).
	LayoutGiven bool `json:"-"`
	Concurrency int  `json:"concurrency,omitempty"` // games at a time; 0 = 1
}

// DefaultConcurrency: one game at a time.
const DefaultConcurrency = 1

func (l *RunLayout) fillDefaults() {
	if l.Concurrency == 0 {
		l.Concurrency = DefaultConcurrency
	}
}
