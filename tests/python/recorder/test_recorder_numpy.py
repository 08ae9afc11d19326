"""numpy values in a compiled frame: an exact ndarray argument is recorded with the metadata
of the tensor torch.as_tensor makes of it (VariableBuilder.wrap_numpy_ndarray), arrays
torch.as_tensor cannot share are opaque with a reason, and numpy's functions are named
callables that say which torch._numpy function Dynamo runs for them (NumpyVariable)."""
import numpy as np
import pytest
import torch


def f(a, b, c, d):
    return np.add(a, 1.0), np.nanmean(b), c, d


def test_ndarray_inputs_and_numpy_callables(record):
    base = np.arange(12, dtype=np.float32).reshape(3, 4)
    rev = np.arange(4.0)[::-1]                     # a negative stride
    big = np.arange(3, dtype=">f4")                # not native byte order
    rec = record(f, (base.T, rev, big, np.arange(3, dtype=np.int16)), capture="full")
    a = rec.obj(rec.local("a")["ndarray"]["meta"])["tensorMeta"]
    assert a["dtype"] == "torch.float32" and a["shape"] == [4, 3] and a["stride"] == [1, 4]
    assert a["isContiguous"] is False and a["requiresGrad"] is False
    assert "negative" in rec.local("b")["opaque"]["reason"]
    assert "dtype" in rec.local("c")["opaque"]["reason"]
    d = rec.obj(rec.local("d")["ndarray"]["meta"])["tensorMeta"]
    assert d["dtype"] == "torch.int16" and d["stride"] == [1]
    np_mod = rec.global_("np")
    add = rec.attr(np_mod, "add")["callable"]
    assert add["qualname"] == "add" and add["reason"] == "NumpyVariable:add"
    # np.nanmean has no torch._numpy equivalent: Dynamo graph-breaks on it.
    assert rec.attr(np_mod, "nanmean")["callable"]["reason"] == "NumpyVariable:"
    # The program computed what it computes without the recorder.
    out = rec.results[0]
    assert isinstance(out[0], np.ndarray)
    np.testing.assert_allclose(out[0], base.T + 1.0)
