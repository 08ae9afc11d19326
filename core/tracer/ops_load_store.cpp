// ops_load_store.cpp — loads and stores of locals, constants, globals and attributes
// (symbolic_convert.py LOAD_FAST, STORE_FAST, LOAD_CONST, LOAD_GLOBAL, LOAD_ATTR,
// LOAD_METHOD, STORE_ATTR, STORE_GLOBAL, PUSH_NULL, POP_TOP, COPY, SWAP; and
// InliningInstructionTranslator.get_globals_source_and_value with import_source for
// code running in another module's globals).
#include <set>
#include <unordered_set>

#include "core/tracer/ops.h"
#include "core/tracer/variable_builder.h"
#include "core/vt/constant.h"
#include "core/vt/lists.h"
#include "core/vt/misc.h"

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

// A recorded module named `name` ("torch", "torch.nn.functional"): a module value of
// the globals dict, or reached from one through recorded module attributes.
std::optional<trace::ObjRef> recordedModule(const trace::TraceReader& trace, trace::ObjRef globals,
                                            const std::string& name) {
  auto d = trace.object(globals);
  if (!d || d->which() != W::DICT) return std::nullopt;
  std::vector<trace::ObjRef> frontier;
  for (auto entry : d->getDict()) frontier.push_back(entry.getValue());
  // Breadth-first over module attributes, a bounded walk (module trees can be cyclic).
  std::set<trace::ObjRef> seen;
  for (size_t i = 0; i < frontier.size() && seen.size() < 4096; ++i) {
    if (!seen.insert(frontier[i]).second) continue;
    auto m = trace.object(frontier[i]);
    if (!m || m->which() != W::MODULE) continue;
    std::string mname = m->getModule().getName().cStr();
    if (mname == name) return frontier[i];
    if (name.rfind(mname + ".", 0) != 0) continue;  // only walk towards `name`
    for (auto attr : m->getModule().getAttrs()) frontier.push_back(attr.getValue());
  }
  return std::nullopt;
}

}  // namespace

// IMPORT_NAME: __import__(name, fromlist, level) gives the top-level package without a
// fromlist, else the named module; Dynamo pushes a PythonModuleVariable whose source is
// import_source's alias global __import_<name> (no guard on the module itself).
Status Ops::importName() {
  auto fromlist = tx.pop();
  if (!fromlist) return fromlist.error();
  auto level = tx.pop();
  if (!level) return level.error();
  auto lvl = vt::constantInt(*level);
  if (!lvl) return unsupported("IMPORT_NAME with a non-constant level");
  if (*lvl != 0) return unsupported("relative import (level " + std::to_string(*lvl) + ")");
  bool hasFromlist = false;
  if (const vt::ConstantVariable* c = vt::asConstant(*fromlist)) {
    hasFromlist = !c->isNone();
  } else if (const vt::SequenceVariable* seq = vt::asSequence(*fromlist)) {
    hasFromlist = !seq->items().empty();
  } else {
    return unsupported("IMPORT_NAME with a non-constant fromlist");
  }
  std::string name = hasFromlist ? inst.text : inst.text.substr(0, inst.text.find('.'));
  auto ref = recordedModule(tx.ctx_.trace, tx.globals_, name);
  if (!ref) {
    // FrameInput.imports: the sys.modules entries the recorder found for IMPORT_NAMEs.
    for (auto imp : tx.ctx_.event.getFrame().getImports())
      if (imp.getName() == name) ref = imp.getValue();
  }
  if (!ref)
    return unsupported("import of module " + name +
                       " (not in the trace: the recorder keeps modules the frame's globals reach)");
  std::string alias = "__import_";
  for (char c : name) alias += c == '.' ? std::string("_dot_") : std::string(1, c);
  tx.push(std::make_shared<vt::ModuleVariable>(*ref, name, vt::Source::global(alias)));
  return Status::success();
}

// IMPORT_FROM: DUP_TOP, then LOAD_ATTR of the name on the module.
Status Ops::importFrom() {
  if (tx.stack_.empty()) return Error("bad bytecode: IMPORT_FROM on an empty stack");
  auto attr = tx.stack_.back()->varGetattr(tx, inst.text);
  if (!attr) return attr.error();
  tx.push(*attr);
  return Status::success();
}

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
  std::string alias = "__import_";
  for (char c : module) alias += c == '.' ? std::string("_dot_") : std::string(1, c);
  auto modSource = vt::Source::global(alias);
  if (!ctx_.importedModules.count(module)) {
    // VariableBuilder on the module: one already wrapped from another source (the root
    // frame's G['colorsys']) gives DUPLICATE_INPUT instead of MODULE_MATCH.
    bool seen = false;
    for (const auto& [id, v] : ctx_.objectsByIdentity) {
      auto* m = dynamic_cast<const vt::ModuleVariable*>(v.get());
      if (m && m->name() == module && m->source() && m->source()->name() != modSource->name())
        seen = true;
    }
    ctx_.output.addGuard(seen ? GuardKind::DUPLICATE_INPUT : GuardKind::MODULE_MATCH,
                         modSource->name());
    ctx_.importedModules[module] = std::make_shared<vt::ModuleVariable>(0, module, modSource);
  }
  auto src = vt::Source::moduleAttr(modSource, name);
  // is_stdlib: a global of a standard-library module is read through SkipGuardSource,
  // so no guard originates from it.
  static const std::unordered_set<std::string> kStdlib = {
#include "core/tracer/stdlib_module_names.inc"
  };
  if (kStdlib.count(module.substr(0, module.find('.'))))
    ctx_.output.addSkipGuardSource(src->name());
  return VtPtr(std::make_shared<LazyVariable>(*value, src));
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

// DELETE_ATTR: BuiltinVariable(delattr) -> the object's __delattr__.
Status Ops::deleteAttr() {
  auto o = tx.pop();
  if (!o) return o.error();
  auto obj = tx.realize(*o);
  if (!obj) return obj.error();
  auto r = (*obj)->callMethod(tx, "__delattr__", {vt::ConstantVariable::make(inst.text)}, {});
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
