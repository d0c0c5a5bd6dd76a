package main

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"os"
	"os/exec"
	"testing"
	"time"
)

// chromiumPath is Debian's chromium, which the browser tests drive.
const chromiumPath = "/usr/bin/chromium"

// browser is a headless chromium driven over the DevTools protocol on a
// pipe (--remote-debugging-pipe: JSON messages ended by a NUL, commands on
// its fd 3, answers on its fd 4), for a page with an event stream, which
// --dump-dom waits on for ever. One page, attached as a flat session.
type browser struct {
	cmd     *exec.Cmd
	in      *os.File
	answers chan cdpMessage
	next    int
	session string
}

type cdpMessage struct {
	ID     int             `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Message string `json:"message"`
	} `json:"error"`
}

// openBrowser starts chromium on url; it is killed when the test ends.
func openBrowser(t *testing.T, url string) *browser {
	t.Helper()
	toChrome, commands, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	answers, fromChrome, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(chromiumPath, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
		"--window-size=1400,1100", "--remote-debugging-pipe", "--user-data-dir="+t.TempDir(), "about:blank")
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
	cmd.ExtraFiles = []*os.File{toChrome, fromChrome}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	toChrome.Close()
	fromChrome.Close()
	b := &browser{cmd: cmd, in: commands, answers: make(chan cdpMessage, 16)}
	exited := make(chan struct{})
	go func() {
		defer close(exited)
		r := bufio.NewReader(answers)
		for {
			line, err := r.ReadBytes(0)
			if err != nil {
				close(b.answers)
				return
			}
			var m cdpMessage
			if json.Unmarshal(line[:len(line)-1], &m) == nil && m.ID > 0 {
				b.answers <- m // events (no id) are not read
			}
		}
	}()
	t.Cleanup(func() {
		commands.Close()
		cmd.Process.Kill()
		cmd.Wait()
		answers.Close()
		<-exited
	})
	var target struct{ TargetID string }
	b.call(t, "Target.createTarget", map[string]any{"url": url}, &target)
	var attached struct{ SessionID string }
	b.call(t, "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, &attached)
	b.session = attached.SessionID
	return b
}

// call sends one command to the page (or the browser, before a page is
// attached) and reads its answer into result.
func (b *browser) call(t *testing.T, method string, params any, result any) {
	t.Helper()
	b.next++
	msg := map[string]any{"id": b.next, "method": method, "params": params}
	if b.session != "" {
		msg["sessionId"] = b.session
	}
	data, _ := json.Marshal(msg)
	if _, err := b.in.Write(append(data, 0)); err != nil {
		t.Fatalf("%s: %v", method, err)
	}
	for {
		select {
		case m, ok := <-b.answers:
			if !ok {
				t.Fatalf("%s: chromium ended", method)
			}
			if m.ID != b.next {
				continue
			}
			if m.Error != nil {
				t.Fatalf("%s: %s", method, m.Error.Message)
			}
			if result != nil {
				if err := json.Unmarshal(m.Result, result); err != nil {
					t.Fatalf("%s: %v", method, err)
				}
			}
			return
		case <-time.After(60 * time.Second):
			t.Fatalf("%s: no answer from chromium in 60 s", method)
		}
	}
}

// eval is the value of a JavaScript expression in the page.
func (b *browser) eval(t *testing.T, expr string, v any) {
	t.Helper()
	var out struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct{ Text string } `json:"exceptionDetails"`
	}
	b.call(t, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true}, &out)
	if out.ExceptionDetails != nil {
		t.Fatalf("%s: %s", expr, out.ExceptionDetails.Text)
	}
	if err := json.Unmarshal(out.Result.Value, v); err != nil {
		t.Fatalf("%s: %v (%s)", expr, err, out.Result.Value)
	}
}

// screenshot writes the page as it is now to path (PNG).
func (b *browser) screenshot(t *testing.T, path string) {
	t.Helper()
	var shot struct{ Data string }
	b.call(t, "Page.captureScreenshot", map[string]any{"format": "png", "captureBeyondViewport": true}, &shot)
	data, err := base64.StdEncoding.DecodeString(shot.Data)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
