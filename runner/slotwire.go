package runner

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
)

// The pipe between a run and its slot processes carries frames: a kind
// byte, a 4-byte big-endian length and that many bytes.
const (
	frameConfig  = 'C' // run → slot, first: the run's Config as JSON
	frameWarm    = 'P' // run → slot, second: a slotStart as JSON
	frameReady   = 'K' // slot → run: its engines started, games may come
	frameJob     = 'J' // run → slot: a GameJob as JSON
	frameRecord  = 'R' // slot → run: the finished game (MarshalRecord)
	frameStats   = 'S' // slot → run, after a record when asked: slotStats as JSON
	frameWarning = 'W' // slot → run: a warning for the run's output
	frameError   = 'E' // slot → run: the run cannot go on (Player.Play's error)
)

// maxFrame bounds a frame: a game of thousands of plies with PVs fits many
// times over, and a broken peer cannot make the other side allocate more.
const maxFrame = 64 << 20

func writeFrame(w *bufio.Writer, kind byte, payload []byte) error {
	var head [5]byte
	head[0] = kind
	binary.BigEndian.PutUint32(head[1:], uint32(len(payload)))
	w.Write(head[:])
	w.Write(payload)
	return w.Flush()
}

func readFrame(r *bufio.Reader) (byte, []byte, error) {
	var head [5]byte
	if _, err := io.ReadFull(r, head[:]); err != nil {
		return 0, nil, err
	}
	n := binary.BigEndian.Uint32(head[1:])
	if n > maxFrame {
		return 0, nil, fmt.Errorf("slot process: a frame of %d bytes", n)
	}
	payload := make([]byte, n)
	if _, err := io.ReadFull(r, payload); err != nil {
		return 0, nil, fmt.Errorf("slot process: cut frame: %w", err)
	}
	return head[0], payload, nil
}

// slotStart is what a slot process is told after the config: the engines
// to start before any game, and whether to report its runner stats.
type slotStart struct {
	Plan  WarmPlan `json:"plan"`
	Stats bool     `json:"stats"`
}
