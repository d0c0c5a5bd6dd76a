// Package chromium drives Debian's headless chromium for the browser tests
// (the dashboard in web/, the fleet's view in cmd/autoplay): one page at a
// time over the DevTools protocol, its uncaught errors failing the test,
// and chromium's whole process tree gone when the test ends. Test support
// only, like internal/proctest: no program of autoplay imports it.
//
// The protocol runs over a pipe (--remote-debugging-pipe: JSON messages
// ended by a NUL, commands on chromium's fd 3, answers on its fd 4), not a
// WebSocket on a port: no port to find in chromium's stderr, no WebSocket
// framing of our own to keep, no other local process that can drive the
// browser, and chromium sees its end of the pipe close when the test's
// does.
package chromium

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// Path is Debian's chromium.
const Path = "/usr/bin/chromium"

// answerWait bounds one command's answer: generous for a loaded 2-core
// machine, where chromium's start alone has taken tens of seconds.
const answerWait = 60 * time.Second

// maxMessage bounds one message from chromium (a full-page screenshot is a
// few MB of base64).
const maxMessage = 64 << 20

// Need skips t where chromium is not installed, and fails it on CI, which
// must install it.
func Need(t testing.TB) {
	t.Helper()
	if _, err := os.Stat(Path); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI must install %s", Path)
		}
		t.Skipf("%s not installed", Path)
	}
}

// Page is one tab of a headless chromium of its own (one chromium serves a
// test: it starts slowly on a busy machine). Its methods fail the test on
// any trouble, and on any error the page reported since the last step.
type Page struct {
	t        testing.TB
	commands *os.File // chromium's fd 3
	profile  string   // its --user-data-dir, which its every process names
	session  string   // the tab's flat session, once attached

	mu      sync.Mutex
	next    int
	waiting map[int]chan answer
	errs    []string // uncaught exceptions and console errors, as they came
	failed  int      // errs already reported
}

// answer is chromium's reply to one command.
type answer struct {
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Message string `json:"message"`
	} `json:"error"`
}

// Open starts chromium with one blank tab attached. Chromium and every
// process it started are killed when the test ends, and the test fails if
// any of them is still alive after that.
func Open(t testing.TB) *Page {
	t.Helper()
	toChrome, commands, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	answers, fromChrome, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	profile := t.TempDir()
	cmd := exec.Command(Path, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
		"--window-size=1400,1100", "--remote-debugging-pipe", "--user-data-dir="+profile, "about:blank")
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
	cmd.ExtraFiles = []*os.File{toChrome, fromChrome}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // its zygotes and renderers stay in the group
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	toChrome.Close()
	fromChrome.Close()
	p := &Page{t: t, commands: commands, profile: profile, waiting: map[int]chan answer{}}
	read := make(chan struct{})
	go func() {
		defer close(read)
		p.read(answers)
	}()
	t.Cleanup(func() {
		commands.Close()
		killGroup(t, cmd)
		answers.Close()
		<-read
	})
	var target struct{ TargetID string }
	p.Call("Target.createTarget", map[string]any{"url": "about:blank"}, &target)
	var attached struct{ SessionID string }
	p.Call("Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, &attached)
	p.session = attached.SessionID
	for _, domain := range []string{"Runtime", "Log", "Page"} {
		p.Call(domain+".enable", nil, nil)
	}
	return p
}

// read takes every message from chromium until the pipe closes: answers
// go to their caller, the page's errors to errs.
func (p *Page) read(answers *os.File) {
	defer func() {
		p.mu.Lock()
		for id, ch := range p.waiting {
			close(ch)
			delete(p.waiting, id)
		}
		p.mu.Unlock()
	}()
	r := bufio.NewReader(answers)
	for {
		msg, err := readMessage(r)
		if err != nil {
			return
		}
		var m struct {
			ID     int             `json:"id"`
			Method string          `json:"method"`
			Params json.RawMessage `json:"params"`
			answer
		}
		if json.Unmarshal(msg, &m) != nil {
			continue
		}
		p.mu.Lock()
		if ch := p.waiting[m.ID]; m.ID != 0 && ch != nil {
			ch <- m.answer
			delete(p.waiting, m.ID)
		} else if pageError(m.Method, string(m.Params)) {
			p.errs = append(p.errs, string(m.Params))
		}
		p.mu.Unlock()
	}
}

// readMessage reads one NUL-ended message, of at most maxMessage bytes.
func readMessage(r *bufio.Reader) ([]byte, error) {
	var msg []byte
	for {
		chunk, err := r.ReadSlice(0)
		msg = append(msg, chunk...)
		if len(msg) > maxMessage {
			return nil, errors.New("DevTools message over 64 MB")
		}
		switch {
		case err == nil:
			return msg[:len(msg)-1], nil
		case err != bufio.ErrBufferFull:
			return nil, err
		}
	}
}

// pageError says whether an event is an error of the page's: an uncaught
// exception, console.error, or a resource that failed to load (but the
// favicon, which the dashboard has none of).
func pageError(method, params string) bool {
	switch method {
	case "Runtime.exceptionThrown":
		return true
	case "Runtime.consoleAPICalled":
		return strings.Contains(params, `"type":"error"`)
	case "Log.entryAdded":
		return strings.Contains(params, `"level":"error"`) && !strings.Contains(params, `/favicon.ico"`)
	}
	return false
}

// Call sends one command to the tab (or to the browser, before the tab is
// attached) and reads its result into result, unless result is nil.
func (p *Page) Call(method string, params, result any) {
	p.t.Helper()
	p.mu.Lock()
	p.next++
	id := p.next
	ch := make(chan answer, 1)
	p.waiting[id] = ch
	p.mu.Unlock()
	msg := map[string]any{"id": id, "method": method, "params": params}
	if p.session != "" {
		msg["sessionId"] = p.session
	}
	data, _ := json.Marshal(msg)
	if _, err := p.commands.Write(append(data, 0)); err != nil {
		p.t.Fatalf("DevTools %s: %v", method, err)
	}
	select {
	case a, ok := <-ch:
		if !ok {
			p.t.Fatalf("DevTools %s: chromium ended", method)
		}
		if a.Error != nil {
			p.t.Fatalf("DevTools %s: %s", method, a.Error.Message)
		}
		if result != nil {
			if err := json.Unmarshal(a.Result, result); err != nil {
				p.t.Fatalf("DevTools %s: %v", method, err)
			}
		}
	case <-time.After(answerWait):
		p.t.Fatalf("DevTools %s: no answer from chromium in %v", method, answerWait)
	}
}

// Errors are the page's uncaught exceptions, console errors and failed
// loads so far.
func (p *Page) Errors() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.errs...)
}

// failOnPageErrors fails the test if the page reported an error since the
// last step. Each step checks, rather than the test's end, so that what a
// test's deferred server shutdown makes the page log is not held against it.
func (p *Page) failOnPageErrors() {
	p.t.Helper()
	p.mu.Lock()
	fresh := p.errs[p.failed:]
	p.failed = len(p.errs)
	p.mu.Unlock()
	if len(fresh) > 0 {
		p.t.Fatalf("the page reported errors:\n%s", strings.Join(fresh, "\n"))
	}
}

// Navigate loads url and waits until it is loaded.
func (p *Page) Navigate(url string) {
	p.t.Helper()
	p.Call("Page.navigate", map[string]any{"url": url}, nil)
	quoted, _ := json.Marshal(url)
	// The blank page before it was loaded too: wait for this one.
	p.WaitFor("the page "+url+" loaded", `location.href === new URL(`+string(quoted)+`).href && document.readyState === "complete"`)
}

// Eval evaluates a JavaScript expression in the page (awaiting a promise)
// and reads its value, as JSON, into v unless v is nil.
func (p *Page) Eval(expr string, v any) {
	p.t.Helper()
	var out struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails json.RawMessage `json:"exceptionDetails"`
	}
	p.Call("Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true}, &out)
	if out.ExceptionDetails != nil {
		p.t.Fatalf("evaluating %s: %s", expr, out.ExceptionDetails)
	}
	if v != nil {
		if err := json.Unmarshal(out.Result.Value, v); err != nil {
			p.t.Fatalf("evaluating %s: %v (%s)", expr, err, out.Result.Value)
		}
	}
	p.failOnPageErrors()
}

// Text is the value of a JavaScript expression that is a string.
func (p *Page) Text(expr string) string {
	p.t.Helper()
	var s string
	p.Eval(expr, &s)
	return s
}

// WaitFor waits until a JavaScript expression is true in the page (pages
// draw from an event stream: no fixed wait says when), failing the test
// after three minutes, a deadline for a loaded machine, not a speed claim.
func (p *Page) WaitFor(what, expr string) {
	p.t.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	for {
		var ok bool
		if p.Eval("!!("+expr+")", &ok); ok {
			return
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("the page never showed %s (%s)", what, expr)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Screenshot writes the whole page as it is now to path, as PNG.
func (p *Page) Screenshot(path string) {
	p.t.Helper()
	var shot struct{ Data string }
	p.Call("Page.captureScreenshot", map[string]any{"format": "png", "captureBeyondViewport": true}, &shot)
	png, err := base64.StdEncoding.DecodeString(shot.Data)
	if err != nil || len(png) < 1000 {
		p.t.Fatalf("screenshot: %d bytes, %v", len(png), err)
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		p.t.Fatal(err)
	}
	p.failOnPageErrors()
}
