package distributed

import (
	"errors"
	"fmt"
	"strings"

	"github.com/nats-io/nats.go"
)

// ErrCannotGoOn marks what a worker cannot survive: its credentials
// refused, a certificate that does not check, a coordinator of another
// version. Waiting or starting it again does not cure them, so it exits
// (with its own status, which a service manager can be told not to
// restart on) and says why in words.
var ErrCannotGoOn = errors.New("this worker cannot go on")

// cannotGoOn says in words why a worker could not connect to url with
// auth, for an error that waiting does not cure.
func cannotGoOn(url string, auth Auth, err error) error {
	reason := err.Error()
	switch {
	case errors.Is(err, errCredentialFile):
		reason = strings.TrimPrefix(reason, errCredentialFile.Error()+": ")
	case authRefused(err):
		reason = fmt.Sprintf("the NATS server at %s refused this worker's credentials (%s): %v", url, credentialsGiven(auth), err)
	case certificateAsked(err) && auth.ClientCert == "":
		reason = fmt.Sprintf("the NATS server at %s asks for this worker's own TLS certificate: give --nats-client-cert and --nats-client-key (%v)", url, err)
	case certificateAsked(err):
		reason = fmt.Sprintf("the NATS server at %s refused this worker's TLS certificate (--nats-client-cert %s: is it signed by the CA the server verifies its clients against?): %v", url, auth.ClientCert, err)
	case strings.Contains(reason, "x509") || strings.Contains(reason, "tls:"):
		reason = fmt.Sprintf("the TLS connection to the NATS server at %s failed (--nats-ca: the CA its certificate is checked against): %v", url, err)
	default:
		reason = fmt.Sprintf("NATS at %s: %v", url, err)
	}
	return fmt.Errorf("%w: %s", ErrCannotGoOn, reason)
}

// errConnectionClosed is a connection nats.go closed for good for a reason
// a fresh start may cure (not the worker's credentials): the worker exits
// with an ordinary failure, which a service manager restarts.
var errConnectionClosed = errors.New("the connection to NATS was closed for good")

// endWhenClosed ends a worker (end, with why) when nats.go closes its
// connection for good while it runs. A server away is not that: the
// client reconnects to it without end (connectionNotes says so). Credentials
// revoked or rotated away mid-run are: nats.go closes the connection after
// the same refusal twice, and the worker, which had fetched in vain ever
// after, now exits saying why.
func endWhenClosed(nc *nats.Conn, url string, auth Auth, end func(error)) {
	closed := func(nc *nats.Conn) { end(closedForGood(url, auth, nc.LastError())) }
	nc.SetClosedHandler(closed)
	if nc.IsClosed() {
		closed(nc)
	}
}

// closedForGood says in words why a worker's connection ended, given the
// connection's last error.
func closedForGood(url string, auth Auth, last error) error {
	switch {
	case last == nil:
		return fmt.Errorf("%w at %s: a new start connects afresh", errConnectionClosed, url)
	case authRefused(last):
		return fmt.Errorf("%w: the NATS server at %s no longer accepts this worker's credentials (%s; revoked, expired or changed on the server): %v",
			ErrCannotGoOn, url, credentialsGiven(auth), last)
	case certificateAsked(last):
		return fmt.Errorf("%w: the NATS server at %s no longer accepts this worker's TLS certificate: %v", ErrCannotGoOn, url, last)
	}
	return fmt.Errorf("%w at %s (%v): a new start connects afresh", errConnectionClosed, url, last)
}
