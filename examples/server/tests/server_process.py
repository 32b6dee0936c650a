"""mus-server and its clients as processes, for the tests that run them (net_bot_test.py,
net_bot_readme.py): a server started on a port it picks itself, or restarted on the one its
clients know, and every wait for a process's line bounded by a deadline.

Why: a port found free by one socket and given to the server later may be taken in between
(by any other test's socket); the server picks a free one itself with --port 0 and prints it.
A port freed by a killed server, to be bound again by its restart, may be held a moment by
another socket (even a client's connection to it, whose local port the kernel may choose
from the same range): the restart tries again, for as long as the deadline allows. A blocking
readline() waits as long as the process prints nothing; Lines reads on a thread instead.
"""

import queue
import re
import subprocess
import threading
import time

LISTENING = re.compile(r"^mus-server: listening on http://127\.0\.0\.1:(\d+)/$")


class Lines:
    """The lines a process prints (its stdout, text), read on a thread of their own."""

    def __init__(self, proc, echo="  "):
        self.proc = proc
        self.echo = echo  # printed before each line read (None: not printed)
        self.lines = []
        self._queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self._queue.put(line.rstrip("\n"))
        self._queue.put(None)  # the end of the output

    def next(self, end):
        """The next line, or None when the output ended or the time `end` (monotonic) came."""
        try:
            line = self._queue.get(timeout=max(0.0, end - time.monotonic()))
        except queue.Empty:
            return None
        if line is None:
            self._queue.put(None)  # the end stays the end
            return None
        self.lines.append(line)
        if self.echo is not None:
            print(self.echo + line, flush=True)
        return line

    def until(self, pattern, end, what=None):
        """The match of the first line matching `pattern` (re.search); SystemExit, naming
        `what` (else the pattern), when the output ends or the time `end` comes first."""
        while True:
            line = self.next(end)
            if line is None:
                why = ("it exited with status %s" % self.proc.poll() if self.proc.poll() is not None
                       else "the deadline came" if time.monotonic() >= end else "its output ended")
                raise SystemExit("FAILED: no %s (%s)" % (what or repr(pattern), why))
            m = re.search(pattern, line)
            if m:
                return m


def log_tail(path, lines=30):
    """The last lines of a log file, for a failure's message."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return "".join(f.readlines()[-lines:])
    except OSError as e:
        return "(no log: %s)\n" % e


def start_server(command, log, end, port=0):
    """Starts mus-server on 127.0.0.1: `command` is its path and options but --host and
    --port, `log` the file its stderr is added to. `port` 0: the server picks a free port;
    another: that one, tried again while it is in use, until the time `end` (monotonic).
    Returns (the process, its port)."""
    while True:
        proc = subprocess.Popen(command + ["--host", "127.0.0.1", "--port", str(port)],
                                stdout=subprocess.PIPE, stderr=open(log, "a"), text=True)
        line = Lines(proc, echo=None).next(end)
        m = LISTENING.match(line or "")
        if m:
            return proc, int(m.group(1))
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        if port != 0 and "it is in use" in log_tail(log, 3) and time.monotonic() + 0.2 < end:
            time.sleep(0.2)
            continue
        raise SystemExit("FAILED: mus-server did not start (%r); its log %s ends:\n%s"
                         % (line, log, log_tail(log)))
