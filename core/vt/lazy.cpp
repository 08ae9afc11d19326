// lazy.cpp — see lazy.h.
#include "core/vt/lazy.h"

#include <vector>

#include "core/tracer/instruction_translator.h"
#include "core/tracer/variable_builder.h"
#include "core/vt/dicts.h"
#include "core/vt/lazy_cycles.h"
#include "core/vt/lists.h"

namespace dynrr::vt {

namespace {
// Lazy values realised to a non-constant tracker in the frames being replayed on this
// thread (lazy_cycles.h), and how many FrameLazyScopes are open.
thread_local std::vector<std::weak_ptr<VariableTracker>> tRealized;
thread_local int tScopes = 0;
}  // namespace

FrameLazyScope::FrameLazyScope() { ++tScopes; }

FrameLazyScope::~FrameLazyScope() {
  if (--tScopes > 0) return;
  std::vector<VtPtr> alive;  // kept alive until every realised tracker is forgotten
  for (const auto& w : tRealized)
    if (auto v = w.lock()) alive.push_back(std::move(v));
  tRealized.clear();
  for (const auto& v : alive) static_cast<LazyVariable&>(*v).setRealized(nullptr);
}

using guards::GuardKind;

std::string LazyVariable::primitiveKind(const trace::TraceReader& trace) const {
  if (constant_) {
    if (std::holds_alternative<int64_t>(*constant_)) return "int";
    if (std::holds_alternative<double>(*constant_)) return "float";
    if (std::holds_alternative<bool>(*constant_)) return "bool";
    if (std::holds_alternative<std::string>(*constant_)) return "str";
    if (std::holds_alternative<NoneValue>(*constant_)) return "none";
    return "";
  }
  auto obj = trace.object(object_);
  if (!obj) return "";
  switch (obj->which()) {
    case schema::Object::Which::INT: return "int";
    case schema::Object::Which::FLOAT: return "float";
    case schema::Object::Which::BOOL: return "bool";
    case schema::Object::Which::STR: return "str";
    case schema::Object::Which::NONE: return "none";
    default: return "";
  }
}

Expected<VtPtr> LazyVariable::realize(Tx& tx) {
  auto& ctx = tx.context();
  if (!realized_ && constant_) {
    VtPtr c = ConstantVariable::make(*constant_);
    c->setSource(source());
    tracer::VariableBuilder::constantGuards(ctx, source(),
                                            std::holds_alternative<int64_t>(*constant_));
    realized_ = c;
  } else if (!realized_) {
    auto built = tracer::VariableBuilder::wrap(ctx, object_, source());
    if (!built && !source() &&
        built.error().message().find(tracer::VariableBuilder::kSourcelessTensor) !=
            std::string::npos) {
      // SourcelessBuilder raises for a tensor: Dynamo graph-breaks there.
      return tracer::graphBreak(tx, "Unexpected type in sourceless builder",
                                "SourcelessBuilder.create does not know how to wrap a tensor");
    }
    if (!built) return built;
    realized_ = *built;
    if (tScopes > 0) tRealized.push_back(weak_from_this());
  }
  // LazyConstantVariable.realize: the TYPE_MATCH this value installed while unrealised is
  // discarded once it realises to a constant (CONSTANT_MATCH subsumes it). A tracker the
  // core shares between reads of one source stands for several of Dynamo's (each
  // attribute read builds a new one), so whose TYPE_MATCH it was is not known: kept.
  if (typeGuarded_ && !sharedAcrossReads_ && source() && realized_->kind() == VtKind::kConstant) {
    ctx.output.guardSet().discard(GuardKind::TYPE_MATCH, source()->name());
    typeGuarded_ = false;
  }
  return realized_->realize(tx);
}

bool LazyVariable::mayBecomeSymNode(const trace::TraceReader& trace,
                                    schema::CompileEvent::Reader event) const {
  std::string kind = primitiveKind(trace);
  auto config = trace.configOf(event);
  return (kind == "int" && !config.getSpecializeInt()) ||
         (kind == "float" && !config.getSpecializeFloat());
}

void LazyVariable::ensureTypeGuard(Tx& tx) {
  if (realized_ || typeGuarded_ || !source()) return;
  tx.context().output.addGuard(GuardKind::TYPE_MATCH, source()->name());
  typeGuarded_ = true;
}

Expected<VtPtr> LazyVariable::callFunction(Tx& tx, Args args, Kwargs kwargs) {
  auto r = realize(tx);
  if (!r) return r;
  return (*r)->callFunction(tx, std::move(args), std::move(kwargs));
}

Expected<VtPtr> LazyVariable::callMethod(Tx& tx, const std::string& name, Args args,
                                         Kwargs kwargs) {
  auto r = realize(tx);
  if (!r) return r;
  return (*r)->callMethod(tx, name, std::move(args), std::move(kwargs));
}

Expected<VtPtr> LazyVariable::varGetattr(Tx& tx, const std::string& name) {
  auto r = realize(tx);
  if (!r) return r;
  return (*r)->varGetattr(tx, name);
}

Expected<std::vector<VtPtr>> LazyVariable::unpackVarSequence(Tx& tx) {
  auto r = realize(tx);
  if (!r) return r.error();
  return (*r)->unpackVarSequence(tx);
}

Expected<bool> LazyVariable::callObjHasattr(Tx& tx, const std::string& name) {
  auto r = realize(tx);
  if (!r) return r.error();
  return (*r)->callObjHasattr(tx, name);
}

Expected<bool> LazyVariable::boolValue(Tx& tx) {
  auto r = realize(tx);
  if (!r) return r.error();
  return (*r)->boolValue(tx);
}

Status LazyVariable::isinstanceCheck(Tx& tx, const VtPtr& v) {
  auto* lazy = asLazy(v);
  if (!lazy || lazy->realized()) return Status::success();
  if (lazy->isLazyConstant(tx.context().trace)) {
    lazy->ensureTypeGuard(tx);
    return Status::success();
  }
  auto r = tx.realize(v);
  return r ? Status::success() : Status(r.error());
}

Status LazyVariable::realizeAll(Tx& tx, const VtPtr& v, int depth, bool allowLazyConstants) {
  if (!v || depth > 32) return Status::success();
  if (auto* lazy = asLazy(v);
      allowLazyConstants && lazy && lazy->isLazyConstant(tx.context().trace))
    return Status::success();
  auto r = tx.realize(v);
  if (!r) return r.error();
  if (const SequenceVariable* seq = asSequence(*r)) {
    for (const auto& item : seq->items()) {
      if (Status s = realizeAll(tx, item, depth + 1, allowLazyConstants); !s) return s;
    }
  } else if (const DictVariable* dict = asDict(*r)) {
    for (const auto& kv : dict->entries()) {
      if (Status s = realizeAll(tx, kv.second, depth + 1, allowLazyConstants); !s) return s;
    }
  }
  return Status::success();
}

}  // namespace dynrr::vt
