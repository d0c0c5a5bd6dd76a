// Package runfile reads YAML run files (autoplay run FILE) into a
// spec.Config, with flags given over the file's keys and errors that name
// the file, line and column. It is the one package of autoplay that links
// the YAML library, whose package init every process linking it pays: only
// the commands that read run files import it (and the lean build hands
// those to autoplay-full), not --help, the built-in engine or a slot
// process. The key=value readers it shares with the flags are parse's.
package runfile
