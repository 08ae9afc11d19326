"""scripts/dynamo_surface.py: the enumeration of Dynamo's surface from the installed torch,
and the observation of real Dynamo running two corpus programs (no mocks)."""
import importlib.util
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "dynamo_surface.py"


@pytest.fixture(scope="module")
def ds():
    spec = importlib.util.spec_from_file_location("dynamo_surface", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def surface(ds):
    s = ds.enumerate_surface()
    s.pop("_info")
    return s


def test_enumeration_has_sane_sizes(surface):
    assert len(surface["opcode"]) > 50
    assert len(surface["builtin"]) > 60
    assert len(surface["polyfill"]) > 30
    assert len(surface["vt_class"]) > 100
    assert len(surface["tensor_method"]) > 300
    assert len(surface["tensor_attr"]) > 20


def test_enumeration_names_known_items(surface):
    assert {"BINARY_OP", "LOAD_FAST", "CALL", "FOR_ITER", "RETURN_VALUE"} <= set(surface["opcode"])
    # 3.12+ opcodes have handlers in Dynamo but are not in CPython 3.11's dispatch table.
    assert "LOAD_FAST_LOAD_FAST" not in surface["opcode"]
    assert "BINARY_ADD" not in surface["opcode"]
    assert {"builtins.len", "builtins.isinstance", "operator.add", "builtins.getattr",
            "builtins.ValueError"} <= set(surface["builtin"])
    # print has no BuiltinVariable handler; sum is polyfilled, so not a BuiltinVariable.
    assert "builtins.print" not in surface["builtin"]
    assert "builtins.sum" not in surface["builtin"]
    assert {"builtins.sum", "itertools.chain", "functools.reduce",
            "polyfills.index"} <= set(surface["polyfill"])
    assert {"tensor.TensorVariable", "builtin.BuiltinVariable", "constant.ConstantVariable",
            "lists.ListVariable"} <= set(surface["vt_class"])
    assert {"add", "view", "item", "size", "__getitem__"} <= set(surface["tensor_method"])
    assert {"shape", "dtype", "T", "requires_grad"} <= set(surface["tensor_attr"])


def test_observation_of_two_programs(ds, surface, tmp_path):
    programs = [ds.PROGRAMS / "containers" / "list_input.py",
                ds.PROGRAMS / "calls" / "builtins_on_ints.py"]
    results = {}
    for prog in programs:
        rel = prog.relative_to(ds.PROGRAMS).with_suffix("").as_posix()
        results[rel] = ds.observe(prog, tmp_path / (rel.replace("/", "__") + ".json"))
        assert "error" not in results[rel], results[rel].get("error")
        assert [f["name"] for f in results[rel]["frames"]] == ["fn"]

    code_items = {tuple(e["code"]): i for i, e in surface["polyfill"].items() if e.get("code")}
    lst = ds.frame_items(results["containers/list_input"]["frames"][0], surface, code_items)
    # total = total + t; len(xs); for t in xs[1:]
    assert {"builtins.len", "operator.add", "operator.truediv"} <= lst["builtin"]
    assert {"BINARY_OP", "FOR_ITER", "BINARY_SUBSCR", "GET_ITER", "RETURN_VALUE"} <= lst["opcode"]
    assert {"tensor.TensorVariable", "lists.ListVariable",
            "builtin.BuiltinVariable"} <= lst["vt_class"]

    ints = ds.frame_items(results["calls/builtins_on_ints"]["frames"][0], surface, code_items)
    assert {"builtins.min", "builtins.max", "builtins.abs", "builtins.divmod",
            "builtins.round"} <= ints["builtin"]
    assert "builtins.sum" in ints["polyfill"]  # inlined polyfill code, seen by step()
    assert "shape" in ints["tensor_attr"]
    assert "constant.ConstantVariable" in ints["vt_class"]

    rows, problems = ds.build_table(surface, results, ds.read_expectations())
    assert not [p for p in problems if not p.startswith("notes.tsv")], problems
    status = {(r["kind"], r["item"]): r for r in rows}
    assert status[("builtin", "builtins.len")]["status"] == "covered"
    assert status[("builtin", "builtins.len")]["programs"] == ["containers/list_input"]
    assert status[("opcode", "BINARY_OP")]["n"] == 2
    assert status[("opcode", "MATCH_CLASS")]["status"] == "no program"
