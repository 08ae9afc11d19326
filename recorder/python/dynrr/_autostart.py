"""Started from the venv's dynrr.pth when DYNRR_TRACE is set: records every frame Dynamo
compiles in this process into $DYNRR_TRACE, and closes the trace at exit.

Importing torch here would slow down every Python start-up and change import order, so
the recorder is installed lazily: a pass-through wrapper of builtins.__import__ waits
until torch and torch._dynamo have finished importing (Dynamo cannot compile anything
before that), installs the hooks, and unwraps itself.
"""
import atexit
import builtins
import os
import sys

_original_import = builtins.__import__
_started = False


def _ready():
    torch = sys.modules.get("torch")
    dynamo = sys.modules.get("torch._dynamo")
    if torch is None or dynamo is None or "torch._dynamo.convert_frame" not in sys.modules:
        return False
    for module in (torch, dynamo):
        spec = getattr(module, "__spec__", None)
        if spec is None or getattr(spec, "_initializing", False):
            return False
    return hasattr(dynamo, "reset") and hasattr(torch, "nn")


def _start():
    global _started
    _started = True
    if builtins.__import__ is _import_hook:
        builtins.__import__ = _original_import
    path = os.environ.get("DYNRR_TRACE")
    if not path:
        return
    try:
        import dynrr

        dynrr.start(path)
        atexit.register(dynrr.stop)
    except Exception as e:  # never break the program
        print(f"dynrr: cannot start recording to {path}: {type(e).__name__}: {e}",
              file=sys.stderr)


def _import_hook(name, globals=None, locals=None, fromlist=(), level=0):
    module = _original_import(name, globals, locals, fromlist, level)
    if not _started and _ready():
        _start()
    return module


if _ready():
    _start()
else:
    builtins.__import__ = _import_hook
