"""dynrr.rebuild: a recorded frame as live Python objects, from its trace alone.

The trace (``_dynrr.load``) holds, per compile event, the frame Dynamo saw: its code
object, locals, closure cells, the globals and builtins it reached, and every object
reachable from them in a heap of trace-global ids (core/trace/trace.capnp). This module
turns a frame back into Python objects that real Dynamo can compile again:

  * code objects from their recorded fields (byte-exact), functions with their defaults,
    keyword defaults, ``__dict__`` and closures; cells are shared as recorded (one live
    cell per identity token), globals dicts by identity;
  * user classes (bases, metaclass, the class attributes recorded; Enum classes with their
    members), user objects, dataclasses, namedtuples, exceptions, ``__slots__``;
  * ``nn.Module`` trees: instances whose ``__dict__`` (``_parameters``, ``_buffers``,
    ``_modules``, ...) is rebuilt entry by entry; parameters and buffers are tensors with
    the recorded dtype, shape, strides, storage offset, device and ``requires_grad``;
    values are the recorded ones when the trace has them (DYNRR_TENSOR_VALUES), else
    drawn from a seeded generator; tensors that shared a storage share one again, views
    are views of their rebuilt base;
  * library objects (torch, builtins, the standard library: the modules the recorder
    treats as library code) by qualified name: modules are imported, classes, functions
    and C callables looked up, so Dynamo meets the very objects its rules know;
  * containers (tuple, list, dict, set, frozenset, slice, range), dtypes, devices, sizes.

What cannot be rebuilt (an Opaque heap entry, a C object whose state the trace does not
hold, a library name that no longer resolves, a device this machine lacks) is replaced by
an ``Unrebuildable`` placeholder and named in ``Rebuilder.missing``.

Objects with an identity token are kept per token across events, so rebuilding event 3
after event 1 of the same trace updates the same live objects (a recompile sees the
object it saw before, changed as recorded).
"""
from __future__ import annotations

import ast
import builtins
import collections
import contextlib
import enum
import functools
import importlib
import sys
import types

# The module prefixes the recorder treats as library code (recorder/extension/
# object_walker.cpp isLibraryModule): their objects are looked up by name.
_LIBRARY_PREFIXES = (
    "torch", "builtins", "collections", "enum", "typing", "abc", "functools", "numpy", "_",
    "dataclasses", "types", "weakref", "copy", "inspect", "re", "os", "sys", "itertools",
    "operator", "math", "random", "logging", "warnings", "contextlib", "threading", "dis",
    "traceback", "sympy")

CO_VARARGS, CO_VARKEYWORDS = 0x04, 0x08


def is_library_module(name: str) -> bool:
    if not name or name == "__main__" or name.startswith("__main__."):
        return False
    for p in _LIBRARY_PREFIXES:
        if name.startswith(p) and (len(name) == len(p) or name[len(p)] == "." or p[-1] == "_"):
            return True
    return False


class Unrebuildable:
    """Stands for an object the trace does not let us rebuild (see Rebuilder.missing)."""

    def __init__(self, type_name, reason, text=""):
        self._dynrr_type, self._dynrr_reason, self._dynrr_repr = type_name, reason, text

    def __repr__(self):
        return f"<unrebuildable {self._dynrr_type}: {self._dynrr_reason}>"


class RebuildError(Exception):
    """The frame itself cannot be rebuilt (not one object inside it)."""


def _resolve(module: str, qualname: str):
    """The object named module.qualname, or raise LookupError."""
    if not qualname:
        raise LookupError("no qualified name")
    if "<locals>" in qualname or "<lambda>" in qualname:
        raise LookupError(f"{module}.{qualname} is local to a function")
    try:
        mod = importlib.import_module(module) if module else builtins
    except Exception as e:  # noqa: BLE001 - any import failure means "not resolvable"
        raise LookupError(f"cannot import {module}: {type(e).__name__}") from None
    obj = mod
    for part in qualname.split("."):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            raise LookupError(f"{module}.{qualname} not found") from None
    return obj


def _resolve_callable(module: str, qualname: str):
    """C functions and torch ops as the recorder names them (walkNamedCallable)."""
    last = qualname.rsplit(".", 1)[-1]
    candidates = []
    if qualname.startswith("_VariableFunctionsClass."):
        # torch.zeros is torch._C._VariableFunctions.zeros, printed with the class name.
        candidates += [("torch", last), ("torch._C._VariableFunctions", last)]
    candidates.append((module, qualname))
    # Methods of C types bound to the type (object.__new__) carry the metatype's name.
    candidates.append(("builtins", qualname))
    if "." in qualname:
        owner = qualname.split(".", 1)[0]
        if owner in ("TensorBase", "_TensorBase"):
            candidates += [("torch", "Tensor." + last), ("torch._C", qualname)]
    for m in ("torch._C", "torch", "operator", "math", "_operator"):
        candidates.append((m, qualname))
    errors = []
    for m, q in candidates:
        try:
            return _resolve(m, q)
        except LookupError as e:
            errors.append(str(e))
    raise LookupError(errors[0] if errors else f"{module}.{qualname}")


def _dtype(name: str):
    import torch

    d = getattr(torch, name.split(".")[-1], None)
    if not isinstance(d, torch.dtype):
        raise LookupError(f"unknown dtype {name}")
    return d


class Rebuilder:
    """Rebuilds heap objects of one loaded trace (dynrr.load) into live Python objects."""

    def __init__(self, trace, seed: int = 0):
        import torch

        self.trace = trace
        self.heap = trace["heap"]
        self.seed = seed
        self.generator = torch.Generator().manual_seed(seed)
        self.by_identity = {}   # identity token -> live object
        self.content = {}       # heap id -> live object (value-like, identity 0)
        self.filled = set()     # heap ids whose recorded state is applied
        self.storages = {}      # recorded storageId -> a flat tensor owning that storage
        self.missing = []       # what could not be rebuilt, as readable strings
        self.functions = {}     # code heap id -> function made for a frame without one
        self._made = {}         # heap id -> live object made from that snapshot
        self.globals_identities = set()  # identity tokens of dicts used as globals
        self._rebuilt = {}      # id -> function, class or module made here (not looked up)
        self.installed_modules = []  # names of rebuilt modules put into sys.modules
        self.user_modules = {}  # module name -> the rebuilt module
        self._tensor_meta = {}  # tensor identity -> the tensorMeta ref of its live tensor

    # ------------------------------------------------------------ entry points
    def obj(self, ref: int):
        """The live object for heap id `ref` (0: None)."""
        if not ref:
            return None
        if ref in self._made:
            return self._made[ref]
        entry = self.heap[ref]
        ident = entry.get("identity", 0)
        kind = entry["which"]
        if ident == 0:
            if ref not in self.content:
                self.content[ref] = self._value(entry, kind)
            return self.content[ref]
        live = self.by_identity.get(ident)
        if kind == "tensor":
            self._tensor_meta.setdefault(ident, entry["tensor"]["meta"])
        if live is None:
            live = self._shell(entry, kind)
            self.by_identity[ident] = live
            self._made[ref] = live
            try:
                self._fill(live, entry, kind)
            except Exception as e:  # noqa: BLE001 - name it, keep the rest of the frame
                self._miss(entry, f"state not restored ({type(e).__name__}: {e})")
            return self.by_identity[ident]
        if kind == "tensor" and self._tensor_meta[ident] != entry["tensor"]["meta"]:
            self._tensor_meta[ident] = entry["tensor"]["meta"]
            # The same tensor with other metadata (resized, set_ ...): a new tensor stands
            # for it from this snapshot on.
            live = self._shell(entry, kind)
            self.by_identity[ident] = live
        self._made[ref] = live
        if ref not in self.filled and not isinstance(live, Unrebuildable):
            # A later snapshot of an object rebuilt for an earlier event: apply its state.
            try:
                self._fill(live, entry, kind, update=True)
            except Exception as e:  # noqa: BLE001
                self._miss(entry, f"state not updated ({type(e).__name__}: {e})")
        return live

    def globals(self, ref):
        """A globals dict (merged across events: each snapshot holds what was reached)."""
        if not ref:
            return {}
        ident = self.heap[ref].get("identity", 0)
        if ident:
            self.globals_identities.add(ident)
        return self.obj(ref)

    def close(self):
        """Removes the rebuilt modules this rebuilder put into sys.modules."""
        for name in self.installed_modules:
            if sys.modules.get(name) is not None and id(sys.modules[name]) in self._rebuilt:
                del sys.modules[name]
        self.installed_modules = []

    def begin_event(self):
        """Forget which snapshots were applied (a new event's snapshots are new ids)."""
        self._made = {}

    # ------------------------------------------------------------ helpers
    def _miss(self, entry, reason):
        what = self._describe(entry)
        text = f"{what}: {reason}"
        if text not in self.missing:
            self.missing.append(text)

    def _describe(self, entry):
        kind = entry["which"]
        body = entry.get(kind)
        if kind == "opaque":
            return f"opaque {body['typeName']} (#{entry['id']})"
        if kind == "instance":
            cls = self.heap[body["class"]]["class"]
            return f"{cls['module']}.{cls['qualname']} instance (#{entry['id']})"
        if kind == "class":
            return f"class {body['module']}.{body['qualname']} (#{entry['id']})"
        if kind in ("function",):
            return f"function {body['module']}.{body['qualname']} (#{entry['id']})"
        if kind == "callable":
            return f"callable {body['module']}.{body['qualname']} (#{entry['id']})"
        if kind == "module":
            return f"module {body['name']} (#{entry['id']})"
        return f"{kind} (#{entry['id']})"

    def _placeholder(self, entry, type_name, reason, text=""):
        self._miss(entry, reason)
        return Unrebuildable(type_name, reason, text)

    # ------------------------------------------------------------ value-like objects
    def _value(self, entry, kind):
        b = entry.get(kind)
        if kind == "none":
            return None
        if kind == "ellipsis":
            return Ellipsis
        if kind == "notImplemented":
            return NotImplemented
        if kind in ("bool", "int", "float", "str", "bytes"):
            return b
        if kind == "bigInt":
            v = int.from_bytes(b["magnitude"], "little")
            return -v if b["negative"] else v
        if kind == "complex":
            return complex(b["real"], b["imag"])
        if kind == "tuple":
            return tuple(self.obj(r) for r in b)
        if kind == "frozenset":
            return frozenset(self.obj(r) for r in b)
        if kind == "list":
            return [self.obj(r) for r in b]
        if kind == "dict":
            return {self.obj(e["key"]): self.obj(e["value"]) for e in b}
        if kind == "set":
            return {self.obj(r) for r in b}
        if kind == "slice":
            return slice(self.obj(b["start"]), self.obj(b["stop"]), self.obj(b["step"]))
        if kind == "range":
            return range(b["start"], b["stop"], b["step"])
        if kind == "code":
            return self._code(b)
        if kind == "callable":
            try:
                return _resolve_callable(b["module"], b["qualname"])
            except LookupError as e:
                return self._placeholder(entry, "callable", f"not resolvable ({e})",
                                         f"{b['module']}.{b['qualname']}")
        if kind == "dtype":
            try:
                return _dtype(b)
            except LookupError as e:
                return self._placeholder(entry, "torch.dtype", str(e))
        if kind == "device":
            import torch

            return torch.device(b)
        if kind == "torchSize":
            import torch

            return torch.Size(b)
        if kind == "tensorMeta":
            return b
        if kind == "opaque":
            return self._placeholder(entry, b["typeName"], f"not recorded ({b['reason']})",
                                     b["repr"])
        # Mutable kinds stored without identity (should not happen): build a fresh one.
        live = self._shell(entry, kind)
        self._fill(live, entry, kind)
        return live

    def _code(self, c):
        consts = tuple(self.obj(r) for r in c["consts"])
        return types.CodeType(
            c["argcount"], c["posonlyargcount"], c["kwonlyargcount"], c["nlocals"],
            c["stacksize"], c["flags"], c["code"], consts, tuple(c["names"]),
            tuple(c["varnames"]), c["filename"], c["name"], c["qualname"], c["firstlineno"],
            c["linetable"], c["exceptiontable"], tuple(c["freevars"]), tuple(c["cellvars"]))

    # ------------------------------------------------------------ objects with identity
    def _shell(self, entry, kind):
        """A new live object for an identity, before its state is filled (cycles)."""
        b = entry.get(kind)
        if kind == "list":
            return []
        if kind == "dict":
            return {}
        if kind == "set":
            return set()
        if kind in ("tuple", "frozenset", "slice", "range", "code", "callable", "dtype",
                    "device", "torchSize", "str", "int", "float", "bool", "none"):
            return self._value(entry, kind)
        if kind == "cell":
            return types.CellType()
        if kind == "function":
            return self._function(entry, b)
        if kind == "module":
            return self._module(entry, b)
        if kind == "class":
            return self._class(entry, b)
        if kind == "instance":
            return self._instance(entry, b)
        if kind == "boundMethod":
            fn, self_ = self.obj(b["function"]), self.obj(b["self"])
            if isinstance(fn, types.FunctionType):
                return types.MethodType(fn, self_)
            name = getattr(fn, "__name__", None)
            if name and hasattr(self_, name):
                return getattr(self_, name)
            return self._placeholder(entry, "method", "bound method not rebuildable")
        if kind == "tensor":
            return self._tensor(entry, b)
        if kind == "enum":
            cls = self.obj(b["class"])
            try:
                return getattr(cls, b["name"])
            except Exception:  # noqa: BLE001
                return self._placeholder(entry, "enum", f"member {b['name']} not found")
        if kind == "opaque":
            return self._value(entry, kind)
        return self._placeholder(entry, kind, f"unknown heap kind {kind}")

    def _fill(self, live, entry, kind, update=False):
        self.filled.add(entry["id"])
        b = entry.get(kind)
        if kind == "list":
            live[:] = [self.obj(r) for r in b]
        elif kind == "dict":
            items = [(self.obj(e["key"]), self.obj(e["value"])) for e in b]
            if entry.get("identity") not in self.globals_identities:
                live.clear()  # globals dicts hold only what a frame reached: merged
            live.update(items)
        elif kind == "set":
            items = [self.obj(r) for r in b]
            live.clear()
            live.update(items)
        elif kind == "cell":
            if b["empty"]:
                try:
                    del live.cell_contents
                except ValueError:
                    pass
            else:
                live.cell_contents = self.obj(b["contents"])
        elif kind == "function" and isinstance(live, types.FunctionType):
            if id(live) not in self._rebuilt:
                return  # the library's own function, looked up by name
            live.__defaults__ = self.obj(b["defaults"]) if b["defaults"] else None
            live.__kwdefaults__ = self.obj(b["kwdefaults"]) if b["kwdefaults"] else None
            for a in b["attrs"]:
                setattr(live, a["name"], self.obj(a["value"]))
        elif kind == "module" and isinstance(live, types.ModuleType):
            if id(live) not in self._rebuilt:
                return  # imported
            for a in b["attrs"]:
                setattr(live, a["name"], self.obj(a["value"]))
        elif kind == "class" and isinstance(live, type):
            if id(live) not in self._rebuilt:
                return  # looked up by name
            for a in b["attrs"]:
                if a["name"] in ("__slots__", "__dict__", "__weakref__"):
                    continue
                value_entry = self.heap[a["value"]]
                if value_entry["which"] == "opaque":
                    continue  # slot member descriptors and the like, made by type()
                if value_entry["which"] == "enum" and isinstance(live, enum.EnumMeta):
                    continue
                try:
                    setattr(live, a["name"], self.obj(a["value"]))
                except (AttributeError, TypeError) as e:
                    self._miss(entry, f"class attribute {a['name']} not set ({e})")
        elif kind == "instance":
            self._fill_instance(live, entry, b, update)
        elif kind == "tensor" and update:
            pass  # a tensor's metadata is content; a changed tensor is a new snapshot

    # ------------------------------------------------------------ functions
    def _function(self, entry, f):
        code = self.obj(f["code"])
        if is_library_module(f["module"]):
            try:
                real = _resolve(f["module"], f["qualname"])
                if isinstance(real, types.FunctionType) and \
                        real.__code__.co_name == code.co_name:
                    return real
                if getattr(real, "__wrapped__", None) is not None or callable(real):
                    inner = real
                    while isinstance(inner, (types.MethodType, staticmethod, classmethod)):
                        inner = inner.__func__
                    if isinstance(inner, types.FunctionType) and \
                            inner.__code__.co_name == code.co_name:
                        return inner
            except LookupError:
                pass
        module = f["module"]
        if f["globals"] and module and module != "__main__" and not is_library_module(module):
            ident = self.heap[f["globals"]].get("identity", 0)
            if ident and ident not in self.by_identity:
                # A function of a user module: its globals are that module's namespace.
                self.by_identity[ident] = self._user_module(module).__dict__
        globals_ = self.globals(f["globals"])
        if not isinstance(globals_, dict):
            globals_ = {}
        if "__name__" not in globals_ and f["module"]:
            globals_["__name__"] = f["module"]
        globals_.setdefault("__builtins__", builtins)
        closure = tuple(self.obj(r) for r in f["closure"]) or None
        if closure is not None and not all(isinstance(c, types.CellType) for c in closure):
            closure = tuple(c if isinstance(c, types.CellType) else types.CellType(c)
                            for c in closure)
        fn = types.FunctionType(code, globals_, f["name"], None, closure)
        fn.__qualname__ = f["qualname"]
        fn.__module__ = f["module"] or None
        self._rebuilt[id(fn)] = fn
        return fn

    # ------------------------------------------------------------ modules
    def _module(self, entry, m):
        name = m["name"]
        if is_library_module(name) or (name in sys.modules and name != "__main__" and
                                       getattr(sys.modules[name], "__file__", None) == m["file"]
                                       and m["file"]):
            try:
                mod = importlib.import_module(name)
                return mod
            except Exception as e:  # noqa: BLE001
                self._miss(entry, f"import failed ({type(e).__name__}); rebuilt from the trace")
        return self._user_module(name, m["file"])

    def _user_module(self, name, file=""):
        """The one live module for a user module name. Its __dict__ is also the globals
        dict of the functions defined in it (see _function)."""
        mod = self.user_modules.get(name)
        if mod is None:
            mod = types.ModuleType(name)
            if file:
                mod.__file__ = file
            self.user_modules[name] = mod
            self._rebuilt[id(mod)] = mod
            if name not in sys.modules and name != "__main__":
                # Dynamo imports the modules it installs as globals (__import_<name>).
                sys.modules[name] = mod
                self.installed_modules.append(name)
        elif file and not getattr(mod, "__file__", None):
            mod.__file__ = file
        return mod

    # ------------------------------------------------------------ classes
    def _class(self, entry, c):
        module, qualname = c["module"], c["qualname"]
        if c["builtin"] or is_library_module(module):
            try:
                real = _resolve(module, qualname)
                if isinstance(real, type):
                    return real
            except LookupError as e:
                if c["builtin"]:
                    return self._placeholder(entry, "type", f"C type not found ({e})")
        bases = tuple(self.obj(r) for r in c["bases"]) or (object,)
        bases = tuple(b for b in bases if isinstance(b, type)) or (object,)
        try:
            meta = _resolve(*c["metaclass"].rsplit(".", 1)) if "." in c["metaclass"] else \
                getattr(builtins, c["metaclass"])
        except (LookupError, AttributeError):
            meta = type
        attrs = {a["name"]: a["value"] for a in c["attrs"]}
        if bases == (tuple,) and "_fields" in attrs:
            return self._namedtuple_class(entry, c, attrs)
        ns = meta.__prepare__(c["name"], bases) if hasattr(meta, "__prepare__") else {}
        ns["__module__"] = module
        ns["__qualname__"] = qualname
        if "__slots__" in attrs:
            ns["__slots__"] = self.obj(attrs["__slots__"])
        if isinstance(meta, type) and issubclass(meta, enum.EnumMeta):
            # Enum members are made by the metaclass from the namespace.
            for name, ref in attrs.items():
                e = self.heap[ref]
                if e["which"] == "enum" and self.heap[e["enum"]["class"]]["id"] == entry["id"]:
                    ns[name] = self.obj(e["enum"]["value"])
        try:
            cls = meta(c["name"], bases, ns)
        except Exception as e:  # noqa: BLE001
            try:
                cls = type(c["name"], bases, {"__module__": module, "__qualname__": qualname})
                self._miss(entry, f"metaclass {c['metaclass']} refused ({e}); made with type")
            except Exception as e2:  # noqa: BLE001
                return self._placeholder(entry, "type", f"class not rebuildable ({e2})")
        self._rebuilt[id(cls)] = cls
        return cls

    _NAMEDTUPLE_MADE = frozenset((
        "__slots__", "_fields", "_field_defaults", "__new__", "_make", "_replace", "__repr__",
        "_asdict", "__getnewargs__", "__match_args__", "__doc__"))

    def _namedtuple_class(self, entry, c, attrs):
        """collections.namedtuple makes the class (its field getters are C objects the
        trace does not hold); methods of a NamedTuple class body are set on it."""
        fields = self.obj(attrs["_fields"])
        defaults = self.obj(attrs["_field_defaults"]) if "_field_defaults" in attrs else {}
        defaults = [defaults[f] for f in fields if isinstance(defaults, dict) and f in defaults]
        cls = collections.namedtuple(c["name"], fields, defaults=defaults or None,
                                     module=c["module"])
        cls.__qualname__ = c["qualname"]
        for name, ref in attrs.items():
            if name in self._NAMEDTUPLE_MADE or name in fields:
                continue
            if self.heap[ref]["which"] == "opaque":
                continue
            try:
                setattr(cls, name, self.obj(ref))
            except (AttributeError, TypeError) as e:
                self._miss(entry, f"class attribute {name} not set ({e})")
        return cls

    # ------------------------------------------------------------ instances
    def _instance(self, entry, inst):
        cls = self.obj(inst["class"])
        if not isinstance(cls, type):
            return self._placeholder(entry, "object", "its class is not rebuildable")
        attrs = inst["attrs"]
        if cls is staticmethod or cls is classmethod:
            fn = next((self.obj(a["value"]) for a in attrs if a["name"] == "__func__"), None)
            return cls(fn)
        if cls is property:
            parts = {a["name"]: self.obj(a["value"]) for a in attrs}
            return property(parts.get("fget"), parts.get("fset"), parts.get("fdel"))
        if issubclass(cls, functools.partial):
            parts = {a["name"]: a["value"] for a in inst["slots"]}
            fn = self.obj(parts.get("func", 0))
            args = self.obj(parts.get("args", 0)) or ()
            keywords = self.obj(parts.get("keywords", 0)) or {}
            try:
                return cls(fn, *args, **keywords)
            except Exception as e:  # noqa: BLE001
                return self._placeholder(entry, "functools.partial", f"not made ({e})")
        if cls is functools._lru_cache_wrapper:
            wrapped = next((a["value"] for a in attrs if a["name"] == "__wrapped__"), 0)
            fn = self.obj(wrapped)
            if callable(fn):
                self._miss(entry, "lru_cache parameters are not in the trace: "
                                  "functools.lru_cache() defaults used")
                return functools.lru_cache()(fn)
        special = _library_singleton(cls, {a["name"]: a["value"] for a in attrs}, self)
        if special is not _NOT_SPECIAL:
            return special
        if inst["kind"] == "namedtuple":
            fields = getattr(cls, "_fields", ())
            values = {a["name"]: a["value"] for a in attrs}
            try:
                return cls(*[self.obj(values.get(f, 0)) for f in fields])
            except Exception as e:  # noqa: BLE001
                return self._placeholder(entry, cls.__qualname__, f"namedtuple not made ({e})")
        # The nearest C base makes the object without running user __new__/__init__.
        native = next(t for t in cls.__mro__ if not (t.__flags__ & (1 << 9)))  # HEAPTYPE
        if native is not object and not issubclass(cls, BaseException) and \
                native.__module__ == "builtins" and native not in (dict, list, set):
            return self._placeholder(entry, f"{cls.__module__}.{cls.__qualname__}",
                                     f"C object ({native.__qualname__}): its state is not in "
                                     "the trace")
        if native is not object and native.__module__ != "builtins":
            if not (cls.__flags__ & (1 << 9)):
                return self._placeholder(entry, f"{cls.__module__}.{cls.__qualname__}",
                                         "C object: its state is not in the trace")
        try:
            return native.__new__(cls)
        except Exception as e:  # noqa: BLE001
            return self._placeholder(entry, f"{cls.__module__}.{cls.__qualname__}",
                                     f"not constructible ({type(e).__name__}: {e})")

    def _fill_instance(self, live, entry, inst, update):
        if isinstance(live, (Unrebuildable, staticmethod, classmethod, property, tuple)):
            return
        if isinstance(live, type) or isinstance(live, (types.FunctionType, enum.Enum)):
            return
        if isinstance(live, (functools.partial, functools._lru_cache_wrapper)):
            d = getattr(live, "__dict__", None)
            if isinstance(d, dict):
                d.update((a["name"], self.obj(a["value"])) for a in inst["attrs"])
            return
        values = [(a["name"], self.obj(a["value"])) for a in inst["attrs"]]
        d = getattr(live, "__dict__", None)
        if isinstance(d, dict):
            d.clear()
            d.update(values)
        else:
            for k, v in values:
                object.__setattr__(live, k, v)
        for a in inst["slots"]:
            object.__setattr__(live, a["name"], self.obj(a["value"]))

    # ------------------------------------------------------------ tensors
    def _tensor(self, entry, t):
        import torch

        meta = self.heap[t["meta"]]["tensorMeta"]
        try:
            dtype = _dtype(meta["dtype"])
        except LookupError as e:
            return self._placeholder(entry, "torch.Tensor", str(e))
        device = meta["device"]
        if device.startswith("cuda") and not torch.cuda.is_available():
            self._miss(entry, f"device {device} not available here: made on cpu")
            device = "cpu"
        if meta["layout"] != "strided" or meta["isQuantized"]:
            return self._placeholder(entry, "torch.Tensor",
                                     f"{meta['layout']} / quantized tensors are not rebuilt")
        shape, stride, offset = list(meta["shape"]), list(meta["stride"]), meta["storageOffset"]
        if any(s < 0 for s in shape) or any(s < 0 for s in stride):
            return self._placeholder(entry, "torch.Tensor", "symbolic sizes in the recording")
        if t["viewBase"]:
            base = self.obj(t["viewBase"])
            if isinstance(base, torch.Tensor):
                try:
                    view = base.as_strided(shape, stride, offset)
                    return self._finish_tensor(view, entry, t, meta)
                except RuntimeError as e:
                    self._miss(entry, f"view of its base not made ({e}); made alone")
        itemsize = torch.empty((), dtype=dtype).element_size()
        needed = offset + 1 + sum((s - 1) * st for s, st in zip(shape, stride)) \
            if all(s > 0 for s in shape) else offset
        numel = max(int(t["storageBytes"]) // max(itemsize, 1), needed, 0)
        flat = self.storages.get(t["storageId"]) if t["storageId"] else None
        if flat is None or flat.numel() < numel or flat.dtype != dtype or \
                str(flat.device) != device:
            flat = self._values(numel, dtype, device)
            if t["storageId"]:
                self.storages[t["storageId"]] = flat
        with torch.no_grad():
            out = torch.empty(0, dtype=dtype, device=device)
            out.set_(flat.untyped_storage(), offset, shape, stride)
        if t["values"]:
            try:
                vals = torch.frombuffer(bytearray(t["values"]), dtype=dtype)
                with torch.no_grad():
                    out.copy_(vals.reshape(shape))
            except Exception as e:  # noqa: BLE001
                self._miss(entry, f"recorded values not applied ({e})")
        return self._finish_tensor(out, entry, t, meta)

    def _tensor_subclass(self, entry, name):
        """The class of a tensor subclass: the recorded class when the heap holds it, a
        library class by name, else a plain subclass of torch.Tensor (named as missing)."""
        import torch

        module, _, qualname = name.rpartition(".")
        for e in self.heap[1:]:
            if e["which"] == "class" and e["class"]["qualname"] == qualname and \
                    e["class"]["module"] == module:
                cls = self.obj(e["id"])
                if isinstance(cls, type) and issubclass(cls, torch.Tensor):
                    return cls
        if is_library_module(module):
            cls = _resolve(module, qualname)
            if isinstance(cls, type) and issubclass(cls, torch.Tensor):
                return cls
        key = ("tensor subclass", name)
        cls = self.content.get(key)
        if cls is None:
            cls = type(qualname.rsplit(".", 1)[-1], (torch.Tensor,),
                       {"__module__": module, "__qualname__": qualname})
            self.content[key] = cls
            self._miss(entry, f"tensor subclass {name}: its class is not in the trace, "
                              "rebuilt as a plain torch.Tensor subclass")
        return cls

    def _values(self, numel, dtype, device):
        import torch

        g = self.generator
        if dtype.is_floating_point:
            v = torch.randn(numel, generator=g, dtype=torch.float64).to(dtype)
        elif dtype.is_complex:
            v = torch.randn(numel, generator=g, dtype=dtype)
        elif dtype == torch.bool:
            v = torch.randint(0, 2, (numel,), generator=g).bool()
        else:
            v = torch.randint(0, 4, (numel,), generator=g).to(dtype)
        return v.to(device)

    def _finish_tensor(self, out, entry, t, meta):
        import torch

        rg = meta["requiresGrad"]
        if meta["isParameter"]:
            out = torch.nn.Parameter(out.detach(), requires_grad=rg)
        elif t["viewBase"]:
            pass  # requires_grad follows the base
        elif rg:
            out.requires_grad_(True)
            if not meta["isLeaf"]:
                out = out.clone()
        if meta["subclass"]:
            try:
                out = out.as_subclass(self._tensor_subclass(entry, meta["subclass"]))
            except Exception as e:  # noqa: BLE001
                self._miss(entry, f"tensor subclass {meta['subclass']} not rebuilt ({e})")
        if meta["dynamicDims"]:
            import torch._dynamo

            torch._dynamo.mark_dynamic(out, list(meta["dynamicDims"]))
        for a in t["attrs"]:
            try:
                setattr(out, a["name"], self.obj(a["value"]))
            except Exception as e:  # noqa: BLE001
                self._miss(entry, f"tensor attribute {a['name']} not set ({e})")
        return out


_NOT_SPECIAL = object()


def _library_singleton(cls, attrs, rb):
    """Library instances compared by identity (dataclasses' field markers, MISSING)."""
    import dataclasses

    if cls.__module__ != "dataclasses":
        return _NOT_SPECIAL
    if cls.__name__ == "_FIELD_BASE":
        name = rb.obj(attrs.get("name", 0))
        return {"_FIELD": dataclasses._FIELD, "_FIELD_CLASSVAR": dataclasses._FIELD_CLASSVAR,
                "_FIELD_INITVAR": dataclasses._FIELD_INITVAR}.get(name, _NOT_SPECIAL)
    if cls.__name__ == "_MISSING_TYPE":
        return dataclasses.MISSING
    if cls.__name__ == "_KW_ONLY_TYPE":
        return dataclasses.KW_ONLY
    return _NOT_SPECIAL


# ---------------------------------------------------------------- frames


class Frame:
    """One recorded frame, rebuilt: `function` called with `args`/`kwargs` makes CPython
    enter the recorded code with the recorded locals."""

    def __init__(self, index, name, function, args, kwargs, global_state, notes):
        self.index, self.name = index, name
        self.function, self.args, self.kwargs = function, args, kwargs
        self.global_state = global_state
        self.notes = notes

    @contextlib.contextmanager
    def state(self):
        """torch's global state as recorded for this frame (grad mode, default dtype, ...)."""
        with global_state(self.global_state):
            yield


def rebuild_frame(rb: Rebuilder, index: int) -> Frame:
    """Rebuilds event `index`'s frame with `rb` (objects shared with earlier rebuilds)."""
    events = rb.trace["events"]
    if not 0 <= index < len(events):
        raise RebuildError(f"no event {index} ({len(events)} events)")
    ev = events[index]
    fr = ev["frame"]
    if not fr["code"]:
        raise RebuildError(f"event {index} has no code object")
    rb.begin_event()
    code = rb.obj(fr["code"])
    if not isinstance(code, types.CodeType):
        raise RebuildError(f"event {index}: code object not rebuildable")
    notes = []
    fn = rb.obj(fr["function"]) if fr["function"] else None
    # This event's snapshots of the frame's globals and cells (same live objects as the
    # earlier events of the trace, updated).
    globals_ = rb.globals(fr["globals"])
    if not isinstance(globals_, dict):
        globals_ = {}
    globals_.setdefault("__name__", "__main__")
    globals_.setdefault("__builtins__", builtins)
    cells = {c["name"]: rb.obj(c["value"]) for c in fr["cells"]}
    if not isinstance(fn, types.FunctionType) or fn.__code__ is not code:
        fn = rb.functions.get(fr["code"])
        if fn is None:
            closure = None
            if code.co_freevars:
                closure = tuple(cells.get(n) if isinstance(cells.get(n), types.CellType)
                                else types.CellType() for n in code.co_freevars)
                absent = [n for n in code.co_freevars if n not in cells]
                if absent:
                    notes.append(f"closure cells not recorded: {', '.join(absent)}")
            fn = types.FunctionType(code, globals_, code.co_name, None, closure)
            fn.__qualname__ = code.co_qualname
            rb.functions[fr["code"]] = fn
    if fr["builtins"]:
        rb.obj(fr["builtins"])  # library callables by name: reached, nothing to install
    locals_ = {lv["name"]: lv["value"] for lv in fr["locals"]}
    cells = {c["name"]: c["value"] for c in fr["cells"]}
    nargs = code.co_argcount + code.co_kwonlyargcount
    names = code.co_varnames
    def arg(name):
        if name in locals_:
            return rb.obj(locals_[name])
        if name in cells:
            cell = rb.obj(cells[name])
            if isinstance(cell, types.CellType):
                try:
                    return cell.cell_contents
                except ValueError:
                    pass
        raise RebuildError(f"event {index}: argument {name!r} not recorded")
    args = [arg(n) for n in names[:code.co_argcount]]
    kwargs = {n: arg(n) for n in names[code.co_argcount:nargs]}
    i = nargs
    if code.co_flags & CO_VARARGS:
        extra = arg(names[i])
        args += list(extra) if isinstance(extra, tuple) else [extra]
        i += 1
    if code.co_flags & CO_VARKEYWORDS:
        extra = arg(names[i])
        if isinstance(extra, dict):
            kwargs.update(extra)
    if code.co_flags & 0x20 or code.co_flags & 0x80 or code.co_flags & 0x200:
        notes.append("generator or coroutine code: Dynamo compiles it only inside its caller")
    import os

    if not os.path.exists(code.co_filename):
        notes.append(f"source file {code.co_filename} not found: the trace holds no source "
                     "lines, so Dynamo's messages show none")
    return Frame(index, code.co_qualname, fn, args, kwargs, fr["globalState"], notes)


# ---------------------------------------------------------------- config and global state


_CONFIG_FIELDS = {
    "specializeInt": "specialize_int", "specializeFloat": "specialize_float",
    "assumeStaticByDefault": "assume_static_by_default",
    "automaticDynamicShapes": "automatic_dynamic_shapes",
    "inlineInbuiltNnModules": "inline_inbuilt_nn_modules",
    "captureScalarOutputs": "capture_scalar_outputs",
    "captureDynamicOutputShapeOps": "capture_dynamic_output_shape_ops",
    "cacheSizeLimit": "cache_size_limit", "recompileLimit": "recompile_limit"}


def dynamo_config(header) -> dict:
    """torch._dynamo.config values as recorded in the trace header."""
    import warnings

    import torch._dynamo.config as cfg

    wanted = {}
    c = header.get("config") or {}
    for field, name in _CONFIG_FIELDS.items():
        if field in c:
            wanted[name] = c[field]
    for kv in c.get("others", []):
        try:
            wanted[kv["key"]] = ast.literal_eval(kv["value"])
        except (ValueError, SyntaxError):
            pass
    out = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # deprecated names (inline_inbuilt_nn_modules)
        for name, value in wanted.items():
            if hasattr(cfg, name) and getattr(cfg, name) != value:
                out[name] = value
    return out


@contextlib.contextmanager
def global_state(gs):
    """Enters torch's global state as recorded (GlobalState in trace.capnp)."""
    import torch

    with contextlib.ExitStack() as stack:
        if gs:
            stack.enter_context(torch.set_grad_enabled(gs["gradEnabled"]))
            if gs["inferenceMode"]:
                stack.enter_context(torch.inference_mode(True))
            if gs["defaultDtype"]:
                old = torch.get_default_dtype()
                torch.set_default_dtype(_dtype(gs["defaultDtype"]))
                stack.callback(torch.set_default_dtype, old)
            if gs["deterministicAlgorithms"] != torch.are_deterministic_algorithms_enabled():
                old = (torch.are_deterministic_algorithms_enabled(),
                       torch.is_deterministic_algorithms_warn_only_enabled())
                torch.use_deterministic_algorithms(gs["deterministicAlgorithms"],
                                                   warn_only=gs["deterministicWarnOnly"])
                stack.callback(lambda: torch.use_deterministic_algorithms(old[0],
                                                                          warn_only=old[1]))
            if gs["autocastCpuEnabled"]:
                stack.enter_context(torch.autocast("cpu", dtype=_dtype(gs["autocastCpuDtype"])))
            if gs["defaultDevice"] and gs["defaultDevice"] != "cpu":
                stack.enter_context(torch.device(gs["defaultDevice"]))
            if not gs["torchFunctionEnabled"] or gs["torchFunctionAllDisabled"]:
                stack.enter_context(torch._C.DisableTorchFunctionSubclass())
        yield


def state_notes(gs) -> list:
    """Parts of the recorded global state a rebuilt frame cannot have."""
    notes = []
    hooks = (gs or {}).get("nnModuleGlobalHooks") or []
    if any(hooks):
        notes.append("global nn.Module hooks were registered when recording (their "
                     "functions are not in the trace)")
    return notes
