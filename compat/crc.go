package compat

import (
	"fmt"
	"hash/crc32"
	"io"
	"os"
)

// pgnCRC is fastchess's running CRC32 of the PGN file (-crc32 pgn=true):
// fastchess prints it after writing each game, before its "Finished game"
// line, over the whole file (what it held before the run too). Only the
// bytes added since the last game are read.
type pgnCRC struct {
	read int64
	sum  uint32
}

// printCRC prints "File F has CRC32: 0x..." for the PGN as it is now, if
// the command line asked for it.
func (inv *Invocation) printCRC(w io.Writer) {
	if !inv.CRC32 || inv.Config.PGNOut == "" {
		return
	}
	if err := inv.crc.update(inv.Config.PGNOut); err != nil {
		fmt.Fprintf(w, "Warning; cannot read %s for its CRC32: %v\n", inv.Config.PGNOut, err)
		return
	}
	fmt.Fprintf(w, "File %s has CRC32: %#x\n", inv.Config.PGNOut, inv.crc.sum)
}

func (c *pgnCRC) update(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if _, err := f.Seek(c.read, io.SeekStart); err != nil {
		return err
	}
	var buf [32 << 10]byte
	for {
		n, err := f.Read(buf[:])
		c.sum = crc32.Update(c.sum, crc32.IEEETable, buf[:n])
		c.read += int64(n)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}
