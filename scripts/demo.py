#!/usr/bin/env python3
"""make demo: record workloads with real Dynamo, replay them offline, print a table.

Until the recorder exists in this checkout, the demo falls back to a synthetic trace
written by a C++ test program, and says so.
"""
import argparse
import importlib.util
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]


def run(cmd):
    print("$ " + " ".join(str(c) for c in cmd), flush=True)
    return subprocess.run([str(c) for c in cmd], check=False)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="build")
    args = ap.parse_args()
    build = ROOT / args.build
    dynrr = build / "bin" / "dynrr"
    out = build / "demo"
    out.mkdir(parents=True, exist_ok=True)

    have_recorder = importlib.util.find_spec("dynrr") is not None and (
        ROOT / "recorder/python/dynrr/__main__.py").exists()
    if have_recorder and (ROOT / "scripts/demo_record.py").exists():
        sys.exit(run([sys.executable, ROOT / "scripts/demo_record.py", "--build", build]).returncode)

    print("dynrr demo: the recorder is not in this checkout yet, so this demo writes a")
    print("SYNTHETIC trace with a C++ test program (not a recording of real Dynamo),")
    print("then reads it back with the dynrr tool.\n")
    trace = out / "sample.dynrr"
    rc = run([build / "bin" / "dynrr_sample_trace", trace, 2]).returncode
    rc |= run([dynrr, "validate", trace]).returncode
    rc |= run([dynrr, "show", trace, "--event", 0]).returncode
    rc |= run([dynrr, "replay", trace]).returncode
    print(f"\ntrace files are in {out}; next try: {dynrr} show {trace}")
    sys.exit(rc)


if __name__ == "__main__":
    main()
