// object_walker.h — walks live Python objects into the trace heap of one event.
//
// Mirrors what Dynamo's VariableBuilder looks at when it wraps a frame's inputs
// (torch/_dynamo/variables/builder.py), but only records: it never calls user-defined
// __getattr__/__eq__/__hash__/__repr__, reads instance state through __dict__ with the C
// API, and turns anything it cannot walk safely (generators, weakrefs, numpy arrays,
// C-extension objects, budget overruns, raising tensor subclasses) into an Opaque with
// a reason. Identity is kept: one heap entry per object per event, cycles refer back.
// Globals and module attributes are recorded only when reached by the names the code
// objects use (co_names, transitively through functions, classes and modules).
#pragma once

#include <Python.h>

#include <cstdint>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/trace/trace_writer.h"
#include "recorder/extension/identity_map.h"
#include "recorder/extension/py_ref.h"

namespace dynrr::recorder {

using trace::ObjRef;

// Python objects the walker needs, handed over once by _dynrr.configure(). All borrowed
// from the configuration, which the module keeps alive.
struct WalkerConfig {
  PyObject* tensorType = nullptr;     // torch.Tensor
  PyObject* parameterType = nullptr;  // torch.nn.Parameter
  PyObject* moduleType = nullptr;     // torch.nn.Module
  PyObject* dtypeType = nullptr;      // torch.dtype
  PyObject* deviceType = nullptr;     // torch.device
  PyObject* sizeType = nullptr;       // torch.Size
  PyObject* enumType = nullptr;       // enum.Enum
  PyObject* classifier = nullptr;     // f(obj) -> (CallableClass int, rule str)
  PyObject* tensorBytes = nullptr;    // f(tensor) -> bytes of its values (opt-in)
  bool tensorValues = false;          // record values of tensors with <= 64 elements
};

// Limits that keep one event's walk small; exceeding one gives an Opaque "budget".
// maxObjects counts the objects the whole event adds to the trace (frame and generated
// code together); hitting it marks the event truncated (see budgetExceeded()).
// maxLibraryDepth: library functions (torch, the standard library ...) reached through
// the globals of library functions this many levels deep are recorded without their
// own globals; Dynamo reads a library's globals only along the paths it inlines.
struct WalkBudget {
  int maxDepth = 48;
  size_t maxObjects = 6000;
  int maxLibraryDepth = 1;
  Py_ssize_t maxContainer = 2000;  // items in one list/dict/set/tuple
  Py_ssize_t maxString = 1 << 16;  // characters in one str / bytes
  size_t maxModuleAttrs = 256;
};

// State that outlives one event: identity tokens and storage ids.
struct WalkerSession {
  IdentityMap identities;
  // Storage impl address -> id, for the open event only (an address can be reused by a
  // new storage once the old one dies, so ids are not carried across events); ids come
  // from one counter, in first-seen order, so they never repeat within a trace.
  std::unordered_map<uintptr_t, uint64_t> storageIds;
  uint64_t nextStorageId = 1;
};

// Walks objects for one event. Non-copyable; create one per event phase, call finish()
// before the EventBuilder is finished. Holds strong references to every object it
// walked until finish(), so addresses stay unique while the memo is alive.
class ObjectWalker {
 public:
  ObjectWalker(trace::EventBuilder& eb, WalkerSession& session, const WalkerConfig& config,
               WalkBudget budget = {});
  ObjectWalker(const ObjectWalker&) = delete;
  ObjectWalker& operator=(const ObjectWalker&) = delete;
  ~ObjectWalker();

  // The heap ref of `o`. Never raises: every failure becomes an Opaque.
  ObjRef walk(PyObject* o);

  // Records the globals a code object reads from `globals` (its co_names, transitively
  // through nested code) and the builtins it reads from `builtins`; returns the ref of
  // the globals dict entry (identity = the globals dict).
  ObjRef walkGlobalsFor(PyObject* code, PyObject* globals, PyObject* builtins);
  // The ref of the builtins dict entry (0 if none was reached yet).
  ObjRef builtinsRef() const { return builtins_.ref; }
  // The modules named by IMPORT_NAME in the code walked so far (FrameInput.imports).
  const std::vector<std::pair<std::string, ObjRef>>& imports() const { return imports_; }

  // Fills deferred dicts and modules, drops the memo. Call once.
  void finish();

  // Read-set capture (the default): only objects Dynamo read while compiling the frame
  // (every value VariableBuilder or SourcelessBuilder wrapped, every function it inlined,
  // collected by the Python hooks in dynrr/_recorder.py) are walked in full. Others are
  // recorded as an Opaque "not read by Dynamo" stub that keeps the object's identity and
  // type; the objects their structure needs (an instance's class, a class's MRO, a
  // function's code, cells and globals' entries) are walked even when not read. Content
  // (None, numbers, str, bytes) and containers (list, tuple, dict, set) are always walked:
  // their items go through the same rule. Without a read set every object is walked.
  void setReadSet(std::unordered_set<PyObject*> readSet);
  // walk(o) for a part of an object's structure: walked even when Dynamo did not read it
  // (a stub written for it earlier is filled in place, keeping its ref).
  ObjRef walkPart(PyObject* o);
  // walkPart(o) for a closure cell of a frame or function running `code`: a module the
  // cell holds is recorded with the attributes `code` names (co_names, through nested
  // code), as a module global is (`eager_transforms.grad_impl` read through LOAD_DEREF).
  ObjRef walkCellOf(PyObject* code, PyObject* cell);
  // Objects written as "not read by Dynamo" stubs so far.
  size_t stubCount() const { return stubs_.size(); }

  size_t objectCount() const { return memo_.size(); }
  bool budgetExceeded() const { return budgetHit_; }

 private:
  friend class TorchWalk;
  struct Deferred {
    ObjRef ref = 0;
    schema::Object::Builder builder{nullptr};
    bool owned = false;     // false: already recorded elsewhere; entries are not written
    bool isModule = false;  // a Module entry (attrs), else a dict (globals, builtins)
    std::vector<std::pair<std::string, ObjRef>> entries;
    std::unordered_set<std::string> seen;
    PyObject* object = nullptr;  // borrowed (kept alive by keepAlive_)
  };
  using Names = std::vector<PyObject*>;  // interned str objects, borrowed from code objects

  ObjRef walkInner(PyObject* o);
  bool alwaysWalked(PyObject* o) const;
  bool wasRead(PyObject* o) const;
  ObjRef stub(PyObject* o);
  ObjRef opaque(PyObject* o, const std::string& reason, bool withRepr = true);
  ObjRef memoize(PyObject* o, ObjRef ref);
  trace::EventBuilder::NewObject newObject(PyObject* o);

  ObjRef walkContent(PyObject* o, bool& handled);  // immutable, interned values
  ObjRef walkTuple(PyObject* o);
  ObjRef walkList(PyObject* o);
  ObjRef walkDict(PyObject* o);
  ObjRef walkNamespaceDict(PyObject* o);
  ObjRef walkSet(PyObject* o);
  ObjRef userContainerClass(PyObject* o);
  ObjRef walkCode(PyObject* o);
  ObjRef walkFunction(PyObject* o);
  ObjRef walkCell(PyObject* o);
  ObjRef walkModule(PyObject* o);
  ObjRef walkClass(PyObject* o);
  ObjRef walkInstance(PyObject* o);
  ObjRef walkNamedCallable(PyObject* o);
  ObjRef walkEnum(PyObject* o);
  ObjRef walkDescriptor(PyObject* o, const char* const* fields);
  // torch values: object_walker_torch.cpp
  ObjRef walkTensor(PyObject* o);
  // An exact numpy.ndarray: its __array_interface__ (C code) as tensor metadata, or opaque.
  ObjRef walkNdarray(PyObject* o);
  ObjRef walkTorchScalarType(PyObject* o, bool& handled);

  void addDeferred(Deferred& d, const std::string& name, PyObject* value);
  void recordImports(PyObject* code, int depth);
  Deferred& globalsEntry(PyObject* globals);
  const Names& namesOf(PyObject* code);
  void collectNames(PyObject* code, Names& out, int depth);
  void classify(PyObject* o, schema::CallableClass& cls, std::string& rule);
  void walkAttrs(PyObject* dict, std::vector<std::pair<std::string, ObjRef>>& out);
  bool isUserClass(PyTypeObject* type) const;
  bool abcRegistryEmpty(PyObject* cls);

  trace::EventBuilder& eb_;
  WalkerSession& session_;
  const WalkerConfig& config_;
  WalkBudget budget_;
  int depth_ = 0;
  int libraryDepth_ = 0;  // library functions whose globals are being walked
  bool budgetHit_ = false;
  bool finished_ = false;
  std::unordered_map<PyObject*, ObjRef> memo_;
  std::unordered_set<PyObject*> inProgressTuples_;
  std::vector<PyRef> keepAlive_;
  std::unordered_map<PyObject*, Deferred> globals_;
  std::unordered_map<PyObject*, Deferred> modules_;
  std::vector<Deferred*> deferredOrder_;  // first-seen order, so output is deterministic
  Deferred builtins_;
  std::unordered_map<PyObject*, Names> namesCache_;
  const Names* currentNames_ = nullptr;
  std::vector<std::pair<std::string, ObjRef>> imports_;
  std::unordered_set<std::string> importSeen_;
  std::set<std::pair<PyObject*, const Names*>> moduleNamesDone_;
  bool nextTensorIsBuffer_ = false;
  // Read-set capture (setReadSet): filtering is on when readSetOn_.
  bool readSetOn_ = false;
  std::unordered_set<PyObject*> readSet_;
  bool forceNext_ = false;  // the next walk() is a structural part
  std::unordered_map<PyObject*, schema::Object::Builder> stubs_;  // stubs not filled yet
  PyObject* filling_ = nullptr;  // a stub being filled by newObject()
  trace::EventBuilder::NewObject fillingSlot_{0, schema::Object::Builder(nullptr)};
};

}  // namespace dynrr::recorder
