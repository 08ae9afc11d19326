"""The live progress line of a campaign: done/total, rate, failures so far, ETA.

mode "auto": a line rewritten in place when stderr is a terminal and CI is unset, nothing
otherwise (quiet in CI); "log": one line per finished shard (for logs and tests);
"none": nothing.
"""
from __future__ import annotations

import os
import sys
import time


def resolve_mode(mode: str) -> str:
    if mode != "auto":
        return mode
    if os.environ.get("CI") or not sys.stderr.isatty():
        return "none"
    return "tty"


class Progress:
    def __init__(self, total: int, unit: str, mode: str = "auto", stream=None):
        self.total = total
        self.unit = unit
        self.mode = resolve_mode(mode)
        self.stream = stream or sys.stderr
        self.start = time.monotonic()
        self.done = 0
        self.failures = 0
        self._last = 0.0

    def line(self) -> str:
        secs = max(time.monotonic() - self.start, 1e-9)
        rate = self.done / secs
        left = (self.total - self.done) / rate if rate > 0 else float("nan")
        eta = f"{left:.0f} s" if left == left else "?"
        return (f"[{self.done}/{self.total}] {rate:.2f} {self.unit}/s  "
                f"failures {self.failures}  ETA {eta}")

    def update(self, done_delta: int, failures_delta: int = 0, note: str = ""):
        self.done += done_delta
        self.failures += failures_delta
        if self.mode == "tty":
            now = time.monotonic()
            if now - self._last >= 0.2 or self.done >= self.total:
                self._last = now
                self.stream.write("\r" + self.line() + "\033[K")
                self.stream.flush()
        elif self.mode == "log":
            self.stream.write(self.line() + (f"  ({note})" if note else "") + "\n")
            self.stream.flush()

    def finish(self):
        if self.mode == "tty":
            self.stream.write("\n")
            self.stream.flush()
