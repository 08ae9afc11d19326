// misc.cpp — see misc.h (PythonModuleVariable.var_getattr, SuperVariable.var_getattr /
// _resolved_getattr_and_source, OpaqueVariable's refusal).
#include "core/vt/misc.h"

#include "core/trace/object_printer.h"
#include "core/tracer/instruction_translator.h"
#include "core/tracer/variable_builder.h"
#include "core/vt/exceptions.h"
#include "core/vt/functions.h"
#include "core/vt/lazy.h"
#include "core/vt/nn_module.h"
#include "core/vt/user_defined.h"

namespace dynrr::vt {

using W = schema::Object::Which;

Expected<VtPtr> ModuleVariable::varGetattr(Tx& tx, const std::string& name) {
  auto mod = tx.context().trace.object(module_);
  if (!mod || mod->which() != W::MODULE) return Error("module object missing from trace");
  for (auto attr : mod->getModule().getAttrs()) {
    if (attr.getName() == name) {
      return VtPtr(
          std::make_shared<LazyVariable>(attr.getValue(), Source::moduleAttr(source(), name)));
    }
  }
  return unsupported("attribute " + name_ + "." + name + " is not in the trace");
}

Expected<VtPtr> OpaqueVariable::realize(Tx&) {
  return unsupported("use of " + pythonTypeName() + " value" +
                     (source() ? " " + source()->name() : std::string()) + " (" + why_ + ")");
}

// The first class after `cls` in obj's MRO whose __dict__ has the name; source
// type(S).__mro__[i].name, and a function found there bound to obj.
Expected<VtPtr> SuperVariable::varGetattr(Tx& tx, const std::string& name) {
  auto& ctx = tx.context();
  // typevar.as_python_constant(): the __class__ cell of an inlined function read through
  // a source (...__closure__[i].cell_contents) is used as the recorded class, unrealised
  // and unguarded, as recorded Dynamo decisions show; the root frame's own __class__
  // cell (L['__class__']) is realised and gets CLASS_MATCH.
  trace::ObjRef clsRef = 0;
  auto* lazyCls = dynamic_cast<LazyVariable*>(cls_.get());
  const std::string kCellContents = ".cell_contents";
  bool closureCell =
      lazyCls && lazyCls->source() && lazyCls->source()->name().size() > kCellContents.size() &&
      lazyCls->source()->name().compare(lazyCls->source()->name().size() - kCellContents.size(),
                                        kCellContents.size(), kCellContents) == 0;
  if (closureCell && !lazyCls->realized() && lazyCls->object()) {
    auto k = ctx.trace.object(lazyCls->object());
    if (k && k->which() == W::CLASS) clsRef = lazyCls->object();
  }
  if (!clsRef) {
    auto clsR = tx.realize(cls_);
    if (!clsR) return clsR.error();
    if ((*clsR)->kind() != VtKind::kUserClass)
      return unsupported("super() over a class given as a " + (*clsR)->pythonTypeName());
    clsRef = static_cast<const UserClassVariable&>(**clsR).cls();
  }
  auto objR = tx.realize(obj_);
  if (!objR) return objR.error();
  // super().__init__ in a user exception class's __init__ (SuperVariable.call_method):
  // reaching a builtin exception class's __init__, a slot wrapper and no function,
  // Dynamo graph-breaks when it is called.
  if (const ExceptionVariable* e = asException(*objR); e && e->classRef() && name == "__init__") {
    auto c = ctx.trace.object(e->classRef());
    if (!c || c->which() != W::CLASS) return Error("class missing from the trace");
    auto mro = c->getClass().getMro();
    bool after = false;
    for (unsigned i = 0; i < mro.size(); ++i) {
      if (mro[i] == clsRef) {
        after = true;
        continue;
      }
      auto k = ctx.trace.object(mro[i]);
      if (!after || !k || k->which() != W::CLASS) continue;
      if (tracer::isUserCodeClass(k->getClass())) {
        if (findAttr(k->getClass().getAttrs(), name))
          return unsupported("super().__init__ of an exception reaching a user class's __init__");
        continue;
      }
      return VtPtr(std::make_shared<SkippedFunctionVariable>(
          qualifiedClassName(ctx.trace, mro[i]) + ".__init__",
          "Attempted to call a super() attribute that is not a function or method",
          "Dynamo does not know how to trace the call `super().__init__()` because "
          "`super().__init__` is not a function or method attribute.",
          nullptr));
    }
    return unsupported("super() whose class is not in the exception's MRO");
  }
  const UserObjectVariable* o = asUserObject(*objR);
  if (!o) return unsupported("super() over a " + (*objR)->pythonTypeName());
  auto c = ctx.trace.object(o->cls());
  if (!c || c->which() != W::CLASS) return Error("class missing from the trace");
  auto mro = c->getClass().getMro();
  std::optional<unsigned> start;
  for (unsigned i = 0; i < mro.size(); ++i)
    if (mro[i] == clsRef) start = i + 1;
  if (!start) return unsupported("super() whose class is not in the object's MRO");
  for (unsigned i = *start; i < mro.size(); ++i) {
    auto k = ctx.trace.object(mro[i]);
    if (!k || k->which() != W::CLASS) return Error("MRO entry missing from the trace");
    std::string kname = qualifiedClassName(ctx.trace, mro[i]);
    auto v = findAttr(k->getClass().getAttrs(), name);
    // dict's (or OrderedDict's) own method runs on the object's dict (_base_vt);
    // neither defines __setattr__, which falls through to object's.
    if ((kname == "builtins.dict" || kname == "dict" || kname == "collections.OrderedDict") &&
        o->baseDict() && name != "__setattr__" && name != "__delattr__" &&
        name != "__getattribute__" && name != "__init_subclass__")
      return VtPtr(std::make_shared<GetAttrVariable>(o->baseDict(), name));
    if (kname == "object" && name == "__setattr__")
      return VtPtr(std::make_shared<ObjectSetattrVariable>(*objR));
    if (kname == "object" && name == "__init__")
      return unsupported("super().__init__ reaching object.__init__");
    if (kname == "object" && name == "__getattribute__")
      return VtPtr(std::make_shared<ObjectGetattributeVariable>(*objR));
    if (kname == "torch.nn.modules.module.Module" && name == "__init__") {
      if (o->isNNModule() && o->object() == 0)
        return VtPtr(std::make_shared<NNModuleInitVariable>(*objR));
      return unsupported(
          "super().__init__() of nn.Module on a module that was not made while "
          "tracing");
    }
    if (!v) continue;
    SourcePtr src;
    if (o->source())
      src = Source::attr(Source::expr(o->source(), "type(" + o->source()->name() + ").__mro__[" +
                                                       std::to_string(i) + "]"),
                         name);
    auto f = ctx.trace.object(*v);
    if (!f || f->which() != W::FUNCTION)
      return unsupported("super()." + name + " resolving to a " + trace::typeName(ctx.trace, *v));
    VtPtr fn;
    if (src) {
      auto built = tracer::VariableBuilder::wrap(ctx, *v, src);  // CLOSURE_MATCH on the function
      if (!built) return built;
      fn = *built;
    } else {
      fn = std::make_shared<UserFunctionVariable>(*v, f->getFunction().getQualname().cStr());
    }
    return VtPtr(std::make_shared<UserMethodVariable>(fn, *objR, src));
  }
  return unsupported("super()." + name + " not found (or not recorded)");
}

Expected<VtPtr> LoggerVariable::varGetattr(Tx&, const std::string& name) {
  return VtPtr(std::make_shared<GetAttrVariable>(self(), name));
}

Expected<VtPtr> LoggerVariable::callMethod(Tx& tx, const std::string& name, Args, Kwargs) {
  // The recorder keeps repr(config.ignore_logging_functions); only the default (empty)
  // set is modelled.
  std::optional<std::string> ignored;
  for (auto kv : tx.context().trace.configOf(tx.context().event).getOthers())
    if (std::string_view(kv.getKey().cStr()) == "ignore_logging_functions")
      ignored = kv.getValue().cStr();
  if (!ignored)
    return unsupported(
        "a logging.Logger method call (this trace does not record "
        "config.ignore_logging_functions: re-record)");
  if (*ignored != "set()")
    return unsupported("a logging.Logger method call with config.ignore_logging_functions set");
  return tracer::graphBreak(tx, "logging.Logger method not supported for non-export cases",
                            "logging.Logger methods are not supported for non-export cases.");
}

Expected<VtPtr> ObjectSetattrVariable::callFunction(Tx& tx, Args args, Kwargs kwargs) {
  if (args.size() != 2 || !kwargs.empty())
    return unsupported("object.__setattr__ with these arguments");
  auto n = tx.realize(args[0]);
  if (!n) return n;
  const std::string* name = constantStr(*n);
  if (!name) return unsupported("object.__setattr__ of a non-constant name");
  UserObjectVariable* o = asUserObject(obj_);
  if (!o) return unsupported("object.__setattr__ on a " + obj_->pythonTypeName());
  if (Status st = o->standardSetAttr(tx, *name, args[1]); !st) return st.error();
  return VtPtr(ConstantVariable::make(NoneValue{}));
}

Expected<VtPtr> ObjectGetattributeVariable::callFunction(Tx& tx, Args args, Kwargs kwargs) {
  if (args.size() != 1 || !kwargs.empty())
    return unsupported("object.__getattribute__ with these arguments");
  auto n = tx.realize(args[0]);
  if (!n) return n;
  const std::string* name = constantStr(*n);
  if (!name) return unsupported("object.__getattribute__ of a non-constant name");
  UserObjectVariable* o = asUserObject(obj_);
  if (!o) return unsupported("object.__getattribute__ on a " + obj_->pythonTypeName());
  return o->genericGetattr(tx, *name);
}

}  // namespace dynrr::vt
