package syzygy

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"syscall"
)

// wdlMagic starts every WDL table file.
var wdlMagic = []byte{0x71, 0xe8, 0x23, 0x5d}

// errCorrupt is wrapped with what was wrong; a table that fails to load
// is never probed.
var errCorrupt = errors.New("corrupt table")

// Per-subtable flags.
const (
	flagSingleValue = 128
)

// pairsData is one compressed subtable: one side to move and, for tables
// with pawns, one file of the leading pawn.
type pairsData struct {
	flags       byte
	pieces      [8]int // piece codes (chess.Piece values) in encoding order
	groupLen    [8]int // zero-terminated
	groupIdx    [8]uint64
	sizeofBlock uint64
	span        uint64
	numBlocks   uint64
	minSymLen   int
	maxSymLen   int
	lowestSym   []byte // 2 bytes a length, little endian
	base64      []uint64
	symlen      []int
	btree       []byte // 3 bytes a symbol
	sparseIndex []byte // 6 bytes an entry
	sparseSize  uint64
	blockLength []byte // 2 bytes a block
	blockLenN   uint64
	data        []byte
	tbSize      uint64
}

// table is one material signature's WDL file, parsed when first probed.
type table struct {
	name       string
	path       string
	pieceCount int
	hasPawns   bool
	unique     bool   // some piece other than a king is alone of its kind
	pawnCount  [2]int // leading colour's pawns, the other's
	symmetric  bool   // the same material on both sides
	mapped     []byte
	sub        [2][4]*pairsData // [side][file]
}

// load maps the file and parses its headers; errors name the file.
func (t *table) load() error {
	f, err := os.Open(t.path)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	if st.Size() < 16 || st.Size()%64 != 16 {
		return fmt.Errorf("%s: %w: size %d is not 16 plus a multiple of 64", t.path, errCorrupt, st.Size())
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(st.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return fmt.Errorf("%s: mmap: %w", t.path, err)
	}
	if string(data[:4]) != string(wdlMagic) {
		syscall.Munmap(data)
		return fmt.Errorf("%s: %w: not a Syzygy WDL table", t.path, errCorrupt)
	}
	t.mapped = data
	if err := t.parse(data[4:]); err != nil {
		syscall.Munmap(data)
		t.mapped = nil
		return fmt.Errorf("%s: %w: %v", t.path, errCorrupt, err)
	}
	return nil
}

// reader walks the table headers, failing (not panicking) past the end.
type reader struct {
	b   []byte
	off int
	err error
}

func (r *reader) need(n int) bool {
	if r.err == nil && (n < 0 || r.off+n > len(r.b)) {
		r.err = errors.New("headers run past the end of the file")
	}
	return r.err == nil
}

func (r *reader) byte() byte {
	if !r.need(1) {
		return 0
	}
	r.off++
	return r.b[r.off-1]
}

func (r *reader) bytes(n int) []byte {
	if !r.need(n) {
		return nil
	}
	r.off += n
	return r.b[r.off-n : r.off]
}

func (t *table) parse(b []byte) error {
	r := &reader{b: b}
	flags := r.byte()
	if (flags&2 != 0) != t.hasPawns {
		return errors.New("pawn flag does not match the file name")
	}
	if (flags&1 != 0) == t.symmetric {
		return errors.New("side flag does not match the file name")
	}
	sides := 2
	if t.symmetric {
		sides = 1
	}
	files := 1
	if t.hasPawns {
		files = 4
	}
	pp := t.hasPawns && t.pawnCount[1] > 0
	for f := 0; f < files; f++ {
		for i := 0; i < sides; i++ {
			t.sub[i][f] = &pairsData{}
		}
		o := r.byte()
		order := [2][2]int{{int(o & 0xF), 0xF}, {int(o >> 4), 0xF}}
		if pp {
			o2 := r.byte()
			order[0][1], order[1][1] = int(o2&0xF), int(o2>>4)
		}
		for k := 0; k < t.pieceCount; k++ {
			v := r.byte()
			for i := 0; i < sides; i++ {
				if i == 0 {
					t.sub[i][f].pieces[k] = int(v & 0xF)
				} else {
					t.sub[i][f].pieces[k] = int(v >> 4)
				}
			}
		}
		for i := 0; i < sides; i++ {
			if err := t.setGroups(t.sub[i][f], order[i], f); err != nil {
				return err
			}
		}
	}
	r.off += r.off & 1 // word alignment (relative to the file start after the magic: even)
	for f := 0; f < files; f++ {
		for i := 0; i < sides; i++ {
			if err := setSizes(t.sub[i][f], r); err != nil {
				return err
			}
		}
	}
	for f := 0; f < files; f++ {
		for i := 0; i < sides; i++ {
			d := t.sub[i][f]
			d.sparseIndex = r.bytes(int(d.sparseSize) * 6)
		}
	}
	for f := 0; f < files; f++ {
		for i := 0; i < sides; i++ {
			d := t.sub[i][f]
			d.blockLength = r.bytes(int(d.blockLenN) * 2)
		}
	}
	for f := 0; f < files; f++ {
		for i := 0; i < sides; i++ {
			d := t.sub[i][f]
			// 64-byte alignment, counted from the start of the file.
			abs := r.off + 4
			r.off += (64 - abs%64) % 64
			d.data = r.bytes(int(d.numBlocks * d.sizeofBlock))
		}
	}
	return r.err
}

// setGroups works out how the pieces of a subtable group into the index.
func (t *table) setGroups(d *pairsData, order [2]int, file int) error {
	n := 0
	firstLen := 2
	switch {
	case t.hasPawns:
		firstLen = 0
	case t.unique:
		firstLen = 3
	}
	d.groupLen[0] = 1
	for i := 1; i < t.pieceCount; i++ {
		firstLen--
		if firstLen > 0 || d.pieces[i] == d.pieces[i-1] {
			d.groupLen[n]++
		} else {
			n++
			d.groupLen[n] = 1
		}
	}
	n++
	d.groupLen[n] = 0
	pp := t.hasPawns && t.pawnCount[1] > 0
	next := 1
	if pp {
		next = 2
	}
	free := 64 - d.groupLen[0]
	if pp {
		free -= d.groupLen[1]
	}
	idx := uint64(1)
	for k := 0; next < n || k == order[0] || k == order[1]; k++ {
		if k > 16 {
			return errors.New("bad group order")
		}
		switch {
		case k == order[0]:
			d.groupIdx[0] = idx
			switch {
			case t.hasPawns:
				if d.groupLen[0] > 5 {
					return errors.New("too many leading pawns")
				}
				idx *= leadPawnsSize[d.groupLen[0]][file]
			case t.unique:
				idx *= 31332
			default:
				idx *= 462
			}
		case k == order[1]:
			d.groupIdx[1] = idx
			idx *= binomial[d.groupLen[1]][48-d.groupLen[0]]
		default:
			if next >= 7 || d.groupLen[next] > 6 || free < 0 {
				return errors.New("bad groups")
			}
			d.groupIdx[next] = idx
			idx *= binomial[d.groupLen[next]][free]
			free -= d.groupLen[next]
			next++
		}
	}
	d.groupIdx[n] = idx
	d.tbSize = idx
	return nil
}

// setSizes reads a subtable's compression header: block geometry and the
// canonical Huffman code of its symbols.
func setSizes(d *pairsData, r *reader) error {
	d.flags = r.byte()
	if d.flags&flagSingleValue != 0 {
		d.minSymLen = int(r.byte()) // the single value
		return r.err
	}
	d.sizeofBlock = 1 << r.byte()
	d.span = 1 << r.byte()
	if d.span == 0 || d.sizeofBlock > 1<<20 {
		return errors.New("bad block geometry")
	}
	d.sparseSize = (d.tbSize + d.span - 1) / d.span
	padding := uint64(r.byte())
	nb := r.bytes(4)
	if nb == nil {
		return r.err
	}
	d.numBlocks = uint64(binary.LittleEndian.Uint32(nb))
	d.blockLenN = d.numBlocks + padding
	d.maxSymLen = int(r.byte())
	d.minSymLen = int(r.byte())
	if d.maxSymLen < d.minSymLen || d.maxSymLen > 32 {
		return errors.New("bad symbol lengths")
	}
	n := d.maxSymLen - d.minSymLen + 1
	d.lowestSym = r.bytes(2 * n)
	if d.lowestSym == nil {
		return r.err
	}
	d.base64 = make([]uint64, n)
	for i := n - 2; i >= 0; i-- {
		d.base64[i] = (d.base64[i+1] + uint64(sym(d.lowestSym, i)) - uint64(sym(d.lowestSym, i+1))) / 2
	}
	for i := range d.base64 {
		d.base64[i] <<= uint(64 - i - d.minSymLen)
	}
	cnt := r.bytes(2)
	if cnt == nil {
		return r.err
	}
	nsym := int(binary.LittleEndian.Uint16(cnt))
	d.btree = r.bytes(3 * nsym)
	if d.btree == nil {
		return r.err
	}
	r.off += nsym & 1
	d.symlen = make([]int, nsym)
	visited := make([]bool, nsym)
	for s := 0; s < nsym; s++ {
		if !visited[s] {
			l, err := d.setSymlen(s, visited, 0)
			if err != nil {
				return err
			}
			d.symlen[s] = l
		}
	}
	return r.err
}

func sym(b []byte, i int) uint16 { return binary.LittleEndian.Uint16(b[2*i:]) }

func (d *pairsData) left(s int) int {
	b := d.btree[3*s:]
	return int(b[1]&0xF)<<8 | int(b[0])
}

func (d *pairsData) right(s int) int {
	b := d.btree[3*s:]
	return int(b[2])<<4 | int(b[1]>>4)
}

func (d *pairsData) setSymlen(s int, visited []bool, depth int) (int, error) {
	visited[s] = true
	sr := d.right(s)
	if sr == 0xFFF {
		return 0, nil
	}
	sl := d.left(s)
	if sl >= len(d.symlen) || sr >= len(d.symlen) || depth > 4096 {
		return 0, errors.New("bad symbol tree")
	}
	for _, c := range [2]int{sl, sr} {
		if !visited[c] {
			l, err := d.setSymlen(c, visited, depth+1)
			if err != nil {
				return 0, err
			}
			d.symlen[c] = l
		}
	}
	return d.symlen[sl] + d.symlen[sr] + 1, nil
}

// decompress returns the value stored at idx.
func (d *pairsData) decompress(idx uint64) (int, error) {
	if d.flags&flagSingleValue != 0 {
		return d.minSymLen, nil
	}
	k := idx / d.span
	if 6*k+6 > uint64(len(d.sparseIndex)) {
		return 0, errCorrupt
	}
	e := d.sparseIndex[6*k:]
	block := uint64(binary.LittleEndian.Uint32(e))
	offset := int64(binary.LittleEndian.Uint16(e[4:]))
	offset += int64(idx%d.span) - int64(d.span/2)
	blockLen := func(b uint64) (int64, bool) {
		if 2*b+2 > uint64(len(d.blockLength)) {
			return 0, false
		}
		return int64(binary.LittleEndian.Uint16(d.blockLength[2*b:])), true
	}
	for offset < 0 {
		if block == 0 {
			return 0, errCorrupt
		}
		block--
		l, ok := blockLen(block)
		if !ok {
			return 0, errCorrupt
		}
		offset += l + 1
	}
	for {
		l, ok := blockLen(block)
		if !ok {
			return 0, errCorrupt
		}
		if offset <= l {
			break
		}
		offset -= l + 1
		block++
	}
	start := block * d.sizeofBlock
	if start+d.sizeofBlock > uint64(len(d.data)) {
		return 0, errCorrupt
	}
	ptr := d.data[start : start+d.sizeofBlock]
	pos := 0
	read32 := func() uint64 {
		if pos+4 > len(ptr) {
			pos += 4
			return 0
		}
		v := uint64(binary.BigEndian.Uint32(ptr[pos:]))
		pos += 4
		return v
	}
	buf64 := read32()<<32 | read32()
	bufSize := 64
	var s int
	for {
		l := 0
		for l+1 < len(d.base64) && buf64 < d.base64[l] {
			l++
		}
		if buf64 < d.base64[l] {
			return 0, errCorrupt
		}
		s = int((buf64-d.base64[l])>>uint(64-l-d.minSymLen)) + int(sym(d.lowestSym, l))
		if s >= len(d.symlen) {
			return 0, errCorrupt
		}
		if offset < int64(d.symlen[s])+1 {
			break
		}
		offset -= int64(d.symlen[s]) + 1
		l += d.minSymLen
		buf64 <<= uint(l)
		bufSize -= l
		if bufSize <= 32 {
			bufSize += 32
			buf64 |= read32() << uint(64-bufSize)
		}
		if pos > len(ptr)+8 {
			return 0, errCorrupt
		}
	}
	for d.symlen[s] != 0 {
		left := d.left(s)
		if offset < int64(d.symlen[left])+1 {
			s = left
		} else {
			offset -= int64(d.symlen[left]) + 1
			s = d.right(s)
		}
		if s >= len(d.symlen) {
			return 0, errCorrupt
		}
	}
	return d.left(s), nil
}

func unmap(b []byte) { syscall.Munmap(b) }
