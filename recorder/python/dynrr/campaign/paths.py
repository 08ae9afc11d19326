"""Where a campaign's binaries are, and the pre-flight check every node passes first.

The build directory is `<repo>/build` unless `--build DIR` or DYNRR_BUILD says otherwise.
Workers on other machines find it, and the venv dynrr-fuzz embeds, at the same absolute
paths: check_node() runs on every node before any shard and names what is missing.
"""
from __future__ import annotations

import os
import pathlib
import socket
import subprocess

# recorder/python/dynrr/campaign/paths.py -> the repository
REPO = pathlib.Path(__file__).resolve().parents[4]


class ShardKilled(RuntimeError):
    """A shard's process was killed by a signal (the OOM killer, a node going away): the
    engines run the shard again, up to --max-retries times. Raised by shard functions."""


def default_build_dir() -> pathlib.Path:
    env = os.environ.get("DYNRR_BUILD")
    return pathlib.Path(env) if env else REPO / "build"


def package_root() -> pathlib.Path:
    """The folder holding the `dynrr` package (put on the workers' PYTHONPATH)."""
    return pathlib.Path(__file__).resolve().parents[2]


def check_node(build: str, tool: str) -> dict:
    """Runs on a node: is `<build>/bin/<tool>` there and runnable, and (for dynrr-fuzz)
    are the interpreter and the source tree it embeds there? Returns {"host", "errors"}."""
    errors = []
    binary = pathlib.Path(build) / "bin" / tool
    if not binary.is_file():
        errors.append(f"{binary} is missing (build it with `make build`, or pass --build DIR)")
    elif not os.access(binary, os.X_OK):
        errors.append(f"{binary} is not executable")
    else:
        args = [str(binary), "--help"] if tool == "dynrr-fuzz" else [str(binary), "version"]
        try:
            proc = subprocess.run(args, capture_output=True, text=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired) as e:
            errors.append(f"{binary} does not run: {e}")
        else:
            if proc.returncode != 0:
                errors.append(f"{' '.join(args)} exited {proc.returncode}: "
                              f"{(proc.stderr or proc.stdout).strip()[:300]}")
            elif tool == "dynrr-fuzz":
                errors += _check_fuzz_paths(proc.stdout)
    return {"host": socket.gethostname(), "errors": errors}


def _check_fuzz_paths(help_text: str) -> list:
    """dynrr-fuzz --help ends with `python: <venv python>` and `source: <repo>` lines."""
    found = {}
    for line in help_text.splitlines():
        key, _, value = line.partition(": ")
        if key in ("python", "source"):
            found[key] = value.strip()
    errors = []
    if "python" not in found or "source" not in found:
        return ["dynrr-fuzz --help does not name its python and source (an old build?)"]
    python = pathlib.Path(found["python"])
    if not python.exists():
        errors.append(f"the venv dynrr-fuzz embeds is missing: {python} (run `make venv`)")
    elif not (python.parent.parent / "pyvenv.cfg").exists() and "venv" in str(python):
        errors.append(f"{python} is not in a venv (no pyvenv.cfg)")
    oracle = pathlib.Path(found["source"]) / "fuzz" / "oracle.py"
    if not oracle.is_file():
        errors.append(f"the source tree dynrr-fuzz was built from is missing: {oracle}")
    return errors
