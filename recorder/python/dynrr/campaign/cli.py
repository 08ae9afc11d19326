"""`python -m dynrr campaign fuzz|replay`: the command line of campaigns (see __init__.py).

Exit codes: 0 nothing failed; 1 a property failed (fuzz) or a frame diverged or regressed
against the baseline (replay); 2 a harness or pre-flight error, or a shard that could not
run; 130 interrupted (what finished is still written).
"""
from __future__ import annotations

import json
import math
import pathlib
import sys
import time

from dynrr.campaign import engine as engines
from dynrr.campaign import fuzz, paths, progress, replay


def add_parser(sub):
    camp = sub.add_parser("campaign", help="fuzz or replay campaigns, local or on Ray")
    csub = camp.add_subparsers(dest="kind", required=True)

    def common(p):
        p.add_argument("--engine", choices=("local", "ray"), default="local",
                       help="local: a process pool on this machine (default); ray: Ray tasks")
        p.add_argument("--address", default=None,
                       help="Ray cluster address (HOST:PORT or auto); none: an own local Ray")
        p.add_argument("--workers", type=int, default=None,
                       help="shards run at once (default: the CPUs of the machine/cluster)")
        p.add_argument("--shard-size", type=int, default=None,
                       help="cases (fuzz) or traces (replay) per shard")
        p.add_argument("--build", default=None,
                       help="build directory (default: $DYNRR_BUILD or <repo>/build)")
        p.add_argument("--json", dest="json_out", help="write the merged result as JSON")
        p.add_argument("--progress", choices=("auto", "log", "none"), default="auto",
                       help="auto: a live line on a terminal, quiet in CI or a pipe; "
                            "log: a line per finished shard")
        p.add_argument("--max-retries", type=int, default=3,
                       help="runs of a shard again after its worker died")

    f = csub.add_parser("fuzz", help="a dynrr-fuzz campaign, sharded")
    common(f)
    f.add_argument("--cases", type=int, default=100)
    f.add_argument("--seed", type=int, default=1)
    f.add_argument("--property", default="fidelity",
                   help="fidelity|correctness|transparency|roundtrip|all (or a list)")
    f.add_argument("--features", default="part1")
    f.add_argument("--junit", help="write one JUnit file for the whole campaign")
    f.add_argument("--corpus-dir", default=str(paths.REPO / "corpus" / "fuzz"),
                   help="where new shrunk failures are saved (default corpus/fuzz)")
    f.add_argument("--no-corpus", action="store_true", help="save no failures")
    f.add_argument("--shrink-runs", type=int, default=120)
    f.add_argument("--max-stmts", type=int, default=10)
    f.add_argument("--allow-failures", action="store_true",
                   help="exit 0 despite property failures (they are reported)")
    f.add_argument("--fail-on-genbug", action="store_true")

    r = csub.add_parser("replay", help="replay every trace under PATHs, sharded")
    common(r)
    r.add_argument("--baseline", help="an earlier run's --json: list frames that got worse")
    r.add_argument("paths", nargs="+", metavar="PATH")


def _default_shard(total: int, workers: int, lo: int, hi: int) -> int:
    # Two shards per worker (some load balance, half a worker's share lost on a retry),
    # within [lo, hi] so that process start-up does not dominate.
    return max(lo, min(hi, math.ceil(total / (workers * 2)) if total else 1))


def _write_json(path, doc):
    """One case or frame per line (a million-case campaign stays readable), then the
    summary indented."""
    (key, rows), (_, summary) = doc.items()
    body = ",\n".join(json.dumps(r) for r in rows)
    pathlib.Path(path).write_text(f'{{"{key}": [\n{body}\n],\n"summary": '
                                  f"{json.dumps(summary, indent=1)}}}\n")


def run(ns) -> int:
    build = str(pathlib.Path(ns.build).resolve() if ns.build else paths.default_build_dir())
    tool = "dynrr-fuzz" if ns.kind == "fuzz" else "dynrr"
    if ns.address and ns.engine != "ray":
        print("dynrr campaign: --address needs --engine ray", file=sys.stderr)
        return 2
    if ns.kind == "replay":
        traces = replay.collect_traces(ns.paths)
        missing = [t for t in traces if not pathlib.Path(t).exists()]
        if missing:
            print(f"dynrr campaign: no such trace: {missing[0]}", file=sys.stderr)
            return 2
        if not traces:
            print("dynrr campaign: no .dynrr traces under the given paths", file=sys.stderr)
            return 2
    t0 = time.monotonic()
    try:
        eng = engines.make_engine(ns.engine, ns.address, ns.workers, build, ns.max_retries)
    except ImportError:
        print("dynrr campaign: --engine ray needs Ray (pip install -r scripts/requirements.txt)",
              file=sys.stderr)
        return 2
    try:
        errors = eng.preflight(build, tool)
        if errors:
            print("dynrr campaign: pre-flight check failed, no shard was run:", file=sys.stderr)
            for e in errors:
                print(f"  {e}", file=sys.stderr)
            return 2
        # Starting the engine (an own Ray instance: seconds) and the pre-flight checks.
        eng.setup_seconds = round(time.monotonic() - t0, 3)
        if ns.kind == "fuzz":
            return _run_fuzz(ns, eng, build)
        return _run_replay(ns, eng, build, traces)
    finally:
        eng.close()


def _drive(eng, fn, specs, merge, prog, shard_of, failures_of, size_of):
    """Runs the shards, feeding the merge; returns True when interrupted by Ctrl-C."""
    try:
        for i, result in eng.run(fn, specs):
            if isinstance(result, BaseException):
                merge.add_error(shard_of(i), result)
                prog.update(0, 0, f"shard {i} failed: {result}")
            else:
                merge.add(result)
                prog.update(size_of(result), failures_of(result), f"shard {i} on {result['host']}")
        return False
    except KeyboardInterrupt:
        eng.cancel()
        print("\ndynrr campaign: interrupted; writing what finished", file=sys.stderr)
        return True
    finally:
        prog.finish()


def _run_fuzz(ns, eng, build) -> int:
    # dynrr-fuzz starts in about 3 s (torch); a case takes 0.1-0.5 s.
    size = ns.shard_size or _default_shard(ns.cases, eng.workers, 20, 500)
    ranges = fuzz.shard_ranges(ns.cases, size)
    corpus = None if ns.no_corpus else ns.corpus_dir
    known = sorted(fuzz.corpus_signatures(corpus)) if corpus else None
    specs = [{"build": build, "first": k, "count": n, "seed": ns.seed,
              "property": ns.property, "features": ns.features, "shrink_runs": ns.shrink_runs,
              "max_stmts": ns.max_stmts, "known": known} for k, n in ranges]
    options = {"cases": ns.cases, "seed": ns.seed, "property": ns.property,
               "features": ns.features, "shards": len(specs)}
    merge = fuzz.FuzzMerge(options)
    prog = progress.Progress(ns.cases, "cases", ns.progress)
    t0 = time.monotonic()
    interrupted = _drive(eng, fuzz.run_shard, specs, merge, prog, lambda i: ranges[i],
                         fuzz.shard_failures, lambda r: r["count"])
    seconds = time.monotonic() - t0
    saved = merge.save_corpus(corpus)
    summary = merge.summary(seconds, eng, interrupted, saved)
    if ns.json_out:
        _write_json(ns.json_out, {"cases": merge.cases(), "summary": summary})
    if ns.junit:
        pathlib.Path(ns.junit).write_text(merge.junit(seconds))
    _print_fuzz(summary)
    if interrupted:
        return 130
    if merge.errors or summary["harness_errors"]:
        return 2
    genbugs = sum(c.get("generator-bug", 0) for c in summary["properties"].values())
    if (summary["failures"] and not ns.allow_failures) or (ns.fail_on_genbug and genbugs):
        return 1
    return 0


def _print_fuzz(s):
    print(f"dynrr campaign fuzz: {s['cases']}/{s['requested']} cases in {s['seconds']:.1f} s "
          f"({s['cases_per_s']:.2f} cases/s, engine {s['engine']}, {s['workers']} workers, "
          f"{s['shards_done']}/{s['shards']} shards), seed {s['seed']}, "
          f"features {s['features']}")
    for prop, c in s["properties"].items():
        print(f"property {prop}: {c['pass']} pass, {c['fail']} fail, "
              f"{c['unsupported']} unsupported, {c['generator-bug']} generator bugs")
    for u in s["unsupported"][:10]:
        print(f"  {u['cases']:6d}  {u['signature']}")
    for f in s["failures"]:
        print(f"  FAIL x{f['cases']}  {f['signature']}  (first: case {f['first_case']}, "
              f"case seed {f['case_seed']})")
    for x in s["saved"]:
        print(f"saved to corpus: {x['stem']} ({x['signature']})")
    for e in s["errors"]:
        print(f"ERROR {e}")
    if s["harness_errors"]:
        print(f"HARNESS ERRORS: {s['harness_errors']}")


def _run_replay(ns, eng, build, traces) -> int:
    size = ns.shard_size or _default_shard(len(traces), eng.workers, 1, 100)
    shards = replay.shard_lists(traces, size)
    specs = [{"build": build, "traces": s} for s in shards]
    merge = replay.ReplayMerge({"traces": len(traces), "shards": len(specs)})
    prog = progress.Progress(len(traces), "traces", ns.progress)
    baseline = replay.load_baseline(ns.baseline) if ns.baseline else None
    t0 = time.monotonic()
    interrupted = _drive(eng, replay.run_shard, specs, merge, prog, lambda i: shards[i],
                         replay.shard_failures, lambda r: len(r["traces"]))
    seconds = time.monotonic() - t0
    regressions = (merge.regressions(baseline, complete=not interrupted)
                   if baseline is not None else None)
    summary = merge.summary(seconds, eng, interrupted, regressions)
    if ns.json_out:
        _write_json(ns.json_out, {"frames": merge.frames_json(), "summary": summary})
    _print_replay(summary)
    if interrupted:
        return 130
    if merge.errors or summary["error"]:
        return 2
    if regressions is not None:  # a gate against the baseline: only what got worse fails
        return 1 if regressions else 0
    return 1 if summary["diverge"] else 0


def _print_replay(s):
    print(f"dynrr campaign replay: {s['frames']} frames of {s['traces']}/"
          f"{s['requested_traces']} traces in {s['seconds']:.1f} s ({s['frames_per_s']:.1f} "
          f"frames/s, engine {s['engine']}, {s['workers']} workers, {s['shards']} shards); "
          f"core {s['core_ms']:.1f} ms, dynamo {s['dynamo_ms']:.1f} ms")
    print(f"summary: {s['match']} match, {s['diverge']} diverge, {s['unsupported']} "
          f"unsupported, {s['error']} errors")
    for u in s["unsupported_reasons"][:10]:
        print(f"  {u['frames']:6d} frames blocked by: {u['reason']}")
    for r in s.get("regressions") or []:
        print(f"REGRESSION {r['trace']} frame {r['index']} ({r['name']}): {r['was']} -> "
              f"{r['now']} {r['reason']}")
    for e in s["errors"]:
        print(f"ERROR {e}")
