"""golden_harness.py — the machinery of make_goldens.py: tensor specs, the literal
format of fake_goldens.txt, the case registry (`case`) and running one case on real
torch and under FakeTensorMode (`run_case`). The cases themselves live in
make_goldens.py.
"""
import logging
import math
import operator
import os
import re
import sys

import torch
import torch.nn.functional as F

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fake_goldens.txt")

DTYPES = {
    torch.bool: "bool", torch.uint8: "uint8", torch.int8: "int8", torch.int16: "int16",
    torch.int32: "int32", torch.int64: "int64", torch.float16: "float16",
    torch.bfloat16: "bfloat16", torch.float32: "float32", torch.float64: "float64",
    torch.complex64: "complex64", torch.complex128: "complex128",
}


class Spec:
    """An input tensor described by its layout; built freshly for every case."""

    def __init__(self, shape, dtype=torch.float32, layout="c", rg=False):
        self.shape, self.dtype, self.layout, self.rg = tuple(shape), dtype, layout, rg

    def build(self):
        shape, dt = self.shape, self.dtype
        gen = torch.Generator().manual_seed(0)

        def data(sz):
            if dt == torch.bool:
                return torch.randint(0, 2, sz, generator=gen).bool()
            if dt.is_floating_point or dt.is_complex:
                return (torch.rand(sz, generator=gen) + 0.5).to(dt)
            return torch.randint(1, 3, sz, generator=gen).to(dt)

        lay = self.layout
        if lay == "c":
            t = data(shape)
        elif lay == "T":  # transposed: last two dims swapped in memory
            s = list(shape)
            s[-1], s[-2] = s[-2], s[-1]
            t = data(tuple(s)).transpose(-1, -2)
        elif lay == "cl":  # channels_last
            t = data(shape).contiguous(memory_format=torch.channels_last)
        elif lay == "rev":  # fully reversed dims in memory
            t = data(tuple(reversed(shape))).permute(*reversed(range(len(shape))))
        elif lay == "exp":  # expanded along dim 0 (stride 0)
            t = data((1,) + shape[1:]).expand(*shape)
        elif lay == "step":  # every other element along the last dim, with an offset
            s = list(shape)
            s[-1] = s[-1] * 2 + 1
            t = data(tuple(s))[..., 1::2]
        elif lay == "off":  # contiguous view with a storage offset
            n = math.prod(shape)
            t = data((n + 3,))[3:].view(shape)
        elif lay.startswith("p"):  # "p0213": dims laid out in memory in this order
            order = [int(c) for c in lay[1:]]
            t = data(tuple(shape[d] for d in order)).permute(*[order.index(d) for d in range(len(shape))])
        else:
            raise ValueError(lay)
        t = t.detach()
        if self.rg:
            t.requires_grad_(True)
        return t


def S(*shape, dt=torch.float32, lay="c", rg=False):
    return Spec(shape, dt, lay, rg)


class Unit(Spec):
    """Values in [0.25, 0.75): probabilities for binary_cross_entropy."""

    def build(self):
        t = super().build()
        with torch.no_grad():
            t.mul_(0.5)
        return t


class Rand(Spec):
    """A random strided layout: permuted dims, steps, offsets, expanded size-1 dims."""

    def __init__(self, shape, perm, steps, expand, dtype=torch.float32, offset=0, rg=False):
        super().__init__(shape, dtype, "rand", rg)
        self.perm, self.steps, self.expand, self.offset = perm, steps, expand, offset

    def build(self):
        shape = list(self.shape)
        base_shape = [1 if self.expand[i] else shape[i] * self.steps[i] for i in range(len(shape))]
        phys = [base_shape[p] for p in self.perm]
        n = math.prod(phys) + self.offset
        gen = torch.Generator().manual_seed(1)
        flat = (torch.rand(max(n, 1), generator=gen) + 0.5).to(self.dtype) if self.dtype.is_floating_point \
            else torch.randint(1, 3, (max(n, 1),), generator=gen).to(self.dtype)
        t = flat[self.offset:self.offset + math.prod(phys)].view(phys)
        inv = [self.perm.index(i) for i in range(len(shape))]
        t = t.permute(*inv)
        t = t[tuple(slice(None, None, st) for st in self.steps)]
        t = t.expand(*shape).detach()
        if self.rg:
            t.requires_grad_(True)
        return t


def rand_spec(rng, shape, dtype=torch.float32):
    nd = len(shape)
    perm = list(range(nd))
    rng.shuffle(perm)
    steps = [rng.choice([1, 1, 1, 2]) for _ in shape]
    expand = [rng.random() < 0.15 for _ in shape]
    rg = rng.random() < 0.3 and dtype.is_floating_point
    return Rand(shape, perm, steps, expand, dtype, rng.choice([0, 0, 3]), rg)


class Sl:
    def __init__(self, start=None, stop=None, step=None):
        self.s = slice(start, stop, step)


def build(v):
    if isinstance(v, Spec):
        return v.build()
    if isinstance(v, list):
        return [build(x) for x in v]
    if isinstance(v, tuple):
        return tuple(build(x) for x in v)
    if isinstance(v, Sl):
        return v.s
    return v


def same_storage(x, y):
    """Whether two tensors share a storage; FakeTensors' storages have no data pointer,
    so they are compared by the storage object itself."""
    sx, sy = x.untyped_storage(), y.untyped_storage()
    if sx.device.type == "meta" or sy.device.type == "meta" or sx.data_ptr() == 0:
        return sx._cdata == sy._cdata
    return sx.data_ptr() == sy.data_ptr()


def fmt(v, args=None):
    if isinstance(v, torch.Tensor):
        s = "T(%s,[%s],[%s],%d,%d)" % (
            DTYPES[v.dtype], ",".join(map(str, v.shape)), ",".join(map(str, v.stride())),
            v.storage_offset(), int(v.requires_grad))
        if args is not None:
            st = v.untyped_storage()
            if st.nbytes() == 0:
                s += "@?"
            else:
                alias = "-"
                for i, a in enumerate(args):
                    if isinstance(a, torch.Tensor) and same_storage(a, v):
                        alias = str(i)
                        break
                s += "@" + alias
        return s
    if isinstance(v, bool):
        return "True" if v else "False"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return repr(v)
    if v is None:
        return "None"
    if v is Ellipsis:
        return "..."
    if isinstance(v, str):
        return "'" + v + "'"
    if isinstance(v, torch.dtype):
        return "torch." + DTYPES[v]
    if isinstance(v, torch.device):
        return "device(%s)" % str(v)
    if isinstance(v, slice):
        return "slice(%s,%s,%s)" % tuple("None" if x is None else str(x) for x in (v.start, v.stop, v.step))
    if isinstance(v, torch.Size):
        return "(" + ",".join(str(x) for x in v) + ("," if len(v) == 1 else "") + ")"
    if isinstance(v, list):
        return "[" + ",".join(fmt(x, args) for x in v) + "]"
    if isinstance(v, tuple):
        return "(" + ",".join(fmt(x, args) for x in v) + ("," if len(v) == 1 else "") + ")"
    raise TypeError(type(v))


def _setitem(x, index, value):
    """operator.setitem returns None; the goldens record x after the in-place write."""
    x[index] = value
    return x


def resolve(op):
    if op in ("operator.setitem", "Tensor.__setitem__"):
        return _setitem
    if op.startswith("Tensor."):
        name = op[len("Tensor."):]

        def call(self, *a, **k):
            attr = getattr(self, name)
            if callable(attr):
                return attr(*a, **k)
            assert not a and not k
            return attr
        return call
    if op.startswith("operator."):
        return getattr(operator, op[len("operator."):])
    if op == "getattr":  # builtins.getattr(tensor, name): Dynamo's generic tensor attributes
        return getattr
    obj = torch
    for part in op.split(".")[1:]:
        obj = getattr(obj, part)
    return obj


CASES = []


def case(name, op, *args, grad=True, default_dtype="float32", **kwargs):
    if any(c[0] == name for c in CASES):
        raise ValueError("duplicate case " + name)
    CASES.append((name, op, args, kwargs, grad, default_dtype))


def fake_result(fn, a, k, grad):
    """The same call on FakeTensors (what Dynamo records as example values), with the
    Python dispatcher on as Dynamo's get_fake_value has it (Python decompositions of
    CompositeImplicitAutograd ops, e.g. aten.dropout's input.clone() when not training)."""
    from torch._dispatch.python import enable_python_dispatcher
    from torch._subclasses.fake_tensor import FakeTensorMode
    mode = FakeTensorMode()

    def conv(v):
        if isinstance(v, torch.Tensor):
            return mode.from_tensor(v)
        if isinstance(v, list):
            return [conv(x) for x in v]
        if isinstance(v, tuple):
            return tuple(conv(x) for x in v)
        return v
    fa, fk = conv(a), {key: conv(v) for key, v in k.items()}
    try:
        with mode, enable_python_dispatcher(), torch.set_grad_enabled(grad):
            return fmt(fn(*fa, **fk), list(fa))
    except Exception as e:
        msg = str(e).strip().splitlines()[0] if str(e).strip() else ""
        return "ERR %s: %s" % (type(e).__name__, msg.replace("\t", " "))


def run_case(name, op, args, kwargs, grad, default_dtype):
    torch.set_default_dtype(getattr(torch, default_dtype))
    try:
        a = build(args)
        k = {key: build(v) for key, v in kwargs.items()}
        fn = resolve(op)
        try:
            with torch.set_grad_enabled(grad):
                out = fn(*a, **k)
            res = fmt(out, a)
        except Exception as e:  # the exact error torch raised
            msg = str(e).strip().splitlines()[0] if str(e).strip() else ""
            res = "ERR %s: %s" % (type(e).__name__, msg.replace("\t", " "))
        ctx = "grad=%d,dtype=%s" % (int(grad), default_dtype)
        kw = "{" + ",".join("%s=%s" % (key, fmt(v)) for key, v in k.items()) + "}"
        fake = fake_result(fn, a, k, grad)
        # The fake result keeps its alias markers only where it differs from eager's
        # (values or aliasing): under the Python dispatcher aten.dropout clones.
        same = fake == res or (fake.startswith("ERR") and res.startswith("ERR"))
        return "\t".join([name, ctx, op, fmt(list(a)), kw, res, "=" if same else fake])
    finally:
        torch.set_default_dtype(torch.float32)
