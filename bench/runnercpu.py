#!/usr/bin/env python3
"""Run a command and report its own CPU time, not its engines'.

The command is left a zombie (waitid with WNOWAIT) so that /proc/PID/stat can
still be read: utime and stime there are the process's own, while its
engines' time goes to cutime and cstime. The slot processes of a run with
--slot-processes (its children running "autoplay slot") are the runner too:
their own times are read every 10 ms while they live, the last reading
kept. Peak memory: the runner's VmHWM (read every 10 ms while it lives) plus
each slot process's last VmHWM; and the largest RssAnon seen in those
readings (slot processes' added), the memory the runner's games cost apart
from the pages of its program file. Prints: wall_s self_cpu_s peak_rss_kb
peak_anon_kb.
The command's output is thrown away, or written (stdout and stderr) to the
file RUNNERCPU_STDOUT names (bench/layouts.sh reads autoplay's Runner: line)."""
import os, subprocess, sys, time

tick = os.sysconf("SC_CLK_TCK")


def own_cpu(pid):
    """utime + stime of pid in seconds, or None once it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / tick  # utime, stime (fields 14, 15)


def slot_children(pid):
    kids = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):  # a child is listed under the thread that forked it
            with open(f"/proc/{pid}/task/{task}/children") as f:
                kids += f.read().split()
    except OSError:
        return []
    out = []
    for kid in kids:
        try:
            with open(f"/proc/{kid}/cmdline", "rb") as f:
                args = f.read().split(b"\0")
        except OSError:
            continue
        if len(args) > 1 and args[1] == b"slot":
            out.append(kid)
    return out


def peak_kb(pid):
    """(VmHWM, RssAnon) of pid in kB, or (None, None) once it is gone (or a zombie)."""
    hwm = anon = None
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    hwm = int(line.split()[1])
                elif line.startswith("RssAnon:"):
                    anon = int(line.split()[1])
    except OSError:
        pass
    return hwm, anon


start = time.perf_counter()
stdout_path = os.environ.get("RUNNERCPU_STDOUT")
stdout = open(stdout_path, "w") if stdout_path else subprocess.DEVNULL
p = subprocess.Popen(sys.argv[1:], stdout=stdout, stderr=subprocess.STDOUT if stdout_path else subprocess.DEVNULL)
slots = {}
slot_peaks = {}
slot_anon = {}
runner_peak = runner_anon = 0
while True:
    info = os.waitid(os.P_PID, p.pid, os.WEXITED | os.WNOWAIT | os.WNOHANG)
    if info is not None:
        break
    hwm, anon = peak_kb(p.pid)
    runner_peak = max(runner_peak, hwm or 0)
    runner_anon = max(runner_anon, anon or 0)
    for kid in slot_children(p.pid):
        cpu = own_cpu(kid)
        if cpu is not None:
            slots[kid] = cpu
        hwm, anon = peak_kb(kid)
        if hwm is not None:
            slot_peaks[kid] = hwm
            slot_anon[kid] = max(slot_anon.get(kid, 0), anon or 0)
    time.sleep(0.01)
wall = time.perf_counter() - start
cpu = own_cpu(p.pid) + sum(slots.values())
p.wait()
print(f"{wall:.3f} {cpu:.3f} {runner_peak + sum(slot_peaks.values())} {runner_anon + sum(slot_anon.values())}")
