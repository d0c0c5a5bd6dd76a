package runner

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/autoplay/autoplay/runner/spec"
)

// outputFile is one file a run writes, as the user named it.
type outputFile struct {
	flag  string // how the user names it: "--json", "engine sf stderr="
	path  string
	kinds fileKinds // what it may be besides a regular file
	why   string    // why it must be a file, for the refusal
}

// fileKinds says what an output may be.
type fileKinds int

const (
	fileOnly     fileKinds = iota // a regular file: the run reads it back or keeps its state beside it
	fileOrDevice                  // also a character device: /dev/null, a terminal
	anyStream                     // also a FIFO or a socket: the lines are written as they come
)

// outputFilesOf lists every file the run writes. The drop-in modes, which
// never resume, may send their PGN and EPD to a FIFO as the tools they
// stand in for do; a run that resumes cuts its records back to whole ones,
// so they must be files (or /dev/null).
func outputFilesOf(c *spec.Outputs, engines []spec.EngineConfig, appendOnly bool) []outputFile {
	const (
		resumes  = "a run resumes from its PGN and keeps its state beside it"
		cut      = "a run that resumes cuts it back to its last whole record, which a FIFO cannot be"
		replaced = "it is replaced whole after every game"
	)
	var files []outputFile
	add := func(flag, path string, kinds fileKinds, why string) {
		if path != "" {
			files = append(files, outputFile{flag, path, kinds, why})
		}
	}
	stream := fileOrDevice
	if appendOnly {
		stream = anyStream
		add("--pgnout", c.PGNOut, anyStream, "")
	} else {
		add("--pgnout", c.PGNOut, fileOnly, resumes)
		if c.PGNOut != "" {
			add("the state file of --pgnout", statePath(c.PGNOut), fileOnly, resumes)
		}
	}
	add("--epdout", c.EPDOut, stream, cut)
	add("--games-jsonl", c.GamesJSONL, fileOrDevice, cut)
	if c.Sample != nil {
		add("--sample file=", c.Sample.File, fileOrDevice, cut)
	}
	add("--json", c.JSONOut, fileOrDevice, replaced)
	add("--log", c.LogFile, anyStream, "")
	for _, e := range engines {
		add("engine "+e.Name+" stderr=", e.StderrFile, fileOrDevice, "the engine writes it itself, and a FIFO read slowly would stall it on its own clock")
	}
	return files
}

// checkOutputFiles refuses, before anything is opened or truncated, an
// output of a kind it may not be and two outputs that are one file: the
// same path, through a symbolic link or a hard link. Engines may share a
// stderr file, and any output may share a terminal or /dev/null.
func checkOutputFiles(files []outputFile) error {
	type resolved struct {
		target string
		fi     fs.FileInfo // nil: not there yet
	}
	seen := make([]resolved, len(files))
	for i, f := range files {
		target := resolvePath(f.path)
		fi, err := os.Stat(target)
		if err != nil {
			fi = nil
		}
		if err := checkKind(f, fi); err != nil {
			return err
		}
		for j, s := range seen[:i] {
			other := files[j]
			same := s.target == target || (fi != nil && s.fi != nil && os.SameFile(fi, s.fi))
			if !same || (fi != nil && fi.Mode()&fs.ModeCharDevice != 0) || (isStderr(f) && isStderr(other)) {
				continue
			}
			if other.path == f.path {
				return fmt.Errorf("%s and %s are both %s: give each output a file of its own", other.flag, f.flag, f.path)
			}
			return fmt.Errorf("%s and %s are the same file: give each output a file of its own", outputName(other.flag, other.path), outputName(f.flag, f.path))
		}
		seen[i] = resolved{target, fi}
	}
	return nil
}

// outputName is an output as the user gave it: "--json out.json",
// "--sample file=s.csv".
func outputName(flag, path string) string {
	if strings.HasSuffix(flag, "=") {
		return flag + path
	}
	return flag + " " + path
}

func isStderr(f outputFile) bool { return strings.HasSuffix(f.flag, " stderr=") }

// checkKind refuses an output that is not of a kind it may be.
func checkKind(f outputFile, fi fs.FileInfo) error {
	if fi == nil || fi.Mode().IsRegular() {
		return nil
	}
	m := fi.Mode()
	switch {
	case m.IsDir():
	case m&fs.ModeCharDevice != 0 && f.kinds >= fileOrDevice:
		return nil
	case m&(fs.ModeNamedPipe|fs.ModeSocket) != 0 && f.kinds >= anyStream:
		return nil
	}
	if f.why == "" {
		return fmt.Errorf("%s is %s: give a file", outputName(f.flag, f.path), describeMode(m))
	}
	return fmt.Errorf("%s is %s: %s, so it must be a file", outputName(f.flag, f.path), describeMode(m), f.why)
}

// resolvePath is the absolute, link-free path of the file path names, the
// file itself possibly not there yet.
func resolvePath(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return filepath.Clean(path)
	}
	target := followLinks(abs)
	if dir, err := filepath.EvalSymlinks(filepath.Dir(target)); err == nil {
		target = filepath.Join(dir, filepath.Base(target))
	}
	return filepath.Clean(target)
}
