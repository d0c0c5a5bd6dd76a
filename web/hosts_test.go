package web

import (
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// The dashboard answers only to the names it listens on: a page that points
// a name of its own at this machine (DNS rebinding) gets 421 and a word on
// --web-host, not the run.
func TestDashboardAnswersOnlyItsOwnNames(t *testing.T) {
	ln, err := Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := serve(ln, &countingSource{}, "Dash.Example")
	defer srv.Close()
	port := ln.Addr().(*net.TCPAddr).Port
	for _, c := range []struct {
		host string
		want int
	}{
		{ln.Addr().String(), 200},
		{"localhost", 200},
		{"LOCALHOST.:" + itoa(port), 200},
		{"[::1]:" + itoa(port), 200},
		{"dash.example:8080", 200},
		{"attacker.example", 421},
		{"attacker.example:" + itoa(port), 421},
		{"127.0.0.1.attacker.example", 421},
		{"localhost.attacker.example", 421},
		{"dash.example.attacker.example", 421},
		{"10.1.2.3", 421},
		{"127.0.0.1:80@attacker.example", 421},
	} {
		req, _ := http.NewRequest("GET", srv.URL()+"api/state", nil)
		req.Host = c.host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("Host %q: %v", c.host, err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.want {
			t.Errorf("Host %q: status %d, want %d (%s)", c.host, resp.StatusCode, c.want, body)
		}
		if c.want == 421 && !strings.Contains(string(body), "--web-host") {
			t.Errorf("Host %q: the refusal does not say what to do: %s", c.host, body)
		}
	}
}

// A listener on every address takes any IP address (which no page can
// rebind) and localhost, and names only when given.
func TestDashboardOnEveryAddressTakesIPs(t *testing.T) {
	h := hostsOf(fakeListener{&net.TCPAddr{IP: net.IPv4zero, Port: 8080}}, nil)
	for host, want := range map[string]bool{"192.0.2.7:8080": true, "[2001:db8::1]:8080": true, "localhost:8080": true, "box.example:8080": false, "": false} {
		if got := h.allow(host); got != want {
			t.Errorf("Host %q on 0.0.0.0: allowed %v, want %v", host, got, want)
		}
	}
}

type fakeListener struct{ addr net.Addr }

func (f fakeListener) Accept() (net.Conn, error) { return nil, net.ErrClosed }
func (f fakeListener) Close() error              { return nil }
func (f fakeListener) Addr() net.Addr            { return f.addr }

func itoa(n int) string { return strconv.Itoa(n) }
