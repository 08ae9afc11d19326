"""python -m dynrr repro (issue 19): real Dynamo re-run on frames rebuilt from their trace
alone, compared with the recorded decisions by core/compare (`_dynrr.compare`).

Real torch, real Dynamo, no mocks. Programs are recorded into a temporary folder and
deleted before the repro, so only the trace is left. The main case runs the command line
in a fresh process; the others call it in this process (torch imported once), where each
frame still runs in a forked child.
"""
import json
import os
import pathlib
import struct
import subprocess
import sys
import textwrap

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]

PROGRAM = textwrap.dedent('''
    import torch
    import torch.nn as nn

    SCALE = 2.0


    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.lin = nn.Linear(4, 3)
            self.register_buffer("shift", torch.zeros(3))

        def forward(self, x, k):
            y = self.lin(x) * SCALE + self.shift
            if k > 1:
                y = y.relu()
            return helper(y)


    def make_helper():
        offset = [1.5]

        def helper(t):
            return t + offset[0]
        return helper


    helper = make_helper()
    m = Block()
    opt = torch.compile(m, backend="eager")
    opt(torch.randn(2, 4), 2)
    opt(torch.randn(5, 4), 2)     # a recompile: automatic dynamic shapes
''')

BREAK_PROGRAM = textwrap.dedent('''
    import torch


    def fn(x):
        y = x.sin()
        print("break")
        return y.cos() + 1


    torch.compile(fn, backend="eager")(torch.randn(3))
''')


def repro_in_process(capsys, *args):
    """`python -m dynrr repro ...` in this process (torch imported once): (exit, stdout)."""
    from dynrr.__main__ import main

    capsys.readouterr()
    code = main(["repro", *args])
    return code, capsys.readouterr().out


def run_dynrr(*args, cwd=None, check=False):
    env = dict(os.environ)
    return subprocess.run([sys.executable, "-m", "dynrr", *args], capture_output=True,
                          text=True, cwd=cwd, env=env, check=check, timeout=300)


def record(tmp_path, name, source):
    """Records the program as `python -m dynrr record` would (run as __main__ from its
    file), in this process to save a torch import; then deletes the program."""
    import dynrr
    import torch._dynamo

    prog = tmp_path / name
    prog.write_text(source)
    trace = tmp_path / (prog.stem + ".dynrr")
    torch._dynamo.reset()
    with dynrr.record(str(trace)):
        exec(compile(prog.read_text(), str(prog), "exec"), {"__name__": "__main__"})
    torch._dynamo.reset()
    prog.unlink()  # the trace alone from here on
    return trace


@pytest.fixture(scope="module")
def traces(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("repro")
    return {"module": record(tmp, "prog.py", PROGRAM),
            "break": record(tmp, "breaks.py", BREAK_PROGRAM), "tmp": tmp}


def test_reproduces_from_the_trace_alone(traces):
    r = run_dynrr("repro", str(traces["module"]), "--json")
    out = json.loads(r.stdout)
    frames = out["frames"]
    assert [f["index"] for f in frames] == [0, 1], r.stdout
    for f in frames:
        assert f["reproduced"] is True, f
        assert f["diff"] == ""
        assert set(f) == {"index", "name", "reproduced", "diff", "reason"}
        assert "Block.forward" in f["name"]
        # the program is gone: the note says the source lines are not available
        assert "not found" in f["reason"]
    assert r.returncode == 0, r.stderr


def test_graph_break_and_resume_frames_reproduce(traces, capsys):
    code, out = repro_in_process(capsys, str(traces["break"]))
    assert code == 0, out
    assert "frame 0 fn: reproduced" in out
    assert "torch_dynamo_resume_in_fn" in out
    assert "summary: 2/2 frames reproduced" in out


def test_one_frame_and_text_output(traces, capsys):
    code, out = repro_in_process(capsys, str(traces["module"]), "--frame", "1")
    assert code == 0, out
    assert "frame 1 Block.forward: reproduced" in out
    assert "summary: 1/1" in out


def _retarget(trace: pathlib.Path, out: pathlib.Path, old: bytes, new: bytes):
    """Rewrites bytes inside the event chunks and fixes their XXH3-64 checksums (the
    framing of core/trace/trace_format.h), so the trace stays valid but records a
    different decision."""
    data = bytearray(trace.read_bytes())
    assert len(old) == len(new)
    pos, changed = 16, 0
    while pos < len(data):
        magic, kind, size = struct.unpack("<IIQ", data[pos:pos + 16])
        start = pos + 24
        payload = bytes(data[start:start + size])
        if kind == 2 and old in payload:
            payload = payload.replace(old, new)
            data[start:start + size] = payload
            data[pos + 16:pos + 24] = xxh3_64(payload).to_bytes(8, "little")
            changed += 1
        pos = start + size
    assert changed, "nothing to tamper"
    out.write_bytes(bytes(data))


def xxh3_64(payload: bytes) -> int:
    """XXH3-64 of the payload, by the system libxxhash the trace writer links."""
    import ctypes
    import ctypes.util

    lib = ctypes.CDLL(ctypes.util.find_library("xxhash") or "libxxhash.so.0")
    lib.XXH3_64bits.restype = ctypes.c_uint64
    lib.XXH3_64bits.argtypes = [ctypes.c_char_p, ctypes.c_size_t]
    return lib.XXH3_64bits(payload, len(payload))


def test_tampered_decisions_do_not_reproduce(traces, tmp_path, capsys):
    bad = tmp_path / "tampered.dynrr"
    # The recorded graph calls sin; the tampered recording says tan.
    _retarget(traces["break"], bad, b"sin()", b"tan()")
    code, out = repro_in_process(capsys, str(bad), "--json")
    assert code == 1, out
    frames = json.loads(out)["frames"]
    f0 = frames[0]
    assert f0["reproduced"] is False
    assert "--- recorded graph 0" in f0["diff"] and "+++ repro graph 0" in f0["diff"]
    assert "tan" in f0["diff"] and "sin" in f0["diff"]
    assert f0["reason"]


def test_opaque_object_is_named(tmp_path, capsys):
    trace = record(tmp_path, "opaque.py", textwrap.dedent('''
        import io
        import torch

        BUF = io.BytesIO(b"abc")


        def fn(x):
            return x * BUF.tell() + 1


        torch.compile(fn, backend="eager")(torch.randn(3))
    '''))
    code, out = repro_in_process(capsys, str(trace), "--json")
    f = json.loads(out)["frames"][0]
    assert code == 1, out
    assert f["reproduced"] is False
    assert "_io.BytesIO" in f["reason"] and "not rebuilt" in f["reason"], f


def test_bad_input_exit_2(tmp_path):
    junk = tmp_path / "junk.dynrr"
    junk.write_bytes(b"not a trace at all")
    assert run_dynrr("repro", str(junk)).returncode == 2
    assert run_dynrr("repro", str(tmp_path / "missing.dynrr")).returncode == 2
    assert run_dynrr("repro").returncode == 2


def test_bad_frame_exit_2(traces):
    r = run_dynrr("repro", str(traces["module"]), "--frame", "7")
    assert r.returncode == 2
    assert "no event 7" in r.stderr


def test_script_runs_standalone(traces, tmp_path):
    script = tmp_path / "repro_script.py"
    r = run_dynrr("repro", str(traces["module"]), "--frame", "1", "-o", str(script))
    assert r.returncode == 0, r.stderr
    text = script.read_text()
    assert "torch.compile" in text and "TRACE = base64.b64decode(" in text
    # A fresh process, elsewhere, without the trace file: the data travels in the script.
    moved = tmp_path / "elsewhere"
    moved.mkdir()
    target = moved / "repro.py"
    target.write_text(text)
    env = dict(os.environ, TORCH_LOGS="graph_code")
    p = subprocess.run([sys.executable, str(target)], capture_output=True, text=True,
                       cwd=moved, env=env, timeout=300)
    assert p.returncode == 0, p.stderr
    assert "compiled frame 1 (Block.forward)" in p.stdout
    assert "def forward" in p.stderr  # Dynamo's own graph log: it really compiled


def test_bench_writes_json(traces, tmp_path, capsys):
    out = tmp_path / "bench.json"
    code, text = repro_in_process(capsys, "--bench", str(traces["break"]), "--repeat", "3",
                                  "-o", str(out))
    assert code == 0, text
    data = json.loads(out.read_text())
    assert data["summary"]["frames"] == 2
    for f in data["frames"]:
        assert f["repeats"] == 3
        assert f["median_ns"] > 0
        assert f["min_ns"] <= f["median_ns"] <= f["max_ns"]
        assert f["spread"] >= 0 and "mad_ns" in f
        assert f["reproduced"] is True
