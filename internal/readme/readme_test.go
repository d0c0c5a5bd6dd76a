package readme

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/autoplay/autoplay/internal/proctest"
)

// TestMain removes the programs proctest built for the tests.
func TestMain(m *testing.M) {
	code := m.Run()
	proctest.RemoveBuilds()
	os.Exit(code)
}

// Every shell block of README.md runs as pasted from a fresh clone, with
// short limits: fewer games, a move limit, quick clocks and free ports. A
// block that cannot run as it is (its engines and books are the reader's)
// starts with a "# template:" line naming the parts to replace; the test
// puts the built-in engine and a small book in their place and runs it
// too, so every flag and key it shows is checked against the binary.
func TestEveryREADMEBlockRuns(t *testing.T) {
	blocks := shellBlocks(t, "../../README.md")
	if len(blocks) < 5 {
		t.Fatalf("only %d shell blocks found in README.md", len(blocks))
	}
	work := workTree(t)
	for _, b := range blocks {
		t.Run(fmt.Sprintf("line%d", b.line), func(t *testing.T) {
			runBlock(t, work, b)
		})
	}
}

type shellBlock struct {
	line         int      // where the block starts in README.md
	placeholders []string // named by its "# template:" line
	commands     [][]string
}

// shellBlocks reads README's ```sh blocks: commands joined across
// backslash-newlines, comments dropped, && split.
func shellBlocks(t *testing.T, path string) []shellBlock {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var blocks []shellBlock
	var cur *shellBlock
	var pending string
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case cur == nil && (line == "```sh" || line == "```bash"):
			cur = &shellBlock{line: n}
		case cur == nil:
		case line == "```":
			if pending != "" {
				t.Fatalf("README.md:%d: a command ends in a backslash at the block's end", n)
			}
			blocks = append(blocks, *cur)
			cur = nil
		case strings.HasPrefix(strings.TrimSpace(line), "# template:"):
			cur.placeholders = placeholderRe.FindAllString(line, -1)
		case strings.HasPrefix(strings.TrimSpace(line), "#") && pending == "":
		default:
			if c, ok := strings.CutSuffix(line, "\\"); ok {
				pending += c + " "
				continue
			}
			text := pending + line
			pending = ""
			if i := strings.Index(text, " # "); i >= 0 {
				text = text[:i]
			}
			for _, part := range strings.Split(text, "&&") {
				words, err := shellWords(part)
				if err != nil {
					t.Fatalf("README.md:%d: %v", n, err)
				}
				if len(words) > 0 {
					cur.commands = append(cur.commands, words)
				}
			}
		}
	}
	return blocks
}

var placeholderRe = regexp.MustCompile(`(?:\./|~/)[\w./-]+|[\w.-]+\.(?:epd|pgn|bin)\b`)

// shellWords splits a command as a POSIX shell does for the forms README
// uses: blanks, double and single quotes, $PWD.
func shellWords(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	in, quote := false, byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			w.WriteByte(c)
		case c == '"' || c == '\'':
			quote, in = c, true
		case c == ' ' || c == '\t':
			if in {
				words = append(words, w.String())
				w.Reset()
				in = false
			}
		default:
			w.WriteByte(c)
			in = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unbalanced quote in %q", s)
	}
	if in {
		words = append(words, w.String())
	}
	return words, nil
}

// workTree is a fresh clone as README's commands see it: bin/autoplay
// built, configs/ and the rest of the repository beside it, shared/ one
// level up when this machine has it.
func workTree(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	top := t.TempDir()
	work := filepath.Join(top, "autoplay")
	if err := os.MkdirAll(filepath.Join(work, "bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	// make test's build of autoplay, or the test binary's own.
	if err := proctest.LinkOrCopy(proctest.Build(t, "autoplay", filepath.Join(root, "cmd", "autoplay")), filepath.Join(work, "bin", "autoplay")); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	tracked := trackedTopLevel(root)
	for _, e := range entries {
		if e.Name() == "bin" || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		// What a user made in the checkout (the README's own first
		// command leaves games.pgn and its state there) is not the
		// repository's: linked in, the README's commands would resume it.
		if tracked != nil && !tracked[e.Name()] {
			continue
		}
		if err := os.Symlink(filepath.Join(root, e.Name()), filepath.Join(work, e.Name())); err != nil {
			t.Fatal(err)
		}
	}
	if shared := filepath.Join(root, "..", "shared"); exists(shared) {
		if err := os.Symlink(shared, filepath.Join(top, "shared")); err != nil {
			t.Fatal(err)
		}
	}
	return work
}

// trackedTopLevel is the set of top-level names git tracks in root; nil
// when git cannot say (no git, no repository), and then every entry counts.
func trackedTopLevel(root string) map[string]bool {
	out, err := exec.Command("git", "-C", root, "ls-files").Output()
	if err != nil || len(out) == 0 {
		return nil
	}
	names := map[string]bool{}
	for _, f := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		names[strings.SplitN(f, "/", 2)[0]] = true
	}
	return names
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// runBlock runs a block's commands in order in the work tree; servers
// (worker, view) run in the background until the block's last command is
// done.
func runBlock(t *testing.T, work string, b shellBlock) {
	ports := map[string]string{}
	var background []*exec.Cmd // servers: stopped at the end
	type coordinator struct {
		cmd  *exec.Cmd
		out  *proctest.Output
		done chan error
	}
	var coordinators []coordinator // waited for at the end, once their workers run
	defer func() {
		for _, c := range background {
			c.Process.Kill()
			c.Wait()
		}
	}()
	defer func() {
		for _, c := range coordinators {
			select {
			case err := <-c.done:
				if code := exitCode(err); code != 0 && !(hasSPRT(c.cmd.Args) && (code == 3 || code == 4)) {
					t.Errorf("README.md:%d: %s: %v\n%s", b.line, strings.Join(c.cmd.Args, " "), err, c.out.String())
				}
			case <-time.After(3 * time.Minute):
				c.cmd.Process.Kill()
				t.Errorf("README.md:%d: %s did not end\n%s", b.line, strings.Join(c.cmd.Args, " "), c.out.String())
			}
		}
	}()
	home := t.TempDir()
	for _, words := range b.commands {
		words = fillTemplate(t, work, b, words)
		switch {
		case len(words) == 2 && words[0] == "make" && words[1] == "build":
			continue // built by the test
		case len(words) == 2 && words[0] == "make" && words[1] == "test":
			continue // this is that
		case words[0] == "ln" && len(b.placeholders) > 0:
			for i := range words {
				words[i] = strings.ReplaceAll(strings.ReplaceAll(words[i], "$PWD", work), "~/", home+"/")
			}
			os.MkdirAll(filepath.Join(home, "bin"), 0o755)
			if out, err := exec.Command(words[0], words[1:]...).CombinedOutput(); err != nil {
				t.Fatalf("README.md:%d: %q: %v\n%s", b.line, strings.Join(words, " "), err, out)
			}
			continue
		case words[0] != "bin/autoplay":
			t.Fatalf("README.md:%d: %q is not a command this test can run: mark the block with a \"# template:\" line, or make it bin/autoplay", b.line, strings.Join(words, " "))
		}
		args := shortened(t, words[1:], ports)
		if needsMissing(t, work, args) {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		cmd := exec.CommandContext(ctx, filepath.Join(work, "bin", "autoplay"), args...)
		cmd.Dir = work
		var out proctest.Output
		cmd.Stdout, cmd.Stderr = &out, &out
		switch {
		case serves(args):
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			background = append(background, cmd)
			time.AfterFunc(3*time.Minute, cancel)
			continue
		case coordinates(args):
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			c := coordinator{cmd: cmd, out: &out, done: make(chan error, 1)}
			go func() { c.done <- cmd.Wait(); cancel() }()
			coordinators = append(coordinators, c)
			continue
		}
		err := cmd.Run()
		cancel()
		// An SPRT cut short is undecided (4), or may be decided (3 for H0).
		if code := exitCode(err); code != 0 && !(hasSPRT(args) && (code == 3 || code == 4)) {
			t.Fatalf("README.md:%d: bin/autoplay %s: %v\n%s", b.line, strings.Join(args, " "), err, out.String())
		}
	}
}

// fillTemplate puts the built-in engine in place of a template's engine
// placeholders and a small book in place of its book.
func fillTemplate(t *testing.T, work string, b shellBlock, words []string) []string {
	out := append([]string(nil), words...)
	for _, ph := range b.placeholders {
		repl := "builtin"
		switch {
		case strings.HasSuffix(ph, ".epd"):
			repl = filepath.Join(work, "runner", "testdata", "uho4.epd")
		case strings.HasPrefix(ph, "~/"):
			continue // a path of the reader's, filled where it is used
		}
		for i, w := range out {
			if w == ph {
				out[i] = repl
				continue
			}
			out[i] = strings.ReplaceAll(w, "cmd="+ph, "cmd="+repl)
			out[i] = strings.ReplaceAll(out[i], "file="+ph, "file="+repl)
			if repl == "builtin" {
				out[i] = strings.ReplaceAll(out[i], ph, work+"/bin/autoplay")
			}
		}
	}
	return out
}

// shortened bounds a command's run: at most 2 games (1 round), a move
// limit, quick clocks, and free ports in place of the fixed ones.
func shortened(t *testing.T, args []string, ports map[string]string) []string {
	var out []string
	single := len(args) > 0 && (args[0] == "cutechess" || args[0] == "fastchess")
	plays := len(args) > 0 && (args[0] == "match" || args[0] == "run" || single)
	limited := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		next := func() string {
			if i+1 < len(args) {
				return args[i+1]
			}
			return ""
		}
		switch {
		case (a == "--games" || a == "-games") && next() != "":
			if n, err := strconv.Atoi(next()); err == nil && n > 2 {
				out = append(out, a, "2")
				i++
				continue
			}
		case a == "-rounds" && next() != "":
			out = append(out, a, "1")
			i++
			continue
		case a == "--maxmoves" || a == "-maxmoves":
			limited = true
		case a == "--web" || a == "--serve":
			out = append(out, a, freePortFor(t, ports, next()))
			i++
			continue
		case a == "--nats" && next() != "":
			u := next()
			if k := strings.LastIndex(u, ":"); k > 0 {
				u = u[:k+1] + freePortFor(t, ports, u[k+1:])
			}
			out = append(out, a, u)
			i++
			continue
		}
		out = append(out, quickClocks(a))
	}
	if plays && !limited {
		if single {
			out = append(out, "-maxmoves", "10")
		} else {
			out = append(out, "--maxmoves", "10")
		}
	}
	return out
}

var tcRe = regexp.MustCompile(`\btc=[0-9:/.+]+`)

// quickClocks plays a time control's games at 2+0.02.
func quickClocks(arg string) string { return tcRe.ReplaceAllString(arg, "tc=2+0.02") }

func freePortFor(t *testing.T, ports map[string]string, port string) string {
	if p, ok := ports[port]; ok {
		return p
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	p := strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
	ports[port] = p
	return p
}

// serves says the command runs until stopped: a worker, or a viewer.
func serves(args []string) bool {
	return len(args) > 0 && (args[0] == "worker" || args[0] == "view")
}

// coordinates says the command is a coordinator, whose games are played by
// the workers the block starts after it.
func coordinates(args []string) bool {
	for _, a := range args {
		if a == "--serve" || a == "--nats" {
			return len(args) > 0 && args[0] != "worker"
		}
	}
	return false
}

func hasSPRT(args []string) bool {
	for _, a := range args {
		if a == "--sprt" || a == "-sprt" || a == "--elo0" || strings.Contains(a, "sprt") {
			return true
		}
	}
	return false
}

// needsMissing skips, with a note, a command that reads the shared books
// or engines this machine lacks (CI has them all but shared/).
func needsMissing(t *testing.T, work string, args []string) bool {
	for _, a := range args {
		for _, word := range strings.FieldsFunc(a, func(r rune) bool { return r == ' ' || r == '=' }) {
			switch {
			case strings.HasPrefix(word, "../shared/") && !exists(filepath.Join(work, word)):
				t.Logf("skipped: %s is not on this machine", word)
				return true
			case strings.HasPrefix(word, "/usr/games/") && !exists(word):
				if os.Getenv("CI") != "" {
					t.Fatalf("CI must install %s", word)
				}
				t.Logf("skipped: %s is not installed", word)
				return true
			}
		}
	}
	return false
}

func exitCode(err error) int {
	if err == nil {
		return 0
	}
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode()
	}
	return -1
}
