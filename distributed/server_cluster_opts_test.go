package distributed

import (
	"strings"
	"testing"

	"github.com/nats-io/nats-server/v2/server"
)

// What would only reach the NATS server's log is refused in words first.
func TestClusterOptionsRefuseWhatIsNoRoute(t *testing.T) {
	for _, tt := range []struct {
		c    ClusterOptions
		want string
	}{
		{ClusterOptions{Listen: "6222"}, `--serve-cluster "6222": want host:port`},
		{ClusterOptions{Listen: "0.0.0.0:x"}, `--serve-cluster "0.0.0.0:x": the port is not a number`},
		{ClusterOptions{Routes: []string{"n1:6222"}}, `--serve-routes "n1:6222": want a server's cluster URL`},
		{ClusterOptions{Routes: []string{"http://n1:6222"}}, `--serve-routes "http://n1:6222"`},
	} {
		err := tt.c.apply(&server.Options{Host: "127.0.0.1"})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: %v, want %q", tt.c, err, tt.want)
		}
	}
	opts := &server.Options{Host: "127.0.0.1"}
	if err := (ClusterOptions{Routes: []string{"nats-route://n1:6222", "nats://n2:6222"}}).apply(opts); err != nil {
		t.Fatal(err)
	}
	if opts.Cluster.Name != "autoplay" || len(opts.Routes) != 2 || opts.Cluster.Port != server.RANDOM_PORT || opts.Cluster.PoolSize != -1 {
		t.Errorf("cluster %+v, routes %v", opts.Cluster, opts.Routes)
	}
	if a, b := serverName("127.0.0.1", 4222, ClusterOptions{Listen: "127.0.0.1:6222"}), serverName("127.0.0.1", 4223, ClusterOptions{Listen: "127.0.0.1:6223"}); a == b || serverName("127.0.0.1", 4222, ClusterOptions{}) != "autoplay" {
		t.Errorf("server names %q %q", a, b)
	}
}
