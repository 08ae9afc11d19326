// misc.h — the classes of torch/_dynamo/variables/misc.py the core models:
// GetAttrVariable (`obj.name` awaiting its call: calling it is obj.call_method),
// SuperVariable (super(cls, obj): attributes looked up along the MRO after cls),
// PythonModuleVariable (a module object: attributes from its recorded namespace),
// NullVariable, CellVariable; and OpaqueVariable, which has no Dynamo counterpart: a
// recorded value the core cannot look into (using it is `unsupported`, naming why).
//
// Cells, as Dynamo models them (CellVariable; side_effects.py track_cell_new /
// track_cell_existing / load_cell / store_cell): a cell is always a CellVariable,
// whoever made it: the root frame (MAKE_CELL), an inlined function's own cellvars, or a
// pre-existing cell reached through a recorded closure. Pre-existing cells are found
// again by the cell object's identity token, so two closures sharing a cell share one
// CellVariable; reads and writes go through the CellVariable, never through a copy of
// its contents.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/trace/trace_format.h"
#include "core/vt/base.h"

namespace dynrr::vt {

class CellVariable final : public VariableTracker {
 public:
  // A new cell (AttributeMutationNew): made while tracing, or a root-frame cellvar.
  static std::shared_ptr<CellVariable> makeNew(std::string localName) {
    return std::shared_ptr<CellVariable>(
        new CellVariable(std::move(localName), nullptr, 0, MutationType::kAttributeMutationNew));
  }
  // A pre-existing cell (AttributeMutationExisting) with its identity token and the
  // source of the cell object (e.g. G['f'].__closure__[0]; null when sourceless).
  static std::shared_ptr<CellVariable> makeExisting(std::string localName, SourcePtr cellSource,
                                                    uint64_t identity) {
    return std::shared_ptr<CellVariable>(
        new CellVariable(std::move(localName), std::move(cellSource), identity,
                         MutationType::kAttributeMutationExisting));
  }

  bool preExisting() const { return mutationType() == MutationType::kAttributeMutationExisting; }
  uint64_t identity() const { return identity_; }
  // The name of the variable the cell backs in the frame that made or captured it
  // (CellVariable.local_name), used as the name hint of values stored into it.
  const std::string& localName() const { return localName_; }
  // Contents, null while the cell is empty (reading it raises NameError).
  const VtPtr& contents() const { return contents_; }
  void setContents(VtPtr v) { contents_ = std::move(v); }
  // Only the root frame's cells carry CellVariable.local_name in Dynamo, so only
  // values stored into them take the variable's name as a name hint.
  bool givesNameHint() const { return givesNameHint_; }
  void setGivesNameHint() { givesNameHint_ = true; }
  bool written() const { return written_; }
  void markWritten() { written_ = true; }

  std::string pythonTypeName() const override { return "cell"; }
  std::string describe() const override {
    return localName_ + (contents_ ? " = " + contents_->repr() : std::string(" (empty)"));
  }

 private:
  CellVariable(std::string localName, SourcePtr source, uint64_t identity, MutationType m)
      : VariableTracker(VtKind::kCell, std::move(source), m),
        identity_(identity),
        localName_(std::move(localName)) {}

  uint64_t identity_;
  std::string localName_;
  VtPtr contents_;
  bool written_ = false;
  bool givesNameHint_ = false;
};

// `obj.name` not yet resolved further, e.g. a Tensor method awaiting its call.
class GetAttrVariable final : public VariableTracker {
 public:
  GetAttrVariable(VtPtr object, std::string name, SourcePtr source = nullptr)
      : VariableTracker(VtKind::kGetAttr, std::move(source), MutationType::kImmutable),
        object_(std::move(object)),
        name_(std::move(name)) {}
  const VtPtr& object() const { return object_; }
  const std::string& name() const { return name_; }
  std::string pythonTypeName() const override { return "method"; }
  std::string describe() const override { return object_->repr() + ", " + name_; }
  // GetAttrVariable.call_function: obj.call_method(name, args, kwargs).
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override {
    return object_->callMethod(tx, name_, std::move(args), std::move(kwargs));
  }

 private:
  VtPtr object_;
  std::string name_;
};

// A Python module from the trace heap, e.g. `torch` or `torch.nn.functional`
// (PythonModuleVariable). `module` is 0 for a module aliased by import_source whose
// namespace is read through its globals.
class ModuleVariable final : public VariableTracker {
 public:
  ModuleVariable(trace::ObjRef module, std::string name, SourcePtr source = nullptr)
      : VariableTracker(VtKind::kModule, std::move(source), MutationType::kImmutable),
        module_(module),
        name_(std::move(name)) {}
  trace::ObjRef module() const { return module_; }
  const std::string& name() const { return name_; }
  std::string pythonTypeName() const override { return "module"; }
  std::string describe() const override { return name_; }
  // var_getattr: the recorded attribute, lazily wrapped with source base.name.
  Expected<VtPtr> varGetattr(Tx& tx, const std::string& name) override;
  bool isPythonConstant() const override { return true; }
  Expected<bool> boolValue(Tx&) override { return true; }

 private:
  trace::ObjRef module_;
  std::string name_;
};

// super().__getattribute__ resolved to object.__getattribute__, bound to a user object:
// calling it with a name is generic_getattr, skipping the class's own __getattribute__.
class ObjectGetattributeVariable final : public VariableTracker {
 public:
  explicit ObjectGetattributeVariable(VtPtr obj)
      : VariableTracker(VtKind::kGetAttr, nullptr, MutationType::kImmutable),
        obj_(std::move(obj)) {}
  std::string pythonTypeName() const override { return "method-wrapper"; }
  std::string className() const override { return "GetAttrVariable"; }
  std::string describe() const override { return "object.__getattribute__ of " + obj_->repr(); }
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override;

 private:
  VtPtr obj_;
};

// super().__setattr__ resolved to object.__setattr__ (is_standard_setattr), bound to a
// user object: the store skips the class's own __setattr__
// (method_setattr_standard: a store_attr side effect).
class ObjectSetattrVariable final : public VariableTracker {
 public:
  explicit ObjectSetattrVariable(VtPtr obj)
      : VariableTracker(VtKind::kGetAttr, nullptr, MutationType::kImmutable),
        obj_(std::move(obj)) {}
  std::string pythonTypeName() const override { return "method-wrapper"; }
  std::string className() const override { return "GetAttrVariable"; }
  std::string describe() const override { return "object.__setattr__ of " + obj_->repr(); }
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override;

 private:
  VtPtr obj_;
};

// A logging.Logger (LoggingLoggerVariable, TYPE_MATCH): calling any of its methods is a
// graph break ("logging.Logger method not supported for non-export cases") unless the
// method is in torch._dynamo.config.ignore_logging_functions, where it is a no-op.
class LoggerVariable final : public VariableTracker {
 public:
  LoggerVariable(std::string typeName, SourcePtr source)
      : VariableTracker(VtKind::kOpaque, std::move(source), MutationType::kImmutable),
        typeName_(std::move(typeName)) {}
  std::string pythonTypeName() const override { return typeName_; }
  std::string className() const override { return "LoggingLoggerVariable"; }
  std::string describe() const override { return typeName_; }
  Expected<VtPtr> varGetattr(Tx& tx, const std::string& name) override;
  Expected<VtPtr> callMethod(Tx& tx, const std::string& name, Args args, Kwargs kwargs) override;

 private:
  std::string typeName_;
};

class NullVariable final : public VariableTracker {
 public:
  NullVariable() : VariableTracker(VtKind::kNull, nullptr, MutationType::kImmutable) {}
  std::string pythonTypeName() const override { return "NULL"; }
  std::string describe() const override { return ""; }
  Expected<VtPtr> callFunction(Tx&, Args, Kwargs) override {
    return Error("bad bytecode: call of NULL");
  }
};

// A recorded object the core does not model; using it makes the frame unsupported.
class OpaqueVariable final : public VariableTracker {
 public:
  OpaqueVariable(trace::ObjRef object, std::string typeName, std::string why, SourcePtr source)
      : VariableTracker(VtKind::kOpaque, std::move(source), MutationType::kImmutable),
        object_(object),
        typeName_(std::move(typeName)),
        why_(std::move(why)) {}
  trace::ObjRef object() const { return object_; }
  const std::string& why() const { return why_; }
  std::string pythonTypeName() const override { return typeName_; }
  std::string describe() const override { return typeName_ + ": " + why_; }
  // Realising it is where the core says what it does not model.
  Expected<VtPtr> realize(Tx& tx) override;

 private:
  trace::ObjRef object_;
  std::string typeName_;
  std::string why_;
};

// super(cls, obj) (SuperVariable); zero-argument super() is rewritten to this form, as
// Dynamo's explicit_super bytecode transform does.
class SuperVariable final : public VariableTracker {
 public:
  SuperVariable(VtPtr cls, VtPtr obj)
      : VariableTracker(VtKind::kSuper, nullptr, MutationType::kImmutable),
        cls_(std::move(cls)),
        obj_(std::move(obj)) {}
  const VtPtr& cls() const { return cls_; }
  const VtPtr& obj() const { return obj_; }
  std::string pythonTypeName() const override { return "super"; }
  std::string describe() const override { return cls_->describe() + ", " + obj_->repr(); }
  // var_getattr: the attribute found on the MRO after cls, bound to obj when a function.
  Expected<VtPtr> varGetattr(Tx& tx, const std::string& name) override;

 private:
  VtPtr cls_;
  VtPtr obj_;
};

}  // namespace dynrr::vt
