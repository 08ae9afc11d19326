"""The recorder: hooks around Dynamo's compile entry that write one trace event per frame.

Mirrors torch 2.13's torch/_dynamo/convert_frame.py: ConvertFrameAssert.__call__ looks up
the module global `_compile` at call time, so replacing convert_frame._compile takes
effect for every torch.compile'd function, and survives torch._dynamo.reset() (which
clears caches, not module attributes). Around it:
  * the frame input is walked (C++, `_dynrr.Writer.record_frame`) before Dynamo starts;
  * the backend (`compiler_fn`) is wrapped so every GraphModule is captured, then handed
    to the user's backend whose result is returned unchanged;
  * convert_frame.CheckFunctionManager is wrapped to read the final guard set before
    _compile clears it; OutputGraph.codegen_suffix to read the SideEffects it replays;
  * InstructionTranslatorBase.log_graph_break is wrapped to see every graph break;
  * guards.get_and_maybe_log_recompilation_reasons is wrapped for recompile reasons.
A failure inside the recorder marks the event incomplete, logs once to stderr, and the
program goes on; nothing the recorder does raises into the program.

An event whose walk reaches the per-event object budget (max_objects, DYNRR_MAX_OBJECTS,
`python -m dynrr record --max-objects`) is kept, marked truncated, and named in one
stderr line. `%p` in the trace path is the process id; a process forked while recording
(os.fork, multiprocessing's fork start method) records into its own `%p` trace, opened at
its first event after the fork, or, without `%p` in the path, stops recording (one stderr
line) so that it never writes into the parent's trace.
"""
from __future__ import annotations

import gc
import inspect
import os
import sys
import threading
import time

_active = None  # the Recorder whose hooks are installed
_MISSING = object()


class _NoGC:
    """Holds off the cyclic GC while a hook runs, so a collection that Dynamo's own
    allocations made due is not charged to (or run inside) the recorder. The GC state the
    program chose is restored."""

    __slots__ = ("was",)

    def __enter__(self):
        self.was = gc.isenabled()
        if self.was:
            gc.disable()

    def __exit__(self, *exc):
        if self.was:
            gc.enable()
        return False


_lock = threading.Lock()

DEFAULT_MAX_OBJECTS = 6000  # the extension's default (recorder/extension/object_walker.h)


def _stderr(message):
    """One line on stderr; never raises (stderr may be closed or None)."""
    try:
        print(message, file=sys.stderr, flush=True)
    except Exception:
        pass


def expand_path(path, pid=None):
    """The trace path with `%p` replaced by the process id (`%%` is a literal `%`)."""
    if path is None or "%" not in path:
        return path
    pid = os.getpid() if pid is None else pid
    out, i = [], 0
    while i < len(path):
        c = path[i]
        if c == "%" and i + 1 < len(path) and path[i + 1] in "p%":
            out.append(str(pid) if path[i + 1] == "p" else "%")
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def has_pid(path):
    """Whether the trace path holds `%p` (not counting an escaped `%%p`)."""
    return path is not None and expand_path(path, pid="\0") != expand_path(path, pid="\1")


def max_objects_from_env():
    """DYNRR_MAX_OBJECTS as a positive int, or None (unset; an invalid value is named on
    stderr and ignored, so the program still runs)."""
    raw = os.environ.get("DYNRR_MAX_OBJECTS", "").strip()
    if not raw:
        return None
    try:
        value = int(raw)
    except ValueError:
        value = 0
    if value < 1:
        _stderr(f"dynrr: ignoring DYNRR_MAX_OBJECTS={raw!r} (not a positive integer); "
                f"the object budget stays {DEFAULT_MAX_OBJECTS} per event")
        return None
    return value


CAPTURE_MODES = ("read", "full")


def capture_from_env():
    """DYNRR_CAPTURE ("read" or "full"), or None (unset; an invalid value is named on
    stderr and ignored)."""
    raw = os.environ.get("DYNRR_CAPTURE", "").strip()
    if not raw:
        return None
    if raw not in CAPTURE_MODES:
        _stderr(f"dynrr: ignoring DYNRR_CAPTURE={raw!r} (expected one of "
                f"{', '.join(CAPTURE_MODES)}); capture stays 'read'")
        return None
    return raw


class _Captured:
    """A DynamoOutput of compile_frame seen as _compile's result: guarded_code.code is
    the bytecode Dynamo generated."""

    __slots__ = ("output", "guarded_code", "code")

    def __init__(self, output):
        self.output = output
        self.guarded_code = self
        self.code = getattr(output, "bytecode", None)



def _export_constraints(constraints, f_locals):
    """compile_frame's export_constraints (torch.export Dims) as (source, dim, min, max,
    name) tuples: the constrained tensor is found by id among the frame's locals and the
    items of its tuple / list locals (ModuleToTrace.forward's flat_args); max -1 is
    unbounded. _RelaxedConstraint entries (Dim.AUTO / DYNAMIC) are left out, as
    _automatic_dynamic skips them."""
    out = []
    if not constraints:
        return out
    where = {}
    for name, value in (f_locals or {}).items():
        where.setdefault(id(value), f"L[{name!r}]")
        if isinstance(value, (tuple, list)):
            for i, item in enumerate(value):
                where.setdefault(id(item), f"L[{name!r}][{i}]")
    for c in constraints:
        if type(c).__name__ == "_RelaxedConstraint":
            continue
        try:
            vr = c.constraint_range.vr
            lower = int(vr.lower)
        except Exception:
            continue
        try:
            upper = int(vr.upper)
        except Exception:  # int_oo
            upper = -1
        out.append((where.get(getattr(c, "t_id", None), ""), int(c.dim), lower, upper,
                    str(getattr(c, "name", "") or "")))
    return out

def _backend_kind(compiler_fn):
    """trace.capnp BackendKind of the backend Dynamo traces for, tested as
    InstructionTranslator._throw_if_in_functorch does: the backend's `compiler_fn` read
    with inspect.getattr_static (else the backend itself) is lookup_backend("eager")."""
    try:
        import torch._dynamo
        eager = torch._dynamo.lookup_backend("eager")
        inner = inspect.getattr_static(compiler_fn, "compiler_fn", compiler_fn)
        return 1 if inner is eager else 2
    except Exception:
        return 0


class _Event:
    __slots__ = ("graphs", "breaks", "guards", "side_effects", "recompile_reasons",
                 "recorder_ns", "failure", "f_locals", "f_globals", "read", "output_graph_id",
                 "config", "export", "export_constraints", "backend", "backend_ns")

    def __init__(self, f_locals, f_globals, read):
        self.graphs, self.breaks, self.guards, self.side_effects = [], [], [], []
        self.recompile_reasons = []
        self.recorder_ns = 0
        self.failure = ""
        self.output_graph_id = -1
        self.config = None  # torch._dynamo.config as the compile starts (dynamic=, patches)
        self.export = False  # Dynamo's export= argument (OutputGraph.export)
        self.export_constraints = []  # [(source, dim, min, max, name)]
        self.backend = 0  # trace.capnp BackendKind: 0 unrecorded, 1 eager, 2 other
        self.backend_ns = 0  # time inside the backend's calls (part of Dynamo's time)
        self.f_locals, self.f_globals = f_locals, f_globals
        # Read-set capture: id -> object for every value Dynamo wrapped (VariableBuilder,
        # SourcelessBuilder) and every function it inlined while compiling this frame; the
        # frame is walked after the compile, in full only along these objects. None: the
        # whole frame is walked ("full" capture).
        self.read = read


class _BackendWrapper:
    """Transparent stand-in for the user's backend: records the graph, then calls it."""

    def __init__(self, recorder, backend):
        self._recorder = recorder
        self._torchdynamo_orig_backend = backend
        # InstructionTranslator._throw_if_in_functorch reads the backend's `compiler_fn`
        # with inspect.getattr_static (no __getattr__) and compares it with the eager
        # backend: a frame under a functorch transform is refused unless it is eager. The
        # attribute is copied so that test sees the user's backend, not this wrapper.
        inner = inspect.getattr_static(backend, "compiler_fn", _MISSING)
        if inner is not _MISSING:
            self.compiler_fn = inner

    def __call__(self, gm, example_inputs, **kwargs):
        recorder = self._recorder
        recorder._on_graph(gm)
        ev = recorder._event
        t0 = time.perf_counter_ns()
        try:
            return self._torchdynamo_orig_backend(gm, example_inputs, **kwargs)
        finally:
            # The backend's compile (Inductor's, say) is part of the _compile call the
            # recorder times; it is kept apart so ratios compare Dynamo's tracing only.
            if ev is not None:
                ev.backend_ns += time.perf_counter_ns() - t0

    def __getattr__(self, name):
        return getattr(self._torchdynamo_orig_backend, name)


class Recorder:
    """Records every frame Dynamo compiles while installed. Not reentrant across threads:
    events of other threads than the one compiling are not recorded concurrently."""

    def __init__(self, path, tensor_values=None, producer="recorder", max_objects=None,
                 capture=None):
        import torch
        import enum
        import _dynrr
        from . import _capture

        if tensor_values is None:
            tensor_values = os.environ.get("DYNRR_TENSOR_VALUES", "") not in ("", "0")
        if max_objects is None:
            max_objects = max_objects_from_env()
        elif isinstance(max_objects, bool) or int(max_objects) != max_objects \
                or max_objects < 1:
            raise ValueError(f"dynrr: max_objects must be a positive integer, "
                             f"not {max_objects!r}")
        if capture is None:
            capture = capture_from_env() or "read"
        if capture not in CAPTURE_MODES:
            raise ValueError(f"dynrr: capture must be one of {CAPTURE_MODES}, not {capture!r}")
        self.capture = capture
        # path_template may hold %p (the process id); path is this process's trace.
        self.path_template = os.fspath(path) if path is not None else None
        self.path = expand_path(self.path_template)
        self.producer = producer
        self._pid = os.getpid()
        self.tensor_values = bool(tensor_values)
        self._capture = _capture
        self._torch = torch._C
        self._classifier = _capture.Classifier()
        config = {"tensor": torch.Tensor, "parameter": torch.nn.Parameter,
                  "module": torch.nn.Module, "dtype": torch.dtype, "device": torch.device,
                  "size": torch.Size, "enum": enum.Enum, "classifier": self._classifier,
                  "tensor_bytes": _capture.tensor_bytes, "tensor_values": self.tensor_values}
        if max_objects is not None:
            config["max_objects"] = int(max_objects)
        self.max_objects = int(max_objects or DEFAULT_MAX_OBJECTS)
        self._config = config
        self._writer = self._new_writer(self.path)
        self._pending_path = None  # a forked child's %p trace, opened at its first event
        self._forked_from = None  # set in a child forked without %p: it records nothing
        self._event = None
        self._depth = 0
        self._compiles = 0  # _compile calls seen, to tell early skips apart
        self._warned = False
        self._originals = {}
        self.events = 0
        self.failures = 0
        self.truncated = 0  # events that reached the object budget
        self.recorder_ns_total = 0
        self.dynamo_ns_total = 0

    def _new_writer(self, path):
        import _dynrr

        return _dynrr.Writer(path, self._capture.header(self.tensor_values, self.producer),
                             self._config)

    def _writer_for_event(self):
        """The writer of this process; in a child forked with %p in the path, its own trace
        is created here, at its first event (a child that compiles nothing writes none)."""
        if self._pending_path is not None:
            path, self._pending_path = self._pending_path, None
            self._writer = self._new_writer(path)
            self.path = path
        return self._writer

    # ------------------------------------------------------------ fork
    def _after_fork_in_child(self):
        """Runs in a forked child (os.register_at_fork). The inherited writer shares the
        parent's file offset: it is closed without writing (closing only drops the fd).
        With %p the child records into its own trace; without, it stops recording."""
        parent, self._pid = self._pid, os.getpid()
        self._event, self._depth = None, 0
        writer, self._writer = self._writer, None
        if self.path is None:  # in memory: the child's copy is its own
            self._writer = writer
            return
        try:
            if writer is not None:
                writer.close()
        except Exception:
            pass
        if has_pid(self.path_template):
            self._pending_path = expand_path(self.path_template)
            self.events = self.failures = self.truncated = 0
            self.recorder_ns_total = self.dynamo_ns_total = 0
            self._warned = False
            return
        # No trace of its own: the hooks stay until the child's first compile, which
        # removes them and says so (a child that compiles nothing prints nothing).
        self._forked_from = parent

    def _forked_off(self):
        """True in a child forked without %p in the path: at its first compile the hooks are
        removed, with one stderr line, and the compile goes on unrecorded."""
        if self._forked_from is None:
            return False
        parent, self._forked_from = self._forked_from, None
        self.remove()
        _stderr(f"dynrr: process {self._pid} (forked from {parent}) is not recorded: its "
                f"compiles would go into the parent's trace {self.path}; put %p (the process "
                f"id) in the trace path for one trace per process, e.g. "
                f"DYNRR_TRACE=trace.%p.dynrr or python -m dynrr record -o trace.%p.dynrr")
        return True

    # ------------------------------------------------------------ install / remove
    def install(self):
        global _active
        from torch._dynamo import convert_frame, output_graph, symbolic_convert
        from torch._dynamo.variables import builder

        with _lock:
            if _active is not None:
                raise RuntimeError("dynrr: a recording is already active")
            tx = symbolic_convert.InstructionTranslatorBase
            self._originals = {
                (convert_frame, "_compile"): convert_frame._compile,
                (convert_frame, "compile_frame"): convert_frame.compile_frame,
                (convert_frame, "CheckFunctionManager"): convert_frame.CheckFunctionManager,
                (convert_frame, "get_and_maybe_log_recompilation_reasons"):
                    convert_frame.get_and_maybe_log_recompilation_reasons,
                (tx, "log_graph_break"): tx.__dict__["log_graph_break"],
                (output_graph.OutputGraph, "codegen_suffix"):
                    output_graph.OutputGraph.__dict__["codegen_suffix"],
                (convert_frame.ConvertFrameAssert, "__call__"):
                    convert_frame.ConvertFrameAssert.__dict__["__call__"],
            }
            inliner = symbolic_convert.InliningInstructionTranslator
            if self.capture == "read":
                self._originals.update({
                    (builder.VariableBuilder, "__call__"):
                        builder.VariableBuilder.__dict__["__call__"],
                    (builder.SourcelessBuilder, "create"):
                        builder.SourcelessBuilder.__dict__["create"],
                    (inliner, "build_inline_tracer"): inliner.__dict__["build_inline_tracer"],
                })
                builder.VariableBuilder.__call__ = self._make_read_hook(
                    builder.VariableBuilder.__dict__["__call__"])
                builder.SourcelessBuilder.create = staticmethod(self._make_read_hook(
                    builder.SourcelessBuilder.__dict__["create"].__func__))
                inliner.build_inline_tracer = staticmethod(self._make_inline_hook(
                    inliner.__dict__["build_inline_tracer"].__func__))
            convert_frame._compile = self._make_compile_hook(convert_frame._compile)
            convert_frame.compile_frame = self._make_capture_hook(convert_frame.compile_frame)
            convert_frame.CheckFunctionManager = self._make_guard_hook(
                convert_frame.CheckFunctionManager)
            convert_frame.get_and_maybe_log_recompilation_reasons = self._make_reasons_hook(
                convert_frame.get_and_maybe_log_recompilation_reasons)
            tx.log_graph_break = self._make_break_hook(tx.__dict__["log_graph_break"])
            output_graph.OutputGraph.codegen_suffix = self._make_suffix_hook(
                output_graph.OutputGraph.__dict__["codegen_suffix"])
            convert_frame.ConvertFrameAssert.__call__ = self._make_assert_hook(
                convert_frame.ConvertFrameAssert.__dict__["__call__"])
            _active = self
        return self

    def remove(self):
        global _active
        with _lock:
            if _active is not self:
                return
            for (owner, name), original in self._originals.items():
                setattr(owner, name, original)
            self._originals = {}
            _active = None

    def close(self):
        self.remove()
        self._pending_path = None
        try:
            if self._writer is not None:
                self._writer.close()
        except Exception:
            pass

    def getvalue(self) -> bytes:
        return self._writer.getvalue()

    # ------------------------------------------------------------ failure policy
    def _fail(self, where, exc):
        self.failures += 1
        if self._event is not None and not self._event.failure:
            self._event.failure = f"{where}: {type(exc).__name__}: {exc}"
        if not self._warned:
            self._warned = True
            print(f"dynrr: recorder failure in {where} ({type(exc).__name__}: {exc}); "
                  "the event is marked incomplete and the program continues",
                  file=sys.stderr)

    # ------------------------------------------------------------ hooks
    def _make_compile_hook(self, original):
        recorder = self

        def _compile(code, globals, locals, builtins, closure, compiler_fn, *args, **kwargs):
            recorder._compiles += 1
            if recorder._depth > 0 or recorder._event is not None or recorder._forked_off():
                return original(code, globals, locals, builtins, closure, compiler_fn, *args,
                                **kwargs)
            return recorder._record_compile(original, code, globals, locals, builtins, closure,
                                            compiler_fn, args, kwargs)

        _compile.__wrapped__ = original
        return _compile

    def _make_capture_hook(self, original):
        """convert_frame.compile_frame, which _compile calls (an event is then open and
        this passes through) and which fullgraph_capture calls without _compile:
        torch.export.export(strict=True) in torch 2.13 traces
        functional_export.ModuleToTrace.forward this way, with export=True and
        one_graph=True. No CheckFunctionManager is built there: the guards are read from
        the OutputGraph compile_frame returns. Only export=True calls are events: the other
        callers of fullgraph_capture (torch._dynamo.aot_compile's precompile) are not
        recorded yet."""
        recorder = self

        def compile_frame(code, globals, locals, builtins, closure, compiler_fn, *args,
                          **kwargs):
            if (recorder._depth > 0 or recorder._event is not None or not kwargs.get("export")
                    or recorder._forked_off()):
                return original(code, globals, locals, builtins, closure, compiler_fn, *args,
                                **kwargs)
            recorder._compiles += 1
            return recorder._record_compile(original, code, globals, locals, builtins,
                                            closure, compiler_fn, args, kwargs,
                                            fullgraph_capture=True)

        compile_frame.__wrapped__ = original
        return compile_frame

    # The read set: what Dynamo wraps and inlines while the event is open. Each hook adds
    # the object (held until the walk) and calls Dynamo unchanged; it cannot raise.
    def _make_read_hook(self, original):
        """For VariableBuilder.__call__(builder, value) and SourcelessBuilder.create(tx,
        value): the value is read."""
        recorder = self

        def hook(first, value):
            ev = recorder._event
            if ev is not None and ev.read is not None:
                ev.read[id(value)] = value
            return original(first, value)

        hook.__wrapped__ = original
        return hook

    def _make_inline_hook(self, original):
        recorder = self

        def build_inline_tracer(parent, func, *args, **kwargs):
            ev = recorder._event
            if ev is not None and ev.read is not None:
                fn = getattr(func, "fn", None)  # UserFunctionVariable / UserMethodVariable
                if fn is not None:
                    ev.read[id(fn)] = fn
            return original(parent, func, *args, **kwargs)

        build_inline_tracer.__wrapped__ = original
        return build_inline_tracer

    def _make_guard_hook(self, original):
        recorder = self

        def CheckFunctionManager(*args, **kwargs):
            result = original(*args, **kwargs)
            ev = recorder._event
            if ev is not None:
                t0 = time.perf_counter_ns()
                try:
                    with _NoGC():
                        output_graph = args[1] if len(args) > 1 else kwargs["output_graph"]
                        ev.output_graph_id = int(getattr(output_graph, "compile_id", -1))
                        ev.guards = recorder._capture.capture_guards(
                            output_graph, ev.f_locals, ev.f_globals, ev.graphs)
                except Exception as e:
                    recorder._fail("guard capture", e)
                ev.recorder_ns += time.perf_counter_ns() - t0
            return result

        CheckFunctionManager.__wrapped__ = original
        return CheckFunctionManager

    def _make_assert_hook(self, original):
        """ConvertFrameAssert.__call__ declines some frames before calling _compile (no
        tensor in the frame, generators, exec'd code, ...): record those as skipped (or
        error) events with Dynamo's reason, without graphs."""
        recorder = self

        def __call__(convert, frame, *args, **kwargs):
            if recorder._event is not None or recorder._depth > 0 or recorder._forked_off():
                return original(convert, frame, *args, **kwargs)
            before = recorder._compiles
            try:
                result = original(convert, frame, *args, **kwargs)
            except BaseException as e:
                if recorder._compiles == before:
                    recorder._record_early(frame, recorder._capture.ERROR,
                                           f"{type(e).__name__}: {e}")
                raise
            if recorder._compiles == before and getattr(result, "guarded_code", None) is None:
                recorder._record_early(frame, recorder._capture.SKIPPED_FRAME,
                                       getattr(result, "skip_reason", None) or "declined")
            return result

        __call__.__wrapped__ = original
        return __call__

    def _early_reads(self, code, f_locals, f_globals):
        """What convert_frame's has_tensor_in_frame looks at, as a read set: the modules
        the code's names reach in its globals, and, through the frame's values and their
        exact lists, tuples, dicts and namedtuples, every tensor, nn.Module, nn.Module
        class and numpy array. Only types are tested (no user code runs); the walk then
        records these in full and everything else as typed stubs."""
        import types
        torch = sys.modules["torch"]
        np = sys.modules.get("numpy")
        tensor_like = (torch.Tensor, torch.nn.Module)
        read, seen = {}, set()
        for name in code.co_names:
            v = f_globals.get(name) if type(f_globals) is dict else None
            if type(v) is types.ModuleType:
                read[id(v)] = v
        stack = list(f_locals.values())
        while stack and len(seen) < 100000:
            o = stack.pop()
            if id(o) in seen:
                continue
            seen.add(id(o))
            t = type(o)
            if issubclass(t, tensor_like) or (t is type and issubclass(o, torch.nn.Module)):
                read[id(o)] = o
            elif np is not None and (t is np.ndarray or issubclass(t, np.generic)):
                read[id(o)] = o
            elif t is list or t is tuple:
                stack.extend(o)
            elif t is dict:
                stack.extend(list(o.values()))
            elif issubclass(t, tuple) and any("_fields" in vars(k) for k in t.__mro__):
                read[id(o)] = o  # a namedtuple: has_tensor reads its fields
                stack.extend(tuple.__iter__(o))
        return read

    def _record_early(self, frame, status, reason):
        t0 = time.perf_counter_ns()
        with _NoGC():
            try:
                # The code, and what the core needs to take the same decision: the
                # frame's values and the globals its names reach, walked in full only
                # where has_tensor_in_frame looks (_early_reads). Dynamo reads the
                # values of f_locals (cells included) by name.
                code = frame.f_code
                state = self._capture.global_state()
                self._writer_for_event().begin_event()
                try:
                    f_locals, f_globals = frame.f_locals, frame.f_globals
                    f_builtins = frame.f_builtins
                    read = list(self._early_reads(code, f_locals, f_globals).values())
                    locals_ = list(f_locals.items())
                except Exception:  # the code alone: the core then says it cannot decide
                    locals_, read, f_globals, f_builtins = [], [], None, None
                with self._torch.DisableTorchFunctionSubclass():
                    self._writer.record_frame(code, locals_, [], f_globals, f_builtins,
                                              None, state, read)
                from torch._dynamo.resume_execution import TORCH_DYNAMO_RESUME_IN_PREFIX
                meta = {"compile_id": "", "status": status, "status_reason": str(reason),
                        "dynamo_ns": 0, "backend_ns": 0, "recompile_reasons": [],
                        "is_resume": code.co_name.startswith(TORCH_DYNAMO_RESUME_IN_PREFIX),
                        "recorder_ns": time.perf_counter_ns() - t0}
                _, _, truncated = self._writer.finish_event(meta, {}, None)
                self._note_truncated(code, truncated)
                self.events += 1
            except Exception as e:
                self._fail("early skip capture", e)
                try:
                    if self._writer is not None:
                        self._writer.abandon_event()
                except Exception:
                    pass

    def _make_suffix_hook(self, original):
        recorder = self

        def codegen_suffix(output, *args, **kwargs):
            result = original(output, *args, **kwargs)
            ev = recorder._event
            # The SideEffects Dynamo replays after the graph: complete here, cleared later.
            if ev is not None and output.root_tx is not None and output.root_tx.parent is None:
                t0 = time.perf_counter_ns()
                try:
                    with _NoGC():
                        ev.side_effects = recorder._capture.capture_side_effects(output)
                except Exception as e:
                    recorder._fail("side effect capture", e)
                ev.recorder_ns += time.perf_counter_ns() - t0
            return result

        codegen_suffix.__wrapped__ = original
        return codegen_suffix

    def _make_reasons_hook(self, original):
        recorder = self

        def get_and_maybe_log_recompilation_reasons(*args, **kwargs):
            reasons = original(*args, **kwargs)
            ev = recorder._event
            if ev is not None:
                try:
                    ev.recompile_reasons = [str(r) for r in reasons]
                except Exception as e:
                    recorder._fail("recompile reasons", e)
            return reasons

        get_and_maybe_log_recompilation_reasons.__wrapped__ = original
        return get_and_maybe_log_recompilation_reasons

    def _make_break_hook(self, original):
        recorder = self

        def log_graph_break(tx, code_options, reason, exc):
            ev = recorder._event
            if ev is not None and not getattr(exc, "logged", False):
                t0 = time.perf_counter_ns()
                try:
                    with _NoGC():
                        ev.breaks.append(recorder._break_record(tx, reason, exc))
                except Exception as e:
                    recorder._fail("graph break capture", e)
                ev.recorder_ns += time.perf_counter_ns() - t0
            return original(tx, code_options, reason, exc)

        log_graph_break.__wrapped__ = original
        return log_graph_break

    def _break_record(self, tx, reason, exc):
        from torch._dynamo.exc import Unsupported

        root = tx
        while getattr(root, "parent", None) is not None:
            root = root.parent
        inst = getattr(root, "current_instruction", None)
        offset = getattr(inst, "offset", None) or 0
        stack = getattr(exc, "real_stack", None)
        if stack is None:
            import torch
            stack = torch._guards.TracingContext.extract_stack()
        frames = [(fs.filename, fs.lineno or 0, fs.name) for fs in (stack or [])]
        gb_type = exc.gb_type if isinstance(exc, Unsupported) else type(exc).__name__
        return (str(reason), str(gb_type or ""), int(offset), len(self._event.graphs), frames)

    def _on_graph(self, gm):
        ev = self._event
        if ev is None:
            return
        t0 = time.perf_counter_ns()
        try:
            with _NoGC():
                ev.graphs.append(self._capture.capture_graph(gm))
        except Exception as e:
            self._fail("graph capture", e)
        ev.recorder_ns += time.perf_counter_ns() - t0

    # ------------------------------------------------------------ one event
    def _record_compile(self, original, code, f_globals, f_locals, f_builtins, closure,
                        compiler_fn, args, kwargs, fullgraph_capture=False):
        t_start = time.perf_counter_ns()
        ev = _Event(f_locals, f_globals, {} if self.capture == "read" else None)
        # _compile(..., compiler_fn, one_graph, export, ...); compile_frame takes export=
        # by keyword.
        ev.export = bool(kwargs.get("export", args[1] if len(args) > 1 and
                                    not fullgraph_capture else False))
        ev.export_constraints = _export_constraints(kwargs.get("export_constraints"), f_locals)
        ev.backend = _backend_kind(compiler_fn)
        opened = False
        state = None
        nogc = _NoGC()
        nogc.__enter__()
        try:
            self._classifier.clear()
            self._writer_for_event().begin_event()
            opened = True
            self._event = ev
            # The global state as the frame starts; the frame itself is walked after the
            # compile (_walk_frame), when the read set is known. Dynamo does not mutate
            # the frame's objects while it compiles: the walk sees what it saw.
            state = self._capture.global_state()
            ev.config = self._capture.dynamo_config()
        except Exception as e:
            self._fail("frame capture", e)
        finally:
            nogc.__exit__()
        wrapped = _BackendWrapper(self, compiler_fn) if opened else compiler_fn
        if "skip" in kwargs:
            kwargs["skip"] = kwargs["skip"] + 1
        ev.recorder_ns += time.perf_counter_ns() - t_start

        status, reason, result = 0, "", None
        self._depth += 1
        hooks_before = ev.recorder_ns
        t_dynamo = time.perf_counter_ns()
        try:
            result = original(code, f_globals, f_locals, f_builtins, closure, wrapped, *args,
                              **kwargs)
        except BaseException as e:
            status, reason = self._capture.ERROR, f"{type(e).__name__}: {e}"
            raise
        finally:
            # Dynamo's time: the call minus the recorder hooks that ran inside it.
            dynamo_ns = time.perf_counter_ns() - t_dynamo - (ev.recorder_ns - hooks_before)
            self._depth -= 1
            self._event = None
            if opened:
                if fullgraph_capture:
                    result = self._captured(ev, result, kwargs)
                self._walk_frame(code, ev, f_locals, f_globals, f_builtins, closure, state)
                self._finish(code, ev, result, status, reason, dynamo_ns, kwargs)
                if fullgraph_capture and isinstance(result, _Captured):
                    result = result.output
        return result

    def _captured(self, ev, output, kwargs):
        """After a compile_frame of fullgraph_capture: its guards (no CheckFunctionManager
        reads them there) and its compile id, and the result in _compile's shape for
        _finish (the generated code as guarded_code.code)."""
        if output is None:
            return None
        t0 = time.perf_counter_ns()
        try:
            with _NoGC():
                import torch
                output_graph = output.tracer_output.output_graph
                ev.output_graph_id = int(getattr(output_graph, "compile_id", -1))
                ev.guards = self._capture.capture_guards(output_graph, ev.f_locals,
                                                         ev.f_globals, ev.graphs)
                kwargs.setdefault("compile_id",
                                  torch._guards.CompileContext.current_compile_id())
        except Exception as e:
            self._fail("guard capture", e)
        ev.recorder_ns += time.perf_counter_ns() - t0
        return _Captured(output)

    def _walk_frame(self, code, ev, f_locals, f_globals, f_builtins, closure, state):
        t0 = time.perf_counter_ns()
        nogc = _NoGC()
        nogc.__enter__()
        try:
            locals_ = [(n, f_locals[n]) for n in code.co_varnames if n in f_locals]
            cells = []
            if closure:
                cells = list(zip(code.co_freevars, closure))
            read = None if ev.read is None else list(ev.read.values())
            # Tensor subclasses' __torch_function__ must not run while their metadata is
            # read (it is user code); the global state was taken before the compile.
            with self._torch.DisableTorchFunctionSubclass():
                self._writer.record_frame(code, locals_, cells, f_globals, f_builtins, None,
                                          state if state is not None else {}, read)
        except Exception as e:
            self._fail("frame capture", e)
        finally:
            ev.read = None  # drop the references now
            nogc.__exit__()
            ev.recorder_ns += time.perf_counter_ns() - t0

    def _finish(self, code, ev, result, status, reason, dynamo_ns, kwargs):
        from torch._dynamo.resume_execution import TORCH_DYNAMO_RESUME_IN_PREFIX

        t0 = time.perf_counter_ns()
        nogc = _NoGC()
        nogc.__enter__()
        try:
            generated = None
            if status == 0:
                guarded = getattr(result, "guarded_code", None)
                if guarded is not None:
                    status = self._capture.COMPILED
                    generated = self._capture.stable_code(getattr(guarded, "code", None))
                else:
                    status = self._capture.SKIPPED_FRAME
                    reason = getattr(result, "skip_reason", None) or "no guarded code"
            if ev.failure:
                status, reason = self._capture.INCOMPLETE, ev.failure
            meta = {"compile_id": str(kwargs.get("compile_id", "")), "status": status,
                    "status_reason": reason, "dynamo_ns": max(dynamo_ns, 0),
                    "recompile_reasons": ev.recompile_reasons,
                    "is_resume": code.co_name.startswith(TORCH_DYNAMO_RESUME_IN_PREFIX),
                    "output_graph_id": ev.output_graph_id, "config": ev.config,
                    "export": ev.export, "export_constraints": ev.export_constraints,
                    "backend": ev.backend, "backend_ns": ev.backend_ns, "recorder_ns": 0}
            decisions = {"graphs": ev.graphs, "guards": ev.guards, "breaks": ev.breaks,
                         "side_effects": ev.side_effects}
            spent = time.perf_counter_ns() - t0 + ev.recorder_ns
            meta["recorder_ns"] = spent
            _, _, truncated = self._writer.finish_event(meta, decisions, generated)
            self._note_truncated(code, truncated)
            self.events += 1
            self.dynamo_ns_total += max(dynamo_ns, 0)
            self.recorder_ns_total += spent
        except Exception as e:
            self._fail("event write", e)
            try:
                if self._writer is not None:
                    self._writer.abandon_event()
            except Exception:
                pass
        finally:
            self._classifier.clear()  # it holds the callables it saw: drop them now
            nogc.__exit__()


    def _note_truncated(self, code, reason):
        """One stderr line per event that reached the object budget (the event itself is
        kept, marked incomplete with a reason starting "trace truncated")."""
        if not reason:
            return
        self.truncated += 1
        name = getattr(code, "co_qualname", None) or getattr(code, "co_name", "?")
        _stderr(f"dynrr: event {self.events} ({name}): the recorder's object budget "
                f"({self.max_objects} objects per event) was reached; the event is truncated "
                f"and will replay as unsupported. Raise it with --max-objects N or "
                f"DYNRR_MAX_OBJECTS=N.")


def active():
    return _active


def _after_fork_in_child():
    global _lock
    # The lock may have been held by a thread that does not exist in the child.
    _lock = threading.Lock()
    r = _active
    if r is not None:
        try:
            r._after_fork_in_child()
        except Exception as e:  # never break the child
            _stderr(f"dynrr: cannot set up recording in forked process {os.getpid()}: "
                    f"{type(e).__name__}: {e}")


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)
