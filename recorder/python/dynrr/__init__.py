"""dynrr: record-and-replay for TorchDynamo.

The recorder captures what Dynamo saw and decided while it compiles frames, into a
``.dynrr`` trace that the ``dynrr`` C++ tool replays offline.

    with dynrr.record("out.dynrr"):
        compiled_fn(x)

    DYNRR_TRACE=out.dynrr python prog.py          # out.%p.dynrr: one trace per process
    python -m dynrr record -o out.dynrr [--max-objects N] [--capture read|full] -- prog.py

``dynrr.load(path)`` reads a trace back as plain Python values (for tests and tools).
"""

__version__ = "0.1.0"

__all__ = ["record", "load", "start", "stop", "__version__"]


class record:
    """Records every frame Dynamo compiles inside the block (or between start()/stop()).

    path: the trace file (None: in memory, see getvalue()); `%p` in it is the process id
    (a process forked while recording then writes its own trace). tensor_values: also
    record the values of tensors with <= 64 elements (default: env DYNRR_TENSOR_VALUES).
    max_objects: the per-event object budget (default: env DYNRR_MAX_OBJECTS, else 6000);
    an event that reaches it is kept, marked truncated, and named in one stderr line.
    capture: "read" (default; env DYNRR_CAPTURE) records in full only the objects Dynamo
    read while compiling (wrapped values, inlined functions) and stubs the rest; "full"
    walks everything the frame's code names, transitively.
    """

    def __init__(self, path, tensor_values=None, producer="recorder", max_objects=None,
                 capture=None):
        self._args = (path, tensor_values, producer, max_objects, capture)
        self.recorder = None

    def __enter__(self):
        from ._recorder import Recorder

        self.recorder = Recorder(*self._args).install()
        return self.recorder

    def __exit__(self, *exc):
        if self.recorder is not None:
            self.recorder.close()
        return False


def start(path, **kwargs):
    """Starts recording to `path` until stop() (or process exit for the autostart)."""
    from ._recorder import Recorder

    return Recorder(path, **kwargs).install()


def stop():
    """Stops the active recording, if any, and closes its trace."""
    from ._recorder import active

    r = active()
    if r is not None:
        r.close()
    return r


def load(path_or_bytes):
    """The trace as {'header', 'events', 'heap', 'warning'} (see _dynrr.load)."""
    import _dynrr

    return _dynrr.load(path_or_bytes)
