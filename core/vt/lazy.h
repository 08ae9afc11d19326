// lazy.h — a recorded value not yet looked at (torch/_dynamo/variables/lazy.py
// LazyVariableTracker, LazyConstantVariable): realised, with its guards and graph input
// (VariableBuilder, core/tracer/variable_builder.cpp), the first time an operation needs
// it. The protocol methods realise and forward, as LazyVariableTracker's do.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "core/trace/trace_format.h"
#include "core/trace/trace_reader.h"
#include "core/vt/base.h"
#include "core/vt/constant.h"

namespace dynrr::vt {

class LazyVariable final : public VariableTracker {
 public:
  LazyVariable(trace::ObjRef object, SourcePtr source)
      : VariableTracker(VtKind::kOpaque, std::move(source), MutationType::kImmutable),
        object_(object) {}
  // A lazy constant the core knows without a heap object (LazyConstantVariable over,
  // e.g., a function's __name__ read through AttrSource): realising it guards the source
  // as a recorded constant would be.
  static std::shared_ptr<LazyVariable> ofConstant(ConstantValue value, SourcePtr source) {
    auto lazy = std::make_shared<LazyVariable>(trace::ObjRef{0}, std::move(source));
    lazy->constant_ = std::move(value);
    return lazy;
  }
  trace::ObjRef object() const { return object_; }
  const std::optional<ConstantValue>& computedConstant() const { return constant_; }
  // The primitive an unrealised lazy value holds, for LazyConstantVariable's rules:
  // "int", "float", "bool", "str", "none", or "" for anything else.
  std::string primitiveKind(const trace::TraceReader& trace) const;
  // An unrealised LazyConstantVariable: an int, float, bool or str (supported_types).
  bool isLazyConstant(const trace::TraceReader& trace) const {
    if (realized_) return false;
    std::string k = primitiveKind(trace);
    return k == "int" || k == "float" || k == "bool" || k == "str";
  }
  // _maybe_realize_for_type: with specialize_int / specialize_float off, an int or float
  // might become a SymNodeVariable, so asking its type realises it.
  bool mayBecomeSymNode(const trace::TraceReader& trace, schema::CompileEvent::Reader event) const;
  const VtPtr& realized() const { return realized_; }
  void setRealized(VtPtr v) { realized_ = std::move(v); }
  // LazyConstantVariable._ensure_type_guard: TYPE_MATCH on the source while unrealised
  // (once per lazy value; typeGuarded() says whether this value installed it).
  void ensureTypeGuard(Tx& tx);
  bool typeGuarded() const { return typeGuarded_; }
  // The core reuses this tracker for every read of its source (Dynamo builds a new one
  // per read): realising it does not discard a TYPE_MATCH.
  void setSharedAcrossReads() { sharedAcrossReads_ = true; }
  std::string className() const override { return "LazyVariableTracker"; }
  std::string pythonTypeName() const override { return "lazy"; }
  std::string describe() const override {
    return realized_ ? "realized: " + realized_->repr() : "unrealized #" + std::to_string(object_);
  }

  // realize(): VariableBuilder on the recorded object (a LazyConstantVariable builds its
  // constant and guards it); a tensor reached without a source graph-breaks as
  // SourcelessBuilder does.
  Expected<VtPtr> realize(Tx& tx) override;
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override;
  Expected<VtPtr> callMethod(Tx& tx, const std::string& name, Args args, Kwargs kwargs) override;
  Expected<VtPtr> varGetattr(Tx& tx, const std::string& name) override;
  Expected<std::vector<VtPtr>> unpackVarSequence(Tx& tx) override;
  Expected<bool> callObjHasattr(Tx& tx, const std::string& name) override;
  Expected<bool> boolValue(Tx& tx) override;

  // isinstance(v, C) for a class C that a constant's tracker is not
  // (ContextWrappingVariable, DeletedVariable ...): a lazy constant only gets TYPE_MATCH
  // on its source (LazyConstantVariable.lazy_isinstance), any other lazy value is
  // realised (ImplicitRealizingVariableTrackerMeta). Other values: nothing to do.
  static Status isinstanceCheck(Tx& tx, const VtPtr& v);
  // LazyVariableTracker.realize_all: realises a value and every lazy value it contains;
  // with allowLazyConstants, lazy ints, floats, bools and strs stay lazy and unguarded
  // (realize_all(..., allow_lazy_constant=True)).
  static Status realizeAll(Tx& tx, const VtPtr& v, int depth = 0, bool allowLazyConstants = false);

 private:
  trace::ObjRef object_;
  VtPtr realized_;
  bool typeGuarded_ = false;
  bool sharedAcrossReads_ = false;
  std::optional<ConstantValue> constant_;
};

inline LazyVariable* asLazy(const VtPtr& v) { return dynamic_cast<LazyVariable*>(v.get()); }

}  // namespace dynrr::vt
