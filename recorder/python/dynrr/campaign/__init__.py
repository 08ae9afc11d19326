"""Campaigns across machines: `python -m dynrr campaign fuzz|replay` (issue 18).

A campaign is split into shards; each shard drives a binary of the build on a slice of the
work (`dynrr-fuzz --first-case K --cases N`, or `dynrr replay --json` on some traces) and
returns plain data; the driver merges the shards' results into one report.

    paths.py     where the build, the venv and the repo are; the pre-flight check of a node
    engine.py    where shards run: LocalEngine (a process pool) or RayEngine (Ray tasks,
                 retried when a worker dies)
    progress.py  the live progress line
    fuzz.py      fuzz shards and their merge (per-case verdicts, signatures, corpus, JUnit)
    replay.py    replay shards and their merge (per-frame verdicts, reasons, baseline)
    cli.py       the command line

Shard functions run in worker processes, possibly on other machines: they take and return
only JSON-like data, and find the build and the venv at the same absolute paths as the
driver (see docs/campaigns.md).
"""
