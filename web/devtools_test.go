package web

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// browserTab is one page of a headless chromium driven over the DevTools
// protocol (a WebSocket of JSON messages): unlike --dump-dom it reads a
// page that keeps its event stream open, sees it change, and hears the
// page's uncaught errors. One chromium serves a test: it starts slowly on a
// busy machine.
type browserTab struct {
	t    testing.TB
	conn net.Conn
	mu   sync.Mutex
	next int
	wait map[int]chan devtoolsReply
	errs []string // uncaught exceptions and console errors, as they came
}

type devtoolsReply struct {
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Message string `json:"message"`
	} `json:"error"`
}

var devtoolsListening = regexp.MustCompile(`DevTools listening on (ws://\S+)`)

// openBrowserTab starts chromium with a blank page and connects to it;
// chromium (its whole process group) is killed when the test ends.
func openBrowserTab(t *testing.T) *browserTab {
	t.Helper()
	cmd := exec.Command(chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
		"--window-size=1400,1100", "--remote-debugging-port=0", "--user-data-dir="+t.TempDir(), "about:blank")
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		cmd.Wait()
	})
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := devtoolsListening.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
			}
		}
		close(found)
	}()
	var browserURL string
	select {
	case browserURL = <-found:
	case <-time.After(90 * time.Second):
	}
	if browserURL == "" {
		t.Fatal("chromium did not say where its DevTools listen")
	}
	u, _ := url.Parse(browserURL)
	// The page chromium opened: its own WebSocket.
	var targets []struct{ Type, WebSocketDebuggerURL string }
	resp, err := http.Get("http://" + u.Host + "/json/list")
	if err != nil {
		t.Fatal(err)
	}
	err = json.NewDecoder(resp.Body).Decode(&targets)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	for _, target := range targets {
		if target.Type == "page" {
			return dialTab(t, target.WebSocketDebuggerURL)
		}
	}
	t.Fatalf("chromium has no page: %+v", targets)
	return nil
}

// dialTab opens the page's WebSocket (the client's side of RFC 6455: one
// HTTP upgrade, then masked text frames out, plain frames in).
func dialTab(t *testing.T, wsURL string) *browserTab {
	t.Helper()
	u, err := url.Parse(wsURL)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	key := make([]byte, 16)
	rand.Read(key)
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n",
		u.RequestURI(), u.Host, base64.StdEncoding.EncodeToString(key))
	br := bufio.NewReader(conn)
	resp, err := http.ReadResponse(br, nil)
	if err != nil || resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("DevTools WebSocket: %v %v", resp, err)
	}
	tab := &browserTab{t: t, conn: conn, wait: map[int]chan devtoolsReply{}}
	done := make(chan struct{})
	go func() {
		defer close(done)
		tab.read(br)
	}()
	t.Cleanup(func() {
		conn.Close()
		<-done
	})
	tab.call("Runtime.enable", nil)
	tab.call("Log.enable", nil)
	tab.call("Page.enable", nil)
	return tab
}

// read takes every message: replies go to their caller, the page's errors
// to errs.
func (b *browserTab) read(br *bufio.Reader) {
	for {
		msg, err := readFrame(br)
		if err != nil {
			b.mu.Lock()
			for id, ch := range b.wait {
				close(ch)
				delete(b.wait, id)
			}
			b.mu.Unlock()
			return
		}
		var m struct {
			ID     int             `json:"id"`
			Method string          `json:"method"`
			Params json.RawMessage `json:"params"`
			devtoolsReply
		}
		if json.Unmarshal(msg, &m) != nil {
			continue
		}
		b.mu.Lock()
		switch {
		case m.ID != 0:
			if ch := b.wait[m.ID]; ch != nil {
				ch <- m.devtoolsReply
				delete(b.wait, m.ID)
			}
		case m.Method == "Runtime.exceptionThrown":
			b.errs = append(b.errs, string(m.Params))
		case m.Method == "Log.entryAdded" && strings.Contains(string(m.Params), `"level":"error"`) &&
			!strings.Contains(string(m.Params), `/favicon.ico"`): // the dashboard has none
			b.errs = append(b.errs, string(m.Params))
		case m.Method == "Runtime.consoleAPICalled" && strings.Contains(string(m.Params), `"type":"error"`):
			b.errs = append(b.errs, string(m.Params))
		}
		b.mu.Unlock()
	}
}

// readFrame reads one message, its continuation frames joined; a ping is
// skipped (chromium sends none to a client that sends none).
func readFrame(br *bufio.Reader) ([]byte, error) {
	var msg []byte
	for {
		var head [2]byte
		if _, err := io.ReadFull(br, head[:]); err != nil {
			return nil, err
		}
		n := uint64(head[1] & 0x7f)
		switch n {
		case 126:
			var ext [2]byte
			if _, err := io.ReadFull(br, ext[:]); err != nil {
				return nil, err
			}
			n = uint64(binary.BigEndian.Uint16(ext[:]))
		case 127:
			var ext [8]byte
			if _, err := io.ReadFull(br, ext[:]); err != nil {
				return nil, err
			}
			n = binary.BigEndian.Uint64(ext[:])
		}
		if n > 64<<20 {
			return nil, errors.New("DevTools message over 64 MB")
		}
		payload := make([]byte, n)
		if _, err := io.ReadFull(br, payload); err != nil {
			return nil, err
		}
		switch head[0] & 0x0f {
		case 0x8:
			return nil, io.EOF
		case 0x9, 0xa:
			continue
		}
		msg = append(msg, payload...)
		if head[0]&0x80 != 0 {
			return msg, nil
		}
	}
}

// call sends one command and waits for its result.
func (b *browserTab) call(method string, params any) json.RawMessage {
	b.t.Helper()
	b.mu.Lock()
	b.next++
	id := b.next
	ch := make(chan devtoolsReply, 1)
	b.wait[id] = ch
	b.mu.Unlock()
	msg, _ := json.Marshal(map[string]any{"id": id, "method": method, "params": params})
	frame := []byte{0x81}
	switch n := len(msg); {
	case n < 126:
		frame = append(frame, 0x80|byte(n))
	case n < 1<<16:
		frame = append(frame, 0x80|126, byte(n>>8), byte(n))
	default:
		frame = append(frame, 0x80|127)
		frame = binary.BigEndian.AppendUint64(frame, uint64(n))
	}
	var mask [4]byte
	rand.Read(mask[:])
	frame = append(frame, mask[:]...)
	for i, c := range msg {
		frame = append(frame, c^mask[i%4])
	}
	if _, err := b.conn.Write(frame); err != nil {
		b.t.Fatalf("DevTools %s: %v", method, err)
	}
	select {
	case r, ok := <-ch:
		if !ok {
			b.t.Fatalf("DevTools %s: chromium closed the connection", method)
		}
		if r.Error != nil {
			b.t.Fatalf("DevTools %s: %s", method, r.Error.Message)
		}
		return r.Result
	case <-time.After(60 * time.Second):
		b.t.Fatalf("DevTools %s: no answer in 60 s", method)
	}
	return nil
}

// navigate loads url and waits for its load event to pass.
func (b *browserTab) navigate(url string) {
	b.t.Helper()
	b.call("Page.navigate", map[string]any{"url": url})
	b.waitFor("the page loaded", `document.readyState === "complete"`)
}

// eval is a JavaScript expression's value, as JSON.
func (b *browserTab) eval(expr string) json.RawMessage {
	b.t.Helper()
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails json.RawMessage `json:"exceptionDetails"`
	}
	raw := b.call("Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true})
	if err := json.Unmarshal(raw, &r); err != nil || r.ExceptionDetails != nil {
		b.t.Fatalf("evaluating %s: %v %s", expr, err, r.ExceptionDetails)
	}
	return r.Result.Value
}

// text is a string expression's value.
func (b *browserTab) text(expr string) string {
	var s string
	json.Unmarshal(b.eval(expr), &s)
	return s
}

// waitFor waits until the expression is true (the page draws from an
// event stream: no fixed wait says when).
func (b *browserTab) waitFor(what, expr string) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	for ctx.Err() == nil {
		if string(b.eval("!!("+expr+")")) == "true" {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	b.t.Fatalf("the page never showed %s (%s)", what, expr)
}

// screenshot writes the page as PNG to path.
func (b *browserTab) screenshot(path string) {
	b.t.Helper()
	var r struct{ Data string }
	json.Unmarshal(b.call("Page.captureScreenshot", map[string]any{"format": "png", "captureBeyondViewport": true}), &r)
	png, err := base64.StdEncoding.DecodeString(r.Data)
	if err != nil || len(png) < 1000 {
		b.t.Fatalf("screenshot: %d bytes, %v", len(png), err)
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		b.t.Fatal(err)
	}
}

// pageErrors are the page's uncaught exceptions and console errors so far.
func (b *browserTab) pageErrors() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.errs...)
}
