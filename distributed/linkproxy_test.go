package distributed

import (
	"net"
	"sync"
	"testing"
)

// linkProxy stands between a client and a NATS server on loopback, as a
// network link does: down, it passes no byte either way and the
// connections stay open (what each side sent waits, as TCP's
// retransmissions would hold it); up again, what waited goes through.
type linkProxy struct {
	ln     net.Listener
	target string

	mu    sync.Mutex
	up    chan struct{} // closed while the link is up
	isUp  bool
	conns []net.Conn
	wg    sync.WaitGroup // the pipes
	// accepted is closed once the proxy takes no more connections.
	accepted chan struct{}
}

// newLinkProxy listens on loopback for clients of target (host:port).
func newLinkProxy(t *testing.T, target string) *linkProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &linkProxy{ln: ln, target: target, up: make(chan struct{}), isUp: true, accepted: make(chan struct{})}
	close(p.up)
	go p.accept()
	t.Cleanup(p.close)
	return p
}

// URL is the proxy's NATS URL.
func (p *linkProxy) URL() string { return "nats://" + p.ln.Addr().String() }

func (p *linkProxy) accept() {
	defer close(p.accepted)
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		s, err := net.Dial("tcp", p.target)
		if err != nil {
			c.Close()
			continue
		}
		p.mu.Lock()
		p.conns = append(p.conns, c, s)
		p.mu.Unlock()
		p.wg.Add(2)
		go p.pipe(c, s)
		go p.pipe(s, c)
	}
}

// pipe copies from src to dst while the link is up.
func (p *linkProxy) pipe(src, dst net.Conn) {
	defer p.wg.Done()
	defer dst.Close()
	defer src.Close()
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			<-p.gate()
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

func (p *linkProxy) gate() <-chan struct{} {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.up
}

// setUp takes the link down (false) or up (true).
func (p *linkProxy) setUp(up bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if up == p.isUp {
		return
	}
	p.isUp = up
	if up {
		close(p.up)
	} else {
		p.up = make(chan struct{})
	}
}

func (p *linkProxy) close() {
	p.setUp(true)
	p.ln.Close()
	<-p.accepted
	p.mu.Lock()
	for _, c := range p.conns {
		c.Close()
	}
	p.mu.Unlock()
	p.wg.Wait()
}
