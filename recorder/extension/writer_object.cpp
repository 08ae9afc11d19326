// writer_object.cpp — see writer_object.h.
#include <Python.h>

#include "recorder/extension/writer_object.h"

#include <kj/exception.h>

#include <chrono>
#include <memory>
#include <optional>
#include <stdexcept>

#include "core/trace/trace_writer.h"
#include "recorder/extension/decisions_builder.h"
#include "recorder/extension/object_walker.h"

namespace dynrr::recorder {
namespace {

struct WriterState {
  std::unique_ptr<trace::TraceWriter> writer;
  WalkerSession session;
  WalkerConfig config;
  WalkBudget budget;
  std::vector<PyRef> configRefs;        // keeps the config objects alive
  trace::EventBuilder* open = nullptr;  // the open event, owned by `writer`
  std::string truncated;                // non-empty: the open event hit the walk budget (why)
};

// The marker of an event whose walk hit the object budget: the event is kept, marked
// incomplete with a reason starting "trace truncated", and the objects past the budget
// are Opaque "budget: objects" values.
void noteTruncation(WriterState& s, const ObjectWalker& w, const char* phase) {
  if (!w.budgetExceeded() || !s.truncated.empty()) return;
  s.truncated = std::string("trace truncated: the ") + phase +
                " reached the recorder's budget of " + std::to_string(s.budget.maxObjects) +
                " objects per event";
}

struct WriterObject {
  PyObject_HEAD WriterState* state;
};

uint64_t nowNs() {
  return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                   std::chrono::steady_clock::now().time_since_epoch())
                                   .count());
}

void writerDealloc(PyObject* self) {
  auto* w = reinterpret_cast<WriterObject*>(self);
  delete w->state;
  PyTypeObject* type = Py_TYPE(self);
  type->tp_free(self);
  Py_DECREF(type);  // heap type instances own a reference to their type
}

PyObject* writerNew(PyTypeObject* type, PyObject*, PyObject*) {
  PyObject* self = type->tp_alloc(type, 0);
  if (self) reinterpret_cast<WriterObject*>(self)->state = nullptr;
  return self;
}

PyObject* configItem(WriterState& s, PyObject* config, const char* key) {
  PyObject* v = config ? PyDict_GetItemString(config, key) : nullptr;
  if (v == nullptr || v == Py_None) return nullptr;
  s.configRefs.push_back(PyRef::borrow(v));
  return v;
}

int writerInitImpl(PyObject* self, PyObject* args);

int writerInit(PyObject* self, PyObject* args, PyObject*) {
  try {
    return writerInitImpl(self, args);
  } catch (const kj::Exception& e) {
    PyErr_Format(PyExc_RuntimeError, "dynrr writer: %s", e.getDescription().cStr());
  } catch (const std::exception& e) {
    PyErr_Format(PyExc_RuntimeError, "dynrr writer: %s", e.what());
  }
  return -1;
}

int writerInitImpl(PyObject* self, PyObject* args) {
  PyObject *path = nullptr, *header = nullptr, *config = nullptr;
  if (!PyArg_ParseTuple(args, "OO!O!", &path, &PyDict_Type, &header, &PyDict_Type, &config))
    return -1;
  auto state = std::make_unique<WriterState>();
  WalkerConfig& c = state->config;
  c.tensorType = configItem(*state, config, "tensor");
  c.parameterType = configItem(*state, config, "parameter");
  c.moduleType = configItem(*state, config, "module");
  c.dtypeType = configItem(*state, config, "dtype");
  c.deviceType = configItem(*state, config, "device");
  c.sizeType = configItem(*state, config, "size");
  c.enumType = configItem(*state, config, "enum");
  c.classifier = configItem(*state, config, "classifier");
  c.tensorBytes = configItem(*state, config, "tensor_bytes");
  c.tensorValues = PyDict_GetItemString(config, "tensor_values") == Py_True;
  if (PyObject* m = PyDict_GetItemString(config, "max_objects"); m && PyLong_Check(m)) {
    size_t n = PyLong_AsSize_t(m);
    if (n == 0 || (n == static_cast<size_t>(-1) && PyErr_Occurred())) {
      PyErr_Clear();
      PyErr_SetString(PyExc_ValueError, "Writer config: max_objects must be a positive int");
      return -1;
    }
    state->budget.maxObjects = n;
  }
  PyErr_Clear();
  for (PyObject* t : {c.tensorType, c.parameterType, c.moduleType, c.dtypeType, c.deviceType,
                      c.sizeType, c.enumType}) {
    if (t != nullptr && !PyType_Check(t)) {
      PyErr_SetString(PyExc_TypeError, "Writer config: type entries must be classes");
      return -1;
    }
  }
  auto fill = [header](schema::TraceHeader::Builder h) { fillHeader(header, h); };
  Expected<std::unique_ptr<trace::TraceWriter>> writer =
      path == Py_None ? trace::TraceWriter::createInMemory(fill) : [&] {
        std::string p = utf8(path);
        return trace::TraceWriter::createFile(p, fill);
      }();
  if (!writer) {
    PyErr_SetString(PyExc_OSError, writer.error().message().c_str());
    return -1;
  }
  state->writer = std::move(writer.value());
  auto* w = reinterpret_cast<WriterObject*>(self);
  delete w->state;
  w->state = state.release();
  return 0;
}

WriterState* stateOf(PyObject* self, bool needOpen) {
  auto* s = reinterpret_cast<WriterObject*>(self)->state;
  if (s == nullptr || !s->writer) {
    PyErr_SetString(PyExc_ValueError, "Writer is closed");
    return nullptr;
  }
  if (needOpen && !s->writer->eventOpen()) {
    PyErr_SetString(PyExc_ValueError, "no event is open");
    return nullptr;
  }
  return s;
}

PyObject* beginEvent(PyObject* self, PyObject*) {
  WriterState* s = stateOf(self, false);
  if (!s) return nullptr;
  if (s->writer->eventOpen()) {
    PyErr_SetString(PyExc_ValueError, "an event is already open");
    return nullptr;
  }
  s->open = &s->writer->beginEvent();
  s->truncated.clear();
  Py_RETURN_NONE;
}

// (name, value) pairs -> NamedValue list; `parts`: the values are part of the frame's
// structure (its closure cells), walked even when Dynamo did not read them; `code`: the
// frame's code, whose names select the attributes of a module a cell holds.
void walkNamed(PyObject* pairs, ObjectWalker& w, std::vector<std::pair<std::string, ObjRef>>& tmp,
               bool parts = false, PyObject* code = nullptr) {
  PyRef fast = PyRef::steal(PySequence_Fast(pairs, "expected a sequence of pairs"));
  if (!fast) {
    PyErr_Clear();
    return;
  }
  for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(fast.get()); ++i) {
    PyObject* p = PySequence_Fast_GET_ITEM(fast.get(), i);
    if (!PyTuple_Check(p) || PyTuple_GET_SIZE(p) != 2) continue;
    PyObject* v = PyTuple_GET_ITEM(p, 1);
    ObjRef ref = code != nullptr ? w.walkCellOf(code, v) : parts ? w.walkPart(v) : w.walk(v);
    tmp.emplace_back(utf8(PyTuple_GET_ITEM(p, 0)), ref);
  }
}

PyObject* recordFrame(PyObject* self, PyObject* args) {
  PyObject *code, *locals, *cells, *globals, *builtins, *function, *globalState;
  PyObject* readSet = Py_None;
  if (!PyArg_ParseTuple(args, "OOOOOOO|O", &code, &locals, &cells, &globals, &builtins, &function,
                        &globalState, &readSet))
    return nullptr;
  WriterState* s = stateOf(self, true);
  if (!s) return nullptr;
  trace::EventBuilder& eb = *s->open;
  ObjectWalker walker(eb, s->session, s->config, s->budget);
  if (readSet != Py_None) {
    // The objects Dynamo read (borrowed: the caller keeps them alive during this call).
    PyRef items = PyRef::steal(PySequence_Fast(readSet, "read set must be a sequence"));
    if (!items) return nullptr;
    std::unordered_set<PyObject*> set;
    set.reserve(static_cast<size_t>(PySequence_Fast_GET_SIZE(items.get())));
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(items.get()); ++i)
      set.insert(PySequence_Fast_GET_ITEM(items.get(), i));
    walker.setReadSet(std::move(set));
  }
  auto frame = eb.event().initFrame();
  ObjRef codeRef = walker.walk(code);
  std::vector<std::pair<std::string, ObjRef>> localRefs, cellRefs;
  walkNamed(locals, walker, localRefs);
  walkNamed(cells, walker, cellRefs, /*parts=*/true, code);
  ObjRef fnRef = function != Py_None ? walker.walk(function) : 0;
  ObjRef globalsRef = PyCode_Check(code) ? walker.walkGlobalsFor(code, globals, builtins) : 0;
  ObjRef builtinsRef = walker.builtinsRef();
  std::vector<std::pair<std::string, ObjRef>> importRefs = walker.imports();
  bool budgetHit = walker.budgetExceeded();
  size_t objects = walker.objectCount();
  size_t stubs = walker.stubCount();
  noteTruncation(*s, walker, "frame's inputs");
  walker.finish();
  frame.setCode(codeRef);
  auto ll = frame.initLocals(static_cast<unsigned>(localRefs.size()));
  for (unsigned i = 0; i < localRefs.size(); ++i) {
    ll[i].setName(localRefs[i].first);
    ll[i].setValue(localRefs[i].second);
  }
  auto cl = frame.initCells(static_cast<unsigned>(cellRefs.size()));
  for (unsigned i = 0; i < cellRefs.size(); ++i) {
    cl[i].setName(cellRefs[i].first);
    cl[i].setValue(cellRefs[i].second);
  }
  frame.setGlobals(globalsRef);
  frame.setBuiltins(builtinsRef);
  frame.setFunction(fnRef);
  auto il = frame.initImports(static_cast<unsigned>(importRefs.size()));
  for (unsigned i = 0; i < importRefs.size(); ++i) {
    il[i].setName(importRefs[i].first);
    il[i].setValue(importRefs[i].second);
  }
  fillGlobalState(globalState, frame.initGlobalState());
  if (PyErr_Occurred()) PyErr_Clear();
  return Py_BuildValue("(nOn)", static_cast<Py_ssize_t>(objects), budgetHit ? Py_True : Py_False,
                       static_cast<Py_ssize_t>(stubs));
}

PyObject* finishEvent(PyObject* self, PyObject* args) {
  PyObject *meta, *decisions, *generated;
  if (!PyArg_ParseTuple(args, "O!O!O", &PyDict_Type, &meta, &PyDict_Type, &decisions, &generated))
    return nullptr;
  WriterState* s = stateOf(self, true);
  if (!s) return nullptr;
  uint64_t start = nowNs();
  trace::EventBuilder& eb = *s->open;
  auto ev = eb.event();
  fillEventMeta(meta, ev);
  int bad = fillDecisions(decisions, ev.initReference());
  if (generated != Py_None) {
    ObjectWalker walker(eb, s->session, s->config, s->budget);
    ObjRef g = walker.walk(generated);
    noteTruncation(*s, walker, "generated code");
    walker.finish();
    ev.getReference().setGeneratedCode(g);
  }
  if (!s->truncated.empty()) {
    ev.setStatus(schema::EventStatus::INCOMPLETE);
    ev.setStatusReason(s->truncated);
  }
  // recorderNs: the Python side's own time (meta) plus the time spent here.
  ev.setRecorderNs(ev.getRecorderNs() + (nowNs() - start));
  if (PyErr_Occurred()) PyErr_Clear();
  s->open = nullptr;
  Status st = s->writer->finishEvent();
  s->session.identities.sweep();
  s->session.storageIds.clear();
  if (!st) {
    PyErr_SetString(PyExc_OSError, st.error().message().c_str());
    return nullptr;
  }
  // The truncation reason ("" if none) lets the package tell the user at record time.
  PyObject* reason = PyUnicode_DecodeUTF8(s->truncated.data(),
                                          static_cast<Py_ssize_t>(s->truncated.size()), "replace");
  if (reason == nullptr) return nullptr;
  return Py_BuildValue("(KiN)", static_cast<unsigned long long>(s->writer->bytesWritten()), bad,
                       reason);
}

PyObject* abandonEvent(PyObject* self, PyObject*) {
  WriterState* s = stateOf(self, false);
  if (!s) return nullptr;
  if (s->writer->eventOpen()) s->writer->abandonEvent();
  s->open = nullptr;
  s->session.storageIds.clear();
  Py_RETURN_NONE;
}

PyObject* closeWriter(PyObject* self, PyObject*) {
  auto* w = reinterpret_cast<WriterObject*>(self);
  if (w->state && w->state->writer) {
    if (w->state->writer->eventOpen()) w->state->writer->abandonEvent();
    w->state->open = nullptr;
    if (w->state->writer->bytes().empty()) w->state->writer.reset();  // file: closes the fd
  }
  Py_RETURN_NONE;
}

PyObject* getValue(PyObject* self, PyObject*) {
  auto* w = reinterpret_cast<WriterObject*>(self);
  if (!w->state || !w->state->writer) {
    PyErr_SetString(PyExc_ValueError, "Writer is closed");
    return nullptr;
  }
  const std::string& b = w->state->writer->bytes();
  return PyBytes_FromStringAndSize(b.data(), static_cast<Py_ssize_t>(b.size()));
}

PyObject* stats(PyObject* self, PyObject*) {
  auto* w = reinterpret_cast<WriterObject*>(self);
  if (!w->state || !w->state->writer) return Py_BuildValue("{}");
  auto& tw = *w->state->writer;
  return Py_BuildValue("{sIsIsKsnsn}", "events", tw.eventCount(), "objects", tw.objectCount(),
                       "bytes", static_cast<unsigned long long>(tw.bytesWritten()), "identities",
                       static_cast<Py_ssize_t>(w->state->session.identities.size()), "max_objects",
                       static_cast<Py_ssize_t>(w->state->budget.maxObjects));
}

// Cap'n Proto and the standard library report failures by exception; none may cross into
// CPython. They become RuntimeError, which the dynrr package turns into an incomplete event.
template <PyObject* (*F)(PyObject*, PyObject*)>
PyObject* guarded(PyObject* self, PyObject* args) {
  try {
    return F(self, args);
  } catch (const kj::Exception& e) {
    PyErr_Format(PyExc_RuntimeError, "dynrr writer: %s", e.getDescription().cStr());
  } catch (const std::exception& e) {
    PyErr_Format(PyExc_RuntimeError, "dynrr writer: %s", e.what());
  }
  return nullptr;
}

PyMethodDef kMethods[] = {
    {"begin_event", guarded<beginEvent>, METH_NOARGS, "Start the next compile event."},
    {"record_frame", guarded<recordFrame>, METH_VARARGS,
     "record_frame(code, locals, cells, f_globals, f_builtins, function, global_state"
     "[, read_set]) -> "
     "(objects, budget_exceeded, stubs)"},
    {"finish_event", guarded<finishEvent>, METH_VARARGS,
     "finish_event(meta, decisions, generated_code) -> (bytes_written, malformed_items, "
     "truncated_reason)"},
    {"abandon_event", guarded<abandonEvent>, METH_NOARGS, "Drop the open event."},
    {"close", guarded<closeWriter>, METH_NOARGS, "Close the trace file."},
    {"getvalue", guarded<getValue>, METH_NOARGS, "The bytes of an in-memory trace."},
    {"stats", guarded<stats>, METH_NOARGS,
     "Counters: events, objects, bytes, identities; max_objects (the per-event budget)."},
    {nullptr, nullptr, 0, nullptr}};

PyType_Slot kSlots[] = {
    {Py_tp_doc, const_cast<char*>("Writes a .dynrr trace; walks Python objects into its heap.")},
    {Py_tp_new, reinterpret_cast<void*>(writerNew)},
    {Py_tp_init, reinterpret_cast<void*>(writerInit)},
    {Py_tp_dealloc, reinterpret_cast<void*>(writerDealloc)},
    {Py_tp_methods, kMethods},
    {0, nullptr}};

PyType_Spec kSpec = {"_dynrr.Writer", sizeof(WriterObject), 0, Py_TPFLAGS_DEFAULT, kSlots};

}  // namespace

int addWriterType(PyObject* module) {
  PyObject* type = PyType_FromSpec(&kSpec);
  if (type == nullptr) return -1;
  if (PyModule_AddObject(module, "Writer", type) < 0) {
    Py_DECREF(type);
    return -1;
  }
  return 0;
}

}  // namespace dynrr::recorder
