package web

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strings"
)

// hosts are the names the dashboard answers to. A page elsewhere can make
// a browser send requests to the dashboard under a name of its own that it
// points at this machine (DNS rebinding), and read the answers as its own;
// such a request carries that name in its Host header, so the dashboard
// answers only requests whose Host is the address it listens on,
// localhost's names when it listens on loopback, or a name it was given
// (--web-host). A bare IP address cannot be rebound: on a listener for
// every address (0.0.0.0, [::]) any IP address a browser reached it by is
// accepted.
type hosts struct {
	names []string // lower case, without a port or brackets
	anyIP bool
}

// hostsOf are the names a dashboard on ln answers to, with extra ones.
func hostsOf(ln net.Listener, extra []string) hosts {
	var h hosts
	if a, ok := ln.Addr().(*net.TCPAddr); ok {
		switch {
		case a.IP.IsUnspecified():
			h.anyIP = true
			h.names = append(h.names, "localhost")
		case a.IP.IsLoopback():
			h.names = append(h.names, "localhost", "127.0.0.1", "::1", a.IP.String())
		default:
			h.names = append(h.names, a.IP.String())
		}
	}
	for _, name := range extra {
		if name = hostName(name); name != "" {
			h.names = append(h.names, name)
		}
	}
	slices.Sort(h.names)
	h.names = slices.Compact(h.names)
	return h
}

// hostName is a Host header's (or --web-host's) name: without its port and
// an IPv6 address's brackets, lower case, without a final dot.
func hostName(host string) string {
	if name, port, err := net.SplitHostPort(host); err == nil {
		if strings.Trim(port, "0123456789") != "" {
			return "" // not a port: no name at all
		}
		host = name
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	if ip, err := netip.ParseAddr(host); err == nil {
		return ip.Unmap().String()
	}
	return host
}

func (h hosts) allow(host string) bool {
	name := hostName(host)
	if name == "" {
		return false
	}
	if _, err := netip.ParseAddr(name); err == nil && h.anyIP {
		return true
	}
	return slices.Contains(h.names, name)
}

// guard answers a request for another name with 421 Misdirected Request
// and what the dashboard answers to.
func (h hosts) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if h.allow(r.Host) {
			next.ServeHTTP(w, r)
			return
		}
		shown := make([]string, len(h.names))
		for i, name := range h.names {
			if strings.Contains(name, ":") {
				name = "[" + name + "]" // an IPv6 address, as a URL has it
			}
			shown[i] = name
		}
		known := strings.Join(shown, ", ")
		if h.anyIP {
			known += " and this machine's IP addresses"
		}
		http.Error(w, fmt.Sprintf("autoplay's dashboard does not answer to the name %q (a page elsewhere could use a name of its own to read the run); it answers to %s. Give another name with --web-host NAME.", r.Host, known), http.StatusMisdirectedRequest)
	})
}
