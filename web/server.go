// Package web serves the dashboard of a run: its standing, plots of Elo and
// LLR against games played, every running game as a live board, and the
// finished games, from the same binary with nothing fetched at run time.
package web

import (
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/autoplay/autoplay/runner/live"
)

//go:embed static
var static embed.FS

// maxEventsPerSecond bounds the updates pushed to each browser: a run of
// many concurrent games stays light however often they move.
const maxEventsPerSecond = 4

// Server is a running dashboard.
type Server struct {
	http *http.Server
	ln   net.Listener
	live source
	fan  *fanout
	// stop ends the publisher and the event streams (closingCtx):
	// Shutdown waits for open requests, and a stream is never done by itself.
	stop       context.CancelFunc
	closingCtx context.Context
	done       sync.WaitGroup // the publisher
}

// source is what the dashboard reads of a run (a *live.State).
type source interface {
	View() live.View
	Finished(number int) (live.FinishedGame, bool)
	Review(number int) (live.GameReview, bool)
}

// Listen resolves ADDR as --web takes it: a bare port listens on 127.0.0.1.
func Listen(addr string) (net.Listener, error) {
	if _, err := strconv.Atoi(addr); err == nil {
		addr = "127.0.0.1:" + addr
	}
	return net.Listen("tcp", addr)
}

// Loopback says whether ln listens on loopback only.
func Loopback(ln net.Listener) bool {
	a, ok := ln.Addr().(*net.TCPAddr)
	return ok && a.IP.IsLoopback()
}

// Serve serves live's dashboard on ln until Close, to requests for ln's
// address (and localhost's names when it is loopback) or one of names.
func Serve(ln net.Listener, state *live.State, names ...string) *Server {
	return serve(ln, state, names...)
}

func serve(ln net.Listener, live source, names ...string) *Server {
	ctx, stop := context.WithCancel(context.Background())
	s := &Server{ln: ln, live: live, fan: newFanout(), stop: stop, closingCtx: ctx}
	s.done.Go(func() { s.publish(ctx) })
	mux := http.NewServeMux()
	assets, _ := fs.Sub(static, "static")
	mux.Handle("GET /", http.FileServerFS(assets))
	mux.HandleFunc("GET /api/state", s.state)
	mux.HandleFunc("GET /api/events", s.events)
	mux.HandleFunc("GET /api/games/{file}", s.game)
	mux.HandleFunc("GET /api/pgn", s.pgn)
	s.http = &http.Server{Handler: hostsOf(ln, names).guard(mux), ReadHeaderTimeout: 10 * time.Second}
	go s.http.Serve(ln)
	return s
}

// URL is the dashboard's address.
func (s *Server) URL() string { return "http://" + s.ln.Addr().String() + "/" }

// Close stops serving; open event streams end.
func (s *Server) Close() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	s.stop()
	s.http.Shutdown(ctx)
	s.http.Close()
	s.done.Wait()
}

// state answers one request with the state as it is now: a caller that
// asks after a change (the run ended) must see it. The event streams,
// which are many and periodic, share one encoding (fanout.go).
func (s *Server) state(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	if v, ok := s.live.(versioned); ok {
		if f := s.fan.latest.Load(); f.data != nil && f.version == v.Version() {
			w.Write(f.state) // nothing changed since the streams' frame
			return
		}
	}
	json.NewEncoder(w).Encode(s.live.View())
}

// game serves a finished game as PGN (N.pgn) or, for the move-by-move
// viewer, as its moves with their SAN, comments and clocks (N.json, a
// live.GameReview).
func (s *Server) game(w http.ResponseWriter, r *http.Request) {
	file := r.PathValue("file")
	name, ext, _ := strings.Cut(file, ".")
	n, err := strconv.Atoi(name)
	g, ok := s.live.Finished(n)
	if err != nil || !ok {
		http.NotFound(w, r)
		return
	}
	if g.Oversize > 0 && (ext == "pgn" || ext == "json") {
		http.Error(w, fmt.Sprintf("game %d is %d bytes of PGN (%.1f MB), more than the viewer reads of one game (%d MB): it is not shown, and not served cut; its text is in the PGN file (api/pgn)",
			n, g.Oversize, float64(g.Oversize)/(1<<20), live.MaxViewGame>>20), http.StatusRequestEntityTooLarge)
		return
	}
	switch ext {
	case "pgn":
		w.Header().Set("Content-Type", "application/x-chess-pgn")
		w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=game-%d.pgn", n))
		io.WriteString(w, g.PGN)
	case "json":
		review, ok := s.live.Review(n)
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(review)
	default:
		http.NotFound(w, r)
	}
}

// pgn serves the run's whole PGN file.
func (s *Server) pgn(w http.ResponseWriter, r *http.Request) {
	path := s.live.View().Run.PGN
	if path == "" {
		http.NotFound(w, r)
		return
	}
	f, err := os.Open(path)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	w.Header().Set("Content-Type", "application/x-chess-pgn")
	http.ServeContent(w, r, "games.pgn", time.Time{}, f)
}
