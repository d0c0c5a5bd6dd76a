package runner

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"syscall"
	"time"

	"github.com/autoplay/autoplay/runner/internal/proc"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// slotPool plays each game slot's games in a process of its own
// (--slot-processes). One Go runtime serving several games wakes on
// whichever CPU the last engine wrote from and wakes the next engine across
// CPUs; a process per slot keeps a slot's runner thread with its engines,
// as c-chess-cli's thread per game does, and with --affinity on their CPUs.
// The run keeps everything else: schedule, PGN, stats, output.
type slotPool struct {
	program []string      // the slot process's command: autoplay's own "slot"
	plans   []WarmPlan    // by slot: what it starts before any game
	cpus    []proc.CPUSet // by slot, with --affinity
	warn    func(string)
	// relay, with --runner-stats, gathers the slots' relay latencies; cpu
	// then receives their own CPU, once they are done.
	relay *RelayStats
	cpu   *time.Duration
	mu    sync.Mutex // orders retire's updates of relay and cpu
	// started says a game begins in a slot, as a local worker says it.
	started func(GameJob)
}

// newSlotPool sets up the run's slot processes: program, or autoplay's own
// "slot" command, with the slots' CPUs under --affinity. As a local run's
// preflight does, each slot starts the engines of the game in its place
// in the schedule before any game, and the engines no such game plays are
// shared out among the slots to be started once.
func (r *run) newSlotPool(program []string, todo []scheduledGame, slots int) (*slotPool, error) {
	if len(program) == 0 {
		exe, err := os.Executable()
		if err != nil {
			return nil, fmt.Errorf("slot processes: %w", err)
		}
		program = []string{exe, "slot"}
	}
	var firsts [][2]int
	for s := 0; s < slots && s < len(todo); s++ {
		firsts = append(firsts, [2]int{todo[s].white, todo[s].black})
	}
	plans := make([]WarmPlan, slots)
	for s, g := range firsts {
		plans[s].First = g[:]
	}
	for k, i := range uncoveredEngines(r.cfg.Engines, firsts) {
		plans[k%slots].Check = append(plans[k%slots].Check, i)
	}
	started := func(j GameJob) {
		r.out.started(j.Number, r.total(), r.cfg.Engines[j.White].Name, r.cfg.Engines[j.Black].Name)
	}
	return &slotPool{program: program, plans: plans, cpus: r.cpus, warn: r.out.warn, relay: r.relay, cpu: &r.slotCPU, started: started}, nil
}

// slotGrace is how long a stopped slot process has to quit its engines
// before it is killed (its engines die with it: Pdeathsig).
const slotGrace = 3 * time.Second

func (f *slotPool) Play(ctx context.Context, cfg *spec.Config, jobs <-chan GameJob, results chan<- *record.GameRecord, stop <-chan struct{}) error {
	child := *cfg
	child.Affinity = false // the slot process is pinned as a whole
	child.SlotProcesses = false
	cfgJSON, err := spec.MarshalWire(&child)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		select {
		case <-stop:
			cancel()
		case <-ctx.Done():
		}
	}()
	// No slot plays before every slot has started its engines: an engine
	// that cannot start is the run's error before any game.
	var warming sync.WaitGroup
	warming.Add(len(f.plans))
	warm := make(chan struct{})
	go func() {
		warming.Wait()
		close(warm)
	}()
	var wg sync.WaitGroup
	errs := make([]error, len(f.plans))
	stats := make([]slotStats, len(f.plans)) // each slot's last report
	for slot := range f.plans {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer proc.KillOnPanic()
			warmed := sync.OnceFunc(warming.Done)
			defer warmed()
			errs[slot] = f.serve(ctx, slot, cfgJSON, warmed, warm, jobs, results, &stats[slot])
			if errs[slot] != nil {
				cancel() // one slot's failure is the run's; before warmed, so no slot starts a game
			}
		}()
	}
	wg.Wait()
	if f.relay != nil {
		for _, st := range stats {
			f.relay.AddBuckets(st.Buckets)
			*f.cpu += st.CPU
		}
	}
	for _, err := range errs {
		if err != nil {
			return err // the first slot's: the others' are usually the same
		}
	}
	return nil
}

// maxSlotRestarts is how many times in a row a slot process that dies in
// the middle of a game is started again (the game played again) before
// the run ends with its error, as an engine that keeps failing to start.
const maxSlotRestarts = 3

// errSlotEnded marks a slot process that ended or broke off, as opposed to
// one that reported an error of the run (slotEnded carries it).
var errSlotEnded = errors.New("slot process ended")

// errSlotPaused marks a game whose slot process was stopped (SIGSTOP,
// SIGTSTP) while it played: the engines thought on while the slot's
// clocks ran, so the game is void and played again.
var errSlotPaused = errors.New("its game is void")

type slotEnded struct{ error }

func (slotEnded) Is(target error) bool { return target == errSlotEnded }

// serve runs one slot process and feeds it games until jobs run out or ctx
// ends. A slot process that dies in a game is started again and the game
// played again, nothing of it recorded or charged, up to maxSlotRestarts
// times in a row.
func (f *slotPool) serve(ctx context.Context, slot int, cfgJSON []byte, warmed func(), warm <-chan struct{}, jobs <-chan GameJob, results chan<- *record.GameRecord, stats *slotStats) error {
	p, frames, err := f.startWarm(ctx, slot, cfgJSON, f.plans[slot])
	defer func() {
		if p != nil {
			p.stop()
		}
	}()
	for restarts := 0; err != nil && errors.Is(err, errSlotEnded) && ctx.Err() == nil && restarts < maxSlotRestarts; restarts++ {
		f.warn(fmt.Sprintf("%v: started again (%d of %d in a row)", err, restarts+1, maxSlotRestarts))
		if p != nil {
			p.stop()
		}
		p, frames, err = f.startWarm(ctx, slot, cfgJSON, f.plans[slot])
	}
	if p == nil || err != nil {
		return err
	}
	warmed()
	select {
	case <-warm:
	case <-ctx.Done():
		return nil
	}
	if ctx.Err() != nil {
		return nil // another slot failed to warm up
	}
	restarts := 0
	for {
		var job GameJob
		var ok bool
		select {
		case job, ok = <-jobs:
		case <-ctx.Done():
			return nil
		}
		if !ok {
			return nil
		}
		if f.started != nil {
			f.started(job)
		}
		rec, err := f.play(ctx, p, frames, job, stats)
		for err != nil && (errors.Is(err, errSlotEnded) || errors.Is(err, errSlotPaused)) && ctx.Err() == nil && restarts < maxSlotRestarts {
			restarts++
			if errors.Is(err, errSlotPaused) {
				f.warn(fmt.Sprintf("%v; the game is played again, nothing of it counted (%d of %d in a row)", err, restarts, maxSlotRestarts))
				rec, err = f.play(ctx, p, frames, job, stats)
				continue
			}
			f.warn(fmt.Sprintf("%v: started again (%d of %d in a row); game %d is played again", err, restarts, maxSlotRestarts, job.Number))
			f.retire(stats)
			p.stop()
			p, frames, err = f.startWarm(ctx, slot, cfgJSON, WarmPlan{First: []int{job.White, job.Black}})
			if err == nil && p != nil {
				rec, err = f.play(ctx, p, frames, job, stats)
			}
		}
		if rec == nil || err != nil {
			return err
		}
		restarts = 0
		select {
		case results <- rec:
		case <-ctx.Done():
			return nil
		}
	}
}

// startWarm starts a slot process, gives it the run's config and has it
// start the engines of plan; a nil process without an error means the run
// stopped first.
func (f *slotPool) startWarm(ctx context.Context, slot int, cfgJSON []byte, plan WarmPlan) (*slotProcess, chan slotFrame, error) {
	p, err := f.start(slot)
	if err != nil {
		return nil, nil, err
	}
	// Frames from the slot process come through a goroutine, so that a
	// stop does not wait for a game to end.
	frames := make(chan slotFrame)
	go p.readFrames(frames)
	if err := writeFrame(p.in, frameConfig, cfgJSON); err != nil {
		return p, frames, p.failure(err)
	}
	start, err := json.Marshal(slotStart{Plan: plan, Stats: f.relay != nil})
	if err != nil {
		return p, frames, err
	}
	if err := writeFrame(p.in, frameWarm, start); err != nil {
		return p, frames, p.failure(err)
	}
	fr, err := f.await(ctx, p, frames, frameReady)
	if fr == nil && err == nil {
		p.stop()
		return nil, nil, nil
	}
	return p, frames, err
}

// play has the slot process play job and returns its record (and, with
// runner stats, its report); nil without an error means the run stopped.
func (f *slotPool) play(ctx context.Context, p *slotProcess, frames <-chan slotFrame, job GameJob, stats *slotStats) (*record.GameRecord, error) {
	data, err := json.Marshal(job)
	if err != nil {
		return nil, err
	}
	pauses := p.child.Pauses()
	if err := writeFrame(p.in, frameJob, data); err != nil {
		return nil, p.failure(err)
	}
	fr, err := f.await(ctx, p, frames, frameRecord)
	if fr == nil || err != nil {
		return nil, err
	}
	rec, err := UnmarshalRecord(fr)
	if err != nil {
		return nil, fmt.Errorf("slot process %d: %w", p.slot+1, err)
	}
	if f.relay != nil {
		fr, err := f.await(ctx, p, frames, frameStats)
		if fr == nil || err != nil {
			return nil, err
		}
		if err := json.Unmarshal(fr, stats); err != nil {
			return nil, fmt.Errorf("slot process %d: stats: %w", p.slot+1, err)
		}
	}
	if p.child.Pauses() != pauses {
		return nil, fmt.Errorf("slot process %d was stopped by a signal during game %d (its clocks ran on while its engines could not be heard): %w", p.slot+1, job.Number, errSlotPaused)
	}
	return rec, nil
}

// retire counts the runner stats of a slot process that is being replaced:
// its successor reports from zero.
func (f *slotPool) retire(stats *slotStats) {
	if f.relay == nil {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.relay.AddBuckets(stats.Buckets)
	*f.cpu += stats.CPU
	*stats = slotStats{}
}

// await waits for a frame of the kind wanted, passing warnings on, and
// gives its payload; nil without an error means the run stopped first.
func (f *slotPool) await(ctx context.Context, p *slotProcess, frames <-chan slotFrame, want byte) ([]byte, error) {
	for {
		select {
		case fr, ok := <-frames:
			if !ok {
				return nil, p.failure(p.readErr)
			}
			switch fr.kind {
			case want:
				return fr.payload, nil
			case frameWarning:
				f.warn(string(fr.payload))
			case frameError:
				return nil, errors.New(string(fr.payload))
			default:
				return nil, fmt.Errorf("slot process %d: unexpected frame %q", p.slot+1, fr.kind)
			}
		case <-ctx.Done():
			return nil, nil
		}
	}
}

type slotFrame struct {
	kind    byte
	payload []byte
}

// slotProcess is one running slot process.
type slotProcess struct {
	slot    int
	child   *proc.Child
	in      *bufio.Writer
	out     *bufio.Reader
	stderr  *tailBuffer
	readErr error         // why frames closed; read after it is closed
	quit    chan struct{} // closed by stop: frames are no longer read
	read    chan struct{} // closed when frames are read to the end
	exited  chan struct{} // closed once the process is reaped
}

func (f *slotPool) start(slot int) (*slotProcess, error) {
	stderr := &tailBuffer{max: 4 << 10}
	var cpus *proc.CPUSet
	if slot < len(f.cpus) {
		cpus = &f.cpus[slot]
	}
	child, err := proc.StartChild(f.program, stderr, cpus)
	if err != nil {
		return nil, fmt.Errorf("slot process %d: %w", slot+1, err)
	}
	p := &slotProcess{slot: slot, child: child, in: bufio.NewWriter(child.Stdin), out: bufio.NewReader(child.Stdout), stderr: stderr,
		quit: make(chan struct{}), read: make(chan struct{}), exited: make(chan struct{})}
	go func() {
		// Reaped only once its output is read: Wait closes the pipe, and
		// the last frames may say why it stopped.
		<-p.read
		child.Wait()
		close(p.exited)
	}()
	return p, nil
}

func (p *slotProcess) readFrames(frames chan<- slotFrame) {
	defer close(p.read)
	defer close(frames)
	for {
		kind, payload, err := readFrame(p.out)
		if err != nil {
			p.readErr = err
			return
		}
		select {
		case frames <- slotFrame{kind, payload}:
		case <-p.quit:
			return
		}
	}
}

// failure describes a slot process that broke off: how it ended and its
// last words.
func (p *slotProcess) failure(err error) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, syscall.EPIPE) {
		timer := time.NewTimer(slotGrace)
		defer timer.Stop()
		select {
		case <-p.exited:
			err = fmt.Errorf("ended (%s)", p.child.ExitState())
		case <-timer.C:
			err = errors.New("stopped talking")
		}
	}
	if tail := p.stderr.String(); tail != "" {
		return slotEnded{fmt.Errorf("slot process %d: %v: %s", p.slot+1, err, tail)}
	}
	return slotEnded{fmt.Errorf("slot process %d: %v", p.slot+1, err)}
}

// stop closes the slot process's input, which is its stop, gives it
// slotGrace to quit its engines, then kills it, and reaps it.
func (p *slotProcess) stop() {
	close(p.quit)
	p.child.Stdin.Close()
	timer := time.NewTimer(slotGrace)
	defer timer.Stop()
	select {
	case <-p.exited:
	case <-timer.C:
		p.child.Kill()
		<-p.exited
	}
}

// tailBuffer keeps the last bytes written to it: a slot process's stderr,
// for the error that says why it stopped.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (t *tailBuffer) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, b...)
	if over := len(t.b) - t.max; over > 0 {
		t.b = append(t.b[:0], t.b[over:]...)
	}
	return len(b), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.b)
}
