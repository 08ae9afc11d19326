"""Hook lifetime and failure policy: hooks survive torch._dynamo.reset(), are removed when
the record block exits, a recorder failure marks the event incomplete and logs once, and
in-memory traces read back."""
import pytest
import torch
from torch._dynamo import convert_frame, output_graph, symbolic_convert

import dynrr


def originals():
    tx = symbolic_convert.InstructionTranslatorBase
    return (convert_frame._compile, convert_frame.compile_frame,
            convert_frame.CheckFunctionManager,
            convert_frame.get_and_maybe_log_recompilation_reasons,
            tx.__dict__["log_graph_break"], output_graph.OutputGraph.__dict__["codegen_suffix"],
            convert_frame.ConvertFrameAssert.__dict__["__call__"])


def test_hooks_survive_reset_and_are_removed(tmp_path):
    before = originals()
    path = tmp_path / "reset.dynrr"
    torch._dynamo.reset()
    with dynrr.record(path):
        assert all(a is not b for a, b in zip(originals(), before))
        torch.compile(lambda x: x + 1, backend="eager")(torch.ones(2))
        torch._dynamo.reset()
        assert all(a is not b for a, b in zip(originals(), before))
        torch.compile(lambda x: x * 3, backend="eager")(torch.ones(2))
    assert originals() == before
    # After the block nothing is recorded any more.
    torch.compile(lambda x: x - 1, backend="eager")(torch.ones(2))
    trace = dynrr.load(path)
    assert len(trace["events"]) == 2
    assert [e["compileId"] for e in trace["events"]] == ["0/0", "0/0"]
    assert [e["index"] for e in trace["events"]] == [0, 1]


def test_hooks_removed_when_block_raises(tmp_path):
    before = originals()
    with pytest.raises(ValueError):
        with dynrr.record(tmp_path / "raise.dynrr"):
            raise ValueError("user error")
    assert originals() == before


def test_nested_recording_is_refused(tmp_path):
    with dynrr.record(tmp_path / "a.dynrr"):
        with pytest.raises(RuntimeError):
            dynrr.record(tmp_path / "b.dynrr").__enter__()


def test_failure_marks_incomplete_and_logs_once(tmp_path, capsys, monkeypatch):
    from dynrr import _capture

    def broken(gm):
        raise RuntimeError("injected")
    monkeypatch.setattr(_capture, "capture_graph", broken)
    torch._dynamo.reset()
    path = tmp_path / "fail.dynrr"
    with dynrr.record(path) as r:
        f = torch.compile(lambda x: x.cos(), backend="eager")
        g = torch.compile(lambda x: x.sin(), backend="eager")
        torch.testing.assert_close(f(torch.zeros(2)), torch.ones(2))
        g(torch.zeros(2))
    err = capsys.readouterr().err
    assert err.count("dynrr: recorder failure") == 1 and "injected" in err
    events = dynrr.load(path)["events"]
    assert [e["status"] for e in events] == ["incomplete", "incomplete"]
    assert "graph capture" in events[0]["statusReason"]
    assert r.failures == 2


def test_in_memory_trace_and_error_status(tmp_path):
    torch._dynamo.reset()
    with dynrr.record(None) as r:
        torch.compile(lambda x: x + 2, backend="eager")(torch.ones(1))

        def bad(gm, inputs):
            raise RuntimeError("backend exploded")
        with pytest.raises(Exception, match="backend exploded"):
            torch.compile(lambda x: x * 5, backend=bad)(torch.ones(1))
        data = r.getvalue()
    trace = dynrr.load(data)
    statuses = [e["status"] for e in trace["events"]]
    assert statuses == ["compiled", "error"]
    assert "backend exploded" in trace["events"][1]["statusReason"]
    with pytest.raises(ValueError):
        dynrr.load(data[:-5] + b"garbage")
    with pytest.raises(ValueError):
        dynrr.load(tmp_path / "missing.dynrr")


def _loss_with_break(a):
    torch._dynamo.graph_break()
    return a.cos().sum()


def test_frame_under_functorch_sees_the_users_backend(tmp_path):
    # _throw_if_in_functorch reads the backend's compiler_fn with inspect.getattr_static
    # and refuses a frame under torch.func.grad unless it is eager: the backend wrapper
    # must not turn the eager backend into "not eager" (loss compiles, as without it).
    torch._dynamo.reset()

    def fn(x):
        return torch.func.grad(_loss_with_break)(x * 2)
    with dynrr.record(None) as r:
        torch.compile(fn, backend="eager")(torch.randn(3))
        data = r.getvalue()
    events = dynrr.load(data)["events"]
    assert [e["status"] for e in events if e["status"] != "skipped"] == ["compiled"] * 4, [
        (e["status"], e["statusReason"]) for e in events]


def test_skipped_frame_recorded(tmp_path):
    torch._dynamo.reset()
    path = tmp_path / "skip.dynrr"

    def no_tensors(n):
        return n + 1
    with dynrr.record(path):
        assert torch.compile(no_tensors, backend="eager")(3) == 4
    events = dynrr.load(path)["events"]
    # Dynamo traces the frame, finds no ops and raises SkipFrame inside _compile.
    assert [e["status"] for e in events] == ["skipped"]
    assert "No ops traced" in events[0]["statusReason"]
    assert events[0]["reference"]["generatedCode"] == 0


def test_frame_declined_before_compile_is_recorded(tmp_path):
    # ConvertFrameAssert refuses generators before _compile ("Attempt to trace
    # generator"); ConvertFrame falls back to eager and the recorder keeps the reason.
    torch._dynamo.reset()
    path = tmp_path / "gen.dynrr"

    def gen(x):
        yield x + 1
    with dynrr.record(path):
        out = list(torch.compile(gen, backend="eager")(torch.ones(2)))
    torch.testing.assert_close(out[0], torch.full((2,), 2.0))
    trace = dynrr.load(path)
    events = trace["events"]
    assert len(events) == 1 and events[0]["status"] == "error"
    assert "generator" in events[0]["statusReason"]
    assert trace["heap"][events[0]["frame"]["code"]]["code"]["name"] == "gen"
    assert events[0]["reference"]["graphs"] == []


def test_recorder_keeps_no_objects_alive(tmp_path):
    import gc
    import weakref

    torch._dynamo.reset()

    class Payload:
        pass

    def make():
        payload = Payload()
        payload.t = torch.ones(2)
        payload.fn = lambda y: y * 2  # a function the recorder walks and classifies

        def f(x):
            return payload.fn(x) + payload.t
        return f, weakref.ref(payload), weakref.ref(payload.fn)
    with dynrr.record(tmp_path / "alive.dynrr"):
        f, payload_ref, f_ref = make()
        torch.compile(f, backend="eager")(torch.ones(2))
        del f
        torch._dynamo.reset()  # Dynamo's own cache entries hold the closure otherwise
        gc.collect()
        assert payload_ref() is None and f_ref() is None
