"""python -m dynrr record -o out.dynrr [--tensor-values] [--max-objects N] [--capture read|full]
                         -- prog.py [args...]
python -m dynrr campaign fuzz|replay --engine local|ray ...   (see dynrr/campaign/)
python -m dynrr repro TRACE [--frame N] [--json] | --frame N -o repro.py | --bench TRACE...
    (real Dynamo re-run on frames rebuilt from the trace alone; see dynrr/repro.py)

`record` runs prog.py as __main__ with sys.argv set as `python prog.py args...` would,
recording every frame Dynamo compiles into the trace. `%p` in the -o path is the process
id: a process forked while recording (os.fork, multiprocessing's fork start method) writes
its own trace. --max-objects N raises the per-event object budget (default 6000, or
$DYNRR_MAX_OBJECTS); an event that reaches it is truncated and named on stderr.
--capture read (the default, or $DYNRR_CAPTURE) records in full only what Dynamo read while
compiling; --capture full walks everything the frame's code names (larger, slower traces).
"""
import argparse
import os
import runpy
import sys


def _positive_int(text):
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}")
    return value


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(prog="python -m dynrr")
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record", help="record a script's Dynamo compilations")
    rec.add_argument("-o", "--output", required=True,
                     help="trace file to write (.dynrr); %%p is the process id, for one "
                          "trace per process of a program that forks")
    rec.add_argument("--tensor-values", action="store_true",
                     help="also record values of tensors with <= 64 elements")
    rec.add_argument("--max-objects", type=_positive_int, metavar="N", default=None,
                     help="per-event object budget (default: $DYNRR_MAX_OBJECTS or 6000); an "
                          "event that reaches it is kept, marked truncated, and named on stderr")
    rec.add_argument("--capture", choices=("read", "full"), default=None,
                     help="read (default, or $DYNRR_CAPTURE): objects Dynamo read while "
                          "compiling in full, others as stubs; full: the eager walk of "
                          "everything the frame's code names")
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
    recorder = dynrr.start(ns.output, tensor_values=ns.tensor_values or None,
                           max_objects=ns.max_objects, capture=ns.capture)
    try:
        runpy.run_path(script, run_name="__main__")
    finally:
        recorder.close()


if __name__ == "__main__":
    sys.exit(main())
