package runner

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/autoplay/autoplay/pgn"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/sample"
)

// recordFile is an output that finished games are appended to, a whole
// record at a time: the PGN, the EPD, the games' JSON lines, the samples.
type recordFile struct {
	flag, path string
	f          *os.File
}

// record appends a finished game to every output, the PGN first, each
// record in one write, before it is reported. A write that fails takes the
// game back from every output it reached (the files are cut back to their
// sizes before it), so that the outputs and the printed score agree: the
// game is not counted, and the error names the output that failed.
//
// It returns the game as written to the PGN, or as built for a watcher
// (needPGN) when no PGN is written; nil when neither needs one.
// The samples are drawn from the run's seed.
func (o *outputs) record(rec *record.GameRecord, out *spec.Outputs, seed uint64, needPGN bool) (*pgn.Game, error) {
	var g *pgn.Game
	if o.pgn != nil || o.jsonl != nil || needPGN {
		var err error
		if g, err = rec.PGN(out); err != nil {
			return nil, err
		}
	}
	var jsonLine, samples []byte
	if o.jsonl != nil {
		// Before the PGN is trimmed: the line wants every move's SAN.
		jsonLine = rec.JSONLine(g, out.MoveFields)
	}
	if o.samples != nil {
		var err error
		if samples, err = sample.Lines(rec, out.Sample, seed); err != nil {
			return nil, fmt.Errorf("sample: %w", err)
		}
	}
	if o.pgn != nil {
		if out.PGNMinimal {
			record.MinimalPGN(g)
		}
		o.buf = g.AppendTo(o.buf[:0])
	}
	writes := []struct {
		to   *recordFile
		data []byte
	}{{o.pgn, o.buf}, {o.jsonl, jsonLine}, {o.epd, []byte(rec.EPDLine())}, {o.samples, samples}}
	var done []*recordFile
	sizes := make([]int64, 0, len(writes))
	for _, w := range writes {
		if w.to == nil || len(w.data) == 0 {
			continue
		}
		size := w.to.size()
		done, sizes = append(done, w.to), append(sizes, size)
		if _, err := w.to.f.Write(w.data); err != nil {
			return nil, takeBack(rec.Number, w.to, err, done, sizes)
		}
	}
	return g, nil
}

// size is the file's length before a record is appended; -1 for a FIFO
// or a device, which cannot be cut back.
func (r *recordFile) size() int64 {
	fi, err := r.f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return -1
	}
	return fi.Size()
}

// takeBack cuts every output a game reached back to its size before it.
func takeBack(game int, failed *recordFile, err error, files []*recordFile, sizes []int64) error {
	why := unwrapPath(err)
	if errors.Is(err, os.ErrDeadlineExceeded) {
		why = fmt.Errorf("its reader took nothing for %v after the run was stopped", stopGrace)
	}
	msg := fmt.Sprintf("%s: game %d could not be written (%v)", outputName(failed.flag, failed.path), game, why)
	var kept, streams []string
	for i, f := range files {
		if sizes[i] < 0 {
			streams = append(streams, f.flag)
		} else if terr := f.f.Truncate(sizes[i]); terr != nil {
			kept = append(kept, f.flag)
		}
	}
	switch {
	case len(kept) > 0:
		return fmt.Errorf("%s; it could not be taken back from %s either (a resume cuts it off)", msg, strings.Join(kept, ", "))
	case len(streams) > 0:
		return fmt.Errorf("%s; it was taken back from the files it had reached, not from %s, which cannot be", msg, strings.Join(streams, ", "))
	}
	return fmt.Errorf("%s, so it was taken back from every output it had reached: they all hold the same games", msg)
}

// cutPartialRecord cuts the file back to its last whole line: a record a
// kill or a full disk cut short, which a run appending to it would
// otherwise glue to its next one. The PGN's own is cut by resume.
func (r *recordFile) cutPartialRecord(warn func(string)) error {
	fi, err := r.f.Stat()
	if err != nil || !fi.Mode().IsRegular() || fi.Size() == 0 {
		return err
	}
	whole, err := lastLineEnd(r.path, fi.Size())
	if err != nil {
		return fmt.Errorf("%s: %w", outputName(r.flag, r.path), unwrapPath(err))
	}
	if whole == fi.Size() {
		return nil
	}
	if err := r.f.Truncate(whole); err != nil {
		return fmt.Errorf("%s: cannot cut off its partial last record: %w", outputName(r.flag, r.path), unwrapPath(err))
	}
	warn(fmt.Sprintf("%s ended in a partial record (%d bytes, left by a run that was stopped or whose disk was full): cut off", outputName(r.flag, r.path), fi.Size()-whole))
	return nil
}

// lastLineEnd is the length of the file up to its last newline, read
// backwards a block at a time.
func lastLineEnd(path string, size int64) (int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	buf := make([]byte, 64<<10)
	for end := size; end > 0; {
		start := max(0, end-int64(len(buf)))
		n, err := f.ReadAt(buf[:end-start], start)
		if err != nil && !errors.Is(err, io.EOF) {
			return 0, err
		}
		for i := n - 1; i >= 0; i-- {
			if buf[i] == '\n' {
				return start + int64(i) + 1, nil
			}
		}
		end = start
	}
	return 0, nil
}
