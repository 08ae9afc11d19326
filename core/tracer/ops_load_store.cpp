// ops_load_store.cpp — loads and stores of locals, constants, globals and attributes
// (symbolic_convert.py LOAD_FAST, STORE_FAST, LOAD_CONST, LOAD_GLOBAL, LOAD_ATTR,
// LOAD_METHOD, STORE_ATTR, STORE_GLOBAL, PUSH_NULL, POP_TOP, COPY, SWAP; and
// InliningInstructionTranslator.get_globals_source_and_value with import_source for
// code running in another module's globals).
#include "core/tracer/ops.h"
#include "core/tracer/variable_builder.h"
#include "core/vt/constant.h"

namespace dynrr::tracer {

using W = schema::Object::Which;

Status Ops::nop() { return Status::success(); }

Status Ops::loadFast() {
  auto it = tx.locals_.find(inst.text);
  if (it == tx.locals_.end() || !it->second) {
    return unsupported("read of unbound local '" + inst.text + "' (UnboundLocalError path)");
  }
  tx.push(it->second);
  return Status::success();
}

Status Ops::storeFast() {
  auto v = tx.pop();
  if (!v) return v.error();
  applyNameHint(tx, *v, inst.text);
  tx.setLocal(inst.text, *v);
  return Status::success();
}

Status Ops::deleteFast() {
  tx.eraseLocal(inst.text);
  return Status::success();
}

Status Ops::loadConst() {
  return pushResult(VariableBuilder::constantFromHeap(tx.ctx_, inst.constRef));
}

Status Ops::pushNull() {
  tx.push(std::make_shared<vt::NullVariable>());
  return Status::success();
}

Status Ops::popTop() {
  auto v = tx.pop();
  return v ? Status::success() : Status(v.error());
}

Status Ops::copy() {
  size_t n = static_cast<size_t>(inst.arg);
  if (n == 0 || n > tx.stack_.size()) return Error("bad bytecode: COPY beyond the stack");
  tx.push(tx.stack_[tx.stack_.size() - n]);
  return Status::success();
}

Status Ops::swap() {
  size_t n = static_cast<size_t>(inst.arg);
  if (n < 2 || n > tx.stack_.size()) return Error("bad bytecode: SWAP beyond the stack");
  std::swap(tx.stack_.back(), tx.stack_[tx.stack_.size() - n]);
  return Status::success();
}

namespace {

// The value of `name` in a recorded globals or builtins dict.
std::optional<trace::ObjRef> dictEntry(const trace::TraceReader& trace, trace::ObjRef dict,
                                       const std::string& name) {
  auto d = trace.object(dict);
  if (!d || d->which() != W::DICT) return std::nullopt;
  for (auto entry : d->getDict()) {
    auto key = trace.object(entry.getKey());
    if (key && key->which() == W::STR && key->getStr() == name) return entry.getValue();
  }
  return std::nullopt;
}

}  // namespace

Status Ops::loadGlobal() {
  if (inst.pushNull) tx.push(std::make_shared<vt::NullVariable>());
  const std::string& name = inst.text;
  // A global stored earlier in this frame (or a caller sharing its globals).
  if (tx.globalsModule_.empty()) {
    if (auto stored = tx.ctx_.sideEffects.pendingGlobal(name)) {
      tx.push(stored);
      return Status::success();
    }
  }
  if (!tx.globalsModule_.empty()) {
    auto foreign = tx.foreignGlobal(name);
    if (!foreign) return foreign.error();
    if (*foreign) {
      tx.push(*foreign);
      return Status::success();
    }
  }
  if (auto value = dictEntry(tx.ctx_.trace, tx.globals_, name)) {
    tx.push(std::make_shared<LazyVariable>(*value, vt::Source::global(name)));
    return Status::success();
  }
  if (auto value = dictEntry(tx.ctx_.trace, tx.ctx_.event.getFrame().getBuiltins(), name)) {
    // Dynamo reads builtins through the builtins dict it installs as a global.
    auto source = vt::Source::item(vt::Source::global("__builtins_dict___0"), vt::pyStrRepr(name));
    tx.push(std::make_shared<LazyVariable>(*value, source));
    return Status::success();
  }
  return unsupported("global '" + name + "' is not in the trace (recorder did not reach it)");
}

Expected<VtPtr> InstructionTranslator::foreignGlobal(const std::string& name) {
  auto globals = ctx_.trace.object(globals_);
  if (!globals || globals->which() != W::DICT) return Error("globals of inlined code missing");
  auto value = dictEntry(ctx_.trace, globals_, name);
  if (!value) return VtPtr();
  const std::string& module = globalsModule_;
  if (module.empty()) return unsupported("globals of inlined code whose module is not recorded");
  if (module.rfind("namedtuple_", 0) == 0 || module.find('<') != std::string::npos)
    return unsupported("globals of inlined code from module " + module);
  static const char* const kStdlib[] = {"collections", "functools",  "itertools",   "operator",
                                        "inspect",     "typing",     "enum",        "copy",
                                        "abc",         "contextlib", "dataclasses", "re"};
  for (const char* p : kStdlib) {
    std::string prefix = p;
    if (module == prefix || module.rfind(prefix + ".", 0) == 0)
      return unsupported("globals of stdlib module " + module + " (SkipGuardSource)");
  }
  std::string alias = "__import_";
  for (char c : module) alias += c == '.' ? std::string("_dot_") : std::string(1, c);
  auto modSource = vt::Source::global(alias);
  if (!ctx_.importedModules.count(module)) {
    ctx_.output.addGuard(GuardKind::MODULE_MATCH, modSource->name());
    ctx_.importedModules[module] = std::make_shared<vt::ModuleVariable>(0, module, modSource);
  }
  return VtPtr(std::make_shared<LazyVariable>(*value, vt::Source::moduleAttr(modSource, name)));
}

// LOAD_ATTR: BuiltinVariable(getattr) -> obj.var_getattr(name).
Status Ops::loadAttr() {
  auto o = tx.pop();
  if (!o) return o.error();
  auto obj = tx.realize(*o);
  if (!obj) return obj.error();
  return pushResult((*obj)->varGetattr(tx, inst.text));
}

// LOAD_METHOD: NULL and the attribute (the method is called unbound-style by CALL).
Status Ops::loadMethod() {
  auto o = tx.pop();
  if (!o) return o.error();
  auto obj = tx.realize(*o);
  if (!obj) return obj.error();
  auto result = (*obj)->varGetattr(tx, inst.text);
  if (!result) return result.error();
  tx.push(std::make_shared<vt::NullVariable>());
  tx.push(*result);
  return Status::success();
}

// STORE_ATTR: BuiltinVariable(setattr) -> the object's __setattr__.
Status Ops::storeAttr() {
  auto o = tx.pop();
  if (!o) return o.error();
  auto value = tx.pop();
  if (!value) return value.error();
  auto obj = tx.realize(*o);
  if (!obj) return obj.error();
  auto r =
      (*obj)->callMethod(tx, "__setattr__", {vt::ConstantVariable::make(inst.text), *value}, {});
  return r ? Status::success() : Status(r.error());
}

Status Ops::storeGlobal() {
  auto value = tx.pop();
  if (!value) return value.error();
  if (!tx.globalsModule_.empty())
    return unsupported("STORE_GLOBAL into another module's globals (" + tx.globalsModule_ + ")");
  tx.ctx_.sideEffects.storeGlobal(inst.text, *value);
  return Status::success();
}

Status Ops::pushResult(Expected<VtPtr> r) {
  if (!r) return r.error();
  tx.push(std::move(*r));
  return Status::success();
}

}  // namespace dynrr::tracer
