"""Shared helpers for the recorder tests: record one compiled call with a test backend that
keeps the GraphModules Dynamo hands it, so tests compare the trace with what Dynamo did."""
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


class Recording:
    """A trace read back with dynrr.load plus what the test backend received."""

    def __init__(self, trace, gms, results):
        self.trace = trace
        self.gms = gms
        self.results = results
        # Frames ConvertFrameAssert declined before compiling (compile id "") are kept
        # in `declined`; `events` are the frames Dynamo compiled (or tried to).
        self.events = [e for e in trace["events"] if e["compileId"]]
        self.declined = [e for e in trace["events"] if not e["compileId"]]
        self.heap = trace["heap"]

    def obj(self, ref):
        return self.heap[ref]

    def event(self, i=0):
        return self.events[i]

    def local(self, name, i=0):
        for nv in self.events[i]["frame"]["locals"]:
            if nv["name"] == name:
                return self.heap[nv["value"]]
        raise KeyError(name)

    def cell(self, name, i=0):
        for nv in self.events[i]["frame"]["cells"]:
            if nv["name"] == name:
                return self.heap[nv["value"]]
        raise KeyError(name)

    def global_(self, name, i=0):
        g = self.heap[self.events[i]["frame"]["globals"]]
        for entry in g["dict"]:
            if self.heap[entry["key"]].get("str") == name:
                return self.heap[entry["value"]]
        raise KeyError(name)

    def graphs(self):
        return [g for e in self.events for g in e["reference"]["graphs"]]

    def guards(self, i=0):
        return self.events[i]["reference"]["guards"]

    def attr(self, obj, name):
        kind = obj["which"]
        for a in obj[kind]["attrs"]:
            if a["name"] == name:
                return self.heap[a["value"]]
        raise KeyError(name)


@pytest.fixture
def record(tmp_path):
    """record(fn, *call_args_lists) -> Recording: compiles fn with a recording test
    backend (eager), calls it once per argument tuple inside dynrr.record."""
    import torch
    import dynrr

    def run(fn, *calls, path=None, tensor_values=None, fullgraph=False, capture=None,
            **compile_kwargs):
        torch._dynamo.reset()
        gms = []

        def backend(gm, example_inputs):
            gms.append(gm)
            return gm.forward

        out = path or tmp_path / "trace.dynrr"
        results = []
        with dynrr.record(out, tensor_values=tensor_values, capture=capture):
            compiled = torch.compile(fn, backend=backend, fullgraph=fullgraph, **compile_kwargs)
            for args in calls:
                results.append(compiled(*args))
        return Recording(dynrr.load(out), gms, results)

    return run
