package main

import (
	"strings"
	"testing"

	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/spec"
)

// The cluster flags belong to --serve, and copies on several servers need
// a cluster: both refused in words before any server starts.
func TestServeClusterFlagsNeedServeAndReplicasNeedACluster(t *testing.T) {
	for _, tt := range []struct {
		f    farmFlags
		want string
	}{
		{farmFlags{nats: "nats://n1:4222", routes: []string{"nats-route://n2:6222"}}, "give --serve too"},
		{farmFlags{nats: "nats://n1:4222", clusterName: "c"}, "give --serve too"},
		{farmFlags{serve: "127.0.0.1:0", replicas: 3}, "--nats-replicas 3: the embedded server of --serve is one server"},
	} {
		_, err := tt.f.apply(&spec.Config{}, &runner.Options{})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: %v, want %q", tt.f, err, tt.want)
		}
	}
}
