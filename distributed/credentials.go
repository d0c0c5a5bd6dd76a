package distributed

import (
	"crypto/tls"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/nats-io/jwt/v2"
	"github.com/nats-io/nats.go"
)

// errCredentialFile marks a credentials or certificate file a client
// cannot use as given: it is named before any connection, and no server
// will take it however long one waits.
var errCredentialFile = errors.New("NATS credentials")

// clientOptions are the options that make a NATS client present auth's
// credentials and check its server's certificate. Each file is read here
// first, so that a missing, malformed or expired one is named with its
// flag rather than met as a server's refusal. nats.go reads a .creds file
// again at each reconnect: one rotated in place is taken then.
func clientOptions(auth Auth) ([]nats.Option, error) {
	if err := oneKindOfCredentials(auth); err != nil {
		return nil, err
	}
	var opts []nats.Option
	if auth.Token != "" {
		opts = append(opts, nats.Token(auth.Token))
	}
	if auth.User != "" {
		opts = append(opts, nats.UserInfo(auth.User, auth.Password))
	}
	if auth.CredsFile != "" {
		if err := checkCreds(auth.CredsFile, time.Now()); err != nil {
			return nil, err
		}
		opts = append(opts, nats.UserCredentials(auth.CredsFile))
	}
	if auth.NKeyFile != "" {
		opt, err := nats.NkeyOptionFromSeed(auth.NKeyFile)
		if err != nil {
			return nil, fmt.Errorf("%w: --nats-nkey %s: not a NATS user's NKey seed (a line starting SU): %v", errCredentialFile, auth.NKeyFile, err)
		}
		opts = append(opts, opt)
	}
	if auth.CAFile != "" {
		opts = append(opts, nats.RootCAs(auth.CAFile))
	}
	if auth.ClientCert != "" || auth.ClientKey != "" {
		if auth.ClientCert == "" || auth.ClientKey == "" {
			return nil, fmt.Errorf("%w: --nats-client-cert and --nats-client-key go together: give both, the certificate and its key", errCredentialFile)
		}
		if _, err := tls.LoadX509KeyPair(auth.ClientCert, auth.ClientKey); err != nil {
			return nil, fmt.Errorf("%w: --nats-client-cert %s with --nats-client-key %s: %v", errCredentialFile, auth.ClientCert, auth.ClientKey, err)
		}
		opts = append(opts, nats.ClientCert(auth.ClientCert, auth.ClientKey))
	}
	return opts, nil
}

// oneKindOfCredentials refuses two ways of proving who the client is: a
// server would check one and the operator would not know which.
func oneKindOfCredentials(auth Auth) error {
	var given []string
	for _, c := range []struct {
		flag string
		set  bool
	}{{"--nats-token", auth.Token != ""}, {"--nats-user", auth.User != ""}, {"--nats-creds", auth.CredsFile != ""}, {"--nats-nkey", auth.NKeyFile != ""}} {
		if c.set {
			given = append(given, c.flag)
		}
	}
	if len(given) > 1 {
		return fmt.Errorf("%w: %s: give one way to log in to NATS", errCredentialFile, strings.Join(given, " and "))
	}
	return nil
}

// checkCreds reads a .creds file (a user JWT and its NKey seed, as nsc
// writes it) and says what is wrong with it, if anything, at now.
func checkCreds(file string, now time.Time) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return fmt.Errorf("%w: --nats-creds: %v", errCredentialFile, err)
	}
	token, err := jwt.ParseDecoratedJWT(data)
	if err == nil {
		_, err = jwt.ParseDecoratedUserNKey(data)
	}
	if err != nil {
		return fmt.Errorf("%w: --nats-creds %s: not a NATS credentials file (a user JWT and its NKey seed, as nsc writes them): %v", errCredentialFile, file, err)
	}
	claims, err := jwt.DecodeUserClaims(token)
	if err != nil {
		return fmt.Errorf("%w: --nats-creds %s: its user JWT does not read: %v", errCredentialFile, file, err)
	}
	if claims.Expires != 0 && now.Unix() >= claims.Expires {
		return fmt.Errorf("%w: --nats-creds %s: its user JWT (%s) expired at %s: ask the NATS operator for a new one",
			errCredentialFile, file, claims.Subject, time.Unix(claims.Expires, 0).UTC().Format(time.RFC3339))
	}
	return nil
}

// credentialsGiven names, for an operator, the credentials a client
// presented.
func credentialsGiven(auth Auth) string {
	switch {
	case auth.CredsFile != "":
		return "--nats-creds " + auth.CredsFile
	case auth.NKeyFile != "":
		return "--nats-nkey " + auth.NKeyFile
	case auth.User != "":
		return "--nats-user " + auth.User + " with its --nats-password"
	case auth.Token != "":
		return "--nats-token"
	}
	return "none given: --nats-token, --nats-user with --nats-password, --nats-creds or --nats-nkey"
}

// authRefused says whether err is a server's refusal of a client's
// credentials (wrong, expired or revoked).
func authRefused(err error) bool {
	reason := strings.ToLower(err.Error())
	return errors.Is(err, nats.ErrAuthorization) || errors.Is(err, nats.ErrAuthExpired) || errors.Is(err, nats.ErrAuthRevoked) ||
		errors.Is(err, nats.ErrAccountAuthExpired) ||
		strings.Contains(reason, "authorization violation") || strings.Contains(reason, "authentication")
}

// certificateAsked says whether err is a TLS server's refusal of a client
// that presented no certificate, or one it does not take: its alert, or,
// as often with TLS 1.3, the connection closed just after the handshake
// (nats.go says so).
func certificateAsked(err error) bool {
	reason := err.Error()
	return strings.Contains(reason, "certificate required") || strings.Contains(reason, "bad certificate") ||
		strings.Contains(reason, "unknown certificate authority") || strings.Contains(reason, "closed by remote after TLS handshake")
}
