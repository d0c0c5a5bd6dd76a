package distributed

import (
	"encoding/json"

	"github.com/autoplay/autoplay/runner"
)

func jobJSON(j runner.GameJob) ([]byte, error) { return json.Marshal(j) }

func parseJob(b []byte) (runner.GameJob, error) {
	var j runner.GameJob
	err := json.Unmarshal(b, &j)
	return j, err
}
