package distributed

import (
	"fmt"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
)

// connectionNotes make a client say, a line each, when it loses its NATS
// server and when it has one again (which, and after how long): without
// them a fleet whose server died or whose link went down paused in
// silence, and an operator could not tell a stall from a slow game.
// The client reconnects by itself, to any server of the cluster it knows.
func connectionNotes(say func(string)) []nats.Option {
	if say == nil {
		return nil
	}
	var lostAt atomic.Pointer[time.Time]
	return []nats.Option{
		nats.DisconnectErrHandler(func(nc *nats.Conn, err error) {
			if err == nil {
				return // closed by us
			}
			now := time.Now()
			lostAt.Store(&now)
			say(fmt.Sprintf("lost the connection to NATS (%v); reconnecting to any server of the cluster", err))
		}),
		nats.ReconnectHandler(func(nc *nats.Conn) {
			gone := ""
			if at := lostAt.Swap(nil); at != nil {
				gone = ", after " + time.Since(*at).Round(time.Second).String()
			}
			say(fmt.Sprintf("connected to NATS again: %s%s", serverOf(nc), gone))
		}),
		// Instead of nats.go's own lines on standard error.
		nats.ErrorHandler(func(nc *nats.Conn, _ *nats.Subscription, err error) {
			if authRefused(err) {
				say(fmt.Sprintf("the NATS server refused these credentials: %v", err))
				return
			}
			say(fmt.Sprintf("NATS: %v", err))
		}),
	}
}

// serverOf names the server a client is connected to, for an operator.
func serverOf(nc *nats.Conn) string {
	name := nc.ConnectedServerName()
	if name == "" {
		return nc.ConnectedUrlRedacted()
	}
	return fmt.Sprintf("server %s at %s", name, nc.ConnectedUrlRedacted())
}
