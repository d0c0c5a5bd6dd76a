package compat

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/autoplay/autoplay/runner/spec"
)

// cpuList reads fastchess's -use-affinity list, "3,5,7-11,13": numbers and
// rising ranges, comma-separated, nothing else.
func cpuList(s string) ([]int, error) {
	bad := fmt.Errorf("%q: want a CPU list such as 0,2,4-7 (fastchess says: Bad cpu list.)", s)
	var out []int
	for _, part := range strings.Split(s, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		first, err := strconv.Atoi(lo)
		if err != nil || first < 0 {
			return nil, bad
		}
		last := first
		if isRange {
			if last, err = strconv.Atoi(hi); err != nil || last <= first {
				return nil, bad
			}
		}
		if last > spec.MaxCPU {
			return nil, fmt.Errorf("%q: CPU %d: CPUs are numbered 0 to %d", s, last, spec.MaxCPU)
		}
		if len(out)+last-first >= spec.MaxCPU+1 {
			return nil, fmt.Errorf("%q: more CPUs than there can be: some are listed twice", s)
		}
		for cpu := first; cpu <= last; cpu++ {
			out = append(out, cpu)
		}
	}
	return out, nil
}
