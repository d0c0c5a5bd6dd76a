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

// cannotGoOn says in words why a worker could not connect to url, for an
// error that waiting does not cure.
func cannotGoOn(url string, err error) error {
	reason := err.Error()
	switch {
	case errors.Is(err, nats.ErrAuthorization) || errors.Is(err, nats.ErrAuthExpired) || errors.Is(err, nats.ErrAuthRevoked) ||
		strings.Contains(reason, "authorization violation") || strings.Contains(reason, "authentication"):
		reason = fmt.Sprintf("the NATS server at %s refused this worker's credentials (--nats-token, or --nats-user and --nats-password): %v", url, err)
	case strings.Contains(reason, "x509") || strings.Contains(reason, "tls:"):
		reason = fmt.Sprintf("the TLS connection to the NATS server at %s failed (--nats-ca: the CA its certificate is checked against): %v", url, err)
	default:
		reason = fmt.Sprintf("NATS at %s: %v", url, err)
	}
	return fmt.Errorf("%w: %s", ErrCannotGoOn, reason)
}
