"""python -m dynrr record -o out.dynrr [--tensor-values] -- prog.py [args...]
python -m dynrr campaign fuzz|replay --engine local|ray ...   (see dynrr/campaign/)
python -m dynrr repro TRACE [--frame N] [--json] | --frame N -o repro.py | --bench TRACE...
    (real Dynamo re-run on frames rebuilt from the trace alone; see dynrr/repro.py)

`record` runs prog.py as __main__ with sys.argv set as `python prog.py args...` would,
recording every frame Dynamo compiles into the trace.
"""
import argparse
import os
import runpy
import sys


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(prog="python -m dynrr")
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record", help="record a script's Dynamo compilations")
    rec.add_argument("-o", "--output", required=True, help="trace file to write (.dynrr)")
    rec.add_argument("--tensor-values", action="store_true",
                     help="also record values of tensors with <= 64 elements")
    rec.add_argument("script")
    rec.add_argument("args", nargs=argparse.REMAINDER)
    from dynrr.campaign import cli as campaign_cli

    campaign_cli.add_parser(sub)
    if argv[:1] == ["campaign"]:
        return campaign_cli.run(parser.parse_args(argv))
    from dynrr import repro

    repro.add_parser(sub)
    if argv[:1] == ["repro"]:
        try:
            ns = parser.parse_args(argv)
        except SystemExit as e:
            return 2 if e.code else 0
        return repro.run(ns)
    if "--" in argv:
        i = argv.index("--")
        argv = argv[:i] + argv[i + 1:]
    ns = parser.parse_args(argv)

    # -o wins over an inherited DYNRR_TRACE (whose autostart would record the same frames).
    os.environ.pop("DYNRR_TRACE", None)
    import dynrr

    script = ns.script
    sys.argv = [script] + list(ns.args)
    sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
    recorder = dynrr.start(ns.output, tensor_values=ns.tensor_values or None)
    try:
        runpy.run_path(script, run_name="__main__")
    finally:
        recorder.close()


if __name__ == "__main__":
    sys.exit(main())
