"""Where a campaign's shards run.

Both engines take a shard function (a module-level function of this package taking and
returning JSON-like data) and the list of shard specs, and yield `(shard index, result)`
as shards finish, the result being the function's return value or the exception it raised.

- LocalEngine: a process pool on this machine, no Ray. A worker process that dies (killed,
  out of memory) breaks the pool; its unfinished shards are run again in a new pool, up to
  `max_retries` times, so no case is lost and none is counted twice.
- RayEngine: one Ray task per shard, on an own local Ray instance (`address=None`) or on a
  cluster (`address="HOST:PORT"`, or "auto"). A task whose worker dies is retried by Ray
  (`max_retries`). Workers import this package from the driver's path (PYTHONPATH in the
  job's runtime_env) and run the build at the driver's path: same paths on every node,
  nothing is downloaded at run time.
"""
from __future__ import annotations

import concurrent.futures as cf
import os
import signal
import threading
from concurrent.futures.process import BrokenProcessPool

from dynrr.campaign import paths


def _ignore_sigint():
    # Ctrl-C is the driver's to handle: it stops the pool and writes what finished.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


_POLL_SECONDS = 0.2


class _CtrlC:
    """Ctrl-C taken at a safe point: while an engine waits for shards, SIGINT only sets a
    flag, and the engine raises KeyboardInterrupt between waits (`check()`).

    Raised asynchronously, KeyboardInterrupt can land inside concurrent.futures.wait()
    after it took some futures' locks and before it released them; the pool's manager
    thread then blocks forever on one of those locks, and the interpreter's exit joins
    it: a campaign that wrote what finished and never exited (seen in CI, and 1 run in
    2 here). A SIGINT that is ignored (a background job) stays ignored."""

    def __init__(self):
        self.hit = False
        self._old = None

    def __enter__(self):
        if threading.current_thread() is threading.main_thread():
            old = signal.getsignal(signal.SIGINT)
            if old is signal.default_int_handler:
                self._old = old
                signal.signal(signal.SIGINT, self._take)
        return self

    def _take(self, signum, frame):
        self.hit = True

    def check(self):
        if self.hit:
            self.hit = False
            raise KeyboardInterrupt

    def __exit__(self, *exc):
        if self._old is not None:
            signal.signal(signal.SIGINT, self._old)
            self._old = None
        if self.hit:  # arrived after the last check: not lost
            self.hit = False
            if exc[0] is None:
                raise KeyboardInterrupt
        return False


class LocalEngine:
    name = "local"

    def __init__(self, workers: int | None = None, max_retries: int = 3):
        self.workers = max(1, workers or os.cpu_count() or 1)
        self.max_retries = max_retries
        self.retries = 0  # shards run again after a worker died
        self._pool = None

    def preflight(self, build: str, tool: str) -> list:
        r = paths.check_node(build, tool)
        return [f"{r['host']} (local): {e}" for e in r["errors"]]

    def run(self, fn, specs):
        with _CtrlC() as ctrl_c:
            yield from self._run(fn, specs, ctrl_c)

    def _run(self, fn, specs, ctrl_c):
        pending = dict(enumerate(specs))
        attempts = {i: 0 for i in pending}
        while pending:
            self._pool = cf.ProcessPoolExecutor(max_workers=min(self.workers, len(pending)),
                                                initializer=_ignore_sigint)
            futures = {self._pool.submit(fn, spec): i for i, spec in pending.items()}
            live = set(futures)
            broken = False
            try:
                while live and not broken:
                    ctrl_c.check()
                    done, _ = cf.wait(live, timeout=_POLL_SECONDS,
                                      return_when=cf.FIRST_COMPLETED)
                    for f in done:
                        live.discard(f)
                        i = futures[f]
                        try:
                            result = f.result()
                        except BrokenProcessPool:
                            broken = True
                            break
                        except paths.ShardKilled as e:  # its process was killed: again
                            attempts[i] += 1
                            if attempts[i] <= self.max_retries:
                                self.retries += 1
                                again = self._pool.submit(fn, pending[i])
                                futures[again] = i
                                live.add(again)
                                continue
                            result = e
                        except Exception as e:  # the shard itself failed: reported
                            result = e
                        del pending[i]
                        yield i, result
            finally:
                if broken or pending:
                    self._stop_pool()
                else:
                    self._pool.shutdown(wait=True)
                self._pool = None
            if not broken:
                break
            # A worker died: shards that finished before keep their results, the others
            # run again in a new pool.
            for f, i in futures.items():
                if i in pending and f.done() and not f.cancelled() and f.exception() is None:
                    del pending[i]
                    yield i, f.result()
            for i in list(pending):
                attempts[i] += 1
                if attempts[i] > self.max_retries:
                    del pending[i]
                    yield i, RuntimeError(f"shard {i}: its worker died {attempts[i]} times")
            self.retries += len(pending)

    def _stop_pool(self):
        pool = self._pool
        if pool is None:
            return
        # Python 3.11 has no terminate_workers(): end this pool's own processes (their
        # dynrr-fuzz children die with them, see fuzz.py's PR_SET_PDEATHSIG).
        for proc in list((getattr(pool, "_processes", None) or {}).values()):
            try:
                proc.kill()
            except Exception:
                pass
        pool.shutdown(wait=False, cancel_futures=True)

    def cancel(self):
        self._stop_pool()

    def close(self):
        self._stop_pool()


class RayEngine:
    name = "ray"

    def __init__(self, address: str | None = None, workers: int | None = None,
                 max_retries: int = 3, build: str | None = None):
        import ray  # only this engine needs Ray

        self.ray = ray
        self.max_retries = max_retries
        self.retries = None  # Ray retries tasks itself and does not count them for us
        env = {"PYTHONPATH": os.pathsep.join(
            [str(paths.package_root())] +
            [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])}
        if build:
            env["DYNRR_BUILD"] = str(build)
        kwargs = dict(runtime_env={"env_vars": env}, include_dashboard=False,
                      log_to_driver=False, logging_level="WARNING")
        self.own = address in (None, "", "local")
        if self.own:
            ray.init(address="local", num_cpus=max(1, workers or os.cpu_count() or 1), **kwargs)
        else:
            ray.init(address=address, **kwargs)
        cpus = int(ray.cluster_resources().get("CPU", 1))
        self.workers = max(1, min(workers, cpus) if workers else cpus)
        self._running = {}

    def nodes(self) -> list:
        return [n for n in self.ray.nodes() if n.get("Alive")]

    def preflight(self, build: str, tool: str) -> list:
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        check = self.ray.remote(paths.check_node)
        refs = {}
        for node in self.nodes():
            strategy = NodeAffinitySchedulingStrategy(node_id=node["NodeID"], soft=False)
            ref = check.options(num_cpus=0, scheduling_strategy=strategy,
                                max_retries=0).remote(build, tool)
            refs[ref] = node.get("NodeManagerAddress", node["NodeID"])
        errors = []
        for ref, where in refs.items():
            try:
                r = self.ray.get(ref, timeout=180)
            except Exception as e:  # the node cannot even run the check
                errors.append(f"node {where}: the pre-flight check failed: {e}")
                continue
            errors += [f"node {where} ({r['host']}): {e}" for e in r["errors"]]
        return errors

    def run(self, fn, specs):
        with _CtrlC() as ctrl_c:
            yield from self._run(fn, specs, ctrl_c)

    def _run(self, fn, specs, ctrl_c):
        # max_retries covers a dead worker; retry_exceptions a shard whose child process
        # was killed (ShardKilled).
        remote = self.ray.remote(fn).options(num_cpus=1, max_retries=self.max_retries,
                                             retry_exceptions=[paths.ShardKilled])
        queue = list(enumerate(specs))
        queue.reverse()
        self._running = {}
        while queue or self._running:
            while queue and len(self._running) < self.workers:
                i, spec = queue.pop()
                self._running[remote.remote(spec)] = i
            ctrl_c.check()
            done, _ = self.ray.wait(list(self._running), num_returns=1,
                                    timeout=_POLL_SECONDS)
            for ref in done:
                i = self._running.pop(ref)
                try:
                    result = self.ray.get(ref)
                except Exception as e:  # RayTaskError, or retries exhausted
                    result = e
                yield i, result

    def cancel(self):
        for ref in list(self._running):
            try:
                self.ray.cancel(ref, force=True)
            except Exception:
                pass
        self._running = {}

    def close(self):
        self.ray.shutdown()


def make_engine(name: str, address: str | None, workers: int | None, build: str,
                max_retries: int = 3):
    if name == "local":
        return LocalEngine(workers, max_retries)
    if name == "ray":
        return RayEngine(address, workers, max_retries, build)
    raise ValueError(f"unknown engine {name!r}")
