//go:build !lean

package main

import "fmt"

// credentialsFitTheServer refuses credentials that the chosen server would
// never see: the embedded server of --serve checks a token or a user and
// asks for no client certificate, and a NATS deployment of --nats has its
// own certificate (--nats-tls-cert is the embedded server's, kept apart
// from a client's --nats-client-cert so that a flag never changes meaning
// with --serve).
func (f *farmFlags) credentialsFitTheServer() error {
	if f.serve != "" {
		for _, c := range []struct{ flag, value string }{{"--nats-creds", f.client.creds}, {"--nats-nkey", f.client.nkey}, {"--nats-client-cert", f.client.cert}, {"--nats-client-key", f.client.key}} {
			if c.value != "" {
				return fmt.Errorf("%s is for a NATS deployment of --nats; the embedded server of --serve takes --nats-token or --nats-user, and --nats-tls-cert for TLS", c.flag)
			}
		}
		return nil
	}
	if f.nats != "" && (f.cert != "" || f.key != "") {
		return fmt.Errorf("--nats-tls-cert and --nats-tls-key are the embedded server's (with --serve); a client's own certificate for --nats is --nats-client-cert and --nats-client-key")
	}
	return nil
}
