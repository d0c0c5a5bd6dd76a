package record

import (
	"encoding/binary"
	"errors"
	"time"

	"github.com/autoplay/autoplay/protocol"
)

// A record's plies cross to the run (from a slot process or a NATS worker)
// in a compact binary form: as JSON they were most of the run's CPU in a
// run with slot processes (~2.5 µs a ply to decode). Field by field:
// the move as text (a castling move's rook file after a slash, as
// protocol.Move.MarshalText), a flags byte, the info, the times.

const plyBook = 1 // flags

func AppendPlies(dst []byte, plies []Ply) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(plies)))
	for i := range plies {
		p := &plies[i]
		var text [12]byte
		t := p.Move.AppendTo(text[:0])
		if p.Move.IsCastling() {
			var kr [8]byte
			t = append(t, '/', p.Move.AppendKingTakesRook(kr[:0])[2])
		}
		dst = appendBytes(dst, t)
		var flags byte
		if p.Book {
			flags |= plyBook
		}
		dst = append(dst, flags)
		in := &p.Info
		dst = append(dst, byte(in.Sent), byte(in.Score.Kind), byte(in.Score.Bound))
		dst = binary.AppendVarint(dst, int64(in.Score.Value))
		dst = binary.AppendVarint(dst, int64(in.Depth))
		dst = binary.AppendVarint(dst, int64(in.SelDepth))
		dst = binary.AppendUvarint(dst, in.Nodes)
		dst = binary.AppendUvarint(dst, in.NPS)
		dst = binary.AppendVarint(dst, int64(in.HashFull))
		dst = binary.AppendUvarint(dst, in.TBHits)
		dst = binary.AppendVarint(dst, int64(in.Time))
		dst = appendBytes(dst, []byte(in.PV()))
		dst = binary.AppendUvarint(dst, uint64(len(in.Lines())))
		for _, l := range in.Lines() {
			dst = appendBytes(dst, []byte(l))
		}
		dst = binary.AppendVarint(dst, int64(p.Elapsed))
		dst = binary.AppendVarint(dst, int64(p.TimeLeft))
	}
	return dst
}

func appendBytes(dst, b []byte) []byte {
	return append(binary.AppendUvarint(dst, uint64(len(b))), b...)
}

var errWirePlies = errors.New("game record: bad plies")

// plyReader reads what appendPlies wrote; the first error sticks.
type plyReader struct {
	b   []byte
	err error
}

func (r *plyReader) uvarint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail()
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *plyReader) varint() int64 {
	v, n := binary.Varint(r.b)
	if n <= 0 {
		r.fail()
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *plyReader) byte() byte {
	if len(r.b) == 0 {
		r.fail()
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

func (r *plyReader) bytes() []byte {
	n := r.uvarint()
	if n > uint64(len(r.b)) {
		r.fail()
		return nil
	}
	b := r.b[:n]
	r.b = r.b[n:]
	return b
}

func (r *plyReader) fail() {
	if r.err == nil {
		r.err = errWirePlies
	}
	r.b = nil
}

func ReadPlies(b []byte) ([]Ply, error) {
	r := plyReader{b: b}
	n := r.uvarint()
	if r.err != nil || n > uint64(len(b)) { // every ply takes bytes: a bad count cannot make us allocate
		return nil, errWirePlies
	}
	plies := make([]Ply, n)
	for i := range plies {
		p := &plies[i]
		if text := r.bytes(); len(text) > 0 {
			if err := p.Move.UnmarshalText(text); err != nil {
				return nil, err
			}
		}
		p.Book = r.byte()&plyBook != 0
		in := &p.Info
		in.Sent = protocol.Fields(r.byte())
		in.Score.Kind, in.Score.Bound = protocol.ScoreKind(r.byte()), protocol.Bound(r.byte())
		in.Score.Value = int(r.varint())
		in.Depth = int32(r.varint())
		in.SelDepth = int32(r.varint())
		in.Nodes = r.uvarint()
		in.NPS = r.uvarint()
		in.HashFull = int32(r.varint())
		in.TBHits = r.uvarint()
		in.Time = time.Duration(r.varint())
		var kept KeptText
		if pv := r.bytes(); len(pv) > 0 {
			kept.PV = string(pv)
		}
		if lines := r.uvarint(); lines > uint64(len(r.b)) {
			r.fail()
		} else if lines > 0 {
			kept.Lines = make([]string, lines)
			for j := range kept.Lines {
				kept.Lines[j] = string(r.bytes())
			}
		}
		if kept.PV != "" || len(kept.Lines) > 0 {
			in.KeptText = &kept
		}
		p.Elapsed = time.Duration(r.varint())
		p.TimeLeft = time.Duration(r.varint())
		if r.err != nil {
			return nil, r.err
		}
	}
	if len(r.b) != 0 {
		return nil, errWirePlies
	}
	return plies, nil
}
