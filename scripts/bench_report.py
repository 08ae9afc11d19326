#!/usr/bin/env python3
"""Writes <bench>/report.md and <bench>/report.png from the raw outputs of scripts/bench_run.py:
dynamo.json (bench_dynamo.py), verdicts.json (dynrr replay --json), replay_bench.json and
trace_bench.json (Google Benchmark), callgrind.json, repro_bench.json (python -m dynrr
repro --bench: real Dynamo on frames rebuilt from their traces); plus bytes per event of
the checked-in corpus (corpus/traces, read with `dynrr validate`) and the machine
(/proc/cpuinfo).

Ratios are Dynamo's compile time of a frame over the core's replay time of the same frame
of the same recording, for frames whose replay matches Dynamo's decisions.

Usage: scripts/bench_report.py --bench build/bench --dynrr build/bin/dynrr
"""
from __future__ import annotations

import argparse
import json
import math
import pathlib
import platform
import re
import statistics
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[1]


def machine() -> str:
    model, mhz, cores = "?", "?", 0
    try:
        for line in pathlib.Path("/proc/cpuinfo").read_text().splitlines():
            k, _, v = line.partition(":")
            k, v = k.strip(), v.strip()
            if k == "model name":
                model = v
                cores += 1
            elif k == "cpu MHz" and mhz == "?":
                mhz = f"{float(v):.0f} MHz"
    except OSError:
        pass
    mem = "?"
    try:
        kb = int(re.search(r"MemTotal:\s+(\d+)", pathlib.Path("/proc/meminfo").read_text())[1])
        mem = f"{kb / 1024 / 1024:.1f} GiB RAM"
    except (OSError, TypeError):
        pass
    return f"{model}, {cores} logical CPUs at {mhz}, {mem}, Linux {platform.release()}"


def fmt_ms(ns: float) -> str:
    ms = ns / 1e6
    return f"{ms:.3f}" if ms < 1 else f"{ms:.2f}" if ms < 100 else f"{ms:.0f}"


def geomean(xs):
    xs = [x for x in xs if x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else 0.0


def load(bench: pathlib.Path, name: str):
    p = bench / name
    return json.loads(p.read_text()) if p.is_file() else None


def core_times(replay_bench) -> dict:
    """'traces/<g>/<n>.dynrr/frameI' -> (core ns per replay, ops, core CPU ns per replay)."""
    out = {}
    for b in (replay_bench or {}).get("benchmarks", []):
        if b.get("error_occurred"):
            continue
        scale = {"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}[b.get("time_unit", "ns")]
        out[b["name"]] = (b["real_time"] * scale, int(b.get("ops", 0)),
                          b.get("cpu_time", b["real_time"]) * scale)
    return out


def corpus_sizes(dynrr: pathlib.Path):
    rows = []
    for trace in sorted((ROOT / "corpus" / "traces").rglob("*.dynrr")):
        proc = subprocess.run([str(dynrr), "validate", str(trace)], capture_output=True,
                              text=True)
        m = re.search(r"(\d+) events, (\d+) objects, (\d+) bytes", proc.stdout)
        if m:
            rows.append((trace.relative_to(ROOT / "corpus" / "traces").as_posix(),
                         int(m[1]), int(m[2]), int(m[3])))
    return rows


def repro_section(repro: dict, core: dict, bench: pathlib.Path) -> list:
    """Real Dynamo's compile time on frames rebuilt from their traces (dynrr repro --bench)
    next to the core's replay time of the same frames."""
    frames = repro.get("frames") or []
    if not frames:
        return []
    md = ["## Dynamo on rebuilt frames (python -m dynrr repro --bench)", ""]
    s = repro.get("summary", {})
    timed = [f for f in frames if f.get("median_ns")]
    md.append(f"Each compiled frame of the bench traces rebuilt from its trace alone and compiled "
              f"again by real Dynamo in one warm process, {s.get('repeats', '?')} timed repeats "
              f"each (median; spread = (max - min) / median). {s.get('reproduced', 0)} of "
              f"{len(frames)} frames reproduce the recorded decisions exactly; total median "
              f"compile time {fmt_ms(s.get('total_median_ns', 0))} ms. A Dynamo change can be "
              "measured on these frames without the programs.")
    md.append("")
    md.append("| trace | frame | reproduced | Dynamo tracing (rebuilt) ms | spread | "
              "Dynamo tracing (recorded) ms "
              "| core replay ms | Dynamo / core |")
    md.append("|---|---|---|---:|---:|---:|---:|---:|")
    rows = []
    for f in timed:
        try:
            rel = pathlib.Path(f["trace"]).resolve().relative_to(bench.resolve()).as_posix()
        except ValueError:
            rel = f["trace"]
        ct = core.get(f"{rel}/frame{f['index']}")
        rows.append((f, rel, ct[0] if ct else None))
    for f, rel, cns in sorted(rows, key=lambda r: -r[0]["median_ns"])[:40]:
        ratio = f"{f['median_ns'] / cns:.0f}x" if cns else "-"
        md.append(f"| {rel} | {f['index']} {f['name']} | {'yes' if f['reproduced'] else 'no'} | "
                  f"{fmt_ms(f['median_ns'])} | {100 * f['spread']:.0f}% | "
                  f"{fmt_ms(f['recorded_dynamo_ns']) if f.get('recorded_dynamo_ns') is not None else '-'} | "
                  f"{fmt_ms(cns) if cns else '-'} | {ratio} |")
    if len(rows) > 40:
        md.append("")
        md.append(f"({len(rows) - 40} more frames in repro_bench.json.)")
    md.append("")
    return md


def model_frames(replay_bench, verdicts: dict) -> list:
    """Frames of the models suite's traces (bench/models/, step 1d) whose replay matches:
    (name, core ns per replay from replay_bench, Dynamo ns recorded in the trace)."""
    out = []
    for b in (replay_bench or {}).get("benchmarks", []):
        name = b.get("name", "")
        if not name.startswith("models/") or b.get("error_occurred") or "dynamo_ms" not in b:
            continue
        rel, _, frame = name.rpartition("/frame")
        doc = verdicts.get(rel, {})
        verdict = {str(f["index"]): f["verdict"] for f in doc.get("frames", [])}.get(frame)
        if verdict != "match":
            continue
        scale = {"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}[b.get("time_unit", "ns")]
        out.append((name, b["real_time"] * scale, b["dynamo_ms"] * 1e6))
    return out


def targets_section(scaling: list, ratios: list, models: list, cg: dict, reads: list,
                    cold: list) -> list:
    """Issue 20's targets, each with the value this run measured."""
    md = ["## Targets (issue 20), measured in this run", ""]
    md.append("Times are wall-clock means on a shared machine (other jobs were running: "
              "compare sizes side by side within one run, not across runs); callgrind "
              "instruction counts do not depend on the load.")
    md.append("")
    md.append("| target | measured | met |")
    md.append("|---|---|---|")

    def row(target, measured, ok):
        md.append(f"| {target} | {measured} | {'yes' if ok else 'no'} |")

    for workload, what in (("loop", "loop workload"),
                           ("line", "straight-line workload (bench/workloads)")):
        timed = [s for s in scaling if s.get("core_ns") and s.get("ops") and
                 s["workload"] == workload]
        per_op = [(s["n"], s["core_ns"] / s["ops"] / 1e3) for s in timed]
        cpu = {s["n"]: s["core_cpu_ns"] / s["ops"] / 1e3 for s in timed if s.get("core_cpu_ns")}
        if len(per_op) >= 2:
            lo, hi = min(p for _, p in per_op), max(p for _, p in per_op)
            row(f"core time per traced op flat from 50 to 5,000 ops (within 1.5x), {what}",
                ", ".join(f"{p:.2f} us at {n}" + (f" (CPU {cpu[n]:.2f})" if n in cpu else "")
                          for n, p in per_op) + f": spread {hi / lo:.2f}x"
                + ("" if per_op[-1][0] >= 5000 else " (5,000 not measured)"),
                hi / lo <= 1.5 and per_op[-1][0] >= 5000)
        big = [(n, p) for n, p in per_op if n >= 5000]
        if big:
            n, p = big[-1]
            row(f"at most 2 us per op at 5,000 ops, {what}",
                f"{p:.2f} us/op" + (f" (CPU {cpu[n]:.2f})" if n in cpu else ""), p <= 2.0)
        for s in timed:
            r = s["dynamo_ns"] / s["core_ns"]
            row(f"1,000x Dynamo at {s['n']} ops, {what}", f"{r:.0f}x", r >= 1000)
    if models:
        gm = geomean([d / c for _, c, d in models])
        row("1,000x Dynamo, geometric mean over the models suite",
            f"{gm:.0f}x over {len(models)} matching frames", gm >= 1000)
    else:
        row("1,000x Dynamo, geometric mean over the models suite", "no model frame timed", False)
    if ratios:
        row("2,000x Dynamo, geometric mean over the corpus", f"{geomean(ratios):.0f}x",
            geomean(ratios) >= 2000)
    if cg.get("instructions") and cg.get("ops"):
        per = cg["instructions"] / cg["ops"]
        base = cg.get("baseline_instructions") or 0
        beyond = (cg["instructions"] - base) / cg["ops"]
        row(f"callgrind at most 10,000 instructions per traced op ({cg['trace']}, "
            f"{cg['ops']} ops)", f"{per:,.0f} per op in all ({beyond:,.0f} beyond "
            "`dynrr validate` of the same trace)", per <= 10000)
    for sc in cg.get("scaling", []):
        if sc.get("instructions") and sc.get("ops"):
            base = sc.get("baseline_instructions") or 0
            md.append(f"| (callgrind, {sc['trace']}) | {sc['instructions'] / sc['ops']:,.0f} "
                      f"per op in all, {(sc['instructions'] - base) / sc['ops']:,.0f} beyond "
                      f"validate | |")
    for name, mbs, *_ in reads:
        if "dir:" in name or "file:" in name:
            row(f"trace read and validate at 2 GB/s ({name})", f"{mbs:,.0f} MB/s", mbs >= 2000)
    for name, median_ms in cold:
        if name.endswith("replay_one_op"):
            row("`dynrr replay` of a one-op trace under 5 ms", f"{median_ms:.2f} ms",
                median_ms < 5)
    md.append("")
    return md


def cold_start(doc: dict) -> list:
    """(benchmark name, median wall ms) from cold_start_bench.json."""
    out = []
    for b in doc.get("benchmarks", []):
        if b.get("aggregate_name") == "median":
            scale = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[b.get("time_unit", "ms")]
            out.append((b["run_name"].split("/real_time")[0], b["real_time"] * scale))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bench", default=str(ROOT / "build" / "bench"))
    ap.add_argument("--dynrr", default=str(ROOT / "build" / "bin" / "dynrr"))
    args = ap.parse_args()
    bench = pathlib.Path(args.bench)
    dyn = load(bench, "dynamo.json") or {"programs": [], "scaling": []}
    verdicts = load(bench, "verdicts.json") or {}
    core = core_times(load(bench, "replay_bench.json"))
    tb = load(bench, "trace_bench.json") or {}
    cold = load(bench, "cold_start_bench.json") or {}
    cg = load(bench, "callgrind.json") or {}
    repro = load(bench, "repro_bench.json") or {}

    # ------------------------------------------------------------ per frame
    frames = []  # (program, frame index, name, verdict, ops, graphs, guards, core_ns, dynamo_ns)
    all_events = []
    for prog in dyn["programs"]:
        rel = f"traces/{prog['program']}.dynrr"
        doc = verdicts.get(rel, {})
        by_index = {f["index"]: f for f in doc.get("frames", [])}
        for ev in prog["events"]:
            all_events.append(ev)
            f = by_index.get(ev["index"], {})
            ct = core.get(f"{rel}/frame{ev['index']}")
            frames.append({"program": prog["program"], "index": ev["index"], "name": ev["name"],
                           "verdict": f.get("verdict", "error" if "error" in doc else "?"),
                           "ops": ct[1] if ct else f.get("ops", 0),
                           "graphs": ev["graphs"], "guards": ev["guards"],
                           "core_ns": ct[0] if ct else None,
                        "core_cpu_ns": ct[2] if ct else None, "dynamo_ns": ev["dynamo_ns"]})
    matched = [f for f in frames if f["verdict"] == "match" and f["core_ns"] and f["dynamo_ns"]]
    ratios = [f["dynamo_ns"] / f["core_ns"] for f in matched]
    counts = {v: sum(1 for f in frames if f["verdict"] == v) for v in
              ("match", "diverge", "unsupported")}

    # ------------------------------------------------------------ scaling
    scaling = []
    for s in dyn.get("scaling", []):
        s = {"workload": "loop", **s}
        rel = f"scaling/{s['workload']}{s['n']}.dynrr"
        doc = verdicts.get(rel, {})
        fr = (doc.get("frames") or [{}])[0]
        ct = core.get(f"{rel}/frame0")
        scaling.append({**s, "verdict": fr.get("verdict", "?"), "reason": fr.get("reason", ""),
                        "core_ns": ct[0] if ct else None,
                        "core_cpu_ns": ct[2] if ct else None,
                        "core_ops": ct[1] if ct else fr.get("ops", 0)})

    # ------------------------------------------------------------ recorder overhead
    compiled = [e for e in all_events if e["status"] == "compiled" and e["dynamo_ns"] > 0]
    rec_total = sum(e["recorder_ns"] for e in compiled)
    dyn_total = sum(e.get("compile_ns", e["dynamo_ns"]) for e in compiled)
    overhead = rec_total / dyn_total if dyn_total else 0.0
    per_event = sorted(e["recorder_ns"] / e.get("compile_ns", e["dynamo_ns"]) for e in compiled)

    # ------------------------------------------------------------ trace read
    reads = []
    for b in tb.get("benchmarks", []):
        if b.get("run_type") == "aggregate" or "Read" not in b["name"]:
            continue
        reads.append((b["name"], b.get("bytes_per_second", 0) / 1e6,
                      b.get("items_per_second", 0), b.get("events", 0), b.get("objects", 0),
                      b.get("trace_bytes", 0), b.get("real_time", 0), b.get("time_unit", "")))

    sizes = corpus_sizes(pathlib.Path(args.dynrr))
    total_bytes = sum(r[3] for r in sizes)
    total_events = sum(r[1] for r in sizes)
    total_objects = sum(r[2] for r in sizes)

    # ------------------------------------------------------------ markdown
    md = ["# dynrr benchmark report", ""]
    md.append(f"Machine: {machine()}.  ")
    md.append(f"torch {dyn.get('torch', '?')}, Python {dyn.get('python', '?')}; Dynamo side "
              f"measured in one warm process ({dyn.get('total_wall_s', 0):.0f} s for "
              f"{len(dyn['programs'])} programs).")
    md.append("")
    md.append("## Headline")
    md.append("")
    if matched:
        tot_ratio = sum(f["dynamo_ns"] for f in matched) / sum(f["core_ns"] for f in matched)
        md.append(f"- Core replay vs Dynamo compile, over the {len(matched)} frames whose replay "
                  f"matches Dynamo: geometric mean **{geomean(ratios):.0f}x** faster, median "
                  f"{statistics.median(ratios):.0f}x, range {min(ratios):.0f}x to "
                  f"{max(ratios):.0f}x; total time ratio {tot_ratio:.0f}x "
                  f"({fmt_ms(sum(f['dynamo_ns'] for f in matched))} ms of Dynamo vs "
                  f"{fmt_ms(sum(f['core_ns'] for f in matched))} ms of core).")
    else:
        md.append("- No frame matched: no core/Dynamo ratio.")
    backend_total = sum(e.get("backend_ns", 0) for e in all_events)
    compile_total = sum(e.get("compile_ns", e["dynamo_ns"]) for e in all_events)
    md.append(f"- Every ratio is against Dynamo's tracing time only: over all {len(all_events)} "
              f"recorded events the backend's compile took {fmt_ms(backend_total)} ms of "
              f"{fmt_ms(compile_total)} ms of Dynamo's compile calls (not counted).")
    # Module-heavy programs (issue 5): each workload frame, its verdict and ratio.
    for f in frames:
        if not f["program"].startswith("workloads/") or f["program"].endswith("long_loop_ops"):
            continue
        ratio = (f"{f['dynamo_ns'] / f['core_ns']:.0f}x" if f["core_ns"] and f["dynamo_ns"]
                 and f["verdict"] == "match" else "no ratio (not a match)")
        core_ms = fmt_ms(f["core_ns"]) if f["core_ns"] else "-"
        md.append(f"- Module workload `{f['program']}` frame {f['index']} ({f['verdict']}, "
                  f"{f['ops']} ops): Dynamo {fmt_ms(f['dynamo_ns'])} ms, core {core_ms} ms, "
                  f"**{ratio}**.")
    md.append(f"- Verdicts of this run: {counts['match']} match, {counts['diverge']} diverge, "
              f"{counts['unsupported']} unsupported over {len(frames)} frames.")
    big = [s for s in scaling if s.get("core_ns") and s["workload"] == "loop"]
    if big:
        s = big[-1]
        md.append(f"- Scaling: at {s['n']} loop ops ({s['ops']} graph ops) Dynamo takes "
                  f"{fmt_ms(s['dynamo_ns'])} ms, the core {fmt_ms(s['core_ns'])} ms "
                  f"({s['dynamo_ns'] / s['core_ns']:.0f}x).")
    md.append(f"- Recorder overhead: {overhead * 100:.1f}% of Dynamo's compile time in total "
              f"(median per event {statistics.median(per_event) * 100:.1f}%, "
              f"{len(compiled)} compiled events)." if per_event else "- Recorder overhead: -")
    for name, mbs, eps, ev, ob, nbytes, rt, unit in reads:
        if "dir:" in name or "file:" in name:
            how = ("from a file, as `dynrr` opens it" if name.startswith("BM_TraceReadFile")
                   else "from memory")
            target = "target 2,000 MB/s: " + ("met" if mbs >= 2000 else "not met")
            md.append(f"- Trace read and validate {how} ({name.split('/', 1)[1]}: {ev:.0f} "
                      f"events, {ob:.0f} objects, {nbytes / 1e6:.2f} MB): **{mbs:.0f} MB/s** "
                      f"({target}), {eps:,.0f} events/s.")
    for name, median_ms in cold_start(cold):
        if name.endswith("replay_one_op"):
            target = "target 5 ms: " + ("met" if median_ms < 5 else "not met")
            md.append(f"- Cold path: `dynrr replay` of a one-op trace, process start to exit: "
                      f"**{median_ms:.2f} ms** median wall time ({target}).")
        else:
            md.append(f"- Process start alone (`dynrr version`): {median_ms:.2f} ms median.")
    if cg.get("instructions"):
        md.append(f"- callgrind: {cg['instructions']:,} instructions for `{cg['command']}` "
                  f"({cg['ops']} ops); `dynrr validate` of the same trace: "
                  f"{cg.get('baseline_instructions') or 0:,}.")
    if total_events:
        md.append(f"- Checked-in corpus: {len(sizes)} traces, {total_bytes / 1e6:.2f} MB, "
                  f"**{total_bytes / total_events:,.0f} bytes per event** "
                  f"({total_objects / total_events:.0f} objects per event); largest trace "
                  f"{max(r[3] for r in sizes):,} bytes.")
    md.append("")

    md += targets_section(scaling, ratios, model_frames(load(bench, "replay_bench.json"),
                                                        verdicts), cg, reads, cold_start(cold))

    md.append("## Scaling: the loop workload (corpus/programs/workloads/long_loop_ops.py) "
              "and the same ops as straight-line code (bench/workloads/straight_line_ops.py)")
    md.append("")
    md.append("| workload | DYNRR_SCALE_N | graph ops | trace bytes | Dynamo ms | core ms | "
              "ratio | Dynamo us/op | core us/op | verdict |")
    md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for s in scaling:
        ops = max(s["ops"], 1)
        c = s.get("core_ns")
        core_ms = fmt_ms(c) if c else "-"
        ratio = f"{s['dynamo_ns'] / c:.0f}x" if c else "-"
        core_op = f"{c / ops / 1e3:.2f}" if c else "-"
        md.append(f"| {s['workload']} | {s['n']} | {s['ops']} | {s['bytes']:,} | "
                  f"{fmt_ms(s['dynamo_ns'])} | "
                  f"{core_ms} | {ratio} | {s['dynamo_ns'] / ops / 1e3:.1f} | {core_op} | "
                  f"{s['verdict']} |")
    md.append("")

    ro = load(bench, "recorder_overhead.json")
    md.append("## Recorder overhead")
    md.append("")
    if per_event:
        md.append(f"Over the whole corpus run: recorder {fmt_ms(rec_total)} ms for "
                  f"{fmt_ms(dyn_total)} ms of Dynamo = **{overhead * 100:.1f}%** "
                  f"({len(compiled)} compiled events; 90th percentile per event "
                  f"{per_event[int(0.9 * (len(per_event) - 1))] * 100:.1f}%).")
        md.append("")
    if ro:
        md.append("bench/recorder_overhead.py (model-sized programs; a cache hit runs no "
                  "recorder code):")
        md.append("")
        md.append("| program | events | Dynamo ms | recorder ms | fraction | hit us (recording) "
                  "| hit us (off) | trace bytes |")
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|")
        for r in ro["rows"]:
            md.append(f"| {r['program']} | {r['events']} | {r['dynamo_ms']:.1f} | "
                      f"{r['recorder_ms']:.2f} | {r['fraction'] * 100:.1f}% | "
                      f"{r['hit_us_recording']:.1f} | {r['hit_us_plain']:.1f} | {r['bytes']:,} |")
        md.append(f"| total | | | | {ro['fraction'] * 100:.1f}% | | | |")
        md.append("")

    md.append("## Trace read throughput (trace_bench)")
    md.append("")
    md.append("| benchmark | MB/s | events/s | events | objects | bytes | time per read |")
    md.append("|---|---:|---:|---:|---:|---:|---:|")
    for name, mbs, eps, ev, ob, nbytes, rt, unit in reads:
        md.append(f"| {name} | {mbs:.0f} | {eps:,.0f} | {ev:.0f} | {ob:.0f} | {nbytes:,.0f} | "
                  f"{rt:.2f} {unit} |")
    md.append("")

    md.append("## Core replay vs Dynamo compile, per frame (frames that match)")
    md.append("")
    md.append("| program | frame | ops | graphs | guards | Dynamo ms | core ms | ratio | "
              "core us/op |")
    md.append("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for f in sorted(matched, key=lambda f: -f["dynamo_ns"]):
        per_op = f"{f['core_ns'] / f['ops'] / 1e3:.2f}" if f["ops"] else "-"
        md.append(f"| {f['program']} | {f['index']} {f['name']} | {f['ops']} | {f['graphs']} | "
                  f"{f['guards']} | {fmt_ms(f['dynamo_ns'])} | {fmt_ms(f['core_ns'])} | "
                  f"{f['dynamo_ns'] / f['core_ns']:.0f}x | {per_op} |")
    md.append("")
    other = [f for f in frames if f not in matched]
    md.append(f"Frames not in the table ({len(other)}): the core does not match them yet "
              "(unsupported or diverge); `verdicts.json` has the reasons. Dynamo's time of "
              f"those frames: {fmt_ms(sum(f['dynamo_ns'] for f in other))} ms in total.")
    md.append("")
    md += repro_section(repro, core, bench)
    models = bench / "models.md"
    if models.exists():
        md.append("## Real models (scripts/models_suite.py, this run)")
        md.append("")
        md.append("transformers models built from configs, recorded under real Dynamo and "
                  "replayed (verdicts, trace size per event, the recorder's share of Dynamo's "
                  "time, the core's speed-up on matching frames):")
        md.append("")
        md += models.read_text().rstrip("\n").splitlines()
        md.append("")
    md.append("## Trace size of the checked-in corpus (corpus/traces)")
    md.append("")
    md.append("| trace | events | objects | bytes | bytes/event |")
    md.append("|---|---:|---:|---:|---:|")
    for rel, ev, ob, nb in sorted(sizes, key=lambda r: -r[3])[:15]:
        md.append(f"| {rel} | {ev} | {ob} | {nb:,} | {nb / max(ev, 1):,.0f} |")
    md.append(f"| (all {len(sizes)}) | {total_events} | {total_objects} | {total_bytes:,} | "
              f"{total_bytes / max(total_events, 1):,.0f} |")
    md.append("")
    md.append("Method: Dynamo's time is its tracing time: the recorder's `dynamoNs` "
              "(convert_frame._compile's wall time, recorder hooks subtracted) minus `backendNs` "
              "(the backend's compile inside it), of the recording made in this run; the "
              "core's time is Google Benchmark's mean wall time of `replayFrame` on that same "
              "trace (trace already in memory; the targets table adds its CPU time, which "
              "other jobs on a shared machine inflate less). Recorder overhead is "
              "`recorderNs` (frame walk, graph/guard capture, event write) over the whole "
              "compile (`dynamoNs`).")
    (bench / "report.md").write_text("\n".join(md) + "\n")

    # ------------------------------------------------------------ plot
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib missing: no report.png")
        return 0
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(13, 5))
    xs = [max(f["ops"], 1) for f in matched]
    a1.scatter(xs, [f["dynamo_ns"] / 1e6 for f in matched], s=14, label="Dynamo compile",
               color="tab:orange")
    a1.scatter(xs, [f["core_ns"] / 1e6 for f in matched], s=14, label="dynrr core replay",
               color="tab:blue")
    if matched:
        a1.set_xscale("log")
        a1.set_yscale("log")
    a1.set_xlabel("traced ops in the frame")
    a1.set_ylabel("time per frame (ms)")
    a1.set_title(f"Per corpus frame ({len(matched)} frames that match)")
    a1.legend()
    a1.grid(True, which="both", alpha=0.3)
    pts = [s for s in scaling if s["ops"] and s["workload"] == "loop"]
    a2.plot([s["ops"] for s in pts], [s["dynamo_ns"] / 1e6 for s in pts], "o-",
            color="tab:orange", label="Dynamo compile")
    cp = [s for s in pts if s.get("core_ns")]
    a2.plot([s["ops"] for s in cp], [s["core_ns"] / 1e6 for s in cp], "o-", color="tab:blue",
            label="dynrr core replay")
    if pts:
        a2.set_xscale("log")
        a2.set_yscale("log")
    a2.set_xlabel("graph ops (loop workload, DYNRR_SCALE_N)")
    a2.set_ylabel("time per frame (ms)")
    a2.set_title("Scaling with program length")
    a2.legend()
    a2.grid(True, which="both", alpha=0.3)
    fig.tight_layout()
    fig.savefig(bench / "report.png", dpi=110)
    print(f"wrote {bench / 'report.md'} and {bench / 'report.png'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
