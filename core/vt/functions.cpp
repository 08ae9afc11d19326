// functions.cpp — see functions.h. UserFunctionVariable / NestedUserFunctionVariable
// bind_args, the check_inlineable realisation of a nested function's closure, and the
// calls of methods and skipped functions.
#include "core/vt/functions.h"

#include <algorithm>
#include <set>

#include "core/trace/object_printer.h"
#include "core/tracer/instruction_translator.h"
#include "core/tracer/variable_builder.h"
#include "core/vt/constant.h"
#include "core/vt/dicts.h"
#include "core/vt/exceptions.h"
#include "core/vt/lazy.h"
#include "core/vt/lists.h"
#include "core/vt/misc.h"
#include "core/vt/pytree_functions.h"
#include "core/vt/sets.h"
#include "core/vt/user_defined.h"

namespace dynrr::vt {
namespace {

using guards::GuardKind;
using W = schema::Object::Which;

// check_inlineable -> trace_rules.check_verbose -> NestedUserFunctionVariable.get_function:
// the first time a code object is inlined, Dynamo rebuilds the nested function as a
// Python function, converting each closure cell's contents to a constant in order.
// That realises the (lazy) contents, installing their guards and graph inputs, and
// stops at the first value that does not convert (a tensor).
Status realizeClosureForInlineCheck(Tx& tx, const NestedFunctionVariable& fn,
                                    std::set<const VariableTracker*>& converting);

}  // namespace

Expected<bool> asPythonConstantWalk(Tx& tx, const VtPtr& v,
                                    std::set<const VariableTracker*>& converting) {
  auto r = tx.realize(v);
  if (!r) {
    if (r.error().message().rfind("unsupported:", 0) == 0) return r.error();
    return false;
  }
  const VtPtr& x = *r;
  auto all = [&](const std::vector<VtPtr>& items) -> Expected<bool> {
    for (const auto& item : items) {
      auto ok = asPythonConstantWalk(tx, item, converting);
      if (!ok || !*ok) return ok;
    }
    return true;
  };
  switch (x->kind()) {
    case VtKind::kTuple:
    case VtKind::kList:
    case VtKind::kSize: {
      const SequenceVariable* s = asSequence(x);
      if (!s || !s->viewType().empty()) return x->isPythonConstant();
      return all(s->items());
    }
    case VtKind::kDict: {
      for (const auto& [k, val] : static_cast<const DictVariable&>(*x).entries()) {
        for (const VtPtr& part : {k, val}) {
          auto ok = asPythonConstantWalk(tx, part, converting);
          if (!ok || !*ok) return ok;
        }
      }
      return true;
    }
    case VtKind::kSet: return all(static_cast<const SetVariable&>(*x).items());
    case VtKind::kNestedFunction: {
      Status s = realizeClosureForInlineCheck(tx, static_cast<const NestedFunctionVariable&>(*x),
                                              converting);
      if (!s && s.error().message().rfind("unsupported:", 0) == 0) return s.error();
      return static_cast<bool>(s);
    }
    default: return x->isPythonConstant();
  }
}

namespace {

Status realizeClosureForInlineCheck(Tx& tx, const NestedFunctionVariable& fn,
                                    std::set<const VariableTracker*>& converting) {
  if (!converting.insert(&fn).second) return Error("cycle");
  for (const auto& c : fn.closure()) {
    auto* cell = c && c->kind() == VtKind::kCell ? static_cast<CellVariable*>(c.get()) : nullptr;
    if (!cell || !cell->contents()) return Error("empty cell");
    const VtPtr& contents = cell->contents();
    if (contents->kind() == VtKind::kNestedFunction) {
      auto& inner = static_cast<const NestedFunctionVariable&>(*contents);
      if (Status s = realizeClosureForInlineCheck(tx, inner, converting); !s) return s;
      continue;
    }
    auto ok = asPythonConstantWalk(tx, contents, converting);
    if (!ok) return ok.error();
    if (!*ok) return Error("stop");
  }
  // Then __defaults__ and __kwdefaults__ (as_python_constant of each).
  for (const VtPtr& d : {fn.defaults(), fn.kwdefaults()}) {
    if (!d) continue;
    auto ok = asPythonConstantWalk(tx, d, converting);
    if (!ok) return ok.error();
    if (!*ok) return Error("stop");
  }
  return Status::success();
}

// The code of the callee, decoded, and refused if a generator or coroutine.
Status loadCode(Tx& tx, trace::ObjRef codeRef, const std::string& qualname, BoundCall& out) {
  auto& decoded = tx.context().decodedCode;
  auto it = decoded.find(codeRef);
  if (it == decoded.end()) {
    auto code = bytecode::codeFromTrace(tx.context().trace, codeRef);
    if (!code) return code.error();
    if (code->flags & (bytecode::kCoCoroutine | bytecode::kCoAsyncGenerator)) {
      return unsupported("inlining a coroutine or async generator " + qualname);
    }
    auto insts = bytecode::decodeInstructions(*code);
    if (!insts) return insts.error();
    it = decoded
             .emplace(codeRef, tracer::TracingContext::DecodedFunctionCode{std::move(*code),
                                                                           std::move(*insts)})
             .first;
  }
  out.code = it->second.code;
  out.instructions = it->second.instructions;
  return Status::success();
}

// bind_args' positional and keyword part. `bound` gets one slot per positional or
// keyword-only parameter; extra positionals and keywords go to *args / **kwargs.
struct Binding {
  std::vector<VtPtr> bound;
  std::vector<VtPtr> extra;
  std::vector<std::pair<VtPtr, VtPtr>> extraKw;
};

Expected<Binding> bindPassed(const bytecode::CodeObject& code, const std::string& qualname,
                             Args& args, Kwargs& kwargs) {
  size_t argcount = code.argcount, kwonly = code.kwonlyargcount;
  bool hasVarargs = code.flags & bytecode::kCoVarargs;
  bool hasVarkw = code.flags & bytecode::kCoVarkeywords;
  if (code.varnames.size() < argcount + kwonly + hasVarargs + hasVarkw)
    return Error("code varnames too short");
  Binding b;
  b.bound.resize(argcount + kwonly);
  for (size_t i = 0; i < args.size(); ++i) {
    if (i < argcount) {
      b.bound[i] = args[i];
    } else if (hasVarargs) {
      b.extra.push_back(args[i]);
    } else {
      return unsupported("too many positional arguments to " + qualname + " (TypeError path)");
    }
  }
  for (auto& [name, value] : kwargs) {
    size_t idx = SIZE_MAX;
    for (size_t i = code.posonlyargcount; i < argcount + kwonly; ++i) {
      if (code.varnames[i] == name) idx = i;
    }
    if (idx != SIZE_MAX) {
      if (b.bound[idx])
        return unsupported("multiple values for argument " + name + " (TypeError path)");
      b.bound[idx] = value;
    } else if (hasVarkw) {
      b.extraKw.emplace_back(ConstantVariable::make(name), value);
    } else {
      return unsupported("unexpected keyword argument " + name + " (TypeError path)");
    }
  }
  return b;
}

// The locals of the callee: parameters, then *args, then **kwargs.
Status finishBinding(const bytecode::CodeObject& code, const std::string& qualname, Binding& b,
                     BoundCall& out) {
  for (size_t i = 0; i < b.bound.size(); ++i) {
    if (!b.bound[i])
      return unsupported("missing argument " + code.varnames[i] + " to " + qualname +
                         " (TypeError path)");
    out.locals.emplace_back(code.varnames[i], b.bound[i]);
  }
  size_t next = b.bound.size();
  if (code.flags & bytecode::kCoVarargs)
    out.locals.emplace_back(code.varnames[next++], makeTuple(std::move(b.extra)));
  if (code.flags & bytecode::kCoVarkeywords) {
    out.locals.emplace_back(code.varnames[next++],
                            std::make_shared<DictVariable>(std::move(b.extraKw), nullptr,
                                                           MutationType::kValueMutationNew));
  }
  return Status::success();
}

// Defaults of a recorded function, wrapped lazily from its recorded __defaults__ and
// __kwdefaults__ with sources under the function's source.
void recordedDefaults(Tx& tx, schema::Function::Reader f, const bytecode::CodeObject& code,
                      const SourcePtr& fnSource, Binding& b) {
  const auto& trace = tx.context().trace;
  size_t argcount = code.argcount, kwonly = code.kwonlyargcount;
  if (auto defaults = trace.object(f.getDefaults());
      f.getDefaults() && defaults && defaults->which() == W::TUPLE) {
    auto items = defaults->getTuple();
    size_t first = argcount - std::min<size_t>(argcount, items.size());
    for (size_t i = first; i < argcount; ++i) {
      if (b.bound[i]) continue;
      SourcePtr src;
      if (fnSource) {
        auto defSrc = Source::attr(fnSource, "__defaults__");
        tx.context().output.addGuard(GuardKind::SEQUENCE_LENGTH, defSrc->name());
        src = Source::item(defSrc, std::to_string(i - first));
      }
      b.bound[i] = std::make_shared<LazyVariable>(items[static_cast<unsigned>(i - first)], src);
    }
  }
  if (auto kwd = trace.object(f.getKwdefaults());
      f.getKwdefaults() && kwd && kwd->which() == W::DICT) {
    for (auto entry : kwd->getDict()) {
      auto key = trace.object(entry.getKey());
      if (!key || key->which() != W::STR) continue;
      for (size_t i = argcount; i < argcount + kwonly; ++i) {
        if (!b.bound[i] && code.varnames[i] == key->getStr()) {
          SourcePtr src;
          if (fnSource)
            src =
                Source::item(Source::attr(fnSource, "__kwdefaults__"), pyStrRepr(code.varnames[i]));
          b.bound[i] = std::make_shared<LazyVariable>(entry.getValue(), src);
        }
      }
    }
  }
}

}  // namespace

Expected<VtPtr> BaseUserFunctionVariable::callFunction(Tx& tx, Args args, Kwargs kwargs) {
  return tx.inlineUserFunction(*this, std::move(args), std::move(kwargs));
}

// InspectSignatureVariable.call_function: inspect.signature(f) with one argument, a
// recorded function or a method of one, is traced once per compile (OutputGraph's
// signature_cache keyed by the function, so the methods of two objects share it); a
// repeated call returns the same Signature without tracing (nor guarding) again. The
// isinstance check realises a lazy argument.
Expected<VtPtr> UserFunctionVariable::callFunction(Tx& tx, Args args, Kwargs kwargs) {
  auto& ctx = tx.context();
  // trace_rules: torch.utils._pytree._get_node_type and tree_is_leaf are handled by
  // their own trackers rather than inlined.
  switch (pytreeFunctionOf(ctx.trace, function_)) {
    case PytreeFunction::kGetNodeType: return callPytreeGetNodeType(tx, args);
    case PytreeFunction::kTreeIsLeaf: {
      auto r = callPytreeTreeIsLeaf(tx, function_, args, kwargs);
      if (!r) return r.error();
      if (*r) return **r;
      break;
    }
    case PytreeFunction::kTreeMap: {
      auto r = callPytreeTreeMap(tx, source(), args, kwargs);
      if (r || !r.error().message().empty()) return r;
      break;
    }
    case PytreeFunction::kNone: break;
  }
  auto f = ctx.trace.object(function_);
  bool isSignature =
      f && f->which() == W::FUNCTION &&
      std::string_view(f->getFunction().getRule().cStr()) == "InspectSignatureVariable";
  if (!isSignature || args.size() != 1 || !kwargs.empty())
    return BaseUserFunctionVariable::callFunction(tx, std::move(args), std::move(kwargs));
  auto target = tx.realize(args[0]);
  if (!target) return target;
  const VariableTracker* fnVt = target->get();
  if ((*target)->kind() == VtKind::kUserMethod)
    fnVt = static_cast<const UserMethodVariable&>(**target).function().get();
  const auto* userFn = dynamic_cast<const UserFunctionVariable*>(fnVt);
  if (!userFn) return BaseUserFunctionVariable::callFunction(tx, {*target}, std::move(kwargs));
  if (auto hit = ctx.signatureCache.find(userFn->function()); hit != ctx.signatureCache.end())
    return hit->second;
  trace::ObjRef key = userFn->function();
  auto r = BaseUserFunctionVariable::callFunction(tx, {*target}, std::move(kwargs));
  if (r) ctx.signatureCache[key] = *r;
  return r;
}

Expected<BoundCall> UserFunctionVariable::bindArgs(Tx& tx, Args args, Kwargs kwargs) {
  auto& ctx = tx.context();
  auto fobj = ctx.trace.object(function_);
  if (!fobj || fobj->which() != W::FUNCTION) return Error("function missing from trace");
  auto f = fobj->getFunction();
  BoundCall out;
  if (Status st = loadCode(tx, f.getCode(), qualname_, out); !st) return st.error();
  out.globals = f.getGlobals();
  ctx.inlinedCodes.insert(f.getCode());
  auto b = bindPassed(out.code, qualname_, args, kwargs);
  if (!b) return b.error();
  recordedDefaults(tx, f, out.code, source(), *b);
  if (Status st = finishBinding(out.code, qualname_, *b, out); !st) return st.error();
  // Code running in another module's globals reads them through import_source.
  // Code running in another module's globals reads them through import_source: the
  // module is the globals' __name__ (a functools.wraps wrapper's __module__ is the
  // wrapped function's, not where its globals live).
  if (out.globals != ctx.event.getFrame().getGlobals()) {
    out.globalsModule = f.getModule().cStr();
    if (auto g = ctx.trace.object(out.globals); g && g->which() == W::DICT) {
      for (auto e : g->getDict()) {
        auto k = ctx.trace.object(e.getKey());
        auto v = ctx.trace.object(e.getValue());
        if (k && v && k->which() == W::STR && k->getStr() == "__name__" && v->which() == W::STR)
          out.globalsModule = v->getStr().cStr();
      }
    }
  }
  auto closure = f.getClosure();
  if (closure.size() != out.code.freevars.size())
    return Error("closure of " + qualname_ + " does not match its co_freevars");
  for (unsigned i = 0; i < closure.size(); ++i) {
    BoundCall::FreeVar fv{out.code.freevars[i], nullptr, closure[i], nullptr, nullptr};
    if (source()) {
      fv.cellSource = Source::item(Source::attr(source(), "__closure__"), std::to_string(i));
      fv.contentsSource = Source::cellContents(fv.cellSource);
    }
    out.freevars.push_back(std::move(fv));
  }
  return out;
}

bool isFunctionTypeAttr(const std::string& name) {
  static const std::set<std::string> kAttrs = {"__annotations__", "__builtins__",
                                               "__call__",        "__class__",
                                               "__closure__",     "__code__",
                                               "__defaults__",    "__delattr__",
                                               "__dict__",        "__dir__",
                                               "__doc__",         "__eq__",
                                               "__format__",      "__ge__",
                                               "__get__",         "__getattribute__",
                                               "__getstate__",    "__globals__",
                                               "__gt__",          "__hash__",
                                               "__init__",        "__init_subclass__",
                                               "__kwdefaults__",  "__le__",
                                               "__lt__",          "__module__",
                                               "__name__",        "__ne__",
                                               "__new__",         "__qualname__",
                                               "__reduce__",      "__reduce_ex__",
                                               "__repr__",        "__setattr__",
                                               "__sizeof__",      "__str__",
                                               "__subclasshook__"};
  return kAttrs.count(name) > 0;
}

Expected<VtPtr> UserFunctionVariable::varGetattr(Tx& tx, const std::string& name) {
  auto f = tx.context().trace.object(function_);
  if (!f || f->which() != W::FUNCTION) return Error("function object missing from trace");
  std::string value;
  auto fn = f->getFunction();
  if (name == "__qualname__") {
    value = fn.getQualname().cStr();
  } else if (name == "__name__") {
    value = fn.getName().cStr();
  } else if (name == "__module__") {
    value = fn.getModule().cStr();
  } else if (name == "__code__") {
    // fn_var_getattr: the code object through AttrSource(fn, "__code__"), a constant
    // guarded with CONSTANT_MATCH when realised.
    auto code = std::make_shared<CodeVariable>(fn.getCode(), std::string(fn.getQualname().cStr()));
    if (source()) {
      auto src = Source::attr(source(), name);
      tx.context().output.addGuard(guards::GuardKind::CONSTANT_MATCH, src->name());
      code->setSource(src);
    }
    return VtPtr(code);
  } else if (name == "__defaults__" || name == "__kwdefaults__" || name == "__wrapped__") {
    trace::ObjRef ref = name == "__defaults__"     ? fn.getDefaults()
                        : name == "__kwdefaults__" ? fn.getKwdefaults()
                                                   : fn.getWrapped();
    if (ref == 0 && name == "__wrapped__")
      return unsupported("getattr '__wrapped__' of a function without one (AttributeError path)");
    // None through a source is a lazy value too: realised, CONSTANT_MATCH (wrap_literal).
    if (ref == 0 && source())
      return VtPtr(LazyVariable::ofConstant(NoneValue{}, Source::attr(source(), name)));
    if (ref == 0) return ConstantVariable::make(NoneValue{});
    if (!source()) return unsupported("getattr '" + name + "' on a function without a source");
    return VtPtr(std::make_shared<LazyVariable>(ref, Source::attr(source(), name)));
  } else if (name == "__globals__") {
    // fn_var_getattr: the module namespace, lazily through AttrSource(fn, "__globals__").
    // The trace holds only the globals the code reached, so using it is not modelled
    // (inspect.get_annotations keeps it unused unless eval_str).
    return VtPtr(std::make_shared<OpaqueVariable>(
        fn.getGlobals(), "dict", "a function's __globals__ is recorded by the names reached",
        source() ? Source::attr(source(), name) : nullptr));
  } else if (name == "__annotations__") {
    // fn_var_getattr: the annotations dict, lazily through SkipGuardSource(AttrSource(fn,
    // "__annotations__")) (no guard on it or below it), or sourceless.
    trace::ObjRef ann = fn.getAnnotations();
    if (ann == 0)
      return unsupported(
          "getattr '__annotations__' on a function whose annotations dict the "
          "trace lacks");
    if (!source()) return tracer::VariableBuilder::wrap(tx.context(), ann, nullptr);
    auto src = Source::attr(source(), name);
    tx.context().output.addSkipGuardSource(src->name());
    return VtPtr(std::make_shared<LazyVariable>(ann, src));
  } else {
    // An entry of the function's __dict__ (inspect.getattr_static), lazily wrapped.
    auto v = findAttr(fn.getAttrs(), name);
    if (v && source())
      return VtPtr(std::make_shared<LazyVariable>(*v, Source::attr(source(), name)));
    // fn_var_getattr: inspect.getattr_static finds neither a function attribute nor an
    // entry of its __dict__, so AttributeError is raised in the traced code (inspect's
    // `obj.__signature__` probe). A name of the function type itself stays unmodelled.
    if (!v && !isFunctionTypeAttr(name)) return raiseObservedException(tx, "AttributeError", {});
    return unsupported("getattr '" + name + "' on a function");
  }
  // Read through a source, the str is a lazy constant on AttrSource(fn, name).
  if (source()) return VtPtr(LazyVariable::ofConstant(value, Source::attr(source(), name)));
  return ConstantVariable::make(value);
}

Expected<BoundCall> NestedFunctionVariable::bindArgs(Tx& tx, Args args, Kwargs kwargs) {
  auto& ctx = tx.context();
  BoundCall out;
  if (Status st = loadCode(tx, code_, qualname_, out); !st) return st.error();
  out.globals = globals_;
  // A generator function is called as a LocalGeneratorFunctionVariable, whose
  // get_function raises NotImplementedError: check_verbose converts no closure.
  const bool generator = (out.code.flags & bytecode::kCoGenerator) != 0;
  if (ctx.inlinedCodes.insert(code_).second && !generator) {
    std::set<const VariableTracker*> converting;
    Status s = realizeClosureForInlineCheck(tx, *this, converting);
    if (!s && s.error().message().rfind("unsupported:", 0) == 0) return s.error();
  }
  auto b = bindPassed(out.code, qualname_, args, kwargs);
  if (!b) return b.error();
  size_t argcount = out.code.argcount, kwonly = out.code.kwonlyargcount;
  if (const SequenceVariable* d = asSequence(defaults_)) {
    const auto& items = d->items();
    size_t first = argcount - std::min<size_t>(argcount, items.size());
    for (size_t i = first; i < argcount; ++i) {
      if (!b->bound[i]) b->bound[i] = items[i - first];
    }
  }
  if (const DictVariable* d = asDict(kwdefaults_)) {
    for (const auto& [k, v] : d->entries()) {
      const std::string* name = constantStr(k);
      if (!name) continue;
      for (size_t i = argcount; i < argcount + kwonly; ++i) {
        if (!b->bound[i] && out.code.varnames[i] == *name) b->bound[i] = v;
      }
    }
  }
  if (Status st = finishBinding(out.code, qualname_, *b, out); !st) return st.error();
  // A function made in code running in another module's globals reads them the same way:
  // the module is that of the globals it was made with (their __name__), wherever it is
  // called from (vmap's `wrapped`, made in torch._functorch.apis, called by the frame).
  if (out.globals != ctx.event.getFrame().getGlobals()) {
    out.globalsModule = tx.globalsModule();
    if (auto g = ctx.trace.object(out.globals); g && g->which() == W::DICT) {
      for (auto e : g->getDict()) {
        auto k = ctx.trace.object(e.getKey());
        auto v = ctx.trace.object(e.getValue());
        if (k && v && k->which() == W::STR && k->getStr() == "__name__" && v->which() == W::STR)
          out.globalsModule = v->getStr().cStr();
      }
    }
  }
  if (closure_.size() != out.code.freevars.size())
    return Error("closure of " + qualname_ + " does not match its co_freevars");
  for (size_t i = 0; i < out.code.freevars.size(); ++i) {
    auto cell = std::dynamic_pointer_cast<CellVariable>(closure_[i]);
    if (!cell) return Error("closure of " + qualname_ + " holds a non-cell");
    out.freevars.push_back({out.code.freevars[i], std::move(cell), 0, nullptr, nullptr});
  }
  return out;
}

Expected<VtPtr> NestedFunctionVariable::varGetattr(Tx& tx, const std::string& name) {
  if (name == "__qualname__") return ConstantVariable::make(qualname_);
  if (name == "__name__") {
    auto code = tx.context().trace.object(code_);
    if (!code || code->which() != W::CODE) return Error("code object missing from trace");
    return ConstantVariable::make(std::string(code->getCode().getName().cStr()));
  }
  return unsupported("getattr '" + name + "' on a function made while tracing");
}

Expected<VtPtr> UserMethodVariable::callFunction(Tx& tx, Args args, Kwargs kwargs) {
  args.insert(args.begin(), self_);
  return function_->callFunction(tx, std::move(args), std::move(kwargs));
}

// UserMethodVariable.var_getattr: __self__ is the bound object; __func__ is
// VariableTracker.build(fn, source_fn), so a function with a source is wrapped again
// (CLOSURE_MATCH on it).
Expected<VtPtr> UserMethodVariable::varGetattr(Tx& tx, const std::string& name) {
  if (name == "__self__") return self_;
  if (name != "__func__") return VariableTracker::varGetattr(tx, name);
  auto* fn = dynamic_cast<UserFunctionVariable*>(function_.get());
  if (!fn || !function_->source()) return function_;
  return tracer::VariableBuilder::wrap(tx.context(), fn->function(), function_->source());
}

Expected<VtPtr> SkippedFunctionVariable::callFunction(Tx& tx, Args, Kwargs) {
  return tracer::graphBreak(tx, gbType_, explanation_);
}

Expected<VtPtr> PartialVariable::callFunction(Tx& tx, Args args, Kwargs kwargs) {
  Args merged = args_;
  merged.insert(merged.end(), args.begin(), args.end());
  Kwargs keywords = keywords_;
  for (auto& [k, v] : kwargs) {
    const auto& key = k;  // clang 14 cannot capture a structured binding
    auto at = std::find_if(keywords.begin(), keywords.end(),
                           [&](const auto& kv) { return kv.first == key; });
    if (at != keywords.end())
      at->second = v;
    else
      keywords.emplace_back(k, v);
  }
  return func_->callFunction(tx, std::move(merged), std::move(keywords));
}

// .func, .args and .keywords of a partial made while tracing.
Expected<VtPtr> PartialVariable::varGetattr(Tx& tx, const std::string& name) {
  if (name == "func") return func_;
  if (name == "args") return makeTuple(args_);
  if (name == "keywords") {
    std::vector<std::pair<VtPtr, VtPtr>> entries;
    for (const auto& [k, v] : keywords_) entries.emplace_back(ConstantVariable::make(k), v);
    return VtPtr(std::make_shared<DictVariable>(std::move(entries), nullptr,
                                                MutationType::kValueMutationNew));
  }
  return VariableTracker::varGetattr(tx, name);
}

std::string GeneratorVariable::describe() const {
  return tracer_->code().qualname + (exhausted_ ? " (exhausted)" : "");
}

Expected<VtPtr> GeneratorVariable::nextVariable(Tx& tx) {
  if (exhausted_) return VtPtr();
  auto r = tx.resumeGenerator(*tracer_);
  if (!r) {
    exhausted_ = true;
    std::string msg = r.error().message();
    // Dynamo does not resume a graph break inside a generator's next() (skip_frame); with
    // a speculation checkpoint of the root behind, step() still compiles the partial
    // graph there and runs the rest eagerly: the break goes on to the root.
    if (tx.context().pendingBreak && tx.context().pendingBreak->checkpoint) return r;
    if (msg.find("graph break: ") != std::string::npos || tx.context().pendingBreak) {
      // Without one the frame is skipped: not modelled from here.
      tx.context().pendingBreak.reset();
      return unsupported("a graph break inside a generator's next() (" + msg + ")");
    }
    return r;
  }
  if (tracer_->returned()) {
    exhausted_ = true;  // generator_exhausted: StopIteration
    return VtPtr();
  }
  return r;
}

// LocalGeneratorObjectVariable.call_method: throw (the exception raised at the yield the
// generator is suspended at, _setup_exception, then the generator run on) and close
// (GeneratorExit thrown the same way). send() of a value is not modelled.
Expected<VtPtr> GeneratorVariable::callMethod(Tx& tx, const std::string& name, Args args,
                                              Kwargs kwargs) {
  if (name == "throw") {
    if (!kwargs.empty() || args.empty() || args.size() > 3)
      return unsupported("generator.throw with these arguments");
    // The three-argument form raises the value given (pytorch#146496), so `is` holds.
    auto exc = tx.realize(args.size() == 3 ? args[1] : args[0]);
    if (!exc) return exc;
    if (!asException(*exc))
      return unsupported("generator.throw of a " + (*exc)->pythonTypeName() +
                         " (not an exception object)");
    return throwInto(tx, *exc);
  }
  if (name == "close") {
    if (!args.empty() || !kwargs.empty()) return unsupported("generator.close with arguments");
    return close(tx);
  }
  if (name == "send") return unsupported("generator.send");
  return IteratorVariable::callMethod(tx, name, std::move(args), std::move(kwargs));
}

Expected<VtPtr> GeneratorVariable::varGetattr(Tx& tx, const std::string& name) {
  if (name == "throw" || name == "close" || name == "send")
    return VtPtr(std::make_shared<GetAttrVariable>(self(), name));
  return IteratorVariable::varGetattr(tx, name);
}

Expected<VtPtr> GeneratorVariable::throwInto(Tx& tx, const VtPtr& exc) {
  if (exhausted_ || !tracer_->started())
    return unsupported("generator.throw into a generator that is " +
                       std::string(exhausted_ ? "exhausted" : "not started"));
  auto r = tx.throwIntoGenerator(*tracer_, exc);
  if (!r) {
    exhausted_ = true;
    std::string msg = r.error().message();
    if (msg.find("graph break: ") != std::string::npos || tx.context().pendingBreak) {
      tx.context().pendingBreak.reset();
      return unsupported("a graph break inside a generator's throw() (" + msg + ")");
    }
    return r;
  }
  if (tracer_->returned()) {
    // The generator returned: StopIteration(value) leaves throw().
    exhausted_ = true;
    Args stopArgs;
    const ConstantVariable* c = asConstant(tracer_->returnValue());
    if (tracer_->returnValue() && !(c && c->isNone())) stopArgs.push_back(tracer_->returnValue());
    return raiseObservedException(tx, "StopIteration", std::move(stopArgs));
  }
  // Dynamo then throws an internal exception in to find where the yield's active
  // exception leads (the __InternalThrowException step): not modelled.
  return unsupported("a generator that yields again after throw()");
}

Expected<VtPtr> GeneratorVariable::close(Tx& tx) {
  if (exhausted_ || !tracer_->started()) {
    exhausted_ = true;
    return ConstantVariable::make(NoneValue{});
  }
  VtPtr exit = std::make_shared<ExceptionVariable>("GeneratorExit", 0, "GeneratorExit", Args{});
  auto r = tx.throwIntoGenerator(*tracer_, exit);
  exhausted_ = true;
  if (!r) {
    // ObservedGeneratorExit: the generator did not catch it; close() gives None.
    auto* current = asException(tx.context().exceptions.current());
    if (r.error().isObservedException() && current && current->typeName() == "GeneratorExit") {
      tx.context().exceptions.clearCurrent();
      return ConstantVariable::make(NoneValue{});
    }
    if (r.error().message().find("graph break: ") != std::string::npos ||
        tx.context().pendingBreak) {
      tx.context().pendingBreak.reset();
      return unsupported("a graph break inside a generator's close()");
    }
    return r;
  }
  if (tracer_->returned()) return ConstantVariable::make(NoneValue{});
  return unsupported("a generator that yields after close() (RuntimeError path)");
}

Expected<VtPtr> WrapperFunctionVariable::callFunction(Tx& tx, Args args, Kwargs kwargs) {
  auto& ctx = tx.context();
  // polyfills.getattr_and_trace reads the builtin getattr from its module's builtins.
  ctx.output.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['getattr']");
  auto fn = tracer::VariableBuilder::wrap(ctx, inner_,
                                          source() ? Source::attr(source(), attr_) : nullptr);
  if (!fn) return fn;
  auto real = tx.realize(*fn);
  if (!real) return real;
  return (*real)->callFunction(tx, std::move(args), std::move(kwargs));
}

Expected<VtPtr> DataclassFieldsVariable::callFunction(Tx& tx, Args args, Kwargs kwargs) {
  auto& ctx = tx.context();
  if (args.size() != 1 || !kwargs.empty())
    return unsupported("dataclasses.fields with these arguments");
  auto obj = tx.realize(args[0]);
  if (!obj) return obj;
  const UserObjectVariable* o = asUserObject(*obj);
  if (!o)
    return unsupported("dataclasses.fields of a " + (*obj)->pythonTypeName() +
                       " (Dynamo's 'dataclass fields failure' graph break is not modelled)");
  auto hit = lookupMro(ctx.trace, o->cls(), "__dataclass_fields__");
  if (!hit) return hit.error();
  if (!*hit) return unsupported("dataclasses.fields of a class without __dataclass_fields__");
  auto d = ctx.trace.object((*hit)->value);
  if (!d) return d.error();
  if (d->which() != W::DICT)
    return unsupported("dataclasses.fields: __dataclass_fields__ recorded as a " +
                       trace::typeName(ctx.trace, (*hit)->value));
  std::vector<VtPtr> items;
  SourcePtr base = o->source() ? Source::attr(o->source(), "__dataclass_fields__") : nullptr;
  for (auto e : d->getDict()) {
    auto key = ctx.trace.object(e.getKey());
    auto field = ctx.trace.object(e.getValue());
    if (!key || !field) return Error("dataclass field missing from the trace");
    if (key->which() != W::STR || field->which() != W::INSTANCE)
      return unsupported("dataclasses.fields: a field recorded as a " +
                         trace::typeName(ctx.trace, e.getValue()));
    // fields() keeps the fields whose _field_type is dataclasses._FIELD (no ClassVar or
    // InitVar pseudo-fields); the marker is a _FIELD_BASE whose name is "_FIELD".
    std::optional<trace::ObjRef> kind;
    for (auto sl : field->getInstance().getSlots())
      if (std::string_view(sl.getName().cStr()) == "_field_type") kind = sl.getValue();
    auto k = kind ? ctx.trace.object(*kind) : Expected<schema::Object::Reader>(Error(""));
    std::optional<trace::ObjRef> kname;
    if (k && k->which() == W::INSTANCE) {
      kname = findAttr(k->getInstance().getAttrs(), "name");
      if (!kname)
        for (auto sl : k->getInstance().getSlots())
          if (std::string_view(sl.getName().cStr()) == "name") kname = sl.getValue();
    }
    auto kn = kname ? ctx.trace.object(*kname) : Expected<schema::Object::Reader>(Error(""));
    if (!kn || kn->which() != W::STR)
      return unsupported("dataclasses.fields: a field whose _field_type is not recorded");
    if (std::string_view(kn->getStr().cStr()) != "_FIELD") continue;
    std::string name = key->getStr().cStr();
    SourcePtr src = base ? Source::item(base, pyStrRepr(name)) : nullptr;
    items.push_back(std::make_shared<UserObjectVariable>(
        e.getValue(), field->getInstance().getClass(), "dataclasses.Field", src));
  }
  return makeTuple(std::move(items));
}

}  // namespace dynrr::vt
