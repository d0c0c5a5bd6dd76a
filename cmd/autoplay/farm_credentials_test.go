package main

import (
	"strings"
	"testing"

	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/spec"
)

// A client's credentials files are for a NATS deployment (--nats), and the
// embedded server's certificate for --serve: each the other way round is
// refused in words before any server starts.
func TestClientCredentialsFitTheServer(t *testing.T) {
	for _, tt := range []struct {
		f    farmFlags
		want string
	}{
		{farmFlags{serve: "127.0.0.1:0", client: clientCredentials{creds: "x.creds"}}, "--nats-creds is for a NATS deployment of --nats; the embedded server of --serve takes --nats-token or --nats-user"},
		{farmFlags{serve: "127.0.0.1:0", client: clientCredentials{cert: "c.pem", key: "k.pem"}}, "--nats-client-cert is for a NATS deployment of --nats"},
		{farmFlags{nats: "nats://n1:4222", cert: "c.pem", key: "k.pem"}, "a client's own certificate for --nats is --nats-client-cert and --nats-client-key"},
	} {
		_, err := tt.f.apply(&spec.Config{}, &runner.Options{})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: %v, want %q", tt.f, err, tt.want)
		}
	}
}
