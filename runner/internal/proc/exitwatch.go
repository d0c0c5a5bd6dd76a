package proc

import (
	"sync"

	"golang.org/x/sys/unix"
)

// exits notices the exit of every grouped child with one goroutine: it
// waits in epoll on their pidfds. A goroutine parked on each engine's pidfd
// cost a stack per engine, and with hundreds of games at once the waiting
// goroutines were a fifth of the runner's memory. The goroutine runs while
// something is watched and ends with the last exit, so none outlives the
// games.
var exits exitWatcher

type exitWatcher struct {
	mu       sync.Mutex
	epfd     int // 0 until first used; kept open for the process's life
	watching map[int32]func()
	running  bool
}

// watch calls then, on a goroutine of its own, once process pid has exited
// (left a zombie: it is not reaped). False when pidfds or epoll are missing
// (Linux before 5.3): the caller waits some other way.
func (w *exitWatcher) watch(pid int, then func()) bool {
	fd, err := unix.PidfdOpen(pid, 0)
	if err != nil {
		return false
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.epfd == 0 {
		if w.epfd, err = unix.EpollCreate1(unix.EPOLL_CLOEXEC); err != nil {
			w.epfd = 0
			unix.Close(fd)
			return false
		}
	}
	ev := unix.EpollEvent{Events: unix.EPOLLIN, Fd: int32(fd)}
	if err := unix.EpollCtl(w.epfd, unix.EPOLL_CTL_ADD, fd, &ev); err != nil {
		unix.Close(fd)
		return false
	}
	if w.watching == nil {
		w.watching = map[int32]func(){}
	}
	w.watching[int32(fd)] = then
	if !w.running {
		w.running = true
		go w.loop(w.epfd)
	}
	return true
}

// loop waits for pidfds to turn readable (their process exited) and hands
// each exit to its callback, until nothing is left to watch.
func (w *exitWatcher) loop(epfd int) {
	defer KillOnPanic()
	var ready [32]unix.EpollEvent
	for {
		n, err := unix.EpollWait(epfd, ready[:], -1)
		if err != nil { // EINTR; nothing else is expected of a valid epoll fd
			continue
		}
		w.mu.Lock()
		for _, ev := range ready[:n] {
			if !exited(int(ev.Fd)) {
				continue
			}
			then := w.watching[ev.Fd]
			delete(w.watching, ev.Fd)
			unix.EpollCtl(epfd, unix.EPOLL_CTL_DEL, int(ev.Fd), nil)
			unix.Close(int(ev.Fd))
			go then()
		}
		if len(w.watching) == 0 {
			w.running = false
			w.mu.Unlock()
			return
		}
		w.mu.Unlock()
	}
}

// exited reports whether the process of pidfd has exited, without reaping it.
func exited(pidfd int) bool {
	var info unix.Siginfo
	for {
		err := unix.Waitid(unix.P_PIDFD, pidfd, &info, unix.WEXITED|unix.WNOWAIT|unix.WNOHANG, nil)
		if err == unix.EINTR {
			continue
		}
		return err != nil || info.Signo != 0 // exited (or nothing left to wait for)
	}
}
