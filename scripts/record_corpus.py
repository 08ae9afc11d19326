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

--check-determinism records each program a second time (into a temporary file) and
fails it unless the two traces are equal once the time fields (CompileEvent.dynamoNs, backendNs
and recorderNs) are zeroed: every other field of the header, the events and the object
heap, object ids included, must be the same. The comparison reads both traces with
_dynrr.load (`--compare A B` runs it alone: exit 0 equal, 1 different).

--fork imports torch and the recorder once in this process (started again with
PYTHONHASHSEED=0 if it was not) and records each program in a forked child that runs
exactly what `python -m dynrr record` runs; it saves the interpreter start-up and the
torch import per program (several seconds each) and gives the same traces (the
determinism check compares a forked recording with a `python -m dynrr record` one).

Usage: scripts/record_corpus.py [--force] [-j 2] [--ext-dir DIR] [--check-transparency]
                                [--check-determinism] [--fork] [PATTERN ...]
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
CHECK_DETERMINISM = False
TIME_FIELDS = ("dynamoNs", "recorderNs", "backendNs")
# Process facts that differ run to run by design: id(torch) (an address; Dynamo embeds it
# in install_global_by_id names).
PROCESS_FIELDS = ("torchModuleId",)


def compare_traces(a: str, b: str) -> str:
    """'' when the traces at a and b are equal except for the time and process fields, else the first
    difference (run in a process that can import _dynrr)."""
    import _dynrr

    ta, tb = _dynrr.load(a), _dynrr.load(b)
    for t in (ta, tb):
        states = [t.get("header", {}).get("globalState", {})]
        for ev in t["events"]:
            for f in TIME_FIELDS:
                ev[f] = 0
            states.append(ev.get("frame", {}).get("globalState", {}))
        for state in states:
            for f in PROCESS_FIELDS:
                if f in state:
                    state[f] = 0

    def first_diff(x, y, where):
        if type(x) is not type(y):
            return f"{where}: {type(x).__name__} vs {type(y).__name__}"
        if isinstance(x, dict):
            for k in sorted(set(x) | set(y)):
                if k not in x or k not in y:
                    return f"{where}.{k}: only in one trace"
                d = first_diff(x[k], y[k], f"{where}.{k}")
                if d:
                    return d
            return ""
        if isinstance(x, list):
            if len(x) != len(y):
                return f"{where}: {len(x)} vs {len(y)} items"
            for i, (u, v) in enumerate(zip(x, y)):
                d = first_diff(u, v, f"{where}[{i}]")
                if d:
                    return d
            return ""
        return "" if x == y else f"{where}: {str(x)[:80]!r} vs {str(y)[:80]!r}"

    return first_diff(ta, tb, "trace")


def determinism_check(rel_prog: str, rel_out: str) -> str:
    """Records rel_prog again into a temporary file and compares; '' when equal."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        again = os.path.join(tmp, "again.dynrr")
        cmd = [str(VENV_PY), "-m", "dynrr", "record", "-o", again, "--", rel_prog]
        proc = subprocess.run(cmd, cwd=REPO, env=recorder_env(), capture_output=True,
                              text=True, timeout=TIMEOUT_S)
        if proc.returncode != 0:
            return f"second recording failed with exit status {proc.returncode}"
        cmp = subprocess.run([str(VENV_PY), str(Path(__file__).resolve()), "--compare",
                              rel_out, again], cwd=REPO, env=recorder_env(),
                             capture_output=True, text=True)
        if cmp.returncode != 0:
            return (cmp.stdout + cmp.stderr).strip() or "traces differ"
    return ""


def plain_stdout(rel_prog: str) -> str | None:
    """The program's stdout without the recorder (None when it fails)."""
    try:
        proc = subprocess.run([str(VENV_PY), rel_prog], cwd=REPO, env=recorder_env(),
                              capture_output=True, text=True, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return None
    return proc.stdout if proc.returncode == 0 else None


FORK = False


def forked_record(rel_out: str, rel_prog: str) -> tuple[int, str]:
    """Runs `python -m dynrr record -o rel_out -- rel_prog` in a forked child of this
    process (torch already imported); returns (exit status, stderr tail)."""
    import tempfile

    err = tempfile.TemporaryFile()
    pid = os.fork()
    if pid == 0:  # the child: same cwd, argv and stdout handling as the subprocess
        status = 1
        try:
            os.chdir(REPO)
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(err.fileno(), 2)
            from dynrr.__main__ import main as dynrr_main

            sys.path[0] = ""  # as in `python -m`: the working directory first
            dynrr_main(["record", "-o", rel_out, "--", rel_prog])
            status = 0
        except SystemExit as e:
            status = e.code if isinstance(e.code, int) else 1
        except BaseException:
            import traceback

            traceback.print_exc()
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(status)
    _, wait = os.waitpid(pid, 0)
    err.seek(0)
    tail = err.read().decode(errors="replace")[-2000:]
    err.close()
    return os.waitstatus_to_exitcode(wait), tail


def record_one(prog: Path) -> tuple[str, str]:
    """Returns (status, detail) with status in ok/fail."""
    out = trace_path(prog)
    out.parent.mkdir(parents=True, exist_ok=True)
    rel_out = out.relative_to(REPO).as_posix()
    rel_prog = prog.relative_to(REPO).as_posix()
    cmd = [str(VENV_PY), "-m", "dynrr", "record", "-o", rel_out, "--", rel_prog]
    t0 = time.perf_counter()
    if FORK:
        code, tail = forked_record(rel_out, rel_prog)
        proc = subprocess.CompletedProcess(cmd, code, "", tail)
    else:
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
    if CHECK_TRANSPARENCY and FORK:
        return "fail", "--check-transparency needs the program's stdout: run it without --fork"
    if CHECK_TRANSPARENCY:
        plain = plain_stdout(rel_prog)
        if plain is None:
            return "fail", "the program fails without the recorder"
        if plain != proc.stdout:
            return "fail", ("not transparent: stdout differs with the recorder\n"
                            f"without: {plain.strip()[:300]}\nwith:    {proc.stdout.strip()[:300]}")
    notes = []
    if CHECK_TRANSPARENCY:
        notes.append("same stdout with and without the recorder")
    if CHECK_DETERMINISM:
        diff = determinism_check(rel_prog, rel_out)
        if diff:
            return "fail", f"not deterministic: {diff}"
        notes.append("same trace twice (time fields aside)")
    return "ok", ", ".join([f"{size} bytes", f"{wall:.1f}s"] + notes)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--force", action="store_true", help="re-record up-to-date traces too")
    ap.add_argument("-j", "--jobs", type=int, default=2, help="parallel recordings (max 2)")
    ap.add_argument("--ext-dir", action="append", default=[],
                    help="directory holding the built _dynrr extension (put first on PYTHONPATH)")
    ap.add_argument("--check-transparency", action="store_true",
                    help="also run each program without the recorder and require the same stdout")
    ap.add_argument("--check-determinism", action="store_true",
                    help="record each program twice and require equal traces (time fields aside)")
    ap.add_argument("--fork", action="store_true",
                    help="import torch once and record each program in a forked child")
    ap.add_argument("--compare", nargs=2, metavar=("A", "B"),
                    help="only compare two traces (time fields aside): exit 0 equal, 1 not")
    ap.add_argument("patterns", nargs="*", help="substrings of program paths to record")
    args = ap.parse_args()
    if args.compare:
        diff = compare_traces(*args.compare)
        print(diff or "equal (time fields aside)")
        return 1 if diff else 0
    global CHECK_TRANSPARENCY, CHECK_DETERMINISM, FORK
    CHECK_TRANSPARENCY = args.check_transparency
    CHECK_DETERMINISM = args.check_determinism
    FORK = args.fork
    EXT_DIRS.extend(Path(d).resolve() for d in args.ext_dir)

    ok, why = recorder_available()
    if not ok:
        print(f"error: {why}", file=sys.stderr)
        return 2
    if FORK:
        if os.environ.get("PYTHONHASHSEED") != "0" or (
                EXT_DIRS and os.environ.get("DYNRR_FORK_EXT") != "1"):
            # The children inherit this interpreter: it needs the recorders' environment.
            env = recorder_env()
            env["DYNRR_FORK_EXT"] = "1"
            os.execve(sys.executable, [sys.executable] + sys.argv, env)
        os.environ.pop("TORCH_LOGS", None)
        os.environ.pop("DYNRR_TRACE", None)
        import torch  # noqa: F401  (once, before any fork)
        import torch._dynamo  # noqa: F401
        import dynrr._recorder  # noqa: F401
        import _dynrr  # noqa: F401
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
