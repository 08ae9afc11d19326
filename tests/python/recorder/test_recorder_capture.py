"""Unit checks of the capture helpers against Python's own evaluation."""
import collections

import torch

from dynrr import _capture


def test_resolve_source_matches_eval():
    class A:
        pass
    a = A()
    a.w = [1, {"k": 5, "it's": 6}]
    a.od = collections.OrderedDict(x=torch.ones(1))
    scope = {"L": {"a": a, "n": 3}, "G": {"g": (4, 5)}, "len": len}
    for name in ["L['a'].w[1]['k']", "L['a'].w[0]", "L['n']", "G['g'][-1]", "len(L['a'].w)",
                 "L['a'].w[1][\"it's\"]", "L['a'].od['x']"]:
        assert _capture.resolve_source(name, scope) is eval(name, dict(scope)), name
    assert _capture.resolve_source("L['missing']", scope) is _capture._NO_VALUE
    assert _capture.resolve_source("L['a'].nope", scope) is _capture._NO_VALUE
    assert _capture.resolve_source("L[", scope) is _capture._NO_VALUE


def test_contiguity_rule_matches_torch():
    for t in [torch.ones(2, 3), torch.ones(2, 3).t(), torch.ones(1, 4)[:, ::2],
              torch.ones(3, 1, 2).transpose(0, 1), torch.ones(0, 2), torch.ones(4, 4)[1:, :]]:
        assert _capture._contiguous(list(t.shape), list(t.stride())) == t.is_contiguous(), t.shape


def test_guard_detail_formats():
    assert _capture.guard_detail("TYPE_MATCH", 3, True, None) == "type=builtins.int"
    assert _capture.guard_detail("CONSTANT_MATCH", "s", True, None) == "value='s'"
    assert _capture.guard_detail("LENGTH_CHECK", [1, 2], True, None) == "len=2"
    assert _capture.guard_detail("DICT_KEYS_MATCH", {"a": 1}, True, None) == "keys=('a',)"
    meta = _capture.value_meta(torch.ones(2, 3))
    assert _capture.guard_detail("TENSOR_MATCH", None, False, meta) == (
        "dtype=torch.float32 device=cpu requires_grad=False size=[2, 3] stride=[3, 1]")


def _tensor_match(rec, source, i):
    details = [g["detail"] for g in rec.guards(i)
               if g["kind"] == "TENSOR_MATCH" and g["source"] == source]
    assert len(details) == 1, rec.guards(i)
    return details[0]


def test_tensor_match_of_an_input_no_graph_uses_keeps_its_symbolic_dims(record):
    """TENSOR_MATCH checks the sizes of the fake tensor Dynamo made for the source
    (input_source_to_sizes_strides), also for an input the graph does not use: after an
    automatic dynamic recompile the pass-through `z` is checked with size=[None, 1]."""
    import torch

    def fn(x, z):
        return x * 2, z

    rec = record(fn, (torch.randn(3, 4), torch.randn(3, 1)), (torch.randn(5, 4), torch.randn(5, 1)))
    assert len(rec.events) == 2
    assert "size=[None, 1] stride=[1, 1]" in _tensor_match(rec, "L['z']", 1)
    assert "size=[None, 4] stride=[4, 1]" in _tensor_match(rec, "L['x']", 1)


def test_tensor_match_of_a_size_specialised_to_a_constant_is_that_constant(record):
    """A dim whose symbol the shape env replaced by a constant (x.size(0) == 8 in a
    branch) is checked as that constant, as convert_to_concrete_values gives it."""
    import torch

    def fn(x):
        if x.size(0) == 8:
            return x * 3
        return x + 3

    rec = record(fn, (torch.randn(5),), (torch.randn(8),))
    assert len(rec.events) == 2
    assert "size=[8] stride=[1]" in _tensor_match(rec, "L['x']", 1)


def test_user_container_subclasses_keep_their_class(record):
    """Instances of a user's subclass of list, tuple, set or frozenset carry their class
    (Dynamo wraps them as UserDefined{List,Tuple,Set}Variable); plain containers and C
    structseqs (torch.return_types, which Dynamo reads as tuples) do not."""
    import torch

    class L(list):
        pass

    class T(tuple):
        pass

    class S(set):
        pass

    class F(frozenset):
        pass

    def fn(l, t, s, f, plain, mx):
        return l[0] + t[0] + len(s) + len(f) + plain[0] + mx.values

    x = torch.ones(2)
    args = (L([x]), T((x,)), S({1}), F({2}), [x], torch.max(torch.ones(2, 3), 1))
    rec = record(fn, args)
    for name, kind, cls in [("l", "list", "L"), ("t", "tuple", "T"), ("s", "set", "S"),
                            ("f", "frozenset", "F")]:
        o = rec.local(name)
        assert o["which"] == kind, o
        assert rec.obj(o["cls"])["class"]["qualname"].endswith(cls), rec.obj(o["cls"])
    assert rec.local("plain").get("cls", 0) == 0
    mx = rec.local("mx")
    assert mx.get("cls", 0) == 0, mx
