#!/usr/bin/env python3
"""The body of `scripts/bench --scaling` (run by it, not by hand).

    scaling.py ARENA SECONDS REPEAT BATTLES JSON_OUT SCENARIO...

For every scenario and every thread count T in 1, 2, 4, ... up to `nproc`:
one process playing on T threads, against T one-thread processes, all at
once (what the hardware gives when nothing is shared). Each side is run
REPEAT times, alternating, and keeps its best, so that a burst of load from
another tenant of the machine does not decide the ratio.

Both sides play for the same SECONDS of wall time: the processes are
released at one moment (each reads its scenario from a FIFO of its own, and
the FIFOs are all filled when every process is waiting on its FIFO) and
interrupted at one moment (SIGINT: arena stops after the battle in hand and
reports the partial run). Runs of a fixed number of battles would end at
different times, and the processes that finish late would play their last
battles on a quieter machine (fewer busy cores, a higher clock) than any
thread of the one process, which ends all its threads together. With
BATTLES not 0, each thread or process plays BATTLES battles instead.

Both sides are timed from inside, by the `run` block each process reports
(battles per second of its battles alone, after reading the file); the
processes side is the sum of their rates. The table goes to stderr;
JSON_OUT (when not empty) gets the rows as JSON.
"""
import errno
import json
import os
import signal
import subprocess
import sys
import tempfile
import time


def start(arena, path, battles, threads, seed):
    return subprocess.Popen(
        [arena, "simulate", path, "-n", str(battles), "--threads", str(threads),
         "--seed", str(seed), "--format", "json", "--no-progress"],
        stdout=subprocess.PIPE)


def rate_of(process):
    out, _ = process.communicate()
    if process.returncode == -signal.SIGINT:
        sys.exit("error: an arena process was interrupted before its run began (reading its "
                 "file took longer than the window): give more SECONDS")
    if process.returncode != 0:
        sys.exit(f"error: arena exited with {process.returncode}")
    return json.loads(out)["run"]["battles_per_second"]


def open_when_read(fifo):
    """Opens FIFO for writing once its reader is waiting on it."""
    while True:
        try:
            fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        except OSError as error:
            if error.errno != errno.ENXIO:
                raise
            time.sleep(0.001)
            continue
        os.set_blocking(fd, True)
        return fd


# More battles than any window plays (the most `--battles` takes).
ENDLESS = 1_000_000_000


def play_together(arena, text, runs, window=0.0):
    """Plays every (battles, threads, seed) of RUNS in its own process, all
    released at the same moment and, with a WINDOW of seconds, all
    interrupted WINDOW seconds later; returns their battles per second."""
    with tempfile.TemporaryDirectory() as folder:
        processes, fifos = [], []
        for k, (battles, threads, seed) in enumerate(runs):
            fifo = os.path.join(folder, f"{k}.json")
            os.mkfifo(fifo)
            fifos.append(fifo)
            processes.append(start(arena, fifo, battles, threads, seed))
        descriptors = [open_when_read(fifo) for fifo in fifos]
        for fd in descriptors:
            os.write(fd, text)
            os.close(fd)
        if window > 0:
            time.sleep(window)
            for process in processes:
                process.send_signal(signal.SIGINT)
        return [rate_of(process) for process in processes]


def main():
    arena, seconds, repeat, battles, json_out = sys.argv[1:6]
    seconds, repeat, battles = float(seconds), int(repeat), int(battles)
    cores = os.cpu_count() or 1
    rows = []
    print(f"{'scenario':<31} {'threads':>8} {'one process':>14} {'processes':>14} {'ratio':>8}",
          file=sys.stderr)
    for path in sys.argv[6:]:
        name = os.path.splitext(os.path.basename(path))[0]
        with open(path, "rb") as file:
            text = file.read()
        each, window = (battles, 0.0) if battles else (ENDLESS, seconds)
        threads = 1
        while True:
            together = apart = 0.0
            # One thread in one process and one one-thread process are the
            # same thing: measured once each, to show the noise.
            for _ in range(1 if threads == 1 else repeat):
                one = [(min(each * threads, ENDLESS), threads, 1)]
                together = max(together, play_together(arena, text, one, window)[0])
                many = [(each, 1, k + 1) for k in range(threads)]
                apart = max(apart, sum(play_together(arena, text, many, window)))
            ratio = together / apart
            print(f"{name:<31} {threads:>8} {int(together):>12}/s {int(apart):>12}/s {ratio:>8.3f}",
                  file=sys.stderr, flush=True)
            rows.append({"scenario": name, "threads": threads, "one_process": int(together),
                         "processes": int(apart), "ratio": round(ratio, 4)})
            if threads == cores:
                break
            threads = min(threads * 2, cores)
    if json_out:
        with open(json_out, "w") as file:
            json.dump({"cores": cores, "seconds": seconds, "repeat": repeat, "results": rows},
                      file, indent=2)
        print(f"wrote {json_out}", file=sys.stderr)


if __name__ == "__main__":
    main()
