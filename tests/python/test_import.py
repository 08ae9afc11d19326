"""The package imports from the venv and the dynrr tool is built."""
import pathlib
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_import_dynrr():
    import dynrr

    assert dynrr.__version__


def test_dynrr_tool_version():
    out = subprocess.run([str(ROOT / "build/bin/dynrr"), "version"], capture_output=True,
                         text=True, check=True)
    assert "trace format 1" in out.stdout
