// ops_call.cpp — calls (symbolic_convert.py KW_NAMES, CALL, CALL_FUNCTION_EX and
// BEFORE_WITH): the callee answers call_function (core/vt: builtins, torch functions,
// user functions inlined, methods, classes, modules ...).
#include "core/tracer/ops.h"
#include "core/vt/constant.h"
#include "core/vt/contextlib_manager.h"
#include "core/vt/ctx_manager.h"
#include "core/vt/dicts.h"
#include "core/vt/user_defined.h"

namespace dynrr::tracer {

using W = schema::Object::Which;

Status Ops::kwNames() {
  auto names = tx.ctx_.trace.object(inst.constRef);
  if (!names || names->which() != W::TUPLE) return Error("bad bytecode: KW_NAMES constant");
  tx.kwNames_.clear();
  for (auto ref : names->getTuple()) {
    auto s = tx.ctx_.trace.object(ref);
    if (!s || s->which() != W::STR) return Error("bad bytecode: KW_NAMES entry");
    tx.kwNames_.push_back(s->getStr());
  }
  return Status::success();
}

Status Ops::call() {
  size_t argc = static_cast<size_t>(inst.arg);
  auto contents = popN(argc + 2);
  if (!contents) return Error("bad bytecode: CALL beyond the stack");
  VtPtr fn;
  vt::Args args;
  if ((*contents)[0]->kind() == vt::VtKind::kNull) {
    fn = (*contents)[1];
    args.assign(contents->begin() + 2, contents->end());
  } else {
    fn = (*contents)[0];
    args.assign(contents->begin() + 1, contents->end());
  }
  vt::Kwargs kwargs;
  if (!tx.kwNames_.empty()) {
    if (tx.kwNames_.size() > args.size())
      return Error("bad bytecode: more keyword names than arguments");
    size_t first = args.size() - tx.kwNames_.size();
    for (size_t i = 0; i < tx.kwNames_.size(); ++i)
      kwargs.emplace_back(tx.kwNames_[i], args[first + i]);
    args.resize(first);
    tx.kwNames_.clear();
  }
  auto f = tx.realize(fn);
  if (!f) return f.error();
  return pushResult((*f)->callFunction(tx, std::move(args), std::move(kwargs)));
}

Status Ops::callFunctionEx() {
  VtPtr kwargsVt;
  if (inst.arg & 1) {
    auto k = tx.pop();
    if (!k) return k.error();
    kwargsVt = *k;
  }
  auto a = tx.pop();
  if (!a) return a.error();
  auto f = tx.pop();
  if (!f) return f.error();
  if (!tx.stack_.empty() && tx.stack_.back()->kind() == vt::VtKind::kNull) tx.stack_.pop_back();
  auto argsVt = tx.realize(*a);
  if (!argsVt) return argsVt.error();
  auto items = (*argsVt)->unpackVarSequence(tx);
  if (!items) return items.error();
  vt::Kwargs kwargs;
  if (kwargsVt) {
    auto k = tx.realize(kwargsVt);
    if (!k) return k.error();
    const vt::DictVariable* dict = vt::asDict(*k);
    if (!dict) return unsupported("**kwargs of type " + (*k)->pythonTypeName());
    for (const auto& [key, value] : dict->entries()) {
      const std::string* s = vt::constantStr(key);
      if (!s) return unsupported("**kwargs with a non-string key");
      kwargs.emplace_back(*s, value);
    }
  }
  auto fn = tx.realize(*f);
  if (!fn) return fn.error();
  return pushResult((*fn)->callFunction(tx, std::move(*items), std::move(kwargs)));
}

// BEFORE_WITH (setup_or_before_with, enter_ctx): enter the context manager, push its
// __exit__ and what __enter__ returns. A with block not nested in a try block goes on the
// frame's block stack.
Status Ops::beforeWith() {
  auto m = tx.pop();
  if (!m) return m.error();
  auto mgr = tx.realize(*m);
  if (!mgr) return mgr.error();
  if (auto* obj = vt::asUserObject(*mgr)) {
    // A user object whose class defines __enter__ and __exit__, made while tracing, is a
    // GenericContextWrappingVariable (SideEffects.track_new_user_defined_object).
    auto& trace = tx.ctx_.trace;
    if (obj->flavor() == vt::UserObjectVariable::Flavor::kPlain &&
        ((vt::userClassDefines(trace, obj->cls(), "__enter__") &&
          vt::userClassDefines(trace, obj->cls(), "__exit__")) ||
         vt::isGeneratorContextManagerClass(obj->typeName()))) {
      // A pre-existing one stays a UserDefinedObjectVariable: unsupported_ctx_graph_break.
      if (obj->object() != 0)
        return stepGraphBreak(
            tx, "Unsupported context manager",
            "Dynamo does not know how to enter a `" + obj->typeName() + "` context manager.");
      *mgr = std::make_shared<vt::GenericContextWrappingVariable>(*mgr);
    }
  }
  auto* cm = dynamic_cast<vt::ContextWrappingVariable*>(mgr->get());
  if (!cm && vt::isAutocastClass((*mgr)->pythonTypeName()))
    return unsupported(vt::kAutocastUnsupported);
  if (!cm)
    return unsupported("a with statement on a " + (*mgr)->pythonTypeName() +
                       " (not a context manager the core models)");
  const bytecode::ExceptionTableEntry* entry = tx.handlerAt(inst.offset);
  if (!entry || (!tx.blockStack_.empty() && entry->target == tx.blockStack_.back())) {
    if (tx.ip_ >= tx.instructions_.size()) return Error("bad bytecode: BEFORE_WITH at the end");
    const bytecode::ExceptionTableEntry* next = tx.handlerAt(tx.instructions_[tx.ip_].offset);
    if (!next) return Error("bad bytecode: a with block without an exception table entry");
    tx.blockStack_.push_back(next->target);
    tx.blockManagers_.push_back(*mgr);
  }
  auto entered = cm->enter(tx);
  if (!entered) return entered.error();
  tx.push(std::make_shared<vt::WithExitVariable>(*mgr));
  tx.push(*entered);
  return Status::success();
}

}  // namespace dynrr::tracer
