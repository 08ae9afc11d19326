// object_walker.cpp — see object_walker.h. Python containers, code, functions, cells,
// modules, classes and instances; torch values are in object_walker_torch.cpp.
#include <Python.h>

#include "recorder/extension/object_walker.h"

#include <algorithm>
#include <cctype>
#include <cstring>

#include "core/trace/library_modules.h"

namespace dynrr::recorder {
namespace {

// Class-dict entries that say nothing about behaviour and are not recorded.
bool isNoiseAttr(const std::string& name) {
  return name == "__dict__" || name == "__weakref__" || name == "__module__" || name == "__doc__" ||
         name == "__qualname__" || name == "__slotnames__" || name == "__annotations__" ||
         name == "__orig_bases__" || name == "__parameters__";
}

int64_t asInt64(PyObject* o, bool& ok) {
  int overflow = 0;
  long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
  ok = !(overflow != 0 || (v == -1 && PyErr_Occurred()));
  if (!ok) PyErr_Clear();
  return static_cast<int64_t>(v);
}

std::vector<std::string> strTuple(PyObject* t) {
  std::vector<std::string> out;
  if (t == nullptr || !PyTuple_Check(t)) return out;
  for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(t); ++i) out.push_back(utf8(PyTuple_GET_ITEM(t, i)));
  return out;
}

void setTextList(capnp::List<capnp::Text>::Builder list, const std::vector<std::string>& items) {
  for (unsigned i = 0; i < items.size(); ++i) list.set(i, items[i]);
}

capnp::Data::Reader dataOf(PyObject* bytes) {
  if (bytes == nullptr || !PyBytes_Check(bytes)) return capnp::Data::Reader();
  return capnp::Data::Reader(reinterpret_cast<const capnp::byte*>(PyBytes_AS_STRING(bytes)),
                             static_cast<size_t>(PyBytes_GET_SIZE(bytes)));
}

// True when repr(o) runs no user code. Containers are excluded even when their type is
// C (deque, mappingproxy, array, ndarray ...): their repr calls their items' __repr__.
// Generators and weakrefs print only type names and addresses.
bool hasSafeRepr(PyObject* o) {
  if (PyGen_Check(o) || PyCoro_CheckExact(o) || PyAsyncGen_CheckExact(o) || PyWeakref_Check(o))
    return true;
  PyTypeObject* type = Py_TYPE(o);
  if (type->tp_flags & Py_TPFLAGS_HEAPTYPE) return false;
  if (type->tp_iter != nullptr) return false;
  if (type->tp_as_sequence != nullptr && type->tp_as_sequence->sq_item != nullptr) return false;
  if (type->tp_as_mapping != nullptr && type->tp_as_mapping->mp_subscript != nullptr) return false;
  return true;
}

// Replaces addresses ("0x7f3a...") by "0x?" so the same program records the same bytes.
std::string withoutAddresses(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    if (text.compare(i, 2, "0x") == 0 && i + 2 < text.size() &&
        std::isxdigit(static_cast<unsigned char>(text[i + 2]))) {
      out += "0x?";
      i += 2;
      while (i < text.size() && std::isxdigit(static_cast<unsigned char>(text[i]))) ++i;
    } else {
      out += text[i++];
    }
  }
  return out;
}

}  // namespace

std::string typeQualifiedName(PyTypeObject* type) {
  if (type->tp_flags & Py_TPFLAGS_HEAPTYPE) {
    auto* heap = reinterpret_cast<PyHeapTypeObject*>(type);
    std::string module = dictString(type->tp_dict, "__module__");
    std::string qual = utf8(heap->ht_qualname);
    return module.empty() || module == "builtins" ? qual : module + "." + qual;
  }
  return type->tp_name;  // C types carry "module.name" (or just "name" for builtins)
}

ObjectWalker::ObjectWalker(trace::EventBuilder& eb, WalkerSession& session,
                           const WalkerConfig& config, WalkBudget budget)
    : eb_(eb), session_(session), config_(config), budget_(budget) {}

ObjectWalker::~ObjectWalker() {
  if (!finished_) finish();
}

ObjRef ObjectWalker::memoize(PyObject* o, ObjRef ref) {
  memo_.emplace(o, ref);
  keepAlive_.push_back(PyRef::borrow(o));
  return ref;
}

trace::EventBuilder::NewObject ObjectWalker::newObject(PyObject* o) {
  if (o == filling_) {  // a stub filled in place: same ref, same identity, already memoized
    filling_ = nullptr;
    return fillingSlot_;
  }
  auto n = eb_.newObject(session_.identities.tokenFor(o));
  memoize(o, n.ref);
  return n;
}

void ObjectWalker::setReadSet(std::unordered_set<PyObject*> readSet) {
  readSetOn_ = true;
  readSet_ = std::move(readSet);
}

// Values that are cheap and carry no code: content, containers (whose items are filtered
// one by one), builtin callables and C types (a name each), torch scalar types.
bool ObjectWalker::alwaysWalked(PyObject* o) const {
  PyTypeObject* type = Py_TYPE(o);
  if (o == Py_None || o == Py_Ellipsis || o == Py_NotImplemented || PyBool_Check(o) ||
      PyLong_CheckExact(o) || PyFloat_CheckExact(o) || PyComplex_CheckExact(o) ||
      PyUnicode_CheckExact(o) || PyBytes_CheckExact(o))
    return true;
  if (PyTuple_CheckExact(o) || PyList_Check(o) || PyAnySet_Check(o) || PySlice_Check(o) ||
      type == &PyRange_Type || PyCode_Check(o))
    return true;
  if (PyDict_Check(o)) return true;
  if (PyCFunction_Check(o) || type == &PyMethodDescr_Type || type == &PyWrapperDescr_Type ||
      type == &PyClassMethodDescr_Type || type == &_PyMethodWrapper_Type)
    return true;
  if (PyType_Check(o) && !(reinterpret_cast<PyTypeObject*>(o)->tp_flags & Py_TPFLAGS_HEAPTYPE))
    return true;
  // dataclasses.fields reads a dataclass's Field objects without wrapping them
  // (_dataclasses_fields_lambda), and fields() tests their _field_type marker.
  if (type->tp_flags & Py_TPFLAGS_HEAPTYPE) {
    std::string tn = typeQualifiedName(type);
    if (tn == "dataclasses.Field" || tn == "dataclasses._FIELD_BASE") return true;
  }
  if ((config_.dtypeType && type == reinterpret_cast<PyTypeObject*>(config_.dtypeType)) ||
      (config_.deviceType && type == reinterpret_cast<PyTypeObject*>(config_.deviceType)) ||
      (config_.sizeType && type == reinterpret_cast<PyTypeObject*>(config_.sizeType)))
    return true;
  return false;
}

// Dynamo read `o`, or the function a descriptor or bound method of it wraps (a class dict
// holds the staticmethod, Dynamo inlines its __func__).
bool ObjectWalker::wasRead(PyObject* o) const {
  if (readSet_.count(o)) return true;
  PyTypeObject* type = Py_TYPE(o);
  PyObject* inner = nullptr;
  if (PyMethod_Check(o)) {
    inner = PyMethod_GET_FUNCTION(o);
  } else if (type == &PyStaticMethod_Type || type == &PyClassMethod_Type ||
             type == &PyProperty_Type) {
    // C getters of builtin descriptor types: no user code runs.
    PyRef f =
        PyRef::steal(PyObject_GetAttrString(o, type == &PyProperty_Type ? "fget" : "__func__"));
    if (!f) PyErr_Clear();
    return f && readSet_.count(f.get());
  }
  return inner != nullptr && readSet_.count(inner);
}

ObjRef ObjectWalker::stub(PyObject* o) {
  auto n = eb_.newObject(session_.identities.tokenFor(o));
  memoize(o, n.ref);
  auto op = n.builder.initOpaque();
  op.setTypeName(typeQualifiedName(Py_TYPE(o)));
  op.setReason("not read by Dynamo");
  stubs_.emplace(o, n.builder);
  return n.ref;
}

ObjRef ObjectWalker::walkPart(PyObject* o) {
  forceNext_ = true;
  ObjRef ref = walk(o);
  forceNext_ = false;
  return ref;
}

ObjRef ObjectWalker::opaque(PyObject* o, const std::string& reason, bool withRepr) {
  PyTypeObject* type = Py_TYPE(o);
  std::string repr;
  if (withRepr && hasSafeRepr(o)) {
    PyRef r = PyRef::steal(PyObject_Repr(o));
    if (r) {
      repr = withoutAddresses(utf8(r.get()));
      if (repr.size() > 200) repr = repr.substr(0, 197) + "...";
    } else {
      PyErr_Clear();
    }
  }
  auto op = eb_.scratch().initOpaque();
  op.setTypeName(typeQualifiedName(type));
  op.setRepr(repr);
  op.setReason(reason);
  return eb_.intern();
}

ObjRef ObjectWalker::walk(PyObject* o) {
  const bool part = forceNext_;
  forceNext_ = false;
  if (o == nullptr) return eb_.none();
  if (PyModule_Check(o)) {
    // Modules accumulate the attributes each reaching code object names.
    auto found = modules_.find(o);
    if (found != modules_.end()) {
      Deferred& d = found->second;
      // Once per (module, reaching code): submodules are revisited (addDeferred), and
      // module graphs have cycles (torch.nn -> torch).
      if (currentNames_ != nullptr && d.owned &&
          moduleNamesDone_.insert({o, currentNames_}).second) {
        for (PyObject* name : *currentNames_) {
          if (d.entries.size() >= budget_.maxModuleAttrs) break;
          PyObject* dict = PyModule_GetDict(o);
          PyObject* v = dict ? PyDict_GetItemWithError(dict, name) : nullptr;
          if (v != nullptr) addDeferred(d, utf8(name), v);
          PyErr_Clear();
        }
      }
      return d.ref;
    }
  }
  if (PyDict_CheckExact(o)) {
    // A namespace dict reached again by other code: add the names that code reads.
    auto found = globals_.find(o);
    if (found != globals_.end()) return walkNamespaceDict(o);
  }
  auto it = memo_.find(o);
  if (it != memo_.end()) {
    auto st = part ? stubs_.find(o) : stubs_.end();
    if (st == stubs_.end()) return it->second;
    // A stub that turns out to be part of a walked object's structure: fill it in place.
    fillingSlot_ = {it->second, st->second};
    filling_ = o;
    stubs_.erase(st);
    memo_.erase(it);
    ++depth_;
    ObjRef ref = walkInner(o);
    --depth_;
    if (filling_ == o) {  // walked as interned content after all: keep the stub's ref
      filling_ = nullptr;
      memo_[o] = fillingSlot_.ref;
      return fillingSlot_.ref;
    }
    if (PyErr_Occurred()) PyErr_Clear();
    return ref;
  }
  if (readSetOn_ && !part && !alwaysWalked(o) && !wasRead(o)) return stub(o);
  // The depth budget bounds object graphs; a builtin function is a leaf (its name is
  // all that is recorded) and a code object is bounded (its constants), so depth never
  // cuts them: a function recorded without its code could not be replayed.
  if (depth_ >= budget_.maxDepth && !PyCFunction_Check(o) && !PyCode_Check(o))
    return opaque(o, "budget: depth", false);
  if (eb_.newObjectCount() >= budget_.maxObjects) {
    budgetHit_ = true;
    return opaque(o, "budget: objects", false);
  }
  ++depth_;
  ObjRef ref = walkInner(o);
  --depth_;
  if (PyErr_Occurred()) PyErr_Clear();
  return ref;
}

ObjRef ObjectWalker::walkContent(PyObject* o, bool& handled) {
  handled = true;
  if (o == Py_None) return eb_.none();
  if (o == Py_Ellipsis) return eb_.ellipsis();
  if (o == Py_NotImplemented) {
    eb_.scratch().setNotImplemented();
    return eb_.intern();
  }
  if (PyBool_Check(o)) return eb_.boolean(o == Py_True);
  if (PyLong_CheckExact(o)) {
    bool ok = false;
    int64_t v = asInt64(o, ok);
    if (ok) return eb_.integer(v);
    // Big int: little-endian magnitude.
    PyRef mag = PyRef::steal(PyNumber_Absolute(o));
    if (!mag) return opaque(o, "int conversion failed", false);
    size_t bits = _PyLong_NumBits(mag.get());
    std::string bytes((bits + 7) / 8 + 1, '\0');
    if (_PyLong_AsByteArray(reinterpret_cast<PyLongObject*>(mag.get()),
                            reinterpret_cast<unsigned char*>(bytes.data()), bytes.size(), 1,
                            0) != 0) {
      PyErr_Clear();
      return opaque(o, "int conversion failed", false);
    }
    while (bytes.size() > 1 && bytes.back() == '\0') bytes.pop_back();
    auto big = eb_.scratch().initBigInt();
    big.setNegative(_PyLong_Sign(o) < 0);
    big.setMagnitude(
        capnp::Data::Reader(reinterpret_cast<const capnp::byte*>(bytes.data()), bytes.size()));
    return eb_.intern();
  }
  if (PyFloat_CheckExact(o)) return eb_.floating(PyFloat_AS_DOUBLE(o));
  if (PyComplex_CheckExact(o)) {
    auto c = eb_.scratch().initComplex();
    c.setReal(PyComplex_RealAsDouble(o));
    c.setImag(PyComplex_ImagAsDouble(o));
    return eb_.intern();
  }
  if (PyUnicode_CheckExact(o)) {
    if (PyUnicode_GET_LENGTH(o) > budget_.maxString) return opaque(o, "budget: long str", false);
    Py_ssize_t size = 0;
    const char* data = PyUnicode_AsUTF8AndSize(o, &size);
    if (data == nullptr) {  // lone surrogates
      PyErr_Clear();
      return opaque(o, "str not encodable as UTF-8");
    }
    return eb_.str(std::string_view(data, static_cast<size_t>(size)));
  }
  if (PyBytes_CheckExact(o)) {
    if (PyBytes_GET_SIZE(o) > budget_.maxString) return opaque(o, "budget: long bytes", false);
    return eb_.bytes(
        std::string_view(PyBytes_AS_STRING(o), static_cast<size_t>(PyBytes_GET_SIZE(o))));
  }
  handled = false;
  return 0;
}

ObjRef ObjectWalker::walkInner(PyObject* o) {
  bool handled = false;
  if (config_.enumType && PyObject_TypeCheck(o, reinterpret_cast<PyTypeObject*>(config_.enumType)))
    return walkEnum(o);
  ObjRef ref = walkContent(o, handled);
  if (handled) return memoize(o, ref);
  if (config_.tensorType &&
      PyObject_TypeCheck(o, reinterpret_cast<PyTypeObject*>(config_.tensorType)))
    return walkTensor(o);
  ref = walkTorchScalarType(o, handled);
  if (handled) return memoize(o, ref);

  PyTypeObject* type = Py_TYPE(o);
  if (PyTuple_Check(o)) {
    if (!PyTuple_CheckExact(o) && _PyType_Lookup(type, internedName("_fields")) != nullptr)
      return walkInstance(o);  // namedtuple
    return walkTuple(o);
  }
  if (PyList_Check(o)) return walkList(o);
  if (PyDict_Check(o)) return walkDict(o);
  if (PyAnySet_Check(o)) return walkSet(o);
  if (PySlice_Check(o)) {
    auto* s = reinterpret_cast<PySliceObject*>(o);
    ObjRef a = walk(s->start), b = walk(s->stop), c = walk(s->step);
    auto sl = eb_.scratch().initSlice();
    sl.setStart(a);
    sl.setStop(b);
    sl.setStep(c);
    return memoize(o, eb_.intern());
  }
  if (type == &PyRange_Type) {
    int64_t v[3] = {0, 0, 0};
    const char* names[3] = {"start", "stop", "step"};
    for (int i = 0; i < 3; ++i) {
      PyRef a = PyRef::steal(PyObject_GetAttrString(o, names[i]));
      bool ok = a && PyLong_Check(a.get());
      if (ok) v[i] = asInt64(a.get(), ok);
      if (!ok) {
        PyErr_Clear();
        return memoize(o, opaque(o, "range bounds beyond int64"));
      }
    }
    auto r = eb_.scratch().initRange();
    r.setStart(v[0]);
    r.setStop(v[1]);
    r.setStep(v[2]);
    return memoize(o, eb_.intern());
  }
  if (PyCode_Check(o)) return walkCode(o);
  if (PyFunction_Check(o)) {
    // A Python function of numpy (np.ones, np.full): a NumpyVariable when the classifier
    // says so, by name as numpy's C functions are.
    PyObject* mod = reinterpret_cast<PyFunctionObject*>(o)->func_module;
    if (mod && PyUnicode_Check(mod) && PyUnicode_GetLength(mod) >= 5 &&
        PyUnicode_Tailmatch(mod, internedName("numpy"), 0, 5, -1) == 1) {
      schema::CallableClass cls;
      std::string rule;
      classify(o, cls, rule);
      if (rule.rfind("NumpyVariable", 0) == 0) return walkNamedCallable(o);
    }
    return walkFunction(o);
  }
  if (PyCell_Check(o)) return walkCell(o);
  if (PyModule_Check(o)) return walkModule(o);
  if (PyType_Check(o)) return walkClass(o);
  if (PyMethod_Check(o)) {
    auto n = newObject(o);
    auto bm = n.builder.initBoundMethod();
    ObjRef self = walkPart(PyMethod_GET_SELF(o));
    ObjRef fn = walkPart(PyMethod_GET_FUNCTION(o));
    bm.setSelf(self);
    bm.setFunction(fn);
    return n.ref;
  }
  if (PyCFunction_Check(o) || type == &PyMethodDescr_Type || type == &PyWrapperDescr_Type ||
      type == &PyClassMethodDescr_Type || type == &_PyMethodWrapper_Type)
    return walkNamedCallable(o);
  if (type == &PyStaticMethod_Type || type == &PyClassMethod_Type) {
    static const char* const kFields[] = {"__func__", nullptr};
    return walkDescriptor(o, kFields);
  }
  if (type == &PyProperty_Type) {
    static const char* const kFields[] = {"fget", "fset", "fdel", nullptr};
    return walkDescriptor(o, kFields);
  }
  if (PyGen_Check(o) || PyCoro_CheckExact(o) || PyAsyncGen_CheckExact(o))
    return memoize(o, opaque(o, "generator"));
  if (PyWeakref_Check(o)) return memoize(o, opaque(o, "weakref"));
  std::string tname = typeQualifiedName(type);
  if (tname == "numpy.ndarray") return walkNdarray(o);
  // numpy's C functions (ufuncs and the array-function dispatchers): Dynamo's
  // NumpyVariable, by qualified name; the classifier names their torch._numpy function.
  if (tname == "numpy.ufunc" || tname == "numpy._ArrayFunctionDispatcher")
    return walkNamedCallable(o);
  if (tname == "functools.partial") {
    // An exact functools.partial: func, args and keywords are C members (read without
    // running user code), which VariableBuilder wraps with AttrSources.
    static const char* const kFields[] = {"func", "args", "keywords", nullptr};
    return walkDescriptor(o, kFields);
  }
  if (type->tp_dictoffset != 0 || (type->tp_flags & Py_TPFLAGS_HEAPTYPE)) return walkInstance(o);
  return memoize(o, opaque(o, "C-extension object"));
}

ObjRef ObjectWalker::walkTuple(PyObject* o) {
  Py_ssize_t n = PyTuple_GET_SIZE(o);
  if (n > budget_.maxContainer)
    return memoize(o, opaque(o, "budget: huge container (" + std::to_string(n) + " items)", false));
  if (ObjRef cls = userContainerClass(o)) {
    // An instance of a user's tuple subclass (Dynamo's UserDefinedTupleVariable): an
    // object of its own with its class, not an interned plain tuple.
    auto obj = newObject(o);
    std::vector<ObjRef> items;
    for (Py_ssize_t i = 0; i < n; ++i) items.push_back(walk(PyTuple_GET_ITEM(o, i)));
    auto tuple = obj.builder.initTuple(static_cast<unsigned>(items.size()));
    for (unsigned i = 0; i < items.size(); ++i) tuple.set(i, items[i]);
    obj.builder.setCls(cls);
    return obj.ref;
  }
  if (!inProgressTuples_.insert(o).second) return opaque(o, "cycle through a tuple", false);
  std::vector<ObjRef> items;
  items.reserve(static_cast<size_t>(n));
  for (Py_ssize_t i = 0; i < n; ++i) items.push_back(walk(PyTuple_GET_ITEM(o, i)));
  inProgressTuples_.erase(o);
  return memoize(o, eb_.tuple(items));
}

// The class of an instance of a subclass of tuple, list, set or frozenset defined in Python
// (a heap type: not a C structseq such as torch.return_types, whose instances Dynamo
// reads as tuples), walked; 0 for the exact builtin types. Dynamo wraps such an instance
// as UserDefined{Tuple,List,Set}Variable, not as the plain container.
ObjRef ObjectWalker::userContainerClass(PyObject* o) {
  PyTypeObject* type = Py_TYPE(o);
  if (type == &PyTuple_Type || type == &PyList_Type || type == &PySet_Type ||
      type == &PyFrozenSet_Type || !(type->tp_flags & Py_TPFLAGS_HEAPTYPE))
    return 0;
  return walkPart(reinterpret_cast<PyObject*>(type));
}

ObjRef ObjectWalker::walkList(PyObject* o) {
  Py_ssize_t n = PyList_GET_SIZE(o);
  if (n > budget_.maxContainer)
    return memoize(o, opaque(o, "budget: huge container (" + std::to_string(n) + " items)", false));
  PyRef copy = PyRef::steal(PyList_GetSlice(o, 0, n));  // the walk must not see mutation
  if (!copy) return memoize(o, opaque(o, "list copy failed", false));
  auto obj = newObject(o);
  std::vector<ObjRef> items;
  for (Py_ssize_t i = 0; i < PyList_GET_SIZE(copy.get()); ++i)
    items.push_back(walk(PyList_GET_ITEM(copy.get(), i)));
  ObjRef cls = userContainerClass(o);
  auto list = obj.builder.initList(static_cast<unsigned>(items.size()));
  for (unsigned i = 0; i < items.size(); ++i) list.set(i, items[i]);
  obj.builder.setCls(cls);
  return obj.ref;
}

// A module's namespace (a dict with __name__ and __builtins__, e.g. the f_globals that
// Dynamo's generated code holds as a constant to rebuild nested functions) is recorded
// like the frame's globals: only the names the code being walked reads, never in full.
ObjRef ObjectWalker::walkNamespaceDict(PyObject* o) {
  Deferred& d = globalsEntry(o);
  if (currentNames_ != nullptr && d.owned) {
    for (PyObject* name : *currentNames_) {
      PyObject* v = PyDict_GetItemWithError(o, name);
      if (v != nullptr) addDeferred(d, utf8(name), v);
      PyErr_Clear();
    }
  }
  return d.ref;
}

ObjRef ObjectWalker::walkDict(PyObject* o) {
  Py_ssize_t n = PyDict_GET_SIZE(o);
  if (PyDict_CheckExact(o)) {
    PyObject* name = PyDict_GetItemWithError(o, internedName("__name__"));
    if (name != nullptr && PyUnicode_Check(name) &&
        PyDict_GetItemWithError(o, internedName("__builtins__")) != nullptr)
      return walkNamespaceDict(o);
    PyErr_Clear();
  }
  if (n > budget_.maxContainer)
    return memoize(o, opaque(o, "budget: huge container (" + std::to_string(n) + " items)", false));
  PyRef items = PyRef::steal(PyDict_Items(o));
  if (!items) return memoize(o, opaque(o, "dict copy failed", false));
  auto obj = newObject(o);
  std::vector<std::pair<ObjRef, ObjRef>> entries;
  for (Py_ssize_t i = 0; i < PyList_GET_SIZE(items.get()); ++i) {
    PyObject* kv = PyList_GET_ITEM(items.get(), i);
    ObjRef k = walk(PyTuple_GET_ITEM(kv, 0));
    ObjRef v = walk(PyTuple_GET_ITEM(kv, 1));
    entries.emplace_back(k, v);
  }
  // A subclass (OrderedDict, a user's dict subclass): its class, which decides how
  // Dynamo wraps it. PyDict_Items above read the storage without running user code.
  ObjRef cls = PyDict_CheckExact(o) ? 0 : walkPart(reinterpret_cast<PyObject*>(Py_TYPE(o)));
  auto dict = obj.builder.initDict(static_cast<unsigned>(entries.size()));
  for (unsigned i = 0; i < entries.size(); ++i) {
    dict[i].setKey(entries[i].first);
    dict[i].setValue(entries[i].second);
  }
  obj.builder.setCls(cls);
  return obj.ref;
}

ObjRef ObjectWalker::walkSet(PyObject* o) {
  Py_ssize_t n = PySet_GET_SIZE(o);
  if (n > budget_.maxContainer)
    return memoize(o, opaque(o, "budget: huge container (" + std::to_string(n) + " items)", false));
  PyRef items = PyRef::steal(PySequence_List(o));
  if (!items) {
    PyErr_Clear();
    return memoize(o, opaque(o, "set copy failed", false));
  }
  bool frozen = PyFrozenSet_Check(o);
  // A user's subclass is an object of its own with its class (frozensets are otherwise
  // interned by content).
  const bool subclass = Py_TYPE(o) != &PySet_Type && Py_TYPE(o) != &PyFrozenSet_Type &&
                        (Py_TYPE(o)->tp_flags & Py_TPFLAGS_HEAPTYPE);
  std::vector<ObjRef> refs;
  trace::EventBuilder::NewObject obj{0, schema::Object::Builder(nullptr)};
  if (!frozen || subclass) obj = newObject(o);
  for (Py_ssize_t i = 0; i < PyList_GET_SIZE(items.get()); ++i)
    refs.push_back(walk(PyList_GET_ITEM(items.get(), i)));
  auto fill = [&](capnp::List<uint32_t>::Builder list) {
    for (unsigned i = 0; i < refs.size(); ++i) list.set(i, refs[i]);
  };
  if (frozen && !subclass) {
    fill(eb_.scratch().initFrozenset(static_cast<unsigned>(refs.size())));
    return memoize(o, eb_.intern());
  }
  ObjRef cls = userContainerClass(o);
  fill(frozen ? obj.builder.initFrozenset(static_cast<unsigned>(refs.size()))
              : obj.builder.initSet(static_cast<unsigned>(refs.size())));
  obj.builder.setCls(cls);
  return obj.ref;
}

ObjRef ObjectWalker::walkCode(PyObject* o) {
  auto* co = reinterpret_cast<PyCodeObject*>(o);
  std::vector<ObjRef> consts;
  // Constants are part of the code (KW_NAMES tuples, nested code objects): the depth
  // budget, which bounds object graphs, must not cut them: they start from depth 0.
  int savedDepth = depth_;
  depth_ = 0;
  for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(co->co_consts); ++i)
    consts.push_back(walk(PyTuple_GET_ITEM(co->co_consts, i)));
  depth_ = savedDepth;
  PyRef bytecode = PyRef::steal(PyCode_GetCode(co));
  PyRef varnames = PyRef::steal(PyCode_GetVarnames(co));
  PyRef freevars = PyRef::steal(PyCode_GetFreevars(co));
  PyRef cellvars = PyRef::steal(PyCode_GetCellvars(co));
  if (!bytecode || !varnames || !freevars || !cellvars) {
    PyErr_Clear();
    return memoize(o, opaque(o, "code object fields unreadable"));
  }
  auto c = eb_.scratch().initCode();
  c.setArgcount(static_cast<uint32_t>(co->co_argcount));
  c.setPosonlyargcount(static_cast<uint32_t>(co->co_posonlyargcount));
  c.setKwonlyargcount(static_cast<uint32_t>(co->co_kwonlyargcount));
  c.setNlocals(static_cast<uint32_t>(co->co_nlocals));
  c.setStacksize(static_cast<uint32_t>(co->co_stacksize));
  c.setFlags(static_cast<uint32_t>(co->co_flags));
  c.setFirstlineno(static_cast<uint32_t>(co->co_firstlineno));
  c.setCode(dataOf(bytecode.get()));
  auto cl = c.initConsts(static_cast<unsigned>(consts.size()));
  for (unsigned i = 0; i < consts.size(); ++i) cl.set(i, consts[i]);
  auto names = strTuple(co->co_names);
  setTextList(c.initNames(static_cast<unsigned>(names.size())), names);
  auto vars = strTuple(varnames.get());
  setTextList(c.initVarnames(static_cast<unsigned>(vars.size())), vars);
  auto frees = strTuple(freevars.get());
  setTextList(c.initFreevars(static_cast<unsigned>(frees.size())), frees);
  auto cells = strTuple(cellvars.get());
  setTextList(c.initCellvars(static_cast<unsigned>(cells.size())), cells);
  c.setFilename(utf8(co->co_filename));
  c.setName(utf8(co->co_name));
  c.setQualname(utf8(co->co_qualname));
  c.setLinetable(dataOf(co->co_linetable));
  c.setExceptiontable(dataOf(co->co_exceptiontable));
  auto lp = strTuple(co->co_localsplusnames);
  setTextList(c.initLocalsplusnames(static_cast<unsigned>(lp.size())), lp);
  c.setLocalspluskinds(dataOf(co->co_localspluskinds));
  return memoize(o, eb_.intern());
}

void ObjectWalker::collectNames(PyObject* code, Names& out, int depth) {
  auto* co = reinterpret_cast<PyCodeObject*>(code);
  for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(co->co_names); ++i)
    out.push_back(PyTuple_GET_ITEM(co->co_names, i));
  for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(co->co_consts); ++i) {
    PyObject* c = PyTuple_GET_ITEM(co->co_consts, i);
    // Identifier-like string constants name attributes too: getattr(torch, "_subclasses").
    if (PyUnicode_Check(c) && PyUnicode_IsIdentifier(c) == 1) out.push_back(c);
    if (depth <= 8 && PyCode_Check(c)) collectNames(c, out, depth + 1);
  }
}

// IMPORT_NAME in `code` (and its nested code): the module named, and its top-level
// package, as sys.modules holds them. A lookup only: a module not yet imported is
// left out (importing it here would run its code in the recorded program).
void ObjectWalker::recordImports(PyObject* code, int depth) {
  auto* co = reinterpret_cast<PyCodeObject*>(code);
  PyRef bytes = PyRef::steal(PyCode_GetCode(co));
  if (!bytes || !PyBytes_Check(bytes.get())) {
    PyErr_Clear();
    return;
  }
  const auto* b = reinterpret_cast<const unsigned char*>(PyBytes_AS_STRING(bytes.get()));
  Py_ssize_t n = PyBytes_GET_SIZE(bytes.get());
  static const int kImportName = 108, kExtendedArg = 144;
  PyObject* modules = PyImport_GetModuleDict();
  unsigned ext = 0;
  for (Py_ssize_t i = 0; i + 1 < n; i += 2) {
    unsigned arg = ext | b[i + 1];
    ext = b[i] == kExtendedArg ? arg << 8 : 0;
    if (b[i] != kImportName || arg >= static_cast<unsigned>(PyTuple_GET_SIZE(co->co_names)))
      continue;
    std::string full = utf8(PyTuple_GET_ITEM(co->co_names, arg));
    for (const std::string& name : {full.substr(0, full.find('.')), full}) {
      PyObject* m = PyDict_GetItemString(modules, name.c_str());
      if (m == nullptr) continue;
      ObjRef ref = walkPart(m);  // again if seen before: adds the names this code reads
      if (importSeen_.insert(name).second) imports_.emplace_back(name, ref);
    }
  }
  if (depth > 8) return;
  for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(co->co_consts); ++i) {
    PyObject* c = PyTuple_GET_ITEM(co->co_consts, i);
    if (PyCode_Check(c)) recordImports(c, depth + 1);
  }
}

const ObjectWalker::Names& ObjectWalker::namesOf(PyObject* code) {
  auto it = namesCache_.find(code);
  if (it != namesCache_.end()) return it->second;
  Names names;
  if (PyCode_Check(code)) collectNames(code, names, 0);
  keepAlive_.push_back(PyRef::borrow(code));
  return namesCache_.emplace(code, std::move(names)).first->second;
}

void ObjectWalker::addDeferred(Deferred& d, const std::string& name, PyObject* value) {
  if (!d.seen.insert(name).second) {
    // A submodule recorded before, reached by other code: add the names this code reads
    // (torch.compiler.is_exporting after torch.compiler.is_compiling).
    if (d.isModule && PyModule_Check(value)) walk(value);
    return;
  }
  ObjRef ref = walk(value);
  d.entries.emplace_back(name, ref);
}

ObjectWalker::Deferred& ObjectWalker::globalsEntry(PyObject* globals) {
  auto it = globals_.find(globals);
  if (it != globals_.end()) return it->second;
  Deferred d;
  d.object = globals;
  auto memo = memo_.find(globals);
  if (memo != memo_.end()) {
    d.ref = memo->second;  // already recorded in full as a plain dict
  } else {
    auto n = newObject(globals);
    d.ref = n.ref;
    d.builder = n.builder;
    d.owned = true;
  }
  Deferred& entry = globals_.emplace(globals, std::move(d)).first->second;
  deferredOrder_.push_back(&entry);
  // The module the namespace belongs to: what import_source names its alias after.
  if (entry.owned) {
    PyObject* name = PyDict_GetItemWithError(globals, internedName("__name__"));
    if (name != nullptr && PyUnicode_Check(name)) addDeferred(entry, "__name__", name);
    PyErr_Clear();
  }
  return entry;
}

ObjRef ObjectWalker::walkGlobalsFor(PyObject* code, PyObject* globals, PyObject* builtins) {
  if (globals == nullptr || !PyDict_Check(globals)) return 0;
  Deferred& g = globalsEntry(globals);
  const Names& names = namesOf(code);
  const Names* saved = currentNames_;
  currentNames_ = &names;
  for (PyObject* name : names) {
    std::string key = utf8(name);
    if (g.seen.count(key)) {
      // A module global already recorded: add the attributes this code reads too.
      PyObject* seen = PyDict_GetItemWithError(globals, name);
      if (seen != nullptr && PyModule_Check(seen)) walk(seen);
      PyErr_Clear();
      continue;
    }
    PyObject* v = PyDict_GetItemWithError(globals, name);
    if (v != nullptr) {
      addDeferred(g, key, v);
      continue;
    }
    PyErr_Clear();
    if (builtins == nullptr || !PyDict_Check(builtins)) continue;
    v = PyDict_GetItemWithError(builtins, name);
    if (v == nullptr) {
      PyErr_Clear();
      continue;
    }
    if (builtins_.ref == 0) {
      builtins_.object = builtins;
      auto memo = memo_.find(builtins);
      if (memo != memo_.end()) {
        builtins_.ref = memo->second;
      } else {
        auto n = newObject(builtins);
        builtins_.ref = n.ref;
        builtins_.builder = n.builder;
        builtins_.owned = true;
      }
    }
    if (builtins_.object == builtins) addDeferred(builtins_, key, v);
  }
  if (PyCode_Check(code)) recordImports(code, 0);
  currentNames_ = saved;
  return g.ref;
}

void ObjectWalker::classify(PyObject* o, schema::CallableClass& cls, std::string& rule) {
  cls = schema::CallableClass::UNKNOWN;
  if (config_.classifier == nullptr) return;
  PyRef r = PyRef::steal(PyObject_CallOneArg(config_.classifier, o));
  if (!r || !PyTuple_Check(r.get()) || PyTuple_GET_SIZE(r.get()) != 2) {
    PyErr_Clear();
    return;
  }
  long v = PyLong_AsLong(PyTuple_GET_ITEM(r.get(), 0));
  if (v >= 0 && v <= static_cast<long>(schema::CallableClass::CONSTANT_FOLD))
    cls = static_cast<schema::CallableClass>(v);
  PyErr_Clear();
  rule = utf8(PyTuple_GET_ITEM(r.get(), 1));
}

void ObjectWalker::walkAttrs(PyObject* dict, std::vector<std::pair<std::string, ObjRef>>& out) {
  if (dict == nullptr || !PyDict_Check(dict)) return;
  if (PyDict_GET_SIZE(dict) > budget_.maxContainer) {
    out.emplace_back("<attrs>", opaque(dict, "budget: too many attributes", false));
    return;
  }
  PyRef items = PyRef::steal(PyDict_Items(dict));
  if (!items) {
    PyErr_Clear();
    return;
  }
  for (Py_ssize_t i = 0; i < PyList_GET_SIZE(items.get()); ++i) {
    PyObject* kv = PyList_GET_ITEM(items.get(), i);
    PyObject* key = PyTuple_GET_ITEM(kv, 0);
    if (!PyUnicode_Check(key)) continue;
    ObjRef v = walk(PyTuple_GET_ITEM(kv, 1));
    out.emplace_back(utf8(key), v);
  }
}

static void setAttrs(capnp::List<schema::Attr>::Builder list,
                     const std::vector<std::pair<std::string, ObjRef>>& attrs) {
  for (unsigned i = 0; i < attrs.size(); ++i) {
    list[i].setName(attrs[i].first);
    list[i].setValue(attrs[i].second);
  }
}

ObjRef ObjectWalker::walkFunction(PyObject* o) {
  auto* fn = reinterpret_cast<PyFunctionObject*>(o);
  auto obj = newObject(o);
  auto f = obj.builder.initFunction();
  ObjRef code = walk(fn->func_code);
  std::vector<ObjRef> closure;
  if (fn->func_closure && PyTuple_Check(fn->func_closure)) {
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(fn->func_closure); ++i)
      closure.push_back(walkCellOf(fn->func_code, PyTuple_GET_ITEM(fn->func_closure, i)));
  }
  // Defaults are part of the call: the depth budget leaves them 4 levels of room.
  int savedDepth = depth_;
  depth_ = std::min(depth_, std::max(0, budget_.maxDepth - 4));
  ObjRef defaults = fn->func_defaults ? walk(fn->func_defaults) : 0;
  ObjRef kwdefaults = fn->func_kwdefaults ? walk(fn->func_kwdefaults) : 0;
  // __annotations__ only once it is a dict: reading the attribute would create it (or
  // convert the compiler's tuple form), and the walk must not change the function.
  ObjRef annotations = fn->func_annotations && PyDict_CheckExact(fn->func_annotations)
                           ? walk(fn->func_annotations)
                           : 0;
  depth_ = savedDepth;
  // Library code deeper than maxLibraryDepth keeps the identity of its globals but not
  // their contents: walking them transitively reaches most of torch and sympy.
  bool library = fn->func_module != nullptr && PyUnicode_Check(fn->func_module) &&
                 trace::isLibraryModule(utf8(fn->func_module));
  ObjRef globals = 0;
  // With a read set, Dynamo's reads bound the walk instead: every global a walked function
  // names is recorded, as a stub unless Dynamo read it.
  if (library && !readSetOn_ && libraryDepth_ >= budget_.maxLibraryDepth) {
    if (fn->func_globals != nullptr && PyDict_Check(fn->func_globals))
      globals = globalsEntry(fn->func_globals).ref;
  } else {
    libraryDepth_ += library ? 1 : 0;
    globals = walkGlobalsFor(fn->func_code, fn->func_globals, fn->func_builtins);
    libraryDepth_ -= library ? 1 : 0;
  }
  std::vector<std::pair<std::string, ObjRef>> attrs;
  ObjRef wrapped = 0;
  if (fn->func_dict) {
    walkAttrs(fn->func_dict, attrs);
    if (PyObject* w = PyDict_GetItemString(fn->func_dict, "__wrapped__")) wrapped = walk(w);
  }
  schema::CallableClass cls;
  std::string rule;
  classify(o, cls, rule);
  f.setCode(code);
  f.setName(utf8(fn->func_name));
  f.setQualname(utf8(fn->func_qualname));
  f.setModule(utf8(fn->func_module));
  f.setDefaults(defaults);
  f.setKwdefaults(kwdefaults);
  auto cl = f.initClosure(static_cast<unsigned>(closure.size()));
  for (unsigned i = 0; i < closure.size(); ++i) cl.set(i, closure[i]);
  f.setGlobals(globals);
  setAttrs(f.initAttrs(static_cast<unsigned>(attrs.size())), attrs);
  f.setWrapped(wrapped);
  f.setAnnotations(annotations);
  f.setClassification(cls);
  f.setRule(rule);
  return obj.ref;
}

ObjRef ObjectWalker::walkCellOf(PyObject* code, PyObject* cell) {
  const Names* saved = currentNames_;
  currentNames_ = &namesOf(code);
  ObjRef ref = walkPart(cell);
  currentNames_ = saved;
  return ref;
}

ObjRef ObjectWalker::walkCell(PyObject* o) {
  auto obj = newObject(o);
  auto c = obj.builder.initCell();
  PyObject* contents = PyCell_GET(o);
  if (contents == nullptr) {
    c.setEmpty(true);
  } else {
    ObjRef v = walk(contents);
    c.setContents(v);
  }
  return obj.ref;
}

ObjRef ObjectWalker::walkModule(PyObject* o) {
  auto n = newObject(o);
  Deferred d;
  d.ref = n.ref;
  d.builder = n.builder;
  d.owned = true;
  d.object = o;
  Deferred& entry = modules_.emplace(o, std::move(d)).first->second;
  entry.isModule = true;
  moduleNamesDone_.insert({o, currentNames_});
  deferredOrder_.push_back(&entry);
  PyObject* dict = PyModule_GetDict(o);
  if (currentNames_ != nullptr && dict != nullptr) {
    for (PyObject* name : *currentNames_) {
      if (entry.entries.size() >= budget_.maxModuleAttrs) break;
      PyObject* v = PyDict_GetItemWithError(dict, name);
      if (v != nullptr) addDeferred(entry, utf8(name), v);
      PyErr_Clear();
    }
  }
  return entry.ref;
}

bool ObjectWalker::isUserClass(PyTypeObject* type) const {
  if (!(type->tp_flags & Py_TPFLAGS_HEAPTYPE)) return false;
  return !trace::isLibraryModule(dictString(type->tp_dict, "__module__"));
}

ObjRef ObjectWalker::walkClass(PyObject* o) {
  auto* type = reinterpret_cast<PyTypeObject*>(o);
  auto obj = newObject(o);
  auto c = obj.builder.initClass();
  bool heap = type->tp_flags & Py_TPFLAGS_HEAPTYPE;
  std::string name, qualname, module;
  if (heap) {
    auto* ht = reinterpret_cast<PyHeapTypeObject*>(type);
    name = utf8(ht->ht_name);
    qualname = utf8(ht->ht_qualname);
    module = dictString(type->tp_dict, "__module__");
  } else {
    std::string full = type->tp_name;
    size_t dot = full.rfind('.');
    name = qualname = dot == std::string::npos ? full : full.substr(dot + 1);
    module = dot == std::string::npos ? "builtins" : full.substr(0, dot);
  }
  std::vector<ObjRef> bases, mro;
  if (type->tp_bases && PyTuple_Check(type->tp_bases))
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(type->tp_bases); ++i)
      bases.push_back(walkPart(PyTuple_GET_ITEM(type->tp_bases, i)));
  if (type->tp_mro && PyTuple_Check(type->tp_mro))
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(type->tp_mro); ++i)
      mro.push_back(walkPart(PyTuple_GET_ITEM(type->tp_mro, i)));
  // A metaclass written in Python (ABCMeta, transformers' _BCCacheNameMeta): part of
  // the class's structure, since what it overrides (__call__, __setattr__,
  // __getattribute__ ...) decides how Dynamo treats the class.
  PyTypeObject* meta = Py_TYPE(o);
  ObjRef metaRef = 0;
  if (meta != &PyType_Type && (meta->tp_flags & Py_TPFLAGS_HEAPTYPE))
    metaRef = walkPart(reinterpret_cast<PyObject*>(meta));
  std::vector<std::pair<std::string, ObjRef>> attrs;
  if (heap && type->tp_dict) {
    bool user = isUserClass(type);
    // A metaclass's dict is small and every name in it is an override: all recorded.
    if (PyType_IsSubtype(type, &PyType_Type)) user = true;
    // torch.nn's module classes (not Module itself) are small and their methods are
    // what Dynamo inlines (__iter__, __getitem__, _conv_forward ...): record them whole.
    if (!user && module.rfind("torch.nn.modules.", 0) == 0 && module != "torch.nn.modules.module")
      user = true;
    PyRef items = PyRef::steal(PyDict_Items(type->tp_dict));
    if (!items) PyErr_Clear();
    std::unordered_set<std::string> wanted, protocol;
    if (!user) {
      // The names code reads, and the protocol methods opcodes reach without naming
      // them (`in` -> __contains__, `x[k]` -> __getitem__, `with` -> __enter__ ...),
      // which a user class may inherit from a library base (collections.abc.Mapping).
      static const char* const kProtocol[] = {
          "forward",   "__contains__", "__getitem__", "__setitem__", "__delitem__", "__iter__",
          "__next__",  "__len__",      "__bool__",    "__eq__",      "__ne__",      "__hash__",
          "__enter__", "__exit__",     "__call__",    "__init__",    "__new__",     "get",
          "keys",      "items",        "values",      "__reversed__"};
      for (const char* n : kProtocol) wanted.insert(n);
      protocol = wanted;
      // A namedtuple class's _fields, walked in full: is_namedtuple_class decides how
      // its instances are wrapped (torch.utils._pytree.NodeDef in SUPPORTED_NODES).
      wanted.insert("_fields");
      if (currentNames_)
        for (PyObject* n : *currentNames_) wanted.insert(utf8(n));
    }
    for (Py_ssize_t i = 0; items && i < PyList_GET_SIZE(items.get()); ++i) {
      PyObject* kv = PyList_GET_ITEM(items.get(), i);
      std::string key = utf8(PyTuple_GET_ITEM(kv, 0));
      if (key.empty() || isNoiseAttr(key)) continue;
      // A library class keeps the names code reads and its protocol methods, and with
      // a read set every entry Dynamo read (Module.add_module, inlined through self).
      PyObject* entry = PyTuple_GET_ITEM(kv, 1);
      if (!user && !wanted.count(key) && !(readSetOn_ && wasRead(entry))) continue;
      // A library base's protocol methods are walked even when Dynamo did not read them:
      // where Dynamo substitutes a polyfill (Mapping.get -> polyfills.mapping_get), the
      // core identifies the method it replaces.
      PyObject* value = PyTuple_GET_ITEM(kv, 1);
      attrs.emplace_back(key, protocol.count(key) ? walkPart(value) : walk(value));
    }
  }
  c.setName(name);
  c.setQualname(qualname);
  c.setModule(module);
  auto bl = c.initBases(static_cast<unsigned>(bases.size()));
  for (unsigned i = 0; i < bases.size(); ++i) bl.set(i, bases[i]);
  auto ml = c.initMro(static_cast<unsigned>(mro.size()));
  for (unsigned i = 0; i < mro.size(); ++i) ml.set(i, mro[i]);
  setAttrs(c.initAttrs(static_cast<unsigned>(attrs.size())), attrs);
  c.setBuiltin(!heap);
  c.setMetaclass(typeQualifiedName(Py_TYPE(o)));
  c.setMetaclassRef(metaRef);
  c.setAbcRegistryEmpty(metaRef != 0 && abcRegistryEmpty(o));
  return obj.ref;
}

// Whether `cls` is an abc.ABCMeta class whose registry (ABC.register) is empty, and the
// registries of the classes derived from it too (ABCMeta.__subclasscheck__ consults
// both), read with abc._get_dump and type.__subclasses__ only. Any error, or more than
// 4,096 classes to visit, answers false (not known).
bool ObjectWalker::abcRegistryEmpty(PyObject* cls) {
  PyRef abc = PyRef::steal(PyImport_ImportModule("abc"));
  if (!abc) {
    PyErr_Clear();
    return false;
  }
  PyRef meta = PyRef::steal(PyObject_GetAttrString(abc.get(), "ABCMeta"));
  PyRef dump = PyRef::steal(PyObject_GetAttrString(abc.get(), "_get_dump"));
  if (!meta || !dump || !PyType_Check(meta.get())) {
    PyErr_Clear();
    return false;
  }
  if (!PyType_IsSubtype(Py_TYPE(cls), reinterpret_cast<PyTypeObject*>(meta.get()))) return false;
  std::vector<PyRef> pending;
  pending.push_back(PyRef::borrow(cls));
  std::unordered_set<PyObject*> seen;
  while (!pending.empty()) {
    PyRef k = std::move(pending.back());
    pending.pop_back();
    if (!seen.insert(k.get()).second) continue;
    if (seen.size() > 4096) return false;
    if (PyType_IsSubtype(Py_TYPE(k.get()), reinterpret_cast<PyTypeObject*>(meta.get()))) {
      PyRef d = PyRef::steal(PyObject_CallOneArg(dump.get(), k.get()));
      if (!d || !PyTuple_Check(d.get()) || PyTuple_GET_SIZE(d.get()) < 1) {
        PyErr_Clear();
        return false;
      }
      Py_ssize_t n = PyObject_Size(PyTuple_GET_ITEM(d.get(), 0));
      if (n != 0) {
        PyErr_Clear();
        return false;
      }
    }
    PyRef subs = PyRef::steal(PyObject_CallMethod(k.get(), "__subclasses__", nullptr));
    if (!subs || !PyList_Check(subs.get())) {
      PyErr_Clear();
      return false;
    }
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(subs.get()); ++i)
      pending.push_back(PyRef::borrow(PyList_GET_ITEM(subs.get(), i)));
  }
  return true;
}

ObjRef ObjectWalker::walkInstance(PyObject* o) {
  PyTypeObject* type = Py_TYPE(o);
  auto obj = newObject(o);
  auto inst = obj.builder.initInstance();
  ObjRef cls = walkPart(reinterpret_cast<PyObject*>(type));
  schema::InstanceKind kind = schema::InstanceKind::PLAIN;
  std::vector<std::pair<std::string, ObjRef>> attrs, slots;
  bool isModule = config_.moduleType &&
                  PyType_IsSubtype(type, reinterpret_cast<PyTypeObject*>(config_.moduleType));
  if (isModule) {
    kind = schema::InstanceKind::NN_MODULE;
  } else if (PyTuple_Check(o)) {
    kind = schema::InstanceKind::NAMEDTUPLE;
  } else if (PyExceptionInstance_Check(o)) {
    kind = schema::InstanceKind::EXCEPTION;
  } else if (_PyType_Lookup(type, internedName("__dataclass_fields__")) != nullptr) {
    kind = schema::InstanceKind::DATACLASS;
  }
  PyErr_Clear();
  if (kind == schema::InstanceKind::NAMEDTUPLE) {
    PyObject* fields = _PyType_Lookup(type, internedName("_fields"));
    if (fields && PyTuple_Check(fields)) {
      for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(fields) && i < PyTuple_GET_SIZE(o); ++i)
        attrs.emplace_back(utf8(PyTuple_GET_ITEM(fields, i)), walk(PyTuple_GET_ITEM(o, i)));
    }
  }
  PyObject* dict = nullptr;
  if (type->tp_dictoffset != 0) {
    // Reads the instance dict directly; never calls __getattr__ or a __dict__ property.
    PyRef d = PyRef::steal(PyObject_GenericGetDict(o, nullptr));
    PyErr_Clear();
    dict = d.get();
    if (d) keepAlive_.push_back(std::move(d));
  }
  if (isModule && dict && PyDict_Check(dict)) {
    // Registered buffers first, so their tensors are marked isBuffer.
    PyObject* buffers = PyDict_GetItemString(dict, "_buffers");
    if (buffers && PyDict_Check(buffers)) {
      PyObject *k, *v;
      Py_ssize_t pos = 0;
      while (PyDict_Next(buffers, &pos, &k, &v)) {
        nextTensorIsBuffer_ = true;
        walk(v);
        nextTensorIsBuffer_ = false;
      }
    }
  }
  if (dict && PyDict_Check(dict)) walkAttrs(dict, attrs);
  if (type->tp_flags & Py_TPFLAGS_HEAPTYPE && type->tp_mro) {
    // __slots__ members: member descriptors read the slot in C.
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(type->tp_mro); ++i) {
      auto* base = reinterpret_cast<PyTypeObject*>(PyTuple_GET_ITEM(type->tp_mro, i));
      if (!(base->tp_flags & Py_TPFLAGS_HEAPTYPE) || base->tp_dict == nullptr) continue;
      PyObject *k, *v;
      Py_ssize_t pos = 0;
      while (PyDict_Next(base->tp_dict, &pos, &k, &v)) {
        if (Py_TYPE(v) != &PyMemberDescr_Type) continue;
        PyRef value =
            PyRef::steal(Py_TYPE(v)->tp_descr_get(v, o, reinterpret_cast<PyObject*>(type)));
        if (!value) {
          PyErr_Clear();
          continue;
        }
        slots.emplace_back(utf8(k), walk(value.get()));
        keepAlive_.push_back(std::move(value));
      }
    }
  }
  inst.setClass(cls);
  inst.setKind(kind);
  setAttrs(inst.initAttrs(static_cast<unsigned>(attrs.size())), attrs);
  setAttrs(inst.initSlots(static_cast<unsigned>(slots.size())), slots);
  inst.setNoDict(type->tp_dictoffset == 0);
  return obj.ref;
}

ObjRef ObjectWalker::walkNamedCallable(PyObject* o) {
  std::string module, qualname;
  PyRef m = PyRef::steal(PyObject_GetAttrString(o, "__module__"));
  if (m) module = utf8(m.get());
  PyErr_Clear();
  PyRef q = PyRef::steal(PyObject_GetAttrString(o, "__qualname__"));
  if (q) qualname = utf8(q.get());
  PyErr_Clear();
  if (qualname.empty()) {  // a ufunc has only __name__
    PyRef n = PyRef::steal(PyObject_GetAttrString(o, "__name__"));
    if (n && PyUnicode_Check(n.get())) qualname = utf8(n.get());
    PyErr_Clear();
  }
  if (module.empty() && PyCFunction_Check(o)) {
    PyObject* self = PyCFunction_GET_SELF(o);
    if (self && PyModule_Check(self))
      module = PyModule_GetName(self) ? PyModule_GetName(self) : "";
    else if (self)
      module = typeQualifiedName(Py_TYPE(self));
    PyErr_Clear();
  }
  // The object a C method is bound to, unless a module (a C function of the module) or a
  // type (a C classmethod): Dynamo's BoundBuiltinMethodVariable wraps it through
  // AttrSource(method, "__self__") and calls the method on it (keyword.iskeyword is
  // frozenset.__contains__ of a frozenset). Walked before the scratch object is built.
  ObjRef boundSelf = 0;
  if (PyCFunction_Check(o)) {
    PyObject* self = PyCFunction_GET_SELF(o);
    if (self && !PyModule_Check(self) && !PyType_Check(self)) boundSelf = walk(self);
  }
  schema::CallableClass cls;
  std::string rule;
  classify(o, cls, rule);
  auto c = eb_.scratch().initCallable();
  c.setSelf(boundSelf);
  c.setModule(module);
  c.setQualname(qualname);
  c.setClassification(cls);
  c.setReason(rule);
  return memoize(o, eb_.intern());
}

ObjRef ObjectWalker::walkEnum(PyObject* o) {
  auto obj = newObject(o);
  auto e = obj.builder.initEnum();
  ObjRef cls = walkPart(reinterpret_cast<PyObject*>(Py_TYPE(o)));
  PyRef dictRef = PyRef::steal(PyObject_GenericGetDict(o, nullptr));
  PyErr_Clear();
  PyObject* dict = dictRef.get();
  std::string name = dictString(dict, "_name_");
  PyObject* value = dict && PyDict_Check(dict) ? PyDict_GetItemString(dict, "_value_") : nullptr;
  ObjRef v = value ? walk(value) : eb_.none();
  e.setClass(cls);
  e.setName(name);
  e.setValue(v);
  return obj.ref;
}

ObjRef ObjectWalker::walkDescriptor(PyObject* o, const char* const* fields) {
  auto obj = newObject(o);
  auto inst = obj.builder.initInstance();
  ObjRef cls = walkPart(reinterpret_cast<PyObject*>(Py_TYPE(o)));
  std::vector<std::pair<std::string, ObjRef>> attrs;
  for (const char* const* f = fields; *f; ++f) {
    PyRef v = PyRef::steal(PyObject_GetAttrString(o, *f));  // C getters of builtin types
    if (!v) {
      PyErr_Clear();
      continue;
    }
    attrs.emplace_back(*f, walkPart(v.get()));
    keepAlive_.push_back(std::move(v));
  }
  inst.setClass(cls);
  setAttrs(inst.initAttrs(static_cast<unsigned>(attrs.size())), attrs);
  return obj.ref;
}

void ObjectWalker::finish() {
  if (finished_) return;
  finished_ = true;
  auto fillDict = [](Deferred& d, trace::EventBuilder& eb) {
    if (!d.owned) return;
    auto list = d.builder.initDict(static_cast<unsigned>(d.entries.size()));
    for (unsigned i = 0; i < d.entries.size(); ++i) {
      list[i].setKey(eb.str(d.entries[i].first));
      list[i].setValue(d.entries[i].second);
    }
  };
  // In first-seen order: the keys interned here get ids, which must not depend on
  // object addresses.
  for (Deferred* d : deferredOrder_) {
    if (!d->isModule) {
      fillDict(*d, eb_);
      continue;
    }
    auto m = d->builder.initModule();
    PyObject* dict = PyModule_GetDict(d->object);
    m.setName(dictString(dict, "__name__"));
    m.setFile(dictString(dict, "__file__"));
    setAttrs(m.initAttrs(static_cast<unsigned>(d->entries.size())), d->entries);
    m.setComplete(false);
  }
  fillDict(builtins_, eb_);
  memo_.clear();
  namesCache_.clear();
  keepAlive_.clear();
}

}  // namespace dynrr::recorder
