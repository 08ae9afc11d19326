"""python -m dynrr campaign (issue 18): fuzz and replay campaigns on the local engine and
on a real Ray cluster started here (two nodes of one CPU each, reached at 127.0.0.1).

Every comparison is against an independent answer: the local engine against one
unsharded dynrr-fuzz run and against `dynrr replay --json` trace by trace, the Ray engine
against the local engine for the same seed. The fault tests kill a worker mid-shard and
interrupt the driver, and check that no case is lost or counted twice.
"""
import json
import os
import pathlib
import signal
import subprocess
import sys
import tempfile
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUILD = pathlib.Path(os.environ.get("DYNRR_BUILD", ROOT / "build"))
FUZZ = BUILD / "bin" / "dynrr-fuzz"
# Small but every feature family; fidelity and round trip need no eager runs.
FUZZ_ARGS = ["--property", "fidelity,roundtrip", "--features", "all", "--shrink-runs", "0",
             "--no-corpus"]
CASES = 24
SEED = 7
# A spread of corpus traces (every third): enough frames for verdicts of all three kinds.
KILL_AFTER = 2.0  # seconds into a shard (dynrr-fuzz imports torch in about 1 s)
TRACES = sorted(str(p) for p in (ROOT / "corpus" / "traces").rglob("*.dynrr"))[::3]


# The temporary folders of shards (TMPDIR of campaigns and of the test cluster): a worker
# killed on purpose cannot remove its own; the module's teardown removes them all.
SHARD_TMP = None


@pytest.fixture(scope="module", autouse=True)
def shard_tmp():
    global SHARD_TMP
    SHARD_TMP = tempfile.mkdtemp(prefix="dynrr-campaign-test-")
    yield SHARD_TMP
    subprocess.run(["rm", "-rf", SHARD_TMP])
    SHARD_TMP = None


def env():
    e = dict(os.environ)
    if SHARD_TMP:
        e["TMPDIR"] = SHARD_TMP
    e["PYTHONPATH"] = os.pathsep.join([str(ROOT / "recorder" / "python")] +
                                      [p for p in e.get("PYTHONPATH", "").split(os.pathsep) if p])
    e["DYNRR_BUILD"] = str(BUILD)
    e["RAY_USAGE_STATS_ENABLED"] = "0"
    # A loopback test cluster without Ray's token authentication, whether or not an earlier
    # own Ray instance left a token in ~/.ray/auth_token (which the head would then use and
    # the second node would not).
    e["RAY_AUTH_MODE"] = "disabled"
    return e


def campaign(*args, timeout=600, check_rc=None):
    proc = subprocess.run([sys.executable, "-m", "dynrr", "campaign", *map(str, args)],
                          capture_output=True, text=True, env=env(), timeout=timeout)
    if check_rc is not None:
        assert proc.returncode == check_rc, proc.stdout + proc.stderr
    return proc


def fuzz_json(tmp_path, name, *args):
    out = tmp_path / f"{name}.json"
    campaign("fuzz", "--cases", CASES, "--seed", SEED, *FUZZ_ARGS, "--json", out, *args,
             check_rc=0)
    return json.loads(out.read_text())


def replay_json(tmp_path, name, *args, rc=None):
    out = tmp_path / f"{name}.json"
    proc = campaign("replay", "--json", out, *args, *TRACES)
    assert proc.returncode in ((0, 1) if rc is None else (rc,)), proc.stdout + proc.stderr
    return json.loads(out.read_text())


def verdicts(doc):
    return [(c["case"], c["property"], c["verdict"], c["signature"]) for c in doc["cases"]]


# ------------------------------------------------------------------ the local engine
@pytest.fixture(scope="module")
def local_fuzz(tmp_path_factory):
    return fuzz_json(tmp_path_factory.mktemp("local"), "local", "--engine", "local",
                     "--workers", 2, "--shard-size", 5)


@pytest.fixture(scope="module")
def local_replay(tmp_path_factory):
    return replay_json(tmp_path_factory.mktemp("local"), "local", "--engine", "local",
                       "--workers", 2, "--shard-size", 7)


def test_fuzz_shards_give_the_verdicts_of_one_run(local_fuzz, tmp_path):
    # The same cases in one unsharded dynrr-fuzz process: shards change no verdict.
    records = tmp_path / "records.jsonl"
    subprocess.run([str(FUZZ), "--cases", str(CASES), "--seed", str(SEED), *FUZZ_ARGS,
                    "--no-progress", "--allow-failures", "--records", str(records)],
                   check=True, capture_output=True)
    direct = [json.loads(line) for line in records.read_text().splitlines()]
    direct = sorted((r["case"], r["property"], r["verdict"], r["signature"]) for r in direct)
    assert sorted(verdicts(local_fuzz)) == direct
    assert [c for c, *_ in verdicts(local_fuzz)] == sorted(list(range(CASES)) * 2)
    s = local_fuzz["summary"]
    assert s["cases"] == CASES and s["shards"] == 5 and s["shards_done"] == 5
    assert set(s["properties"]) == {"fidelity", "roundtrip"}
    assert sum(s["properties"]["fidelity"].values()) == CASES
    assert set(local_fuzz["cases"][0]) == {"case", "property", "verdict", "signature"}


def test_replay_merge_equals_dynrr_replay(local_replay):
    want = []
    for trace in TRACES:
        out = subprocess.run([str(BUILD / "bin" / "dynrr"), "replay", trace, "--json"],
                             capture_output=True, text=True)
        for f in json.loads(out.stdout)["frames"]:
            want.append({"trace": trace, "index": f["index"], "name": f["name"],
                         "verdict": f["verdict"], "reason": f["reason"]})
    assert local_replay["frames"] == sorted(want, key=lambda f: (f["trace"], f["index"]))
    s = local_replay["summary"]
    assert s["match"] + s["diverge"] + s["unsupported"] == len(want)
    assert s["traces"] == len(TRACES) and s["error"] == 0
    blocked = sum(r["frames"] for r in s["unsupported_reasons"])
    assert blocked == s["unsupported"]


def test_replay_baseline_lists_frames_that_got_worse(local_replay, tmp_path):
    baseline = json.loads(json.dumps(local_replay))
    worse = next(f for f in baseline["frames"] if f["verdict"] != "match")
    worse["verdict"] = "match"  # the baseline says it matched: now it is worse
    path = tmp_path / "baseline.json"
    path.write_text(json.dumps(baseline))
    doc = replay_json(tmp_path, "gate", "--baseline", path, rc=1)
    assert [(r["trace"], r["index"], r["was"]) for r in doc["summary"]["regressions"]] == [
        (worse["trace"], worse["index"], "match")]
    # Against itself nothing regressed, and the gate passes even though frames diverge.
    path.write_text(json.dumps(local_replay))
    doc = replay_json(tmp_path, "same", "--baseline", path, rc=0)
    assert doc["summary"]["regressions"] == []


def test_missing_build_fails_before_any_shard(tmp_path):
    proc = campaign("fuzz", "--cases", 4, "--build", tmp_path / "nobuild", "--json",
                    tmp_path / "out.json")
    assert proc.returncode == 2
    assert "pre-flight check failed, no shard was run" in proc.stderr
    assert f"{tmp_path}/nobuild/bin/dynrr-fuzz is missing" in proc.stderr
    assert not (tmp_path / "out.json").exists()


def _sigint_as_in_a_terminal():
    # A process started in the background by a non-interactive shell (`make test &`,
    # nohup, a CI runner) inherits SIGINT ignored, and Python then installs no
    # KeyboardInterrupt handler: Ctrl-C from a terminal is what this test is about.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.parametrize("engine", ["local", "ray"])  # ray: an own instance
def test_ctrl_c_writes_what_finished(tmp_path, engine):
    out = tmp_path / "out.json"
    args = ["fuzz", "--cases", 400, "--seed", SEED, *FUZZ_ARGS, "--workers", 1,
            "--shard-size", 4, "--progress", "log", "--json", out, "--engine", engine]
    proc = subprocess.Popen([sys.executable, "-m", "dynrr", "campaign", *map(str, args)],
                            stderr=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                            env=env(), start_new_session=True,
                            preexec_fn=_sigint_as_in_a_terminal)
    line = proc.stderr.readline()
    while line and not line.startswith("["):
        line = proc.stderr.readline()
    assert line.startswith("[4/400]"), line  # the first shard finished
    os.killpg(proc.pid, signal.SIGINT)  # as a terminal's Ctrl-C: the whole process group
    try:
        stdout, stderr = proc.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        _, stderr = proc.communicate()
        pytest.fail(f"the campaign had not exited 120 s after Ctrl-C; stderr: {stderr[-2000:]}")
    assert proc.returncode == 130, stdout + stderr
    doc = json.loads(out.read_text())
    cases = sorted({c["case"] for c in doc["cases"]})
    assert doc["summary"]["interrupted"] is True
    assert 4 <= len(cases) < 400 and len(cases) % 4 == 0  # whole shards only
    assert len(doc["cases"]) == 2 * len(cases)  # each once per property


def test_local_worker_killed_mid_shard_is_retried(local_fuzz, tmp_path):
    doc = run_and_kill_a_worker(tmp_path, lambda pid, driver: _stat(pid)[1] == driver,
                                "--engine", "local", "--workers", 2)
    assert doc["summary"]["retries"] >= 1
    assert verdicts(doc) == verdicts(local_fuzz)


def test_local_shard_process_killed_is_retried(local_fuzz, tmp_path):
    doc = run_and_kill_a_worker(tmp_path, lambda pid, driver: _stat(pid)[1] == driver,
                                "--engine", "local", "--workers", 2, victim="shard")
    assert doc["summary"]["retries"] == 1 and doc["summary"]["errors"] == []
    assert verdicts(doc) == verdicts(local_fuzz)


def test_fuzz_corpus_saved_once_per_signature(tmp_path):
    from dynrr.campaign import fuzz

    def shard(first, sig, stem):
        rec = {"case": first, "case_seed": 100 + first, "property": "fidelity",
               "verdict": "fail", "signature": sig, "saved": stem}
        files = {"py": f"# {stem}\n", "dynrr": b"trace", "expected": f"signature: {sig}\n"}
        return {"first": first, "count": 1, "records": [rec], "saved": {stem: files},
                "seconds": 1.0, "fuzz_seconds": 0.5, "host": "h", "pid": 1}

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "old.expected").write_text("signature: fidelity: known\n")
    merge = fuzz.FuzzMerge({"cases": 4, "seed": 1, "property": "fidelity",
                            "features": "all", "shards": 4})
    for first, sig, stem in [(3, "fidelity: a", "a3"), (1, "fidelity: a", "a1"),
                             (2, "fidelity: known", "k2"), (0, "fidelity: b", "b0")]:
        merge.add(shard(first, sig, stem))
    saved = merge.save_corpus(corpus)
    assert [(x["stem"], x["case"]) for x in saved] == [("b0", 0), ("a1", 1)]
    assert sorted(p.name for p in corpus.iterdir()) == [
        "a1.dynrr", "a1.expected", "a1.py", "b0.dynrr", "b0.expected", "b0.py", "old.expected"]
    assert [f["cases"] for f in merge.failures()] == [1, 2, 1]
    junit = merge.junit(1.0)
    assert junit.count("<failure") == 3 and 'failures="3"' in junit


# ------------------------------------------------------------------ faults
def _stat(pid):
    """(state, parent pid, session id) of a process."""
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return fields[0], int(fields[1]), int(fields[3])


def _alive(pid):
    try:
        return _stat(pid)[0] != "Z"
    except OSError:
        return False


def _shard_processes(ours):
    """(dynrr-fuzz pid, its worker's pid) of the running shards whose worker `ours`
    accepts (a process this test started, never another user's)."""
    out = []
    for p in pathlib.Path("/proc").iterdir():
        if not p.name.isdigit():
            continue
        try:
            argv = (p / "cmdline").read_bytes().split(b"\0")
            if argv[0].endswith(b"dynrr-fuzz") and b"--first-case" in argv:
                worker = _stat(int(p.name))[1]
                if ours(worker):
                    out.append((int(p.name), worker))
        except (OSError, IndexError, ValueError):
            pass
    return out


def run_and_kill_a_worker(tmp_path, ours, *engine_args, victim="worker"):
    """Runs the CASES-case campaign (seed SEED), SIGKILLs the worker process of a shard
    (victim="worker") or its dynrr-fuzz (victim="shard", as the OOM killer would) while
    that dynrr-fuzz is running, and returns the merged JSON. `ours(pid, driver)` says
    whether a worker process belongs to this test's campaign."""
    out = tmp_path / "killed.json"
    proc = subprocess.Popen(
        [sys.executable, "-m", "dynrr", "campaign", "fuzz", "--cases", str(CASES), "--seed",
         str(SEED), *FUZZ_ARGS, "--shard-size", "6", "--json", str(out),
         *map(str, engine_args)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env())
    killed = None
    deadline = time.monotonic() + 300
    while killed is None and time.monotonic() < deadline and proc.poll() is None:
        for child, worker in _shard_processes(lambda pid: ours(pid, proc.pid)):
            time.sleep(KILL_AFTER)  # torch imported, some of the shard's cases run
            if _alive(child) and _alive(worker):
                os.kill(worker if victim == "worker" else child, signal.SIGKILL)
                killed = (child, worker)
            break
        time.sleep(0.05)
    stdout, stderr = proc.communicate(timeout=600)
    assert killed is not None, "no shard was seen running: " + stderr
    assert proc.returncode == 0, stdout + stderr
    time.sleep(0.5)
    assert not _alive(killed[0]), "the killed worker's dynrr-fuzz outlived it"
    doc = json.loads(out.read_text())
    cases = [c["case"] for c in doc["cases"]]
    assert cases == sorted(list(range(CASES)) * 2)  # none lost, none twice
    return doc


# ------------------------------------------------------------------ Ray
def test_ray_own_instance_replay(local_replay, tmp_path):
    # No --address: the campaign starts its own Ray on this machine and stops it after.
    doc = replay_json(tmp_path, "own", "--engine", "ray", "--workers", 1)
    assert doc["frames"] == local_replay["frames"]
    assert doc["summary"]["engine"] == "ray" and doc["summary"]["workers"] == 1


# ------------------------------------------------------------------ a real Ray cluster
@pytest.fixture(scope="module")
def ray_cluster():
    """A head node and a second node (one CPU each) started with `ray start`, in a
    process session of their own that the teardown ends (and nothing else)."""
    import ray  # noqa: F401  (in scripts/requirements.txt: its absence is a failure)
    temp = tempfile.mkdtemp(prefix="rt-", dir="/tmp")  # short: Ray's socket paths live here
    port = 6300 + os.getpid() % 600
    ray_bin = str(pathlib.Path(sys.executable).parent / "ray")
    common = ["--num-cpus", "1", "--disable-usage-stats", "--block"]
    logs = []
    procs = []

    def start(args, log_name):
        log = open(pathlib.Path(temp) / log_name, "w+")
        logs.append(log)
        procs.append(subprocess.Popen([ray_bin, "start", *args, *common], stdout=log,
                                      stderr=subprocess.STDOUT, env=env(),
                                      start_new_session=True))
        return log

    def wait_started(log):
        for _ in range(240):
            log.seek(0)
            if "Ray runtime started" in log.read():
                return
            time.sleep(0.25)
        log.seek(0)
        raise RuntimeError("ray start did not start: " + log.read()[-2000:])

    try:
        wait_started(start(["--head", "--node-ip-address", "127.0.0.1", "--port", str(port),
                            "--include-dashboard", "false", "--temp-dir", temp], "head.log"))
        wait_started(start(["--address", f"127.0.0.1:{port}"], "node.log"))
        # Processes of this cluster are in the sessions of its `ray start` processes.
        yield {"address": f"127.0.0.1:{port}", "sessions": {p.pid for p in procs}}
    finally:
        for p in procs[::-1]:
            try:
                os.killpg(p.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        time.sleep(2)
        for p in procs[::-1]:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            p.wait(timeout=30)
        for log in logs:
            log.close()
        subprocess.run(["rm", "-rf", temp])


def test_ray_fuzz_equals_local(ray_cluster, local_fuzz, tmp_path):
    doc = fuzz_json(tmp_path, "ray", "--engine", "ray", "--address", ray_cluster["address"],
                    "--shard-size", 5)
    assert verdicts(doc) == verdicts(local_fuzz)
    s = doc["summary"]
    assert s["engine"] == "ray" and s["workers"] == 2 and s["shards_done"] == 5
    assert s["properties"] == local_fuzz["summary"]["properties"]


def test_ray_replay_equals_local(ray_cluster, local_replay, tmp_path):
    doc = replay_json(tmp_path, "ray", "--engine", "ray", "--address", ray_cluster["address"],
                      "--shard-size", 7)
    assert doc["frames"] == local_replay["frames"]
    for key in ("match", "diverge", "unsupported", "unsupported_reasons"):
        assert doc["summary"][key] == local_replay["summary"][key]


def test_ray_missing_build_fails_on_every_node(ray_cluster, tmp_path):
    proc = campaign("replay", "--engine", "ray", "--address", ray_cluster["address"], "--build",
                    tmp_path / "nobuild", TRACES[0])
    assert proc.returncode == 2, proc.stdout + proc.stderr
    lines = [ln for ln in proc.stderr.splitlines() if "nobuild/bin/dynrr is missing" in ln]
    assert len(lines) == 2, proc.stderr  # one per node


def test_ray_worker_killed_mid_shard_is_retried(ray_cluster, local_fuzz, tmp_path):
    doc = run_and_kill_a_worker(tmp_path, lambda pid, _: _stat(pid)[2] in ray_cluster["sessions"],
                                "--engine", "ray", "--address", ray_cluster["address"])
    assert verdicts(doc) == verdicts(local_fuzz)
    assert doc["summary"]["shards_done"] == doc["summary"]["shards"] == 4
