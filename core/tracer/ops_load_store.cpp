// ops_load_store.cpp — loads and stores of locals, constants, globals and attributes
// (symbolic_convert.py LOAD_FAST, STORE_FAST, LOAD_CONST, LOAD_GLOBAL, LOAD_ATTR,
// LOAD_METHOD, PUSH_NULL, POP_TOP, COPY, SWAP; getattr on trackers as
// variables/tensor.py TensorVariable.var_getattr and PythonModuleVariable do).
#include <set>

#include "core/tracer/ops.h"

namespace dynrr::tracer {

using W = schema::Object::Which;

Status Ops::loadFast() {
  auto it = tx.locals_.find(inst.text);
  if (it == tx.locals_.end() || !it->second) {
    return unsupported("read of unbound local '" + inst.text + "' (UnboundLocalError path)");
  }
  tx.push(it->second);
  return Status::success();
}

void Ops::applyNameHint(InstructionTranslator& tx, const VtPtr& v, const std::string& name) {
  VtPtr value = v;
  if (auto* lazy = dynamic_cast<LazyVariable*>(value.get()); lazy && lazy->realized()) {
    value = lazy->realized();
  }
  if (auto* t = dynamic_cast<vt::TensorVariable*>(value.get()); t && !t->nameHintSet()) {
    if (tx.ctx_.output.graph().node(t->node()).op != "placeholder") {
      tx.ctx_.output.graph().rename(t->node(), name);
    }
    t->markNameHintSet();
  }
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
  auto c = constantFromHeap(tx.ctx_, inst.constRef);
  if (!c) return c.error();
  tx.push(*c);
  return Status::success();
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
    auto foreign = foreignGlobal(tx, name);
    if (!foreign) return foreign.error();
    if (*foreign) {
      tx.push(*foreign);
      return Status::success();
    }
  }
  auto globals = tx.ctx_.trace.object(tx.globals_);
  if (globals && globals->which() == W::DICT) {
    for (auto entry : globals->getDict()) {
      auto key = tx.ctx_.trace.object(entry.getKey());
      if (key && key->which() == W::STR && key->getStr() == name) {
        tx.push(std::make_shared<LazyVariable>(entry.getValue(), vt::Source::global(name)));
        return Status::success();
      }
    }
  }
  auto builtins = tx.ctx_.trace.object(tx.ctx_.event.getFrame().getBuiltins());
  if (builtins && builtins->which() == W::DICT) {
    for (auto entry : builtins->getDict()) {
      auto key = tx.ctx_.trace.object(entry.getKey());
      if (key && key->which() == W::STR && key->getStr() == name) {
        // Dynamo reads builtins through the builtins dict it installs as a global.
        auto source =
            vt::Source::item(vt::Source::global("__builtins_dict___0"), vt::pyStrRepr(name));
        tx.push(std::make_shared<LazyVariable>(entry.getValue(), source));
        return Status::success();
      }
    }
  }
  return unsupported("global '" + name + "' is not in the trace (recorder did not reach it)");
}

Expected<VtPtr> Ops::getAttr(InstructionTranslator& tx, const VtPtr& obj, const std::string& name) {
  TracingContext& ctx = tx.ctx_;
  switch (obj->kind()) {
    case vt::VtKind::kModule: {
      auto* m = static_cast<vt::ModuleVariable*>(obj.get());
      auto mod = ctx.trace.object(m->module());
      if (!mod || mod->which() != W::MODULE) return Error("module object missing from trace");
      for (auto attr : mod->getModule().getAttrs()) {
        if (attr.getName() == name) {
          return VtPtr(std::make_shared<LazyVariable>(attr.getValue(),
                                                      vt::Source::moduleAttr(obj->source(), name)));
        }
      }
      return unsupported("attribute " + m->name() + "." + name + " is not in the trace");
    }
    case vt::VtKind::kUserObject: return userObjectGetAttr(tx, obj, name);
    case vt::VtKind::kNestedFunction: {
      // NestedUserFunctionVariable.const_getattr: __name__ is the code's co_name,
      // __qualname__ the function's qualified name.
      auto* fn = static_cast<vt::NestedFunctionVariable*>(obj.get());
      if (name == "__qualname__") return vt::ConstantVariable::make(fn->qualname());
      if (name == "__name__") {
        auto code = ctx.trace.object(fn->code());
        if (!code || code->which() != W::CODE) return Error("code object missing from trace");
        return vt::ConstantVariable::make(std::string(code->getCode().getName().cStr()));
      }
      return unsupported("getattr '" + name + "' on a function made while tracing");
    }
    case vt::VtKind::kUserFunction: {
      // UserFunctionVariable: __name__ / __qualname__ are constants of the function.
      auto* fn = static_cast<vt::UserFunctionVariable*>(obj.get());
      auto f = ctx.trace.object(fn->function());
      if (!f || f->which() != W::FUNCTION) return Error("function object missing from trace");
      // Read through a source, the str is a lazy constant on AttrSource(fn, name).
      std::string value;
      if (name == "__qualname__") {
        value = f->getFunction().getQualname().cStr();
      } else if (name == "__name__") {
        value = f->getFunction().getName().cStr();
      } else {
        return unsupported("getattr '" + name + "' on a function");
      }
      if (obj->source())
        return VtPtr(LazyVariable::ofConstant(value, vt::Source::attr(obj->source(), name)));
      return vt::ConstantVariable::make(value);
    }
    case vt::VtKind::kSuper: return superGetAttr(tx, obj, name);
    case vt::VtKind::kTensor: {
      auto* t = static_cast<vt::TensorVariable*>(obj.get());
      const fake::TensorMeta& meta = t->meta();
      if (name == "shape") {
        std::vector<VtPtr> dims;
        for (int64_t s : meta.sizes) dims.push_back(vt::ConstantVariable::make(s));
        return vt::makeSize(std::move(dims));
      }
      if (name == "dtype") {
        return vt::ConstantVariable::make(vt::TorchConstant{
            vt::TorchConstant::Kind::kDtype, std::string(fake::dtypeName(meta.dtype))});
      }
      if (name == "device") {
        return vt::ConstantVariable::make(
            vt::TorchConstant{vt::TorchConstant::Kind::kDevice, meta.device.str()});
      }
      if (name == "ndim")
        return vt::ConstantVariable::make(static_cast<int64_t>(meta.sizes.size()));
      if (name == "requires_grad") {
        // TensorVariable.var_getattr: a method_attr_ result that is not a Python constant,
        // and requires_grad and grad always, put TYPE_MATCH on the tensor's source (checked
        // before the tensor guards).
        if (obj->source())
          tx.context().output.addGuard(GuardKind::TYPE_MATCH, obj->source()->name());
        return vt::ConstantVariable::make(meta.requiresGrad);
      }
      if (name == "is_cuda") return vt::ConstantVariable::make(meta.device.type == "cuda");
      if (name == "T" || name == "mT" || name == "data" || name == "grad" || name == "real" ||
          name == "imag" || name == "grad_fn") {
        return unsupported("tensor attribute ." + name);
      }
      return VtPtr(std::make_shared<vt::GetAttrVariable>(obj, name));
    }
    case vt::VtKind::kDict:
      if (name == "get" || name == "keys" || name == "values" || name == "items" ||
          name == "update" || name == "setdefault") {
        return VtPtr(std::make_shared<vt::GetAttrVariable>(obj, name));
      }
      return unsupported("dict method " + name);
    case vt::VtKind::kTuple: {
      auto* t = static_cast<vt::SequenceVariable*>(obj.get());
      const auto& fields = t->fieldNames();
      for (size_t i = 0; i < fields.size() && i < t->items().size(); ++i) {
        if (fields[i] == name) return t->items()[i];
      }
      return unsupported("getattr '" + name + "' on a tuple");
    }
    case vt::VtKind::kConstant: {
      auto* c = static_cast<vt::ConstantVariable*>(obj.get());
      static const std::set<std::string> kStrMethods = {
          "startswith", "endswith", "upper", "lower", "strip",   "lstrip",
          "rstrip",     "replace",  "split", "join",  "isdigit", "format"};
      if (std::holds_alternative<std::string>(c->value()) && kStrMethods.count(name))
        return VtPtr(std::make_shared<vt::GetAttrVariable>(obj, name));
      return unsupported("getattr '" + name + "' on a " + obj->pythonTypeName() + " constant");
    }
    case vt::VtKind::kSet:
      if (name == "add" || name == "discard" || name == "remove") {
        return VtPtr(std::make_shared<vt::GetAttrVariable>(obj, name));
      }
      return unsupported("set method " + name);
    case vt::VtKind::kList:
      if (name == "append" || name == "extend" || name == "pop" || name == "insert") {
        return VtPtr(std::make_shared<vt::GetAttrVariable>(obj, name));
      }
      return unsupported("list method " + name);
    default:
      return unsupported("getattr '" + name + "' on " + std::string(vt::vtKindName(obj->kind())));
  }
}

Status Ops::loadAttr(bool method) {
  auto o = tx.pop();
  if (!o) return o.error();
  auto obj = tx.realize(*o);
  if (!obj) return obj.error();
  auto result = getAttr(tx, *obj, inst.text);
  if (!result) return result.error();
  if (method) tx.push(std::make_shared<vt::NullVariable>());
  tx.push(*result);
  return Status::success();
}

}  // namespace dynrr::tracer
