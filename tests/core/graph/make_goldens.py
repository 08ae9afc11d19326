"""make_goldens.py — expected outputs for core_graph_test, produced by real torch 2.13.

Run with the project's venv (torch 2.13.0, CPython 3.11):
    /work/main/.venv/bin/python tests/core/graph/make_goldens.py

Writes, next to this script:
  goldens/graphs.json     every FX graph Dynamo hands to a recording backend for the
                          programs below: the full node-creation history (op, target,
                          args/kwargs, names; erased nodes too, because their names
                          stay taken in FX's namespace) and gm.code verbatim.
  goldens/namespace.json  torch.fx.graph._Namespace.create_name on candidate sequences,
                          the set of names FX refuses (_illegal_names), and Dynamo's
                          placeholder-name sanitisation of source names.

The C++ test rebuilds each graph through dynrr::graph's API, naming with its own
logic, and compares names and pythonCode() against gm.code. Nothing here is mocked:
create_node/erase_node are observed (wrapped, then delegated to the real methods).

Argument JSON tree (see graph_golden_test.cpp):
  null | true | false | {"node": i} | {"int": n} | {"float": "repr"} | {"str": s}
  {"dtype": "torch.float32"} | {"device": {"type": t, "index": i|null}}
  {"layout": "torch.strided"} | {"memory_format": "torch.channels_last"}
  {"tuple": [...]} | {"list": [...]} | {"dict": [[key, value], ...]}
  {"slice": [start, stop, step]} | {"ellipsis": true} | {"size": [n, ...]}
Target: {"str": "view"} or {"fn": qualified name, "name": __name__,
         "module": __module__ or null, "from_torch": bool}
"""

import builtins
import contextlib
import io
import json
import math
import operator
import os
import re
import sys

import torch
import torch._dynamo
import torch.fx
import torch.fx.graph as fx_graph
import torch.fx.node as fx_node

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "goldens")

# ---------------------------------------------------------------------------
# Observation of node creation / erasure (delegates to the real methods).

_log = {}  # id(graph) -> {"graph": g, "nodes": [node], "events": [...], "created": {...}}
_orig_create = torch.fx.Graph.create_node
_orig_erase = torch.fx.Graph.erase_node


def _entry(g):
    e = _log.get(id(g))
    if e is None or e["graph"] is not g:
        e = {"graph": g, "nodes": [], "index": {}, "events": [], "descs": []}
        _log[id(g)] = e
    return e


def _observed_create(self, op, target, args=None, kwargs=None, name=None, type_expr=None):
    n = _orig_create(self, op, target, args, kwargs, name, type_expr)
    e = _entry(self)
    idx = len(e["nodes"])
    e["nodes"].append(n)
    e["index"][n] = idx
    prev = n.prev
    after = e["index"].get(prev) if prev.op != "root" else None
    e["events"].append({"create": idx, "explicit_name": name, "after": after})
    # creation-time description (args may change or be nulled later)
    e["descs"].append(_describe(n, e["index"]))
    return n


def _observed_erase(self, node):
    e = _entry(self)
    if node in e["index"]:
        e["events"].append({"erase": e["index"][node]})
    return _orig_erase(self, node)


_orig_rename = torch.fx.Node._rename


def _observed_rename(self, candidate):
    e = _entry(self.graph)
    if self in e["index"] and candidate != self.name:
        e["events"].append({"rename": e["index"][self], "candidate": candidate})
    return _orig_rename(self, candidate)


_orig_replace_input = torch.fx.Node._replace_input_with
_orig_update_args = torch.fx.Node._update_args_kwargs


def _observed_replace_input(self, old, new):
    e = _entry(self.graph)
    if self in e["index"] and old in e["index"] and new in e["index"]:
        e["events"].append({"replace_input": e["index"][self], "old": e["index"][old],
                            "new": e["index"][new]})
        e["quiet"] = self
    try:
        return _orig_replace_input(self, old, new)
    finally:
        e["quiet"] = None


def _observed_update_args(self, new_args, new_kwargs):
    e = _entry(self.graph)
    if self in e["index"] and not self._erased and e.get("quiet") is not self:
        d = _describe_args(new_args, new_kwargs, e["index"])
        e["events"].append({"set_args": e["index"][self], **d})
    return _orig_update_args(self, new_args, new_kwargs)


torch.fx.Graph.create_node = _observed_create
torch.fx.Node._replace_input_with = _observed_replace_input
torch.fx.Node._update_args_kwargs = _observed_update_args
torch.fx.Graph.erase_node = _observed_erase
torch.fx.Node._rename = _observed_rename


class Unsupported(Exception):
    pass


def _arg(a, index):
    if isinstance(a, torch.fx.Node):
        if a not in index:
            raise Unsupported(f"node from another graph: {a}")
        return {"node": index[a]}
    if a is None or isinstance(a, bool):
        return a
    if isinstance(a, int):
        return {"int": a}
    if isinstance(a, float):
        return {"float": repr(a)}
    if isinstance(a, str):
        return {"str": a}
    if isinstance(a, torch.dtype):
        return {"dtype": str(a)}
    if isinstance(a, torch.device):
        return {"device": {"type": a.type, "index": a.index}}
    if isinstance(a, torch.layout):
        return {"layout": str(a)}
    if isinstance(a, torch.memory_format):
        return {"memory_format": str(a)}
    if isinstance(a, torch.Size):
        return {"size": [int(x) for x in a]}
    if isinstance(a, tuple) and not hasattr(a, "_fields"):
        return {"tuple": [_arg(x, index) for x in a]}
    if isinstance(a, list):
        return {"list": [_arg(x, index) for x in a]}
    if isinstance(a, dict):
        return {"dict": [[_arg(k, index), _arg(v, index)] for k, v in a.items()]}
    if isinstance(a, slice):
        return {"slice": [_arg(a.start, index), _arg(a.stop, index), _arg(a.step, index)]}
    if a is Ellipsis:
        return {"ellipsis": True}
    raise Unsupported(f"argument of type {type(a).__name__}: {a!r}")


def _target(t):
    if isinstance(t, str):
        return {"str": t}
    return {
        "fn": fx_node._get_qualified_name(t),
        "name": t.__name__,
        "module": getattr(t, "__module__", None),
        "from_torch": fx_graph._is_from_torch(t),
    }


def _type_name(t):
    if t is None:
        return None
    return fx_node._type_repr(t)


def _describe_args(args, kwargs, index):
    try:
        return {
            "args": [_arg(a, index) for a in args],
            "kwargs": [[k, _arg(v, index)] for k, v in kwargs.items()],
        }
    except Unsupported as ex:
        return {"unsupported": str(ex)}


def _describe(n, index):
    try:
        return {
            "op": n.op,
            "target": _target(n.target),
            "args": [_arg(a, index) for a in n.args],
            "kwargs": [[k, _arg(v, index)] for k, v in n.kwargs.items()],
            "type": _type_name(n.type),
        }
    except Unsupported as ex:
        return {"op": n.op, "unsupported": str(ex)}


# ---------------------------------------------------------------------------
# Programs. Each is (name, fn, args-factory); fn is compiled with a recording backend.

GLOBAL_T = torch.ones(3)
GLOBAL_SCALE = 2.5


class Lin(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.Linear(4, 3)
        self.scale = torch.nn.Parameter(torch.ones(3))
        self.register_buffer("shift", torch.zeros(3))

    def forward(self, x):
        return self.layer(x) * self.scale + self.shift


class Seq(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Sequential(
            torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 2)
        )

    def forward(self, x):
        return self.net(x)


class ConvNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(2, 4, 3, padding=1)
        self.bn = torch.nn.BatchNorm2d(4)
        self.norm = torch.nn.LayerNorm(4)

    def forward(self, x):
        y = self.bn(self.conv(x))
        y = torch.nn.functional.max_pool2d(y, 2)
        return self.norm(y.permute(0, 2, 3, 1))


class Emb(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(10, 4)
        self.drop = torch.nn.Dropout(0.0)

    def forward(self, idx):
        return self.drop(self.emb(idx)).sum(dim=-1)


class MixedNames(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.Weight = torch.nn.Parameter(torch.ones(3))
        self.sub_mod = torch.nn.Linear(3, 3, bias=False)

    def forward(self, x):
        return self.sub_mod(x) + self.Weight


def t(*shape, dtype=torch.float32):
    return torch.randn(*shape).to(dtype)


def p_add_const(x):
    return x + 1


def p_arith_consts(x):
    return (x * 2.0 - 0.5) / 3 + 1e-05


def p_float_reprs(x):
    return x * 0.1 + 1e20 - 1e-7 + 123456.789 + 1.5e16


def p_rsub_rpow(x):
    return 1 - x, 2 ** x, x ** 2, -x


def p_sin_cos(x):
    return torch.sin(x) + torch.cos(x)


def p_many_adds(x):
    a = x + 1
    b = a + 2
    c = b + a
    d = c + x
    return d + b


def p_many_sins(x):
    return torch.sin(torch.sin(torch.sin(x)))


def p_two_inputs(x, y):
    return x * y, x - y


def p_unused_input(x, y):
    return x.relu()


def p_methods(x):
    return x.view(2, 6).transpose(0, 1).contiguous().reshape(-1)


def p_method_kwargs(x):
    return x.sum(dim=1, keepdim=True), x.mean(-1)


def p_torch_kwargs(x):
    return torch.sum(x, dim=0, keepdim=False), torch.softmax(x, dim=-1)


def p_getitem_int(x):
    return x[0], x[-1]


def p_getitem_slice(x):
    return x[1:], x[:2], x[::2], x[1:3:1]


def p_getitem_none_ellipsis(x):
    return x[None], x[..., 0], x[:, None, 1:]


def p_getitem_tensor(x, i):
    return x[i]


def p_tuple_outputs(x):
    return (x + 1, x + 2)


def p_list_output(x):
    return [x.sin(), x.cos()]


def p_dict_output(x):
    return {"a": x + 1, "b": x * 2}


def p_single_output(x):
    return x.exp()


def p_builtin_names(x):
    a = torch.abs(x)
    b = torch.max(a)
    c = torch.min(a)
    d = x.sum()
    e = torch.pow(x, 2)
    f = x.round()
    g = x.float()
    h = x.int()
    return a, b, c, d, e, f, g, h


def p_more_builtin_names(x):
    return x.all(), x.any(), x.type(torch.float64), torch.round(x), x.max(dim=0)


def p_keyword_like(x):
    return x.__and__(x > 0), torch.logical_not(x > 0), x.__or__(x < 1)


def p_globals(x):
    return x + GLOBAL_T * GLOBAL_SCALE


def p_dtype_arg(x):
    return x.to(torch.float64), x.to(dtype=torch.int32)


def p_device_arg(x):
    return x.to("cpu"), x.to(device=torch.device("cpu"))


def p_factory(x):
    return x + torch.zeros(3, 4, dtype=torch.float32), torch.ones(2, device="cpu")


def p_arange_full(x):
    return torch.arange(4, dtype=torch.int64) + torch.full((4,), 2.0).long()


def p_cat_stack(x, y):
    return torch.cat([x, y], dim=0), torch.stack((x, y), 1)


def p_split_chunk(x):
    a, b = torch.split(x, 2)
    c, d = x.chunk(2, dim=1)
    return a + b, c * d


def p_unbind_use_one(x):
    a, b, c = x.unbind(0)
    return b


def p_size_arg(x):
    return x.view(x.size()), x.new_zeros(x.shape)


def p_expand_size(x):
    return x.expand(torch.Size([2, 3, 4]))


def p_matmul(x, w):
    return x @ w, torch.mm(x, w), torch.matmul(x, w)


def p_linear_functional(x, w, b):
    return torch.nn.functional.linear(x, w, b)


def p_relu_functional(x):
    return torch.nn.functional.relu(x), torch.nn.functional.gelu(x, approximate="tanh")


def p_string_args(x):
    return torch.nn.functional.gelu(x, approximate="none"), torch.einsum("ij,jk->ik", x, x.t())


def p_comparisons(x, y):
    return x < y, x >= y, x == y, x != y


def p_bitwise(x, y):
    return x & y, x | y, x ^ y, ~x


def p_floordiv_mod(x):
    return x // 2, x % 3


def p_inplace(x):
    y = x.clone()
    y += 1
    y.mul_(2)
    return y


def p_masked_fill_where(x):
    return x.masked_fill(x > 0, float("-inf")), torch.where(x > 0, x, 0.0)


def p_inf_nan(x):
    return x.clamp(min=float("-inf"), max=float("inf")), x + float("nan")


def p_module_lin(mod, x):
    return mod(x)


def p_layer_norm(x, w, b):
    return torch.nn.functional.layer_norm(x, (4,), w, b, 1e-05)


def p_softmax_dtype(x):
    return torch.nn.functional.log_softmax(x, dim=-1, dtype=torch.float64)


def p_permute_flatten(x):
    return x.permute(2, 0, 1).flatten(1), torch.flatten(x, start_dim=1, end_dim=-1)


def p_unsqueeze_squeeze(x):
    return x.unsqueeze(0).squeeze(0), x.unsqueeze(-1)


def p_sigmoid_tanh(x):
    return torch.sigmoid(x) * torch.tanh(x) + torch.nn.functional.silu(x)


def p_reduction_max(x):
    v, i = x.max(dim=1)
    return v, i, x.argmax(), x.amax(dim=(0, 1))


def p_dropout_eval(x):
    return torch.nn.functional.dropout(x, p=0.5, training=False)


def p_tensor_attr(x):
    return x.T, x.mT


def p_shape_arith(x):
    return x.reshape(x.shape[0] * x.shape[1])


def p_loop(x):
    for i in range(3):
        x = x + i
    return x


def p_closure(x):
    c = 3

    def inner(y):
        return y * c

    return inner(x) + inner(x)


def p_nested_calls(x):
    def f(a):
        return a.sin()

    def g(a):
        return f(a) + f(a.cos())

    return g(x)


def p_same_input_twice(x):
    return x, x


def p_input_passthrough(x, y):
    return x, y + 1


def p_list_input(xs):
    return xs[0] + xs[1]


def p_dict_input(d):
    return d["a"] * d["b"]


def p_attr_input_names(x_In, YVal):
    return x_In + YVal


def p_neg_index(x):
    return x[-2:, ::-1] if False else x[-2:]


def p_setitem(x):
    y = x.clone()
    y[0] = 5.0
    return y


def p_bool_args(x):
    return torch.cumsum(x, 0), x.sort(descending=True, stable=True)


def p_tuple_arg(x):
    return x.permute((1, 0)), x.repeat((2, 1)), x.sum((0, 1))


def p_empty_tuple(x):
    return x.sum(()), x.view(())


def p_norm(x):
    return torch.norm(x, p=2, dim=1), torch.linalg.vector_norm(x, ord=2.0)


def p_conv_functional(x, w):
    return torch.nn.functional.conv2d(x, w, stride=1, padding=(1, 1))


def p_embedding_functional(idx, w):
    return torch.nn.functional.embedding(idx, w)


def p_type_as_new(x, y):
    return x.type_as(y), x.new_ones((2, 2))


def p_gather_index_select(x, idx):
    return torch.gather(x, 1, idx), torch.index_select(x, 0, idx[:, 0])


def p_with_no_grad(x):
    with torch.no_grad():
        y = x * 2
    return y + 1


def p_graph_break(x):
    y = x.sin()
    print("break")
    return y.cos()


def p_min_max_builtins(x, y):
    return torch.maximum(x, y), torch.minimum(x, y), torch.clamp(x, 0, 1)


def p_long_chain(x):
    y = x
    for _ in range(12):
        y = y * 1.5
    return y


def p_ellipsis_only(x):
    return x[...], x[..., None]


def p_scalar_tensor_mix(x):
    return x.sum() + 1, x.mean().item() if False else x.std()


def p_dyn_view(x):
    return x.view(x.size(0), -1) * x.shape[1]


def p_dyn_sum_size(x, y):
    return x.sum(dim=0) + y.size(0), torch.zeros(x.shape[0], y.shape[1])


def p_dyn_arange(x):
    n = x.size(0)
    return torch.arange(n) * 2 + x.new_ones(n).long()


def p_cond(x):
    def true_fn(a):
        return a.sin()

    def false_fn(a):
        return a.cos()

    return torch.cond(x.sum() > 0, true_fn, false_fn, (x,))


def p_autocast(x, w):
    with torch.autocast("cpu", dtype=torch.bfloat16):
        y = x @ w
    return y.float()


def p_enable_grad_nested(x):
    with torch.no_grad():
        with torch.enable_grad():
            y = x * 3
        z = y + 1
    return z


def p_break_in_inlined(x):
    def helper(a):
        b = a * 2
        torch._dynamo.graph_break()
        return b + 1

    return helper(x.sin()).cos()


def p_builtin_sum_list(x, y, z):
    return sum([x, y, z]), max(x.size(0), 2) * x


def p_list_comprehension(xs):
    return [t.relu() for t in xs]


def p_tensor_class_call(x, y):
    return torch.Tensor.add(x, y), torch.Tensor.sin(x)


def p_new_tensor_ops(x):
    return torch.tensor([1.0, 2.0, 3.0]) + x, x.new_tensor([4.0, 5.0, 6.0])


def p_string_quotes(x):
    return torch.einsum("i,i->", x, x), torch.nn.functional.pad(x, (1, 1), mode="constant", value=0.0)


def p_rename_same_var(x):
    y = x.sin()
    y = y.cos()
    y = y.tan()
    return y


def p_kw_names_vars(x):
    input = x + 1
    sum = input * 2
    type = sum - 3
    return type


def p_contiguous_memory_format(x):
    return x.contiguous(memory_format=torch.channels_last), x.to(memory_format=torch.contiguous_format)


def p_empty_like_layout(x):
    return torch.empty_like(x, layout=torch.strided).fill_(1.0), torch.zeros_like(x, dtype=torch.int64)


class Holder:
    def __init__(self):
        self.t = torch.ones(3)
        self.inner = {"w": torch.ones(3) * 2}


class PlainAttr(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.const = torch.arange(3.0)
        self.lin = torch.nn.Linear(3, 3)

    def forward(self, x):
        return self.lin(x) + self.const


GLOBAL_MOD = torch.nn.Linear(3, 2)
_CAPTURED = torch.full((3,), 4.0)


def p_global_module(x):
    return GLOBAL_MOD(x)


def p_object_attrs(obj, x):
    return x * obj.t + obj.inner["w"]


def p_int_input(x, n):
    return x * n + n


def p_float_input(x, f):
    return x * f


def make_closure():
    captured = _CAPTURED

    def fn(x):
        return x + captured

    return fn


p_closure_tensor = make_closure()


def p_nested_tuple_output(x):
    return (x, (x + 1, [x * 2])), {"k": x - 1}


def p_var_names_tricky(x):
    α = x.sin()
    x_1 = α + 1
    _ = x_1 * 2
    add = _ + x
    add_1 = add + 1
    sin = add_1.sin()
    L_x_ = sin.cos()
    return L_x_


def p_loop_reassign(x):
    for _ in range(3):
        x = x.sin()
    y = x
    for i in range(2):
        y = y + i
    return y


def p_int_suffix_vars(x):
    a_01 = x + 1
    a_1 = a_01 + 1
    a = a_1 + 1
    a_2 = a + a_1
    return a_2


PROGRAMS = [
    ("add_const", p_add_const, lambda: (t(3, 4),)),
    ("arith_consts", p_arith_consts, lambda: (t(3, 4),)),
    ("float_reprs", p_float_reprs, lambda: (t(3),)),
    ("rsub_rpow", p_rsub_rpow, lambda: (t(3),)),
    ("sin_cos", p_sin_cos, lambda: (t(3),)),
    ("many_adds", p_many_adds, lambda: (t(3),)),
    ("many_sins", p_many_sins, lambda: (t(3),)),
    ("two_inputs", p_two_inputs, lambda: (t(3), t(3))),
    ("unused_input", p_unused_input, lambda: (t(3), t(3))),
    ("methods", p_methods, lambda: (t(3, 4),)),
    ("method_kwargs", p_method_kwargs, lambda: (t(3, 4),)),
    ("torch_kwargs", p_torch_kwargs, lambda: (t(3, 4),)),
    ("getitem_int", p_getitem_int, lambda: (t(3, 4),)),
    ("getitem_slice", p_getitem_slice, lambda: (t(4, 4),)),
    ("getitem_none_ellipsis", p_getitem_none_ellipsis, lambda: (t(3, 4),)),
    ("getitem_tensor", p_getitem_tensor, lambda: (t(5, 2), torch.tensor([0, 2]))),
    ("tuple_outputs", p_tuple_outputs, lambda: (t(3),)),
    ("list_output", p_list_output, lambda: (t(3),)),
    ("dict_output", p_dict_output, lambda: (t(3),)),
    ("single_output", p_single_output, lambda: (t(3),)),
    ("builtin_names", p_builtin_names, lambda: (t(3, 4),)),
    ("more_builtin_names", p_more_builtin_names, lambda: (t(3, 4),)),
    ("keyword_like", p_keyword_like, lambda: (torch.tensor([1, 0, 1]),)),
    ("globals", p_globals, lambda: (t(3),)),
    ("dtype_arg", p_dtype_arg, lambda: (t(3),)),
    ("device_arg", p_device_arg, lambda: (t(3),)),
    ("factory", p_factory, lambda: (t(3, 4),)),
    ("arange_full", p_arange_full, lambda: (t(4),)),
    ("cat_stack", p_cat_stack, lambda: (t(2, 3), t(2, 3))),
    ("split_chunk", p_split_chunk, lambda: (t(4, 4),)),
    ("unbind_use_one", p_unbind_use_one, lambda: (t(3, 2),)),
    ("size_arg", p_size_arg, lambda: (t(3, 2),)),
    ("expand_size", p_expand_size, lambda: (t(3, 1),)),
    ("matmul", p_matmul, lambda: (t(3, 4), t(4, 5))),
    ("linear_functional", p_linear_functional, lambda: (t(2, 4), t(3, 4), t(3))),
    ("relu_functional", p_relu_functional, lambda: (t(3),)),
    ("string_args", p_string_args, lambda: (t(3, 3),)),
    ("comparisons", p_comparisons, lambda: (t(3), t(3))),
    ("bitwise", p_bitwise, lambda: (torch.tensor([1, 2, 3]), torch.tensor([3, 2, 1]))),
    ("floordiv_mod", p_floordiv_mod, lambda: (t(3),)),
    ("inplace", p_inplace, lambda: (t(3),)),
    ("masked_fill_where", p_masked_fill_where, lambda: (t(3),)),
    ("inf_nan", p_inf_nan, lambda: (t(3),)),
    ("module_lin", p_module_lin, lambda: (Lin(), t(2, 4))),
    ("module_seq", p_module_lin, lambda: (Seq(), t(2, 4))),
    ("module_conv", p_module_lin, lambda: (ConvNet().eval(), t(1, 2, 4, 4))),
    ("module_conv_train", p_module_lin, lambda: (ConvNet(), t(2, 2, 4, 4))),
    ("module_emb", p_module_lin, lambda: (Emb(), torch.tensor([[1, 2], [3, 4]]))),
    ("module_mixed_names", p_module_lin, lambda: (MixedNames(), t(2, 3))),
    ("layer_norm", p_layer_norm, lambda: (t(2, 4), t(4), t(4))),
    ("softmax_dtype", p_softmax_dtype, lambda: (t(2, 4),)),
    ("permute_flatten", p_permute_flatten, lambda: (t(2, 3, 4),)),
    ("unsqueeze_squeeze", p_unsqueeze_squeeze, lambda: (t(2, 3),)),
    ("sigmoid_tanh", p_sigmoid_tanh, lambda: (t(3),)),
    ("reduction_max", p_reduction_max, lambda: (t(3, 4),)),
    ("dropout_eval", p_dropout_eval, lambda: (t(3),)),
    ("tensor_attr", p_tensor_attr, lambda: (t(3, 4),)),
    ("shape_arith", p_shape_arith, lambda: (t(3, 4),)),
    ("loop", p_loop, lambda: (t(3),)),
    ("closure", p_closure, lambda: (t(3),)),
    ("nested_calls", p_nested_calls, lambda: (t(3),)),
    ("same_input_twice", p_same_input_twice, lambda: (t(3),)),
    ("input_passthrough", p_input_passthrough, lambda: (t(3), t(3))),
    ("list_input", p_list_input, lambda: ([t(3), t(3)],)),
    ("dict_input", p_dict_input, lambda: ({"a": t(3), "b": t(3)},)),
    ("attr_input_names", p_attr_input_names, lambda: (t(3), t(3))),
    ("neg_index", p_neg_index, lambda: (t(4, 3),)),
    ("setitem", p_setitem, lambda: (t(3, 2),)),
    ("bool_args", p_bool_args, lambda: (t(4),)),
    ("tuple_arg", p_tuple_arg, lambda: (t(2, 3),)),
    ("empty_tuple", p_empty_tuple, lambda: (t(1),)),
    ("norm", p_norm, lambda: (t(3, 4),)),
    ("conv_functional", p_conv_functional, lambda: (t(1, 2, 5, 5), t(3, 2, 3, 3))),
    ("embedding_functional", p_embedding_functional, lambda: (torch.tensor([1, 3]), t(5, 2))),
    ("type_as_new", p_type_as_new, lambda: (t(2), t(2, dtype=torch.float64))),
    ("gather_index_select", p_gather_index_select,
     lambda: (t(3, 3), torch.tensor([[0, 1], [1, 2], [2, 0]]))),
    ("with_no_grad", p_with_no_grad, lambda: (t(3),)),
    ("graph_break", p_graph_break, lambda: (t(3),)),
    ("min_max_builtins", p_min_max_builtins, lambda: (t(3), t(3))),
    ("long_chain", p_long_chain, lambda: (t(3),)),
    ("ellipsis_only", p_ellipsis_only, lambda: (t(3),)),
    ("scalar_tensor_mix", p_scalar_tensor_mix, lambda: (t(3),)),
    ("dyn_view", p_dyn_view, lambda: (t(3, 4),)),
    ("dyn_sum_size", p_dyn_sum_size, lambda: (t(3, 4), t(2, 5))),
    ("dyn_arange", p_dyn_arange, lambda: (t(5),)),
    ("cond", p_cond, lambda: (t(3),)),
    ("autocast", p_autocast, lambda: (t(2, 3), t(3, 2))),
    ("enable_grad_nested", p_enable_grad_nested, lambda: (t(3).requires_grad_(),)),
    ("break_in_inlined", p_break_in_inlined, lambda: (t(3),)),
    ("builtin_sum_list", p_builtin_sum_list, lambda: (t(3), t(3), t(3))),
    ("list_comprehension", p_list_comprehension, lambda: ([t(2), t(3), t(4)],)),
    ("tensor_class_call", p_tensor_class_call, lambda: (t(3), t(3))),
    ("new_tensor_ops", p_new_tensor_ops, lambda: (t(3),)),
    ("string_quotes", p_string_quotes, lambda: (t(3),)),
    ("rename_same_var", p_rename_same_var, lambda: (t(3),)),
    ("kw_names_vars", p_kw_names_vars, lambda: (t(3),)),
    ("contiguous_memory_format", p_contiguous_memory_format, lambda: (t(1, 2, 3, 3),)),
    ("empty_like_layout", p_empty_like_layout, lambda: (t(3),)),
    ("module_plain_attr", p_module_lin, lambda: (PlainAttr(), t(2, 3))),
    ("global_module", p_global_module, lambda: (t(2, 3),)),
    ("object_attrs", p_object_attrs, lambda: (Holder(), t(3))),
    ("int_input_dynamic", p_int_input, lambda: (t(3), 5)),
    ("float_input", p_float_input, lambda: (t(3), 2.5)),
    ("closure_tensor", p_closure_tensor, lambda: (t(3),)),
    ("nested_tuple_output", p_nested_tuple_output, lambda: (t(3),)),
    ("var_names_tricky", p_var_names_tricky, lambda: (t(3),)),
    ("loop_reassign", p_loop_reassign, lambda: (t(3),)),
    ("int_suffix_vars", p_int_suffix_vars, lambda: (t(3),)),
]

# Programs compiled with dynamic=True (SymInt inputs, size arithmetic in the graph).
DYNAMIC = {"dyn_view", "dyn_sum_size", "dyn_arange", "int_input_dynamic"}


def _snapshot(name, gi, gm):
    """Describes gm (inside the backend, while Dynamo's node meta is still there)."""
    e = _log.get(id(gm.graph))
    if e is None or e["graph"] is not gm.graph:
        print(f"{name}[{gi}]: graph creation not observed", file=sys.stderr)
        return None
    index = e["index"]
    alive = list(gm.graph.nodes)
    final = {index[n]: _describe(n, index) for n in alive}
    nodes = []
    for i, n in enumerate(e["nodes"]):
        d = {"name": n.name, "created": e["descs"][i], "final": final.get(i)}
        ga = n.meta.get("grapharg") if n.op == "placeholder" else None
        if ga is not None and getattr(ga, "source", None) is not None:
            d["source"] = ga.source.name
        nodes.append(d)
    return {
        "program": name,
        "kind": "fx" if name.startswith("fx_") else "dynamo",
        "graph": gi,
        "nodes": nodes,
        "events": list(e["events"]),
        "order": [index[n] for n in alive],
        "code": gm.code,
    }


# Graphs built directly with torch.fx (forms Dynamo rarely emits but the printer must
# handle): call_module/get_attr paths, getattr forms, placeholder defaults, names
# that collide with keywords/builtins/FX globals, non-torch globals, constant reprs.


class _Root(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Sequential(torch.nn.ReLU(), torch.nn.Tanh())
        self.weight = torch.nn.Parameter(torch.ones(2))
        self.sub = torch.nn.Module()
        self.sub.register_buffer("buf", torch.zeros(2))


def fx_modules(g):
    x = g.placeholder("x")
    a = g.call_module("net.0", (x,))
    b = g.call_module("net", (a,))
    w = g.get_attr("weight")
    buf = g.get_attr("sub.buf")
    c = g.call_function(operator.add, (b, w))
    d = g.call_function(operator.mul, (c, buf))
    g.output((d,))


def fx_getattr_forms(g):
    x = g.placeholder("x")
    a = g.call_function(getattr, (x, "T"))
    b = g.call_function(getattr, (x, "missing", None))
    c = g.call_function(getattr, (x, "not an identifier"))
    d = g.call_method("__getitem__", (a, 0))
    g.output([a, b, c, d])


def fx_placeholder_defaults(g):
    x = g.placeholder("x", type_expr=torch.Tensor)
    y = g.placeholder("y", type_expr=int, default_value=3)
    z = g.placeholder("z", type_expr=float, default_value=0.5)
    s = g.placeholder("s", default_value="it's")
    r = g.call_function(torch.add, (x, y), {"alpha": z})
    g.output({"r": r, "s": s}, type_expr=dict)


def fx_colliding_names(g):
    x = g.placeholder("x")
    prev = x
    for name in ["for", "class", "torch", "device", "inf", "None", "True", "getattr",
                 "sum", "self", "x", "output", "L_x_", "1st", "a.b", "_unnamed", ""]:
        prev = g.create_node("call_function", torch.relu, (prev,), name=name)
    g.output((prev,))


def fx_globals(g):
    x = g.placeholder("x")
    a = g.call_function(math.sqrt, (2.0,))
    b = g.call_function(operator.not_, (x,))
    c = g.call_function(len, (x,))
    d = g.call_function(operator.abs, (x,))
    g.output((a, b, c, d))


def fx_constants(g):
    x = g.placeholder("x")
    a = g.call_method("to", (x,), {"device": torch.device("cuda", 1), "dtype": torch.bfloat16,
                                   "memory_format": torch.channels_last})
    b = g.call_function(torch.zeros, ((2, 3),), {"layout": torch.strided, "device": torch.device("cpu")})
    c = g.call_method("view", (x, torch.Size([4])))
    d = g.call_function(torch.einsum, ('a"b', x), {"out": {"k": torch.Size([2]), "t": (1,), "s": slice(1, None)}})
    e = g.call_function(operator.getitem, (x, (Ellipsis, None, slice(None, None, -1))))
    f = g.call_function(torch.full, ((1,), -1e-300), {"requires_grad": False, "names": None})
    g.output((a, b, c, d, e, f, [x, (x,)], 1.5, "str", None))


def fx_inplace_and_unused(g):
    x = g.placeholder("x")
    y = g.placeholder("unused")
    a = g.call_function(operator.iadd, (x, 1))
    g.call_function(operator.isub, (a, 2))
    g.call_function(operator.setitem, (a, 0, 1.0))
    b = g.call_function(operator.pos, (a,))
    g.call_function(operator.neg, (b,))
    c = g.call_function(torch.cat, ([x, a, b, x],), {"dim": 0})
    g.output((c, y))


def fx_empty(g):
    pass


def fx_output_only(g):
    g.output(())


def fx_erase_and_reuse(g):
    x = g.placeholder("x")
    a = g.call_function(torch.sin, (x,))
    b = g.call_function(torch.sin, (a,))
    g.erase_node(b)
    c = g.call_function(torch.sin, (a,))
    a._rename("renamed")
    c._rename("sin")
    g.output((c,))


FX_PROGRAMS = [
    ("fx_modules", fx_modules),
    ("fx_getattr_forms", fx_getattr_forms),
    ("fx_placeholder_defaults", fx_placeholder_defaults),
    ("fx_colliding_names", fx_colliding_names),
    ("fx_globals", fx_globals),
    ("fx_constants", fx_constants),
    ("fx_inplace_and_unused", fx_inplace_and_unused),
    ("fx_empty", fx_empty),
    ("fx_output_only", fx_output_only),
    ("fx_erase_and_reuse", fx_erase_and_reuse),
]


def run_fx_programs():
    results = []
    for name, build in FX_PROGRAMS:
        _log.clear()
        g = torch.fx.Graph()
        _entry(g)
        build(g)
        gm = torch.fx.GraphModule(_Root(), g)
        snap = _snapshot(name, 0, gm)
        if snap is not None:
            results.append(snap)
    return results


def run_programs():
    results = []
    for name, fn, make_args in PROGRAMS:
        graphs = []

        def backend(gm, example_inputs, _graphs=graphs, _name=name):
            _graphs.append(_snapshot(_name, len(_graphs), gm))
            return gm.forward

        torch._dynamo.reset()
        _log.clear()
        torch.manual_seed(0)
        args = make_args()
        compiled = torch.compile(fn, backend=backend, fullgraph=False,
                                 dynamic=True if name in DYNAMIC else None)
        with contextlib.redirect_stdout(io.StringIO()):
            compiled(*args)
        results.extend(g for g in graphs if g is not None)
    return results


# ---------------------------------------------------------------------------
# Namespace goldens: real _Namespace behaviour on candidate sequences.

NAMESPACE_SEQUENCES = [
    ["add", "add", "add", "add_1", "add_5", "add"],
    ["sin", "sin_1", "sin", "sin"],
    ["getattr", "getattr", "sum", "max", "min", "abs", "pow", "round"],
    ["int", "float", "type", "len", "list", "tuple", "dict", "input", "id"],
    ["for", "if", "class", "lambda", "None", "True", "import"],
    ["torch", "device", "inf", "nan", "NoneType", "fx_pytree", "pytree"],
    ["a.b.c", "a.b.c", "layer.0", "layer.0.weight", "1abc", "", "x-y", "x--y"],
    ["_1", "_1", "x_01", "x_1", "x", "x", "a__1", "a_1_2", "a_1_2"],
    ["l_x_", "l_x_", "L_x_", "l_x__1"],
    ["output", "output", "placeholder", "self", "self"],
    ["x_0", "x", "x", "x_0"],
    ["foo_2", "foo", "foo", "foo"],
    ["__getitem__", "getitem", "getitem", "getitem_2", "getitem"],
    ["conv2d", "conv2d_1", "conv2d_1", "conv2d"],
]

SNAKE_INPUTS = ["L_x_", "L_self_modules_layer_parameters_weight_", "pascalCase",
                "ALL_CAPS", "mod.snakeCase", "getItem", "aBC", "x", "view", "HTTPServer",
                "l_xY_", "sin"]

TARGET_TO_STR = ["__getitem__", "__add__", "view", "_foo_", "__x", "layer.0", "L_x_", "Tensor"]

SOURCE_NAMES = [
    "L['x']", "L['self']", "L['self'].layer.weight",
    "L['self']._modules['layer']._parameters['weight']",
    "G['GLOBAL_T']", "L['xs'][0]", "L['d']['a']",
    "G['__import_torch'].nn", "L['x'].size()[0]", "L['mod']._buffers['running_mean']",
    "L['self']._modules['net']._modules['0']._parameters['bias']",
    "L['x_In']", "___stack0", "L['a b']",
]


def run_namespace():
    seqs = []
    for seq in NAMESPACE_SEQUENCES:
        ns = fx_graph._Namespace()
        seqs.append({"candidates": seq, "names": [ns.create_name(c, None) for c in seq]})
    # Names created with an object that *is* the builtin keep the builtin's name.
    ns = fx_graph._Namespace()
    with_obj = [ns.create_name("getattr", getattr), ns.create_name("getattr", None),
                ns.create_name("int", int), ns.create_name("int", None)]
    illegal = sorted(fx_graph._illegal_names.keys())
    snake = [[s, fx_graph._snake_case(s)] for s in SNAKE_INPUTS]
    g = torch.fx.Graph()
    targets = [[s, g._target_to_str(s)] for s in TARGET_TO_STR]
    sources = [[s, re.sub(r"[^a-zA-Z0-9]+", "_", s)] for s in SOURCE_NAMES]
    floats = [0.0, -0.0, 1.0, 0.1, 1e-05, 0.0001, 1e16, 1e15, 123456.789, 1.5e16,
              2.5, -3.75, 1e20, 1e-7, 3.141592653589793, 1 / 3, 1e300, 5e-324,
              float("inf"), float("-inf"), float("nan"), 100.0, 1234567890123456.0,
              12345678901234567.0, 0.001, 9.999999999999999e-05]
    strings = ["abc", "it's", 'say "hi"', "both ' and \"", "back\\slash", "tab\there",
               "new\nline", "", "ij,jk->ik", "\x01\x7f"]
    return {
        "sequences": seqs,
        "with_builtin_object": with_obj,
        "illegal_names": illegal,
        "snake_case": snake,
        "target_to_str": targets,
        "placeholder_names": sources,
        "float_repr": [[float.hex(f) if math.isfinite(f) else repr(f), repr(f)] for f in floats],
        "str_repr": [[s, repr(s)] for s in strings],
    }


def main():
    os.makedirs(OUT, exist_ok=True)
    assert torch.__version__.startswith("2.13"), torch.__version__
    assert sys.version_info[:2] == (3, 11)
    graphs = run_programs() + run_fx_programs()
    with open(os.path.join(OUT, "graphs.json"), "w") as f:
        json.dump({"torch": torch.__version__, "graphs": graphs}, f, indent=1)
    with open(os.path.join(OUT, "namespace.json"), "w") as f:
        json.dump(run_namespace(), f, indent=1)
    print(f"{len(PROGRAMS)} programs, {len(graphs)} graphs")


if __name__ == "__main__":
    main()
