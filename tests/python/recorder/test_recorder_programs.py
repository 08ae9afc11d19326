"""Records >= 25 small programs with real Dynamo (torch 2.13) and checks the trace against
what Dynamo itself reported in the same process: the GraphModules the backend received
(code, nodes, placeholder sources, example values), guard kinds, graph-break counters,
explain(), and the Python objects themselves (cell identity, strides, modules)."""
import collections
import dataclasses

import pytest
import torch
import torch.nn as nn

NODE_OPS = {"placeholder": "placeholder", "call_function": "callFunction",
            "call_method": "callMethod", "call_module": "callModule", "get_attr": "getAttr",
            "output": "output"}


def check_against_dynamo(rec):
    """Every graph in the trace is the GraphModule the backend received."""
    graphs = rec.graphs()
    assert len(graphs) == len(rec.gms)
    for g, gm in zip(graphs, rec.gms):
        assert g["code"] == gm.code
        nodes = list(gm.graph.nodes)
        assert [n["name"] for n in g["nodes"]] == [n.name for n in nodes]
        assert [n["op"] for n in g["nodes"]] == [NODE_OPS[n.op] for n in nodes]
        for rn, n in zip(g["nodes"], nodes):
            assert rn["users"] == len(n.users)
            if n.op == "placeholder":
                assert rn["source"] == n._dynamo_source.name
            ev = n.meta.get("example_value")
            if isinstance(ev, torch.Tensor):
                meta = rn["exampleValue"]["tensor"]
                sym = lambda dims: [d if isinstance(d, int) else -1 for d in dims]  # noqa: E731
                assert meta["shape"] == sym(ev.shape)
                assert meta["stride"] == sym(ev.stride())
                assert meta["dtype"] == str(ev.dtype)
                assert meta["requiresGrad"] == ev.requires_grad
            if n.op in ("call_method", "call_module", "get_attr", "placeholder"):
                assert rn["target"] == n.target
    for e in rec.events:
        assert e["status"] == "compiled", e["statusReason"]
        assert e["dynamoNs"] > 0 and e["recorderNs"] > 0
    for e in rec.events:
        kinds = {g["kind"] for g in e["reference"]["guards"]}
        assert "GLOBAL_STATE" in kinds
        for nv in e["frame"]["locals"]:
            if rec.heap[nv["value"]]["which"] == "tensor" and any(
                    n["source"] == f"L['{nv['name']}']" for g in e["reference"]["graphs"]
                    for n in g["nodes"]):
                assert any(g["kind"] == "TENSOR_MATCH" and g["source"] == f"L['{nv['name']}']"
                           for g in e["reference"]["guards"])


def targets(rec, gi=0):
    return [n["target"] for n in rec.graphs()[gi]["nodes"] if n["op"] == "callFunction"]


# ------------------------------------------------------------------ programs

SCALE = 3.0
COUNT = 0


def helper(a, k=2):
    return a * k + 1


def inner_twice(a):
    return helper(helper(a), k=3)


def make_adder(n):
    def add(x):
        return x + n
    return add


def make_counter():
    count = 0

    def step(x):
        nonlocal count
        count += 1
        return x * count
    return step


def make_pair():
    shared = [0]
    box = 10

    def bump(x):
        nonlocal box
        box += 1
        return x + box

    def read(x):
        return x * box

    def both(x):
        return read(bump(x))
    return both, bump, read


class Obj:
    def __init__(self):
        self.n = 1
        self.w = torch.ones(3)

    def scaled(self, x):
        return x * self.n + self.w


@dataclasses.dataclass
class Cfg:
    alpha: float
    beta: float


Pair = collections.namedtuple("Pair", "a b")


class ConvNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 2, 3, padding=1)
        self.bn = nn.BatchNorm2d(2)
        self.fc = nn.Linear(2 * 4 * 4, 3)

    def forward(self, x):
        x = torch.relu(self.bn(self.conv(x)))
        return self.fc(x.flatten(1))


class Attention(nn.Module):
    def __init__(self, d=8, heads=2):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        q = q.view(b, t, self.heads, d // self.heads).transpose(1, 2)
        k = k.view(b, t, self.heads, d // self.heads).transpose(1, 2)
        v = v.view(b, t, self.heads, d // self.heads).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) / (d // self.heads) ** 0.5
        y = att.softmax(dim=-1) @ v
        return self.proj(y.transpose(1, 2).reshape(b, t, d))


def t(*shape):
    torch.manual_seed(0)
    return torch.randn(*shape)


PROGRAMS = {
    "arith": (lambda x, y: x * 2 + y - 1, (t(2, 3), t(2, 3)), ["_operator.mul"]),
    "torch_functions": (lambda x: torch.relu(torch.sin(x)) + torch.exp(torch.cos(x)),
                        (t(4),), ["torch.sin", "torch.relu"]),
    "matmul_reduce": (lambda x, y: (x @ y).sum(dim=0), (t(2, 3), t(3, 4)), ["_operator.matmul"]),
    "views": (lambda x: x.t().contiguous().view(-1) + 1, (t(2, 3),), []),
    "slicing": (lambda x: x[1:, ::2] * 2, (t(3, 4),), ["_operator.getitem"]),
    "cat_stack": (lambda x, y: torch.stack([torch.cat([x, y]), torch.cat([y, x])]),
                  (t(2), t(2)), ["torch.cat", "torch.stack"]),
    "list_input": (lambda xs: xs[0] + xs[1] * xs[2], ([t(2), t(2), t(2)],), []),
    "dict_input": (lambda d: d["a"] * d["b"], ({"a": t(3), "b": t(3)},), []),
    "tuple_unpack": (lambda p: (lambda a, b: a - b)(*p), ((t(2), t(2)),), []),
    "user_call": (lambda x: helper(x), (t(3),), []),
    "nested_calls": (lambda x: inner_twice(x), (t(3),), []),
    "closure_read": (make_adder(5), (t(3),), []),
    "global_read": (lambda x: x * SCALE, (t(3),), []),
    "dtype_kwargs": (lambda x: x + torch.zeros(2, dtype=torch.float64), (t(2),),
                     ["torch.zeros"]),
    "comprehension": (lambda x: sum([x * i for i in range(3)]), (t(2),), []),
    "int_arg": (lambda x, n: x.repeat(n, 1), (t(2), 3), []),
    "transposed_input": (lambda x: x + 1, (t(3, 2).t(),), []),
    "where": (lambda x: torch.where(x > 0, x, -x), (t(5),), ["torch.where"]),
    "dataclass_input": (lambda x, c: x * c.alpha + c.beta, (t(2), Cfg(2.0, 1.0)), []),
    "namedtuple_input": (lambda p: p.a * p.b, (Pair(t(2), t(2)),), []),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_program(record, name):
    fn, args, expect_targets = PROGRAMS[name]
    rec = record(fn, args)
    check_against_dynamo(rec)
    assert len(rec.events) == 1
    for tgt in expect_targets:
        assert tgt in targets(rec)
    # The result is what the program computes eagerly.
    expected = fn(*args)
    torch.testing.assert_close(rec.results[0], expected)


def test_tensor_strides_and_guard_detail(record):
    x = t(3, 2).t()  # non-contiguous, stride (1, 2)
    rec = record(lambda x: x + 1, (x,))
    meta = rec.obj(rec.local("x")["tensor"]["meta"])["tensorMeta"]
    assert meta["shape"] == [2, 3] and meta["stride"] == list(x.stride()) == [1, 2]
    assert meta["isContiguous"] is False
    guard = [g for g in rec.guards() if g["kind"] == "TENSOR_MATCH"][0]
    assert guard["source"] == "L['x']"
    assert guard["detail"] == ("dtype=torch.float32 device=cpu requires_grad=False "
                               "size=[2, 3] stride=[1, 2]")
    # Storage identity: the view's base shares the storage id.
    tensor = rec.local("x")["tensor"]
    base = rec.obj(tensor["viewBase"])["tensor"]
    assert base["storageId"] == tensor["storageId"]


def test_aliasing_inputs_share_storage(record):
    base = t(4)
    rec = record(lambda a, b: a + b, (base[:2], base[2:]))
    a, b = rec.local("a")["tensor"], rec.local("b")["tensor"]
    assert a["storageId"] == b["storageId"]
    assert rec.obj(b["meta"])["tensorMeta"]["storageOffset"] == 2


def test_closure_cell_write_and_identity(record):
    step = make_counter()
    rec = record(step, (t(2),))
    check_against_dynamo(rec)
    cell = rec.cell("count")
    assert cell["which"] == "cell"
    assert rec.obj(cell["cell"]["contents"])["int"] == 0  # value when Dynamo started
    kinds = [s["kind"] for s in rec.event()["reference"]["sideEffects"]]
    assert "storeCell" in kinds
    assert step.__closure__[0].cell_contents == 1  # the program really ran once


def test_cell_shared_by_two_closures(record):
    both, bump, read = make_pair()
    rec = record(both, (t(2),))
    check_against_dynamo(rec)
    # both's closure holds bump and read; their `box` cells are the same heap object.
    bump_fn = rec.cell("bump")
    read_fn = rec.cell("read")
    bump_obj = rec.obj(bump_fn["cell"]["contents"])["function"]
    read_obj = rec.obj(read_fn["cell"]["contents"])["function"]
    assert bump_obj["closure"] == read_obj["closure"]
    assert bump.__closure__[0] is read.__closure__[0]
    box = rec.obj(bump_obj["closure"][0])
    assert box["which"] == "cell" and rec.obj(box["cell"]["contents"])["int"] == 10
    assert box["identity"] != 0
    assert "storeCell" in [s["kind"] for s in rec.event()["reference"]["sideEffects"]]


def test_cell_captured_by_preexisting_function(record):
    # `read` existed before the compiled frame and captures the same cell the frame's own
    # closure (via `bump`) writes.
    both, bump, read = make_pair()

    def outer(x):
        return read(x) + bump(x)
    rec = record(outer, (t(2),))
    check_against_dynamo(rec)
    g_read = rec.cell("read")
    g_bump = rec.cell("bump")
    r = rec.obj(g_read["cell"]["contents"])["function"]
    b = rec.obj(g_bump["cell"]["contents"])["function"]
    assert r["closure"][0] == b["closure"][0]
    assert r["classification"] == "inlined" and r["rule"] == "UserFunctionVariable"


def test_global_write(record):
    def bump_global(x):
        global COUNT
        COUNT += 1
        return x + COUNT
    before = COUNT
    rec = record(bump_global, (t(2),))
    check_against_dynamo(rec)
    assert COUNT == before + 1
    assert rec.global_("COUNT")["int"] == before
    effects = rec.event()["reference"]["sideEffects"]
    assert any(e["kind"] == "storeGlobal" and "COUNT" in e["detail"] for e in effects), effects


def test_attribute_mutation(record):
    obj = Obj()

    def f(x):
        obj.n = obj.n + 1
        return obj.scaled(x)
    rec = record(f, (t(3),))
    check_against_dynamo(rec)
    assert obj.n == 2
    assert "obj" in f.__code__.co_freevars  # obj is a closure cell of f, not a global
    o = rec.obj(rec.cell("obj")["cell"]["contents"])
    assert o["which"] == "instance" and rec.attr(o, "n")["int"] == 1
    cls = rec.obj(o["instance"]["class"])["class"]
    assert cls["name"] == "Obj" and any(a["name"] == "scaled" for a in cls["attrs"])
    effects = rec.event()["reference"]["sideEffects"]
    assert any(e["kind"] == "storeAttr" and e["detail"].endswith(".n") for e in effects), effects


def test_global_read_reaches_module_and_function(record):
    rec = record(lambda x: helper(x) * SCALE, (t(2),))
    fn = rec.global_("helper")["function"]
    assert fn["name"] == "helper" and fn["classification"] == "inlined"
    assert rec.global_("SCALE")["float"] == SCALE
    code = rec.obj(fn["code"])["code"]
    assert code["name"] == "helper" and code["varnames"] == ["a", "k"]
    defaults = rec.obj(fn["defaults"])["tuple"]
    assert [rec.obj(d)["int"] for d in defaults] == [2]


def _annotated(a: int, b: float = 2.0) -> float:
    return a


def _unannotated_helper(x):
    return x + 1


def test_function_annotations_recorded_once_read(record):
    import inspect

    def f(x):
        return _unannotated_helper(x) * len(inspect.signature(_annotated).parameters)

    rec = record(f, (t(2),))
    # inspect.get_annotations read _annotated.__annotations__ (Dynamo traced it): the dict
    # is recorded with its entries.
    fn = rec.global_("_annotated")["function"]
    ann = rec.obj(fn["annotations"])["dict"]
    keys = [rec.obj(e["key"])["str"] for e in ann]
    assert keys == ["a", "b", "return"]
    # A function whose annotations nobody read has none created by the recorder.
    helper_fn = rec.global_("_unannotated_helper")["function"]
    assert helper_fn["annotations"] == 0


_KEYWORDS = frozenset({"alpha", "beta"})
_is_keyword = _KEYWORDS.__contains__


def test_bound_builtin_method_keeps_self(record):
    # keyword.iskeyword's shape: a C method bound to a frozenset. Dynamo calls the method
    # on its __self__ (BoundBuiltinMethodVariable), so the recorder keeps it.
    rec = record(lambda x: x * 2 if _is_keyword("alpha") else x, (t(2),))
    c = rec.global_("_is_keyword")["callable"]
    assert c["qualname"] == "frozenset.__contains__"
    items = rec.obj(c["self"])["frozenset"]
    assert sorted(rec.obj(i)["str"] for i in items) == ["alpha", "beta"]
    # A C function of a module or a class keeps no __self__.
    rec = record(lambda x: torch.sin(x), (t(2),))
    assert rec.attr(rec.global_("torch"), "sin")["callable"]["self"] == 0


def test_torch_function_classification(record):
    rec = record(lambda x: torch.sin(x), (t(2),))
    mod = rec.global_("torch")
    assert mod["which"] == "module" and mod["module"]["name"] == "torch"
    sin = rec.attr(mod, "sin")
    # torch.sin is a builtin of torch._C._VariableFunctionsClass, as CPython names it.
    assert sin["callable"]["qualname"] == torch.sin.__qualname__
    assert sin["callable"]["qualname"].endswith("sin")
    assert sin["callable"]["classification"] == "inGraph"
    assert sin["callable"]["reason"] == "TorchInGraphFunctionVariable"


@pytest.mark.parametrize("kind", ["linear", "sequential", "convnet", "attention"])
def test_nn_modules(record, kind):
    torch.manual_seed(0)
    mod, x = {
        "linear": (lambda: nn.Linear(4, 3), lambda: t(2, 4)),
        "sequential": (lambda: nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2)),
                       lambda: t(2, 4)),
        "convnet": (lambda: ConvNet().eval(), lambda: t(1, 1, 4, 4)),
        "attention": (lambda: Attention(), lambda: t(2, 3, 8)),
    }[kind]
    m, x = mod(), x()
    rec = record(m, (x,))
    check_against_dynamo(rec)
    torch.testing.assert_close(rec.results[0], m(x))
    # torch.compile(module) compiles forward(self, x) of user modules, and for library
    # modules a wrapper whose closure cell `fn` holds the module.
    names = [c["name"] for c in rec.event()["frame"]["cells"]]
    if "fn" in names:
        fn = rec.obj(rec.cell("fn")["cell"]["contents"])
        self_obj = rec.obj(fn["boundMethod"]["self"]) if fn["which"] == "boundMethod" else fn
    else:
        self_obj = rec.local("self")
    assert self_obj["instance"]["kind"] == "nnModule"
    params = rec.attr(self_obj, "_parameters") if kind == "linear" else None
    if params is not None:
        w = rec.obj([e["value"] for e in params["dict"]][0])["tensor"]
        wm = rec.obj(w["meta"])["tensorMeta"]
        assert wm["isParameter"] and wm["shape"] == [3, 4] and wm["requiresGrad"]
    if kind == "convnet":
        mods = rec.attr(self_obj, "_modules")
        names = [rec.obj(e["key"])["str"] for e in mods["dict"]]
        assert names == ["conv", "bn", "fc"]
        bn = rec.obj(mods["dict"][1]["value"])
        buffers = rec.attr(bn, "_buffers")
        rm = rec.obj(buffers["dict"][0]["value"])["tensor"]
        assert rm["isBuffer"]
        assert "torch.conv2d" in targets(rec) and "torch.relu" in targets(rec)
    # The module's class names forward. Compiling forward as the frame, Dynamo does not
    # read the function object itself (the frame's code is recorded on its own), so with
    # read-set capture the class keeps it as a stub of type function.
    cls = rec.obj(self_obj["instance"]["class"])["class"]
    fwd = [a for a in cls["attrs"] if a["name"] == "forward"]
    assert fwd
    fwd_obj = rec.obj(fwd[0]["value"])
    assert fwd_obj["which"] == "function" or (
        fwd_obj["opaque"]["typeName"] == "function"
        and fwd_obj["opaque"]["reason"] == "not read by Dynamo"), fwd_obj
    # Graph parameters come in as placeholders with module sources.
    srcs = [n["source"] for n in rec.graphs()[0]["nodes"] if n["op"] == "placeholder"]
    assert any("_parameters" in s for s in srcs) or kind == "attention" and srcs


def test_graph_break_print_with_resume(record, capsys):
    from torch._dynamo.utils import counters

    def f(x):
        y = x + 1
        print("hello")
        return y * 2
    counters.clear()
    rec = record(f, (t(2),))
    assert "hello" in capsys.readouterr().out
    check_against_dynamo(rec)
    assert len(rec.events) == 2
    first, resume = rec.events
    assert not first["isResume"] and resume["isResume"]
    breaks = first["reference"]["graphBreaks"]
    assert len(breaks) == 1 == len(counters["graph_break"])
    assert breaks[0]["gbType"] != "" and "print" in breaks[0]["reason"]
    assert breaks[0]["graphCount"] == 0
    # The offset is the CALL of print in the original bytecode.
    import dis
    calls = [i.offset for i in dis.get_instructions(f) if i.opname == "CALL"]
    assert breaks[0]["offset"] == calls[0]
    assert breaks[0]["userStack"][-1]["name"] == "f"
    assert first["reference"]["generatedCode"] != 0
    assert rec.obj(resume["frame"]["code"])["code"]["name"].startswith("torch_dynamo_resume_in_f")


def test_graph_break_data_dependent_branch(record):
    def f(x):
        y = x * 2
        if y.sum() > 0:
            return y + 1
        return y - 1
    rec = record(f, (torch.ones(3),))
    check_against_dynamo(rec)
    breaks = rec.event(0)["reference"]["graphBreaks"]
    assert len(breaks) == 1
    assert any(e["isResume"] for e in rec.events)
    explained = torch._dynamo.explain(f)(torch.ones(3))
    assert explained.graph_break_count == len(breaks)
    assert explained.graph_count == len(rec.graphs()) - 0


def test_recompile_after_shape_change(record):
    rec = record(lambda x: x.sum(0) * 2, (t(2, 3),), (t(4, 3),))
    check_against_dynamo(rec)
    assert len(rec.events) == 2
    assert rec.event(0)["recompileReasons"] == []
    reasons = rec.event(1)["recompileReasons"]
    assert reasons and "size" in reasons[0]
    assert rec.event(1)["compileId"] == "0/1"
    # The second compile is dynamic: the guard records None for the dynamic dim.
    tm = [g for g in rec.guards(1) if g["kind"] == "TENSOR_MATCH"][0]
    assert "size=[None, 3]" in tm["detail"], tm["detail"]


def test_cache_hit_records_nothing(record):
    rec = record(lambda x: x + 1, (t(2),), (t(2),), (t(2),))
    assert len(rec.events) == 1


def test_tensor_values_opt_in(record):
    x = torch.arange(4, dtype=torch.float32)
    rec = record(lambda x: x + 1, (x,))
    assert rec.local("x")["tensor"]["values"] == b""
    rec = record(lambda x: x + 1, (x,), tensor_values=True)
    assert rec.local("x")["tensor"]["values"] == x.numpy().tobytes()
    assert rec.trace["header"]["tensorValuesRecorded"] is True


def test_container_mutations_and_new_objects(record):
    class A:
        pass

    def f(x, l, d, s):
        l.append(x)
        d["k"] = x
        s.add(3)
        a = A()
        a.v = x
        return x + 1, a
    lst, dct, st = [], {}, set()
    rec = record(f, (t(2), lst, dct, st))
    check_against_dynamo(rec)
    assert len(lst) == 1 and "k" in dct and 3 in st  # Dynamo replayed them
    effects = {(e["kind"], e["target"]) for e in rec.event()["reference"]["sideEffects"]}
    assert {("mutateList", "L['l']"), ("mutateDict", "L['d']"), ("mutateSet", "L['s']")} <= effects
    kinds = [e["kind"] for e in rec.event()["reference"]["sideEffects"]]
    assert "newObject" in kinds and "storeAttr" in kinds
    # The frame input is the state before the call: empty containers.
    assert rec.local("l")["list"] == [] and rec.local("d")["dict"] == []


def test_code_objects_are_byte_exact(record):
    def f(x, n=2):
        try:
            y = [x * i for i in range(n)]
        except ValueError:
            y = []
        return sum(y)
    rec = record(f, (t(2),))
    code = rec.obj(rec.event()["frame"]["code"])["code"]
    c = f.__code__
    assert code["code"] == c.co_code and code["linetable"] == c.co_linetable
    assert code["exceptiontable"] == c.co_exceptiontable
    assert code["names"] == list(c.co_names) and code["varnames"] == list(c.co_varnames)
    # x is an argument and a cell (the comprehension captures it): one localsplus slot.
    assert code["cellvars"] == ["x"]
    assert code["localsplusnames"] == list(c.co_varnames) + [
        n for n in c.co_cellvars if n not in c.co_varnames] + list(c.co_freevars)
    assert code["flags"] == c.co_flags and code["stacksize"] == c.co_stacksize
    assert (code["argcount"], code["firstlineno"]) == (c.co_argcount, c.co_firstlineno)
    # The list comprehension is a nested code object among the constants.
    nested = [rec.obj(r)["code"] for r in code["consts"] if rec.obj(r)["which"] == "code"]
    assert [n["name"] for n in nested] == ["<listcomp>"]
    # The generated code is the one Dynamo installed in its cache.
    entry = torch._dynamo.eval_frame._debug_get_cache_entry_list(f.__code__)[0]
    gen = rec.obj(rec.event()["reference"]["generatedCode"])["code"]
    # (Dynamo's per-process uuid suffix of __compiled_fn names is recorded as a fixed one.)
    from dynrr._capture import stable_text
    assert gen["code"] == entry.code.co_code
    assert gen["names"] == [stable_text(n) for n in entry.code.co_names]


def test_aot_eager_backend_is_wrapped_transparently(tmp_path):
    import dynrr

    torch._dynamo.reset()
    x = torch.randn(4, requires_grad=True)
    with dynrr.record(tmp_path / "aot.dynrr"):
        y = torch.compile(lambda x: (x.sin() * 2).sum(), backend="aot_eager")(x)
        y.backward()
    torch.testing.assert_close(x.grad, 2 * x.detach().cos())
    events = dynrr.load(tmp_path / "aot.dynrr")["events"]
    assert [e["status"] for e in events] == ["compiled"]
    g = events[0]["reference"]["graphs"][0]
    calls = [(n["op"], n["target"]) for n in g["nodes"] if n["op"] != "placeholder"]
    assert calls[:2] == [("callMethod", "sin"), ("callFunction", "_operator.mul")]
    assert calls[-1] == ("output", "output")
