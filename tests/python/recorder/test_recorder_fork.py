"""Programs that fork while recording: with `%p` (the process id) in the trace path every
process that compiles writes its own valid trace (os.fork, multiprocessing's fork start
method); without it a forked child stops recording, says so on stderr once, and never
writes into the parent's trace."""
import json
import os
import re
import subprocess
import sys

import dynrr

from test_recorder_show import DYNRR

PROGRAM = r'''
import multiprocessing
import os
import sys

import torch


def parent_fn(x):
    return x.sin() + 1


def child_fn(x):
    return x.cos() * 2


def pool_fn(x):
    return (x - 3).abs()


def work():
    out = torch.compile(pool_fn, backend="eager")(torch.ones(5))
    print("mp", os.getpid(), round(float(out.sum()), 4), flush=True)


def after(x):
    return x * 3


print("parent", round(float(torch.compile(parent_fn, backend="eager")(torch.ones(3)).sum()), 4))
sys.stdout.flush()
pid = os.fork()
if pid == 0:
    out = torch.compile(child_fn, backend="eager")(torch.ones(4))
    print("fork", os.getpid(), round(float(out.sum()), 4), flush=True)
    os._exit(0)
os.waitpid(pid, 0)
p = multiprocessing.get_context("fork").Process(target=work)
p.start()
p.join()
print("after", round(float(torch.compile(after, backend="eager")(torch.ones(2)).sum()), 4))
'''


def _run(tmp_path, args, **env_extra):
    env = dict(os.environ, PYTHONHASHSEED="0")
    for k in ("DYNRR_TRACE", "DYNRR_MAX_OBJECTS", "TORCH_LOGS"):
        env.pop(k, None)
    env.update(env_extra)
    proc = subprocess.Popen([sys.executable] + args, cwd=tmp_path, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err
    return proc.pid, out, err


def _children(stdout):
    """{'fork': pid, 'mp': pid} as the children printed them."""
    return {m.group(1): int(m.group(2)) for m in re.finditer(r"^(fork|mp) (\d+) ", stdout, re.M)}


def _code_name(trace, event):
    return trace["heap"][event["frame"]["code"]]["code"]["name"]


def _replay(path):
    out = subprocess.run([str(DYNRR), "replay", str(path), "--json"], capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    return json.loads(out.stdout)


def _plain_stdout(tmp_path):
    _, out, err = _run(tmp_path, ["prog.py"])
    return re.sub(r"^(fork|mp) \d+ ", r"\1 PID ", out, flags=re.M)


def test_pid_in_path_gives_one_trace_per_process(tmp_path):
    (tmp_path / "prog.py").write_text(PROGRAM)
    plain = _plain_stdout(tmp_path)
    for how, args, env in [
        ("env", ["prog.py"], {"DYNRR_TRACE": "env.%p.dynrr"}),
        ("cli", ["-m", "dynrr", "record", "-o", "cli.%p.dynrr", "--", "prog.py"], {}),
    ]:
        parent, out, err = _run(tmp_path, args, **env)
        assert re.sub(r"^(fork|mp) \d+ ", r"\1 PID ", out, flags=re.M) == plain
        assert "dynrr" not in err, err
        kids = _children(out)
        expected = {parent: ["parent_fn", "after"], kids["fork"]: ["child_fn"],
                    kids["mp"]: ["pool_fn"]}
        files = sorted(p.name for p in tmp_path.glob(f"{how}.*.dynrr"))
        assert files == sorted(f"{how}.{pid}.dynrr" for pid in expected), files
        for pid, names in expected.items():
            path = tmp_path / f"{how}.{pid}.dynrr"
            trace = dynrr.load(str(path))
            assert not trace["warning"]
            events = [e for e in trace["events"] if e["compileId"]]
            assert [_code_name(trace, e) for e in events] == names, (how, pid)
            assert all(e["status"] == "compiled" for e in events)
            assert [e["index"] for e in trace["events"]] == list(range(len(trace["events"])))
            report = _replay(path)
            assert report["summary"]["diverge"] == 0
            assert len(report["frames"]) == len(trace["events"])


def test_without_pid_the_parent_trace_stays_valid(tmp_path):
    (tmp_path / "prog.py").write_text(PROGRAM)
    plain = _plain_stdout(tmp_path)
    parent, out, err = _run(tmp_path, ["prog.py"], DYNRR_TRACE="one.dynrr")
    assert re.sub(r"^(fork|mp) \d+ ", r"\1 PID ", out, flags=re.M) == plain
    kids = _children(out)
    lines = [line for line in err.splitlines() if line.startswith("dynrr:")]
    # One line per child that compiled, naming it and suggesting %p.
    assert len(lines) == 2, err
    for kid, line in zip((kids["fork"], kids["mp"]), lines):
        assert f"process {kid} (forked from {parent}) is not recorded" in line
        assert "%p" in line
    assert sorted(p.name for p in tmp_path.glob("*.dynrr")) == ["one.dynrr"]
    trace = dynrr.load(str(tmp_path / "one.dynrr"))
    assert not trace["warning"]
    events = [e for e in trace["events"] if e["compileId"]]
    assert [_code_name(trace, e) for e in events] == ["parent_fn", "after"]
    assert [e["index"] for e in trace["events"]] == list(range(len(trace["events"])))
    assert _replay(tmp_path / "one.dynrr")["summary"]["diverge"] == 0


def test_expand_path():
    from dynrr._recorder import expand_path, has_pid

    assert expand_path("t.%p.dynrr", pid=42) == "t.42.dynrr"
    assert expand_path("a%p/b%p", pid=7) == "a7/b7"
    assert expand_path("100%%p.dynrr", pid=7) == "100%p.dynrr"
    assert expand_path("t.%d.dynrr", pid=7) == "t.%d.dynrr"
    assert expand_path(None) is None
    assert has_pid("t.%p.dynrr") and not has_pid("t.%%p.dynrr") and not has_pid("t.dynrr")
    assert expand_path("t.%p") == f"t.{os.getpid()}"
