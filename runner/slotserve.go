package runner

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/autoplay/autoplay/runner/spec"
)

// ServeSlot is the slot process's side of --slot-processes: it reads the
// run's config, then plays the games it is sent one at a time, writing
// each record back, with its engines kept between games. Its input closing
// is the run's stop: the game in play is abandoned, not recorded, and its
// engines are quit before ServeSlot returns.
func ServeSlot(ctx context.Context, in io.Reader, out io.Writer) error {
	br, bw := bufio.NewReader(in), bufio.NewWriter(out)
	var mu sync.Mutex // warnings come from the engines' goroutines too
	send := func(kind byte, payload []byte) error {
		mu.Lock()
		defer mu.Unlock()
		return writeFrame(bw, kind, payload)
	}
	kind, payload, err := readFrame(br)
	if err != nil || kind != frameConfig {
		return fmt.Errorf("slot process: no config first (%v)", err)
	}
	cfg, err := spec.UnmarshalWire(payload)
	if err != nil {
		return fmt.Errorf("slot process: %w", err)
	}
	player, err := NewPlayer(*cfg, func(msg string) { send(frameWarning, []byte(msg)) })
	if err != nil {
		send(frameError, []byte(err.Error()))
		return err
	}
	defer player.Close()
	kind, payload, err = readFrame(br)
	var start slotStart
	if err != nil || kind != frameWarm || json.Unmarshal(payload, &start) != nil {
		return fmt.Errorf("slot process: no warm-up plan after the config (%v)", err)
	}
	var relay *RelayStats
	if start.Stats {
		relay = &RelayStats{}
		player.r.relay = relay
	}
	if err := player.Warm(ctx, start.Plan); err != nil {
		send(frameError, []byte(err.Error()))
		return err
	}
	if err := send(frameReady, []byte{}); err != nil {
		return err
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan GameJob)
	readErr := make(chan error, 1)
	go func() {
		// Reads ahead of the games, so that EOF stops the game in play.
		defer cancel()
		defer close(jobs)
		for {
			kind, payload, err := readFrame(br)
			if err != nil {
				if !errors.Is(err, io.EOF) {
					readErr <- err
				}
				return
			}
			var job GameJob
			if kind != frameJob || json.Unmarshal(payload, &job) != nil {
				readErr <- fmt.Errorf("slot process: expected a job, got frame %q", kind)
				return
			}
			select {
			case jobs <- job:
			case <-ctx.Done():
				return
			}
		}
	}()
	for job := range jobs {
		rec, err := player.Play(ctx, job)
		if ctx.Err() != nil {
			break // stopped: nothing of this game is recorded
		}
		if err != nil {
			send(frameError, []byte(err.Error()))
			return err
		}
		data, err := MarshalRecord(rec)
		if err != nil {
			return err
		}
		if err := send(frameRecord, data); err != nil {
			return err
		}
		if relay != nil {
			stats, _ := json.Marshal(slotStatsOf(relay))
			if err := send(frameStats, stats); err != nil {
				return err
			}
		}
		if cfg.Wait > 0 && !player.r.pause(ctx, cfg.Wait) {
			break
		}
	}
	select {
	case err := <-readErr:
		return err
	default:
		return nil
	}
}
