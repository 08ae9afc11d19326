"""The models suite (issue 15): real transformers models built from configs, recorded
under real Dynamo (torch 2.13.0) and replayed through the core.

Checks, per program of corpus/models/: recording does not change the program's output,
no event is truncated by the recorder's default object budget, and every
frame's verdict equals corpus/models/expectations.txt (pinned from a real run; a change
in either direction must be looked at and re-pinned with --write-expectations).
"""
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_models_suite_verdicts_and_transparency(tmp_path):
    proc = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "models_suite.py"), "--out", str(tmp_path),
         "--check", str(ROOT / "corpus" / "models" / "expectations.txt")],
        capture_output=True, text=True, timeout=1800, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    assert "| bert_whole |" in proc.stdout
