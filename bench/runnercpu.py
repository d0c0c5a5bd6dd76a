#!/usr/bin/env python3
"""Run a command and report its own CPU time, not its children's.

The command is left a zombie (waitid with WNOWAIT) so that /proc/PID/stat can
still be read: utime and stime there are the process's own, while its
engines' time goes to cutime and cstime. Prints: wall_s self_cpu_s."""
import os, subprocess, sys, time

start = time.perf_counter()
p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
os.waitid(os.P_PID, p.pid, os.WEXITED | os.WNOWAIT)
wall = time.perf_counter() - start
with open(f"/proc/{p.pid}/stat") as f:
    fields = f.read().rsplit(")", 1)[1].split()
tick = os.sysconf("SC_CLK_TCK")
cpu = (int(fields[11]) + int(fields[12])) / tick  # utime, stime (fields 14, 15)
p.wait()
print(f"{wall:.3f} {cpu:.3f}")
