"""Hostile objects in a compiled frame's locals and reachable globals: the recorder never
calls their Python-level hooks, never raises into the program, and records them or turns
them into Opaque values with a reason."""
import collections
import dataclasses
import enum
import weakref

import torch

CALLS = []


class RaisingGetattr:
    def __init__(self):
        self.visible = 7

    def __getattr__(self, name):
        CALLS.append(("getattr", name))
        raise RuntimeError("no attributes for you")

    def __getattribute__(self, name):
        if name not in ("__dict__", "__class__", "visible"):
            CALLS.append(("getattribute", name))
        return object.__getattribute__(self, name)


class RaisingEq:
    def __eq__(self, other):
        CALLS.append("eq")
        raise RuntimeError("no eq")

    def __hash__(self):
        CALLS.append("hash")
        raise RuntimeError("no hash")


class RaisingRepr:
    def __repr__(self):
        CALLS.append("repr")
        print("REPR CALLED")
        raise RuntimeError("no repr")


class Slotted:
    __slots__ = ("a", "b")

    def __init__(self):
        self.a = 1  # b stays unset


class Color(enum.Enum):
    RED = 1
    GREEN = 2


@dataclasses.dataclass
class Point:
    x: int
    y: int


Pair = collections.namedtuple("Pair", "left right")


class RaisingProperty:
    @property
    def boom(self):
        CALLS.append("property")
        raise RuntimeError("boom")


def gen():
    yield 1


class LoudTensor(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        CALLS.append(("torch_function", getattr(func, "__name__", "?")))
        print("TORCH FUNCTION CALLED")
        return super().__torch_function__(func, types, args, kwargs or {})


LOUD = torch.ones(2, 2).as_subclass(LoudTensor)


RECURSIVE_LIST = [1]
RECURSIVE_LIST.append(RECURSIVE_LIST)
RECURSIVE_DICT = {"k": 1}
RECURSIVE_DICT["self"] = RECURSIVE_DICT
HUGE = list(range(200_000))
GEN = gen()
TARGET = RaisingRepr()
WEAK = weakref.ref(TARGET)
DEQUE = collections.deque([TARGET, 1])  # a C container: its repr would call TARGET's
try:
    import numpy as np
    ARRAY = np.arange(6.0).reshape(2, 3)
except ImportError:  # pragma: no cover
    ARRAY = None
ODD = {"big": 2**100, "neg": -(2**70), "nan": float("nan"), "c": 1 + 2j, "b": b"\x00\xff",
       "fs": frozenset({1, 2}), "r": range(1, 10, 2), "s": slice(1, None, 2), "e": Ellipsis,
       (1, "t"): None}
HOSTILES = (RaisingGetattr(), RaisingEq(), TARGET, Slotted(), Color.GREEN, Point(1, 2),
            Pair(1, torch.ones(1)), RaisingProperty())


def use(*things):
    return things


def f(x, local_hostile, local_gen):
    if x is None:  # never true: Dynamo does not touch these, the recorder does
        use(RECURSIVE_LIST, RECURSIVE_DICT, HUGE, GEN, WEAK, ARRAY, ODD, HOSTILES, LOUD, DEQUE)
    return x * 2


def find(heap, pred):
    return [o for o in heap[1:] if pred(o)]


def test_hostile_objects_read_capture(record, capsys):
    """The default capture walks in full only what Dynamo read: f's globals that its
    untaken branch names are stubs keeping their identity and type, and nothing of them
    runs (no repr, no __getattr__, no __torch_function__)."""
    CALLS.clear()
    local_hostile = RaisingGetattr()
    rec = record(f, (torch.ones(2), local_hostile, gen()))
    assert capsys.readouterr().out == ""
    assert CALLS == []
    torch.testing.assert_close(rec.results[0], torch.ones(2) * 2)
    e = rec.event()
    assert e["status"] == "compiled", e["statusReason"]
    stubs = [rec.global_(name) for name in ("LOUD", "GEN", "WEAK", "DEQUE")]
    # A tuple is walked; its items go through the same rule.
    stubs += [rec.heap[r] for r in rec.global_("HOSTILES")["tuple"]]
    for stub in stubs:
        assert stub.get("opaque", {}).get("reason") == "not read by Dynamo", stub
        assert stub["identity"] != 0  # stubs keep the object's identity
    assert rec.global_("LOUD")["opaque"]["typeName"].endswith("LoudTensor")
    # Containers are walked (their items go through the same rule): the cycle is kept.
    rl = rec.global_("RECURSIVE_LIST")
    assert rl["list"][1] == rl["id"]
    # x was read (a tensor input); the unused locals were not.
    assert rec.local("x")["which"] == "tensor"
    assert rec.local("local_hostile")["opaque"]["reason"] == "not read by Dynamo"


def test_hostile_objects(record, capsys):
    CALLS.clear()
    local_hostile = RaisingGetattr()
    # The full walk (capture="full") reaches every hostile object the code names.
    rec = record(f, (torch.ones(2), local_hostile, gen()), capture="full")
    assert capsys.readouterr().out == ""  # no repr was printed
    assert CALLS == []  # no user hook ran
    torch.testing.assert_close(rec.results[0], torch.ones(2) * 2)
    e = rec.event()
    assert e["status"] == "compiled", e["statusReason"]
    heap = rec.heap

    # A tensor subclass is recorded without running its __torch_function__.
    loud = rec.obj(rec.global_("LOUD")["tensor"]["meta"])["tensorMeta"]
    assert loud["subclass"].endswith("LoudTensor") and loud["shape"] == [2, 2]

    # Recursive containers refer to themselves.
    rl = rec.global_("RECURSIVE_LIST")
    assert rl["list"][1] == rl["id"]
    rd = rec.global_("RECURSIVE_DICT")
    assert [ent["value"] for ent in rd["dict"]][1] == rd["id"]
    # Budgeted and unwalkable objects are Opaque with a reason.
    assert "huge container" in rec.global_("HUGE")["opaque"]["reason"]
    assert rec.global_("GEN")["opaque"]["reason"] == "generator"
    assert rec.global_("WEAK")["opaque"]["reason"] == "weakref"
    deque = rec.global_("DEQUE")["opaque"]
    assert deque["typeName"] == "collections.deque" and deque["repr"] == ""
    if ARRAY is not None:
        # An exact ndarray: the metadata of the tensor torch.as_tensor makes of it, read
        # through __array_interface__ (strides in elements).
        arr = rec.obj(rec.global_("ARRAY")["ndarray"]["meta"])["tensorMeta"]
        assert arr["dtype"] == "torch.float64" and arr["shape"] == [2, 3]
        assert arr["stride"] == [3, 1]
    assert rec.local("local_gen")["opaque"]["reason"] == "generator"
    # Instances are read through __dict__, never through __getattr__.
    lh = rec.local("local_hostile")
    assert lh["instance"]["kind"] == "plain"
    assert rec.attr(lh, "visible")["int"] == 7

    hostiles = [heap[r] for r in rec.global_("HOSTILES")["tuple"]]
    getattr_obj, eq_obj, repr_obj, slotted, color, point, pair, prop = hostiles
    assert rec.attr(getattr_obj, "visible")["int"] == 7
    assert eq_obj["which"] == "instance" and repr_obj["which"] == "instance"
    assert [s["name"] for s in slotted["instance"]["slots"]] == ["a"]
    assert color["enum"]["name"] == "GREEN" and heap[color["enum"]["value"]]["int"] == 2
    assert point["instance"]["kind"] == "dataclass"
    assert [a["name"] for a in point["instance"]["attrs"]] == ["x", "y"]
    assert pair["instance"]["kind"] == "namedtuple"
    assert heap[pair["instance"]["attrs"][1]["value"]]["which"] == "tensor"
    prop_cls = heap[prop["instance"]["class"]]["class"]
    boom = [a for a in prop_cls["attrs"] if a["name"] == "boom"][0]
    assert heap[heap[boom["value"]]["instance"]["class"]]["class"]["name"] == "property"

    odd = {heap[ent["key"]].get("str"): heap[ent["value"]] for ent in rec.global_("ODD")["dict"]}
    big = odd["big"]["bigInt"]
    assert not big["negative"] and int.from_bytes(big["magnitude"], "little") == 2**100
    assert odd["neg"]["bigInt"]["negative"]
    assert odd["nan"]["float"] != odd["nan"]["float"]
    assert odd["c"]["complex"] == {"real": 1.0, "imag": 2.0}
    assert odd["b"]["bytes"] == b"\x00\xff"
    assert sorted(heap[r]["int"] for r in odd["fs"]["frozenset"]) == [1, 2]
    assert odd["r"]["range"] == {"start": 1, "stop": 10, "step": 2}
    assert heap[odd["s"]["slice"]["stop"]]["which"] == "none"
    assert odd["e"]["which"] == "ellipsis"
    assert None in odd  # the tuple key (1, "t") has no "str"


def test_identity_tokens_stable_across_events(record):
    shared = [torch.ones(1)]

    def g(x):
        return x + shared[0]
    rec = record(g, (torch.ones(2),), (torch.ones(3, 2),), (torch.ones(4, 5, 6),))
    assert len(rec.events) >= 2
    tokens = {rec.obj(rec.cell("shared", i)["cell"]["contents"])["identity"]
              for i in range(len(rec.events))}
    assert len(tokens) == 1 and 0 not in tokens
    # Different live objects never share a token.
    xs = {rec.local("x", i)["identity"] for i in range(len(rec.events))}
    assert len(xs) == len(rec.events)
