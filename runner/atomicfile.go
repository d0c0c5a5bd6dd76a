package runner

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

func mustJSON(v any) []byte {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		panic(err)
	}
	return append(b, '\n')
}

// writeFileAtomic replaces a file the user named (--json) with data, so
// that a reader (or a crash) sees the old file or the new one, never half
// of either. The user's path is honoured as a path: a symlink is followed
// to its target (the link stays a link), and a target that is not a
// regular file (a device, a FIFO: --json /dev/stdout) is written directly,
// never renamed over. The temporary file is created exclusively, with a
// random name, beside the target, so no link planted at a predictable name
// is ever followed.
func writeFileAtomic(path string, data []byte) error {
	target := followLinks(path)
	if fi, err := os.Stat(target); err == nil && !fi.Mode().IsRegular() {
		return writeDirect(target, data)
	}
	return replaceFile(target, data)
}

// followLinks is the path a chain of symbolic links at path leads to, the
// last one possibly not there yet; path itself when it is no link.
func followLinks(path string) string {
	for range 40 { // as the kernel's own limit on a chain of links
		dest, err := os.Readlink(path)
		if err != nil {
			return path
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(path), dest)
		}
		path = dest
	}
	return path
}

// checkOwnFile refuses a link or anything but a regular file at the name of
// a file autoplay writes itself: it was not put there by autoplay.
func checkOwnFile(path string) error {
	if fi, err := os.Lstat(path); err == nil && !fi.Mode().IsRegular() {
		return fmt.Errorf("%s is %s, not a file autoplay wrote: remove it", path, describeMode(fi.Mode()))
	}
	return nil
}

// writeOwnFile replaces a file autoplay names itself (the state file
// beside a PGN): a link or anything but a regular file found at its name
// was not put there by autoplay, so it is refused, never followed.
func writeOwnFile(path string, data []byte) error {
	if err := checkOwnFile(path); err != nil {
		return err
	}
	return replaceFile(path, data)
}

// replaceFile writes data to a new file in path's directory and renames it
// over path.
func replaceFile(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	err = errors.Join(err, f.Chmod(0o644), f.Close())
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// writeDirect writes data to a device or FIFO as it is, without waiting
// for a FIFO's reader (no reader is an error, not a hang).
func writeDirect(path string, data []byte) error {
	f, err := openNonRegular(path, os.O_WRONLY)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	return errors.Join(err, f.Close())
}

// openNonRegular opens a device or FIFO for writing without blocking at the
// open (a FIFO without a reader fails at once with ENXIO). It stays
// non-blocking: Go's poller waits for room and writes every byte, and a
// write deadline can end the wait for a reader that stopped reading.
func openNonRegular(path string, flag int) (*os.File, error) {
	f, err := os.OpenFile(path, flag|syscall.O_NONBLOCK, 0)
	if err != nil {
		if errors.Is(err, syscall.ENXIO) {
			return nil, fmt.Errorf("%s: a FIFO that nobody reads: start its reader first", path)
		}
		return nil, err
	}
	return f, nil
}

// describeMode names a file type for messages.
func describeMode(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m.IsDir():
		return "a directory"
	}
	return "not a regular file"
}
