#!/usr/bin/env python3
"""Re-records saved fuzz failures (corpus/fuzz/<id>.py) with the current recorder and real
Dynamo, through the fuzz oracle (fuzz/oracle.py run_case), and rewrites <id>.dynrr.

A saved trace keeps what the recorder of its day wrote; when the recorder later learns to
capture a decision as Dynamo prints it (TENSOR_MATCH sizes of a dim the shape env fixed,
say), the old trace no longer says what Dynamo decided. Re-record those cases, then run
`DYNRR_UPDATE_FUZZ_EXPECTED=1 build/bin/fuzz_corpus_test` to refresh the replay lines.

    .venv/bin/python scripts/rerecord_fuzz_corpus.py 7ee0351393b6a5d9 [ID ...]
"""
import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def program_source(path):
    """The generated program: the saved file without its five-line header."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines(True)
    header = 0
    while header < len(lines) and lines[header].startswith("# "):
        header += 1
    if header != 5:
        raise SystemExit(f"{path}: expected the five-line header of fuzz/corpus.cpp")
    return "".join(lines[header:])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ids", nargs="+", help="case ids (file names in corpus/fuzz without suffix)")
    ap.add_argument("--dir", default=os.path.join(ROOT, "corpus", "fuzz"))
    args = ap.parse_args()
    sys.path[:0] = [os.path.join(ROOT, "fuzz"), os.path.join(ROOT, "recorder", "python")]
    import oracle  # fuzz/oracle.py: the same runs as dynrr-fuzz's

    failed = 0
    for case in args.ids:
        base = os.path.join(args.dir, case)
        res = oracle.run_case(program_source(base + ".py"), True, False, False)
        if res["status"] != "ok" or not res["trace"]:
            print(f"{case}: not re-recorded ({res['status']}: {res['error'][:200]})")
            failed += 1
            continue
        with open(base + ".dynrr", "wb") as f:
            f.write(res["trace"])
        print(f"{case}: {len(res['trace'])} bytes")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
