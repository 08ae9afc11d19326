"""Whole-process behaviour: recording is transparent (same output, same graphs with and
without it, through DYNRR_TRACE and `python -m dynrr record`), and a recording killed
with SIGKILL keeps every complete event readable."""
import json
import os
import pathlib
import re
import signal
import subprocess
import sys
import time

import dynrr

PROGRAM = r'''
import sys
import torch
import torch.nn as nn

print("argv", sys.argv[1:], __name__)
torch.manual_seed(0)
GRAPHS = []


def backend(gm, example_inputs):
    GRAPHS.append(gm.code)
    print("GRAPH", len(GRAPHS))
    print(gm.code)
    return gm.forward


def compile(fn):
    return torch.compile(fn, backend=backend)


TOTAL = 0


def add_global(x):
    global TOTAL
    TOTAL += 1
    return x + TOTAL


def make_counter():
    n = 0

    def step(x):
        nonlocal n
        n += 1
        return x * n
    return step


class Box:
    def __init__(self):
        self.k = 2


def mutate(box, x):
    box.k += 1
    return x * box.k


def breaks(x):
    y = x.sin()
    print("inside", y.shape)
    if y.sum() > 0:
        return y + 1
    return y - 1


model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
x = torch.randn(3, 4)
step = make_counter()
box = Box()
results = [
    compile(add_global)(torch.ones(2)),
    compile(step)(torch.ones(2)),
    compile(step)(torch.ones(2)),
    compile(mutate)(box, torch.ones(2)),
    compile(breaks)(torch.ones(3)),
    compile(model)(x),
    compile(lambda t: t.sum(0))(torch.ones(2, 5)),
    compile(lambda t: t.sum(0))(torch.ones(7, 5)),
]
for r in results:
    print([round(v, 4) for v in r.flatten().tolist()])
print("TOTAL", TOTAL, "box", box.k, "graphs", len(GRAPHS))
'''


def run(args, env_extra=None, cwd=None):
    env = dict(os.environ, PYTHONHASHSEED="0")
    env.pop("DYNRR_TRACE", None)
    env.update(env_extra or {})
    return subprocess.run([sys.executable] + args, capture_output=True, text=True, env=env,
                          cwd=cwd, timeout=240)


def test_transparent_across_interfaces(tmp_path):
    prog = tmp_path / "prog.py"
    prog.write_text(PROGRAM)
    plain = run([str(prog), "a", "b"])
    assert plain.returncode == 0, plain.stderr
    env_trace = tmp_path / "env.dynrr"
    traced = run([str(prog), "a", "b"], {"DYNRR_TRACE": str(env_trace)})
    assert traced.returncode == 0, traced.stderr
    cli_trace = tmp_path / "cli.dynrr"
    cli = run(["-m", "dynrr", "record", "-o", str(cli_trace), "--", str(prog), "a", "b"])
    assert cli.returncode == 0, cli.stderr

    assert "argv ['a', 'b'] __main__" in plain.stdout
    assert traced.stdout == plain.stdout
    assert cli.stdout == plain.stdout
    assert "dynrr" not in traced.stderr and "dynrr" not in cli.stderr

    # Both recordings hold the same frames and the very graphs the backend printed.
    printed = plain.stdout.count("GRAPH ")
    for path in (env_trace, cli_trace):
        trace = dynrr.load(path)
        events = trace["events"]
        graphs = [g["code"] for e in events for g in e["reference"]["graphs"]]
        assert len(graphs) == printed
        for code in graphs:
            assert code in plain.stdout
        names = [trace["heap"][e["frame"]["code"]]["code"]["qualname"] for e in events]
        assert "add_global" in names and "make_counter.<locals>.step" in names
        assert any(e["isResume"] for e in events)
        assert any(e["recompileReasons"] for e in events)
    a, b = dynrr.load(env_trace), dynrr.load(cli_trace)
    assert [e["reference"]["graphs"] for e in a["events"]] == \
        [e["reference"]["graphs"] for e in b["events"]]
    # Guards agree on kind, source and detail (codeParts embed id() values that differ
    # between processes).
    def canon(trace):
        return [[(g["kind"], g["source"], g["detail"]) for g in e["reference"]["guards"]]
                for e in trace["events"]]
    assert canon(a) == canon(b)
    # The same program records the same heap: identity tokens, storage ids and object
    # order are first-seen sequential, and no address leaks into the trace.
    # Dynamo itself names compiled functions with a uuid4 (__compiled_fn_1_<uuid>).
    def heap(trace):
        text = json.dumps(trace["heap"], default=lambda b: b.hex())
        return re.sub(r"(__compiled_fn_\d+)_[0-9a-f]{8}(_[0-9a-f]{4}){3}_[0-9a-f]{12}", r"\1",
                      text)
    assert heap(a) == heap(b)


LOOP = r'''
import torch
torch._dynamo.config.automatic_dynamic_shapes = False
torch._dynamo.config.recompile_limit = 100000
torch._dynamo.config.cache_size_limit = 100000
i = 0
while True:
    i += 1
    torch.compile(lambda x: (x * 2).sin() + 1, backend="eager")(torch.ones(i % 50 + 1, 3))
'''


def test_sigkill_keeps_complete_events(tmp_path):
    prog = tmp_path / "loop.py"
    prog.write_text(LOOP)
    trace = tmp_path / "killed.dynrr"
    env = dict(os.environ, DYNRR_TRACE=str(trace))
    proc = subprocess.Popen([sys.executable, str(prog)], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    try:
        deadline = time.time() + 120
        while time.time() < deadline:
            time.sleep(0.5)
            if trace.exists() and trace.stat().st_size > 60_000:
                break
        assert proc.poll() is None, proc.stderr.read().decode()
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    loaded = dynrr.load(trace)
    events = loaded["events"]
    assert len(events) >= 3
    assert [e["index"] for e in events] == list(range(len(events)))
    for e in events:
        assert e["status"] == "compiled"
        assert len(e["reference"]["graphs"]) == 1
        assert e["frame"]["code"] != 0


FSIZE = r'''
import torch
outs = []
for i in range(6):
    # Six code objects, so six compiles (one lambda would hit Dynamo's cache).
    ns = {"torch": torch}
    exec(f"def f{i}(x):\n    return (x * {i + 2}).cos() - {i}\n", ns)
    f = torch.compile(ns[f"f{i}"], backend="eager")
    outs.append(round(float(f(torch.ones(i + 1, 2)).sum()), 4))
print("RESULT", outs)
'''


def test_file_size_limit_drops_events_without_killing_the_program(tmp_path):
    """Past RLIMIT_FSIZE a write would raise SIGXFSZ and kill the recorded program: the
    writer refuses the chunk instead, the program runs to the end with the same output,
    one line on stderr says why, and the events before the limit stay readable."""
    import resource
    prog = tmp_path / "fsize.py"
    prog.write_text(FSIZE)
    plain = subprocess.run([sys.executable, str(prog)], capture_output=True, text=True,
                           timeout=300)
    assert plain.returncode == 0, plain.stderr
    # Measure how big a full recording is, then allow about half of it.
    full_trace = tmp_path / "full.dynrr"
    full = subprocess.run([sys.executable, str(prog)], capture_output=True, text=True,
                          timeout=300, env=dict(os.environ, DYNRR_TRACE=str(full_trace)))
    assert full.returncode == 0, full.stderr
    n_full = len(dynrr.load(full_trace)["events"])
    assert n_full >= 6
    limit = full_trace.stat().st_size // 2

    def cap():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    trace = tmp_path / "capped.dynrr"
    capped = subprocess.run([sys.executable, str(prog)], capture_output=True, text=True,
                            timeout=300, env=dict(os.environ, DYNRR_TRACE=str(trace)),
                            preexec_fn=cap)
    assert capped.returncode == 0, (capped.returncode, capped.stderr)
    assert capped.stdout == plain.stdout
    assert "file size limit" in capped.stderr, capped.stderr
    assert capped.stderr.count("dynrr: recorder failure") == 1, capped.stderr
    assert trace.stat().st_size <= limit
    events = dynrr.load(trace)["events"]
    assert 1 <= len(events) < n_full
    assert [e["index"] for e in events] == list(range(len(events)))
