#!/usr/bin/env python3
"""Record every corpus program into corpus/traces/<group>/<name>.dynrr.

Each program corpus/programs/<group>/<name>.py is run by the recorder,

    .venv/bin/python -m dynrr record -o corpus/traces/<group>/<name>.dynrr \
        -- corpus/programs/<group>/<name>.py

with cwd = the repository root, relative paths, PYTHONHASHSEED=0 and TORCH_LOGS
unset, so the same program gives the same trace. At most 2 programs run at a time.
A trace is skipped when it is newer than both its program and the recorder
(every file of recorder/python/dynrr and the built extension), unless --force.
A trace over 1 MB is an error: it is deleted and reported.

Exit status: 0 when every selected program has a trace, 1 when any failed,
2 when the recorder is missing.

The venv finds the dynrr package and its _dynrr extension through the dynrr.pth
that `make venv` installs (recorder/python and build/python). --ext-dir DIR puts
another directory holding the built _dynrr extension first on PYTHONPATH (e.g. a
private build directory's python/ folder).

--check-transparency also runs each recorded program without the recorder and
fails it when its stdout differs (the programs print deterministic summaries).

Usage: scripts/record_corpus.py [--force] [-j 2] [--ext-dir DIR] [--check-transparency]
                                [PATTERN ...]
"""
from __future__ import annotations

import argparse
import concurrent.futures
import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PROGRAMS = REPO / "corpus" / "programs"
TRACES = REPO / "corpus" / "traces"
VENV_PY = REPO / ".venv" / "bin" / "python"
RECORDER_DIRS = [REPO / "recorder" / "python" / "dynrr", REPO / "build" / "python"]
MAX_TRACE_BYTES = 1 << 20
TIMEOUT_S = 300


EXT_DIRS: list[Path] = []


def recorder_env() -> dict[str, str]:
    env = dict(os.environ)
    if EXT_DIRS:
        extra = os.pathsep.join(str(d) for d in EXT_DIRS)
        env["PYTHONPATH"] = extra + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env.pop("TORCH_LOGS", None)
    env.pop("DYNRR_TRACE", None)  # the recorder gets its output from -o only
    env["PYTHONHASHSEED"] = "0"
    return env


def recorder_available() -> tuple[bool, str]:
    probe = subprocess.run(
        [str(VENV_PY), "-c",
         "import importlib.util, sys; "
         "sys.exit(0 if importlib.util.find_spec('dynrr.__main__') "
         "and importlib.util.find_spec('_dynrr') else 1)"],
        cwd=REPO, env=recorder_env(), capture_output=True, text=True,
    )
    if probe.returncode != 0:
        return False, ("python -m dynrr is not available: the venv finds no dynrr/__main__.py or no "
                       "_dynrr extension (build it, or pass --ext-dir DIR)")
    return True, ""


def recorder_mtime() -> float:
    newest = 0.0
    for d in RECORDER_DIRS + EXT_DIRS:
        if d.is_dir():
            for p in d.rglob("*"):
                if p.is_file() and "__pycache__" not in p.parts:
                    newest = max(newest, p.stat().st_mtime)
    return newest


def trace_path(prog: Path) -> Path:
    rel = prog.relative_to(PROGRAMS)
    return TRACES / rel.parent / (rel.stem + ".dynrr")


CHECK_TRANSPARENCY = False


def plain_stdout(rel_prog: str) -> str | None:
    """The program's stdout without the recorder (None when it fails)."""
    try:
        proc = subprocess.run([str(VENV_PY), rel_prog], cwd=REPO, env=recorder_env(),
                              capture_output=True, text=True, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return None
    return proc.stdout if proc.returncode == 0 else None


def record_one(prog: Path) -> tuple[str, str]:
    """Returns (status, detail) with status in ok/fail."""
    out = trace_path(prog)
    out.parent.mkdir(parents=True, exist_ok=True)
    rel_out = out.relative_to(REPO).as_posix()
    rel_prog = prog.relative_to(REPO).as_posix()
    cmd = [str(VENV_PY), "-m", "dynrr", "record", "-o", rel_out, "--", rel_prog]
    t0 = time.perf_counter()
    try:
        proc = subprocess.run(cmd, cwd=REPO, env=recorder_env(), capture_output=True,
                              text=True, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        out.unlink(missing_ok=True)
        return "fail", f"timeout after {TIMEOUT_S}s"
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        tail = "\n".join(proc.stderr.strip().splitlines()[-6:])
        return "fail", f"recorder exit status {proc.returncode}\n{tail}"
    if not out.is_file():
        return "fail", "recorder exited 0 but wrote no trace"
    size = out.stat().st_size
    if size > MAX_TRACE_BYTES:
        out.unlink()
        return "fail", f"trace is {size} bytes, over the 1 MB limit: deleted"
    if CHECK_TRANSPARENCY:
        plain = plain_stdout(rel_prog)
        if plain is None:
            return "fail", "the program fails without the recorder"
        if plain != proc.stdout:
            return "fail", ("not transparent: stdout differs with the recorder\n"
                            f"without: {plain.strip()[:300]}\nwith:    {proc.stdout.strip()[:300]}")
        return "ok", f"{size} bytes, {wall:.1f}s, same stdout with and without the recorder"
    return "ok", f"{size} bytes, {wall:.1f}s"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--force", action="store_true", help="re-record up-to-date traces too")
    ap.add_argument("-j", "--jobs", type=int, default=2, help="parallel recordings (max 2)")
    ap.add_argument("--ext-dir", action="append", default=[],
                    help="directory holding the built _dynrr extension (put first on PYTHONPATH)")
    ap.add_argument("--check-transparency", action="store_true",
                    help="also run each program without the recorder and require the same stdout")
    ap.add_argument("patterns", nargs="*", help="substrings of program paths to record")
    args = ap.parse_args()
    global CHECK_TRANSPARENCY
    CHECK_TRANSPARENCY = args.check_transparency
    EXT_DIRS.extend(Path(d).resolve() for d in args.ext_dir)

    ok, why = recorder_available()
    if not ok:
        print(f"error: {why}", file=sys.stderr)
        return 2
    progs = sorted(PROGRAMS.glob("*/*.py"))
    if args.patterns:
        progs = [p for p in progs if any(s in p.as_posix() for s in args.patterns)]
    rec_mtime = recorder_mtime()
    todo, skipped = [], 0
    for p in progs:
        t = trace_path(p)
        fresh = t.is_file() and t.stat().st_mtime > max(p.stat().st_mtime, rec_mtime)
        if fresh and not args.force:
            skipped += 1
        else:
            todo.append(p)

    failures = []
    done = 0
    total_bytes = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, min(args.jobs, 2))) as pool:
        futures = {pool.submit(record_one, p): p for p in todo}
        for fut in concurrent.futures.as_completed(futures):
            prog = futures[fut]
            status, detail = fut.result()
            rel = prog.relative_to(REPO).as_posix()
            if status == "ok":
                done += 1
                total_bytes += trace_path(prog).stat().st_size
                print(f"ok   {rel}: {detail.splitlines()[0]}")
            else:
                failures.append(rel)
                print(f"FAIL {rel}: " + detail.replace("\n", "\n     "))
    print(f"recorded {done}, skipped {skipped} up to date, failed {len(failures)}"
          f" ({total_bytes} bytes written)")
    for f in failures:
        print(f"  failed: {f}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
