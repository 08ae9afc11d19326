"""Started from the venv's dynrr.pth when DYNRR_TRACE is set: records every frame Dynamo
compiles in this process into $DYNRR_TRACE.

Importing torch here would slow every Python start-up, so the recorder is installed the
first time torch._dynamo.convert_frame is imported (an import hook), i.e. only in
processes that actually use torch.compile.
"""
import atexit
import importlib.abc
import importlib.machinery
import os
import sys

_TARGET = "torch._dynamo.convert_frame"


def _start():
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


class _Finder(importlib.abc.MetaPathFinder):
    """Waits for torch._dynamo.convert_frame to finish importing, then starts."""

    def find_spec(self, name, path, target=None):
        if name != _TARGET:
            return None
        sys.meta_path.remove(self)
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None or spec.loader is None:
            return spec
        loader = spec.loader
        exec_module = loader.exec_module

        def exec_then_start(module):
            exec_module(module)
            sys.modules[name] = module
            _pending.append(module)

        loader.exec_module = exec_then_start
        return spec


_pending = []


def _install_when_ready():
    if _TARGET in sys.modules:
        _start()
        return
    sys.meta_path.insert(0, _Finder())
    # torch._dynamo finishes importing after convert_frame; start on the first
    # compile instead of inside the import to avoid import cycles.
    import builtins
    original_import = builtins.__import__

    def import_hook(name, *args, **kwargs):
        module = original_import(name, *args, **kwargs)
        if _pending and "torch._dynamo" in sys.modules and \
                hasattr(sys.modules["torch._dynamo"], "reset"):
            _pending.clear()
            builtins.__import__ = original_import
            _start()
        return module

    builtins.__import__ = import_hook


_install_when_ready()
