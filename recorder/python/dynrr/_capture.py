"""Turns what Dynamo holds at compile time into the plain structures `_dynrr.Writer` stores.

Mirrors the parts of torch 2.13's Dynamo that carry decisions: the GraphModule the backend
receives (torch/_dynamo/output_graph.py `_call_user_compiler`), the guards of the
OutputGraph (torch/_guards.py `Guard`, built by guards.py `CheckFunctionManager`), the
SideEffects of the frame (side_effects.py) and torch's global state
(convert_frame.py `GlobalStateGuard`). Formats match recorder/extension/decisions_builder.h.
"""
from __future__ import annotations

import re
import sys
import types

import torch

# schema.NodeOp values
_NODE_OPS = {"placeholder": 0, "call_function": 1, "call_method": 2, "call_module": 3,
             "get_attr": 4, "output": 5}
# schema.CallableClass values
UNKNOWN, IN_GRAPH, INLINED, SKIPPED, BUILTIN, CONSTANT_FOLD = range(6)
# schema.SideEffectKind values
STORE_ATTR, STORE_GLOBAL, STORE_CELL, MUTATE_LIST, MUTATE_DICT, MUTATE_SET, NEW_OBJECT, OTHER = \
    range(8)
# schema.EventStatus values
COMPILED, SKIPPED_FRAME, ERROR, INCOMPLETE = range(4)

_SIMPLE = (int, float, bool, str, bytes, type(None), complex)


def _qualified(fn) -> str:
    try:
        from torch.fx.node import _get_qualified_name
        return _get_qualified_name(fn)
    except Exception:
        return getattr(fn, "__qualname__", None) or type(fn).__name__


def _dim(d):
    """An int for a concrete size, None for a symbolic one."""
    if isinstance(d, int):
        return d
    try:
        node = d.node
        if node.is_constant() if hasattr(node, "is_constant") else False:
            return int(node.constant)  # pragma: no cover
    except Exception:
        pass
    return None


def _contiguous(shape, stride) -> bool:
    """torch's default is_contiguous rule, from sizes and strides (None: symbolic)."""
    expected = 1
    for size, st in zip(reversed(shape), reversed(stride)):
        if size is None or st is None:
            return False
        if size != 1 and st != expected:
            return False
        expected *= size
    return True


def value_meta(v, depth: int = 0):
    """node.meta['example_value'] -> ("tensor", ...) / ("tuple", [...]) / ("int", n) ..."""
    if v is None:
        return ("none",)
    if isinstance(v, torch.Tensor):
        shape = [_dim(d) for d in v.shape]
        try:
            stride = [_dim(s) for s in v.stride()]
            offset = _dim(v.storage_offset())
        except Exception:
            stride, offset = [], 0
        contiguous = _contiguous(shape, stride)
        cls = type(v)
        sub = "" if cls.__module__.startswith("torch") else f"{cls.__module__}.{cls.__qualname__}"
        return ("tensor", str(v.dtype), str(v.device),
                [-1 if d is None else d for d in shape],
                [-1 if d is None else d for d in stride],
                -1 if offset is None else offset, bool(v.requires_grad), bool(v.is_leaf),
                isinstance(v, torch.nn.Parameter), sub, contiguous)
    if isinstance(v, (tuple, list)) and depth < 8:
        return ("tuple", [value_meta(x, depth + 1) for x in v])
    if isinstance(v, bool):
        return ("bool", v)
    if isinstance(v, int):
        return ("int", v) if -(1 << 63) <= v < (1 << 63) else ("other", "int")
    if isinstance(v, float):
        return ("float", v)
    if isinstance(v, (torch.SymInt, torch.SymFloat, torch.SymBool)):
        return ("symbol", str(v))
    return ("other", type(v).__qualname__)


def _placeholder_source(node) -> str:
    src = getattr(node, "_dynamo_source", None)
    if src is None:
        arg = node.meta.get("grapharg")
        src = getattr(arg, "source", None)
    try:
        return src.name if src is not None else ""
    except Exception:
        return ""


def _subgraphs(gm, depth: int) -> list:
    """The GraphModules `gm`'s get_attr nodes read (higher-order op bodies that
    OutputGraph.install_subgraph put on the root module: cond_true_0 ...), in node order,
    each captured with its own subgraphs."""
    out = []
    if depth >= 16:
        return out
    for node in gm.graph.nodes:
        if node.op != "get_attr":
            continue
        try:
            sub = gm.get_submodule(str(node.target))
        except Exception:
            continue
        if isinstance(sub, torch.fx.GraphModule):
            out.append((str(node.target), capture_graph(sub, depth + 1)))
    return out


def capture_graph(gm, depth: int = 0) -> dict:
    nodes = []
    for node in gm.graph.nodes:
        if node.op == "call_function":
            target = _qualified(node.target)
        else:
            target = str(node.target)
        nodes.append((node.name, _NODE_OPS.get(node.op, 5), target, str(node.args),
                      str(node.kwargs),
                      _placeholder_source(node) if node.op == "placeholder" else "",
                      len(node.users), value_meta(node.meta.get("example_value"))))
    return {"name": type(gm).__name__, "code": gm.code, "nodes": nodes,
            "subgraphs": _subgraphs(gm, depth)}


def graph_input_meta(graphs) -> dict:
    """source name -> example-value meta of the graph inputs (for TENSOR_MATCH details)."""
    out = {}
    for g in graphs:
        for n in g["nodes"]:
            if n[1] == 0 and n[5]:
                out.setdefault(n[5], n[7])
    return out


def _type_name(t) -> str:
    mod = getattr(t, "__module__", "builtins")
    return f"{mod}.{t.__qualname__}"


def _safe_repr(v) -> str:
    if isinstance(v, _SIMPLE):
        return repr(v)
    if isinstance(v, (tuple, list, frozenset)) and len(v) < 32 and all(
            isinstance(x, _SIMPLE) for x in v):
        return repr(v)
    if isinstance(v, (torch.dtype, torch.device)):
        return repr(v)
    return f"<{_type_name(type(v))}>"


def _tensor_detail(meta) -> str:
    if not meta or meta[0] != "tensor":
        return ""
    size = [None if d == -1 else d for d in meta[3]]
    stride = [None if d == -1 else d for d in meta[4]]
    return (f"dtype={meta[1]} device={meta[2]} requires_grad={meta[6]} size={size} "
            f"stride={stride}")


def _concrete(dim):
    """guards.convert_int_to_concrete_values: an int, a SymInt the shape env fixed, or None."""
    if isinstance(dim, int):
        return dim
    try:
        return dim.node.maybe_as_int()
    except Exception:
        return None


def _guarded_sizes(meta, sizes_strides):
    """The TENSOR_MATCH sizes and strides as Dynamo checks them: from the fake tensor it
    made for the source (OutputGraph.input_source_to_sizes_strides), each dim concrete
    unless symbolic at guard time (after the shape env's replacements)."""
    if not sizes_strides:
        return meta
    try:
        size = [_concrete(d) for d in sizes_strides["size"]]
        stride = [_concrete(d) for d in sizes_strides["stride"]]
    except Exception:
        return meta
    meta = list(meta)
    meta[3] = [-1 if d is None else d for d in size]
    meta[4] = [-1 if d is None else d for d in stride]
    return tuple(meta)


def guard_detail(kind: str, value, have_value: bool, input_meta, sizes_strides=None) -> str:
    if kind == "TENSOR_MATCH":
        if input_meta is not None:
            return _tensor_detail(_guarded_sizes(input_meta, sizes_strides))
        if have_value and isinstance(value, torch.Tensor):
            return _tensor_detail(_guarded_sizes(value_meta(value), sizes_strides))
        return ""
    if not have_value:
        return ""
    if kind == "MODULE_MATCH" and isinstance(value, types.ModuleType):
        return f"module={value.__name__}"
    if kind == "BUILTIN_MATCH":
        return f"builtin={getattr(value, '__module__', None)}.{getattr(value, '__qualname__', '?')}"
    if kind in ("TYPE_MATCH", "ID_MATCH", "CLOSURE_MATCH", "FUNCTION_MATCH"):
        return f"type={_type_name(type(value))}"
    if kind in ("CONSTANT_MATCH", "EQUALS_MATCH"):
        return f"value={_safe_repr(value)}"
    if kind in ("LENGTH_CHECK", "SEQUENCE_LENGTH", "DICT_LENGTH", "TUPLE_ITERATOR_LEN"):
        try:
            return f"len={len(value)}" if isinstance(value, (list, tuple, dict)) else ""
        except Exception:
            return ""
    if kind in ("DICT_KEYS", "DICT_KEYS_MATCH", "DICT_CONST_KEYS"):
        if isinstance(value, dict):
            return "keys=" + _safe_repr(tuple(value.keys()))
    return ""


# Per-process values Dynamo prints into what it produces: object ids in guard code
# (___check_obj_id(x, 140...)) and the uuid suffix of __compiled_fn names (2.13 adds one).
# They are replaced by fixed text so that the same program records the same trace.
_OBJECT_ID = re.compile(r"(?<![\w.])\d{9,}(?![\w.])")
_UUID_SUFFIX = re.compile(r"_[0-9a-f]{8}_[0-9a-f]{4}_[0-9a-f]{4}_[0-9a-f]{4}_[0-9a-f]{12}\b")
STABLE_UUID = "_00000000_0000_0000_0000_000000000000"


def stable_text(text: str) -> str:
    return _UUID_SUFFIX.sub(STABLE_UUID, _OBJECT_ID.sub("<id>", text))


def stable_code(code):
    """The generated code with the uuid suffixes of its global names made fixed."""
    if not isinstance(code, types.CodeType):
        return code
    names = tuple(_UUID_SUFFIX.sub(STABLE_UUID, n) for n in code.co_names)
    if names == code.co_names:
        return code
    try:
        return code.replace(co_names=names)
    except Exception:
        return code


_NAME_STEP = re.compile(r"""\.([A-Za-z_][A-Za-z_0-9]*)|\[(?:'([^'\\]*)'|(-?\d+))\]""")
_NO_VALUE = object()


def resolve_source(name: str, scope: dict, _cache={}):
    """The value a guard source name (``L['x'].w[0]``) denotes, without compiling it:
    names of the form base(.attr | ['key'] | [int])* are walked directly; anything else
    falls back to eval of a cached code object. _NO_VALUE when it cannot be read."""
    m = re.match(r"[A-Za-z_][A-Za-z_0-9]*", name)
    if m is not None:
        pos, ok = m.end(), True
        value = scope.get(m.group(0), _NO_VALUE)
        if value is _NO_VALUE:
            ok = False
        while ok and pos < len(name):
            step = _NAME_STEP.match(name, pos)
            if step is None:
                ok = False
                break
            attr, key, index = step.groups()
            try:
                if attr is not None:
                    value = getattr(value, attr)
                elif key is not None:
                    value = value[key]
                else:
                    value = value[int(index)]
            except Exception:
                return _NO_VALUE
            pos = step.end()
        if ok:
            return value
    code = _cache.get(name)
    if code is None:
        try:
            code = _cache[name] = compile(name, "<guard source>", "eval")
        except Exception:
            return _NO_VALUE
    try:
        return eval(code, scope)
    except Exception:
        return _NO_VALUE


# Guards whose detail needs the guarded value.
_VALUE_KINDS = {"TYPE_MATCH", "ID_MATCH", "CLOSURE_MATCH", "FUNCTION_MATCH", "CONSTANT_MATCH",
                "EQUALS_MATCH", "LENGTH_CHECK", "SEQUENCE_LENGTH", "DICT_LENGTH",
                "TUPLE_ITERATOR_LEN", "DICT_KEYS", "DICT_KEYS_MATCH", "DICT_CONST_KEYS",
                "MODULE_MATCH", "BUILTIN_MATCH"}


def capture_guards(output_graph, f_locals, f_globals, graphs) -> list:
    """Every guard of the OutputGraph: (kind, source, detail, code_parts), sorted."""
    try:
        from torch._dynamo.guards import _get_closure_vars
        scope = dict(_get_closure_vars())
    except Exception:
        scope = {}
    scope.update({"L": f_locals, "G": f_globals, "__builtins__": __builtins__})
    inputs = graph_input_meta(graphs)
    try:
        guarded = dict(getattr(output_graph, "input_source_to_sizes_strides", None) or {})
    except Exception:
        guarded = {}
    out = []
    for guard in output_graph.guards:
        try:
            kind = guard.inner_create_fn().__name__
        except Exception:
            kind = getattr(guard.create_fn, "__name__", str(guard.create_fn))
        name = guard.name or ""
        value = _NO_VALUE
        # Reading the source makes the same accesses the guard itself makes.
        if name and (kind in _VALUE_KINDS or (kind == "TENSOR_MATCH" and name not in inputs)):
            value = resolve_source(name, scope)
        have = value is not _NO_VALUE
        sizes_strides = None
        if kind == "TENSOR_MATCH":
            try:
                sizes_strides = guarded.get(guard.originating_source)
            except Exception:
                sizes_strides = None
        detail = guard_detail(kind, value, have, inputs.get(name), sizes_strides)
        keywords = getattr(guard.create_fn, "keywords", None)  # functools.partial arguments
        if keywords and kind != "TENSOR_MATCH":
            extra = [f"{k}={v if isinstance(v, str) else _safe_repr(v)}"
                     for k, v in sorted(keywords.items()) if isinstance(v, _SIMPLE)]
            detail = " ".join([detail] + extra).strip()
        parts = [stable_text(str(p)) for p in (guard.code_list or [])]
        out.append((kind, name, detail, parts))
    out.sort(key=lambda g: (g[1], g[0], g[2]))
    return out


def _source_name(vt) -> str:
    src = getattr(vt, "source", None)
    if src is None:
        return "<new>"
    local_cell = getattr(src, "local_name", None)
    if type(src).__name__ == "LocalCellSource" and local_cell is not None:
        return f"cell {local_cell}"  # LocalCellSource has no guard name by design
    try:
        return src.name
    except Exception:
        return f"<{type(src).__name__}>"


def capture_side_effects(output_graph) -> list:
    """SideEffects of the frame: attribute/cell/global stores, container mutations, new
    objects — in the order Dynamo tracked them."""
    se = getattr(output_graph, "side_effects", None)
    if se is None:
        return []
    out = []
    try:
        for vt, attrs in se.store_attr_mutations.items():
            cls = type(vt).__name__
            target = _source_name(vt)
            for attr in attrs:
                if "Cell" in cls:
                    kind = STORE_CELL
                elif target == "G" or "Global" in cls or cls == "PythonModuleVariable":
                    kind = STORE_GLOBAL
                else:
                    kind = STORE_ATTR
                out.append((kind, target, f"{cls}.{attr}"))
        for vt in se.id_to_variable.values():
            mt = type(getattr(vt, "mutation_type", None)).__name__
            cls = type(vt).__name__
            if mt in ("ValueMutationNew", "AttributeMutationNew"):
                out.append((NEW_OBJECT, _source_name(vt), cls))
            elif mt == "ValueMutationExisting" and se.is_modified(vt):
                kind = (MUTATE_DICT if "Dict" in cls else MUTATE_SET if "Set" in cls
                        else MUTATE_LIST if ("List" in cls or "Deque" in cls) else OTHER)
                out.append((kind, _source_name(vt), cls))
    except Exception as e:  # summary only; never fail the event for it
        out.append((OTHER, "<side effects>", f"unreadable: {type(e).__name__}"))
    return out


def _interpreter_key():
    import torch
    ci = torch._C._functorch.peek_interpreter_stack()
    return None if ci is None else ci.key()


def global_state() -> dict:
    c = torch._C
    s = {
        "grad_enabled": torch.is_grad_enabled(),
        "inference_mode": torch.is_inference_mode_enabled(),
        "default_dtype": str(torch.get_default_dtype()),
        "default_device": "",
        "deterministic_algorithms": torch.are_deterministic_algorithms_enabled(),
        "deterministic_warn_only": torch.is_deterministic_algorithms_warn_only_enabled(),
        "autocast_cpu_enabled": torch.is_autocast_enabled("cpu"),
        "autocast_cpu_dtype": str(torch.get_autocast_dtype("cpu")),
        "autocast_gpu_enabled": torch.is_autocast_enabled("cuda"),
        "autocast_gpu_dtype": str(torch.get_autocast_dtype("cuda")),
        "autocast_cache_enabled": torch.is_autocast_cache_enabled(),
        "torch_function_enabled": c._is_torch_function_enabled(),
        "torch_function_all_disabled": bool(getattr(c, "_is_torch_function_all_disabled",
                                                    lambda: False)()),
        "num_threads": torch.get_num_threads(),
        "recursion_limit": sys.getrecursionlimit(),
        "torch_module_id": id(torch),
    }
    try:
        m = torch.nn.modules.module
        s["nn_module_global_hooks"] = [
            len(getattr(m, name, ())) for name in (
                "_global_backward_pre_hooks", "_global_backward_hooks",
                "_global_forward_hooks", "_global_forward_pre_hooks")]
    except Exception:
        s["nn_module_global_hooks"] = []
    folds = []
    for name, fn in (
            ("torch.distributed.is_available", lambda: torch.distributed.is_available()),
            ("torch.distributed.is_initialized", lambda: torch.distributed.is_initialized()),
            ("torch._C._get_privateuse1_backend_name", c._get_privateuse1_backend_name),
            ("torch._C._are_functorch_transforms_active", c._are_functorch_transforms_active),
            ("torch._C._get_cublas_allow_tf32", c._get_cublas_allow_tf32),
            # The innermost functorch transform's kind (_throw_if_in_functorch tests it):
            # its interpreter's key(), not the interpreter object.
            ("torch._C._functorch.peek_interpreter_stack", _interpreter_key)):
        try:
            folds.append((name, repr(fn())))
        except Exception:
            pass
    s["constant_folds"] = folds
    try:
        from torch.utils._device import CURRENT_DEVICE
        s["default_device"] = str(CURRENT_DEVICE) if CURRENT_DEVICE is not None else ""
    except Exception:
        pass
    return s


_CONFIG_KEYS = ("specialize_int", "specialize_float", "assume_static_by_default",
                "automatic_dynamic_shapes", "inline_inbuilt_nn_modules",
                "capture_scalar_outputs", "capture_dynamic_output_shape_ops",
                "cache_size_limit", "recompile_limit")
_OTHER_CONFIG = ("force_parameter_static_shapes", "force_nn_module_property_static_shapes",
                 "allow_unspec_int_on_nn_module", "nested_graph_breaks",
                 "enable_trace_contextlib", "suppress_errors", "error_on_recompile",
                 "install_free_tensors", "guard_nn_modules", "dont_skip_tracing",
                 "ignore_logging_functions", "trace_numpy", "trace_autograd_ops",
                 "capture_profiler_record_function", "fake_tensor_disable_inference_mode")


def dynamo_config() -> dict:
    import warnings

    cfg = torch._dynamo.config
    with warnings.catch_warnings():  # deprecated keys warn on read; stay silent
        warnings.simplefilter("ignore")
        out = {k: getattr(cfg, k, None) for k in _CONFIG_KEYS}
        out["others"] = [(k, repr(getattr(cfg, k))) for k in _OTHER_CONFIG if hasattr(cfg, k)]
    return out


def header(tensor_values: bool, producer: str) -> dict:
    from dynrr import __version__
    v = sys.version_info
    return {"python_version": f"{v.major}.{v.minor}.{v.micro}",
            "torch_version": torch.__version__, "dynrr_version": __version__,
            "producer": producer, "tensor_values": bool(tensor_values),
            "config": dynamo_config(), "global_state": global_state()}


class Classifier:
    """How Dynamo 2.13 treats a call to a callable: trace_rules.lookup gives the
    VariableTracker class; Python functions it does not list are inlined unless
    trace_rules.check() says the file is skipped. Returns (CallableClass, rule)."""

    _CLASSES = {"TorchInGraphFunctionVariable": IN_GRAPH, "SkipFunctionVariable": SKIPPED,
                "UserFunctionVariable": INLINED, "UserMethodVariable": INLINED,
                "BuiltinVariable": BUILTIN, "PolyfilledFunctionVariable": INLINED}

    def __init__(self):
        from torch._dynamo import trace_rules
        self._rules = trace_rules
        self._cache = {}

    def clear(self):
        self._cache.clear()

    def __call__(self, obj):
        key = id(obj)
        hit = self._cache.get(key)
        if hit is not None and hit[0] is obj:
            return hit[1]
        result = self._classify(obj)
        self._cache[key] = (obj, result)
        return result

    def _classify(self, obj):
        # numpy's functions come first in VariableBuilder (trace_rules.is_numpy: a
        # NumpyVariable, whatever lookup says); the rule names the torch._numpy function
        # NumpyVariable.call_function runs ("NumpyVariable:" alone when there is none: the
        # "unsupported by PyTorch" graph break).
        try:
            if not isinstance(obj, type) and self._rules.is_numpy(obj):
                from torch._dynamo.variables.misc import get_np_to_tnp_map
                tnp = get_np_to_tnp_map().get(obj)
                kind = "NumpyVariable.function:" if isinstance(obj, types.FunctionType) \
                    else "NumpyVariable:"
                return UNKNOWN, kind + (getattr(tnp, "__name__", "") if tnp else "")
        except Exception:
            pass
        # VariableBuilder asks lookup_callable first (custom allow/disallow, polyfills,
        # builtins), then lookup (torch in-graph functions, skipfiles, user functions).
        vt = None
        try:
            if callable(obj):
                vt = self._rules.lookup_callable(obj)
            if vt is None:
                vt = self._rules.lookup(obj)
        except Exception:
            vt = None
        if vt is not None:
            name = vt.__name__
            return self._CLASSES.get(name, UNKNOWN), name
        if isinstance(obj, types.FunctionType):
            try:
                skipped = self._rules.check(obj)
            except Exception:
                return UNKNOWN, ""
            return (SKIPPED, "SkipFunctionVariable") if skipped else \
                (INLINED, "UserFunctionVariable")
        if isinstance(obj, types.BuiltinFunctionType) and \
                getattr(obj, "__module__", None) in ("builtins", "_operator", "math"):
            return BUILTIN, "BuiltinVariable"
        return UNKNOWN, ""


def tensor_bytes(t) -> bytes:
    flat = t.detach().cpu().contiguous().reshape(-1)
    return bytes(flat.view(torch.uint8).tolist()) if flat.numel() else b""
