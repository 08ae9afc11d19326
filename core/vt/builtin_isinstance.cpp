// builtin_isinstance.cpp — isinstance() and issubclass() (BuiltinVariable.call_isinstance,
// call_issubclass; object_protocol.generic_issubclass): against builtin classes, tuples of
// them, torch.Tensor, user classes (their recorded MRO) and exception classes. Registered
// in BuiltinVariable::call's table (builtin.cpp).
#include <string>
#include <unordered_set>
#include <vector>

#include "core/tracer/instruction_translator.h"
#include "core/tracer/variable_builder.h"
#include "core/vt/builtin.h"
#include "core/vt/constant.h"
#include "core/vt/exceptions.h"
#include "core/vt/lazy.h"
#include "core/vt/lists.h"
#include "core/vt/misc.h"
#include "core/vt/tensor.h"
#include "core/vt/user_defined.h"

namespace dynrr::vt {
namespace {

using guards::GuardKind;

// "Not modelled with these arguments": the caller reports the generic reason.
Error notModelled() { return Error(""); }

// isinstance(obj, cls or tuple of classes); classes are BuiltinVariables named "int",
// "list", ..., or "torch.Tensor".
// isinstance(exc, classes) on an exception: issubclass of its exception type.
Expected<VtPtr> exceptionIsinstance(Tx& tx, const ExceptionVariable& exc, const VtPtr& classes) {
  std::vector<VtPtr> candidates{classes};
  if (const SequenceVariable* seq = asSequence(classes); seq && seq->isTuple())
    candidates = seq->items();
  for (const auto& c : candidates) {
    auto cls = tx.realize(c);
    if (!cls) return cls;
    if ((*cls)->kind() == VtKind::kBuiltin &&
        static_cast<const BuiltinVariable&>(**cls).name() == "object")
      return ConstantVariable::make(true);
    auto is = exc.isInstanceOf(tx, *cls);
    if (!is) return unsupported("isinstance of an exception against a " + (*cls)->repr());
    if (*is) return ConstantVariable::make(true);
  }
  return ConstantVariable::make(false);
}

// isinstance against builtin classes named by type name (BuiltinVariable.call_isinstance
// over python_type()); an unmodelled class is unsupported.
Expected<VtPtr> isinstanceOfBuiltinClasses(const VtPtr& obj,
                                           const std::vector<std::string>& classes) {
  std::string type = obj->pythonTypeName();
  if (obj->kind() == VtKind::kTensor) type = "torch.Tensor";
  static const std::unordered_set<std::string> kModelled = {"int",
                                                            "float",
                                                            "bool",
                                                            "str",
                                                            "list",
                                                            "tuple",
                                                            "dict",
                                                            "torch.Tensor",
                                                            "object",
                                                            "range",
                                                            "slice",
                                                            "NoneType",
                                                            "collections.OrderedDict",
                                                            "collections.defaultdict",
                                                            "set",
                                                            "frozenset"};
  bool dictSubclass = type == "collections.OrderedDict" || type == "collections.defaultdict";
  // types.FunctionType and types.MethodType admit no subclasses: python_type() decides,
  // for the trackers whose python_type is exact (not a wrapper object standing for the
  // function it wraps).
  bool exactCallableType =
      (obj->kind() == VtKind::kUserMethod || obj->kind() == VtKind::kNestedFunction ||
       (obj->kind() == VtKind::kUserFunction &&
        obj->className() != "WrapperUserFunctionVariable") ||
       obj->kind() == VtKind::kBuiltin || obj->kind() == VtKind::kTensor ||
       obj->kind() == VtKind::kConstant || obj->kind() == VtKind::kUserClass || asSequence(obj) ||
       obj->kind() == VtKind::kDict);
  bool result = false;
  for (const auto& cls : classes) {
    // types.ModuleType and type: a module tracker is a module and every class is an
    // instance of type (its metaclass derives from it); functions, methods, tensors,
    // constants and containers are neither.
    if (cls == "module" || cls == "type") {
      if (obj->kind() == (cls == "module" ? VtKind::kModule : VtKind::kUserClass)) {
        result = true;
        continue;
      }
      if (!exactCallableType || obj->kind() == VtKind::kBuiltin)
        return unsupported("isinstance of a " + obj->className() + " against " + cls);
      continue;
    }
    if (cls == "method" || cls == "function") {
      if (!exactCallableType)
        return unsupported("isinstance of a " + obj->className() + " against " + cls);
      if (cls == type) result = true;
      continue;
    }
    if (cls == type || (cls == "int" && type == "bool") || cls == "object" ||
        (cls == "dict" && dictSubclass))
      result = true;
    if (!kModelled.count(cls)) return unsupported("isinstance against " + cls);
  }
  return ConstantVariable::make(result);
}

// issubclass(cls, classinfo) of classes that are Python constants (call_issubclass folds
// issubclass(left.as_python_constant(), right.as_python_constant())): builtin exception
// classes by CPython's hierarchy, user classes by their recorded MRO, and `object`.
// Other classes are not modelled.
}  // namespace

Expected<VtPtr> callIssubclass(Tx& tx, const std::string&, Args& args) {
  if (args.size() != 2) return notModelled();
  const auto& trace = tx.context().trace;
  std::vector<VtPtr> rights{args[1]};
  if (const SequenceVariable* seq = asSequence(args[1]); seq && seq->isTuple()) {
    rights.clear();
    for (const auto& r : seq->items()) {
      auto rr = tx.realize(r);
      if (!rr) return rr;
      rights.push_back(*rr);
    }
  }
  const VtPtr& left = args[0];
  auto builtinName = [](const VtPtr& v) -> const std::string* {
    return v->kind() == VtKind::kBuiltin ? &static_cast<const BuiltinVariable&>(*v).name()
                                         : nullptr;
  };
  // The builtin exception a class stands for: itself, or a user exception's nearest base.
  std::string leftExc;
  trace::ObjRef leftUser = 0;
  if (const std::string* n = builtinName(left); n && isBuiltinExceptionClass(*n)) {
    leftExc = *n;
  } else if (left->kind() == VtKind::kUserClass) {
    leftUser = static_cast<const UserClassVariable&>(*left).cls();
    leftExc = userExceptionBuiltinBase(trace, leftUser);
  } else {
    return unsupported("issubclass of a " + left->pythonTypeName() + " (" + left->className() +
                       ")");
  }
  for (const auto& right : rights) {
    if (const std::string* n = builtinName(right)) {
      if (*n == "object") return ConstantVariable::make(true);
      if (!isBuiltinExceptionClass(*n)) return unsupported("issubclass against builtin " + *n);
      if (leftExc.empty()) {
        if (!leftUser) return unsupported("issubclass of a class against " + *n);
        continue;  // a user class that is no exception
      }
      if (builtinExceptionIsSubclass(leftExc, *n)) return ConstantVariable::make(true);
      continue;
    }
    if (right->kind() != VtKind::kUserClass)
      return unsupported("issubclass against a " + right->pythonTypeName());
    if (!leftUser) continue;  // a builtin class is no subclass of a user class
    auto k = trace.object(leftUser);
    if (!k || k->which() != schema::Object::Which::CLASS)
      return Error("class missing from the trace");
    trace::ObjRef want = static_cast<const UserClassVariable&>(*right).cls();
    for (auto m : k->getClass().getMro())
      if (m == want) return ConstantVariable::make(true);
  }
  return ConstantVariable::make(false);
}

Expected<VtPtr> callIsinstance(Tx& tx, const std::string&, Args& args) {
  if (args.size() != 2) return notModelled();
  if (const ExceptionVariable* exc = asException(args[0]))
    return exceptionIsinstance(tx, *exc, args[1]);
  // A namedtuple is a tuple and an instance of its class (and of typing.NamedTuple's
  // machinery): not modelled.
  if (const SequenceVariable* seq = asSequence(args[0]); seq && !seq->namedTupleType().empty())
    return unsupported("isinstance of a namedtuple (" + seq->namedTupleType() + ")");
  std::vector<std::string> classes;
  std::vector<trace::ObjRef> userClasses;
  const auto& trace = tx.context().trace;
  std::vector<std::string> abcClasses;
  bool abcMetaClasses = false;
  auto addClass = [&](const VtPtr& c) -> Status {
    if (c->kind() == VtKind::kUserClass &&
        (static_cast<const UserClassVariable&>(*c).typeName() == "collections.abc.Iterable" ||
         static_cast<const UserClassVariable&>(*c).typeName() == "collections.abc.Mapping")) {
      abcClasses.push_back(static_cast<const UserClassVariable&>(*c).typeName());
      return Status::success();
    }
    if (c->kind() == VtKind::kUserClass) {
      // issubclass(python_type(arg), C) with C a user class whose metaclass is type (no
      // __instancecheck__ of its own).
      trace::ObjRef ref = static_cast<const UserClassVariable&>(*c).cls();
      auto k = trace.object(ref);
      if (!k || k->which() != schema::Object::Which::CLASS)
        return Error("class missing from the trace");
      std::string meta = k->getClass().getMetaclass().cStr();
      // ABCMeta.__instancecheck__ (Dynamo calls it, or issubclass): with no
      // __subclasshook__ on the ABC, a class on the instance's MRO answers True; a False
      // answer would depend on ABC.register's registry, which is not recorded.
      if (meta == "abc.ABCMeta" && !userClassDefines(trace, ref, "__subclasshook__")) {
        // With no class registered on it or on a class derived from it (recorded), the
        // MRO alone answers.
        if (k->getClass().getAbcRegistryEmpty()) {
          userClasses.push_back(ref);
          return Status::success();
        }
        abcMetaClasses = true;
        userClasses.push_back(ref);
        return Status::success();
      }
      if (meta != "type" && meta != "builtins.type" && meta != "torch._C._TensorMeta")
        return unsupported("isinstance against a class with metaclass " + meta);
      userClasses.push_back(ref);
      return Status::success();
    }
    if (c->kind() != VtKind::kBuiltin)
      return unsupported("isinstance against a " + c->pythonTypeName());
    classes.push_back(static_cast<const BuiltinVariable&>(*c).name());
    return Status::success();
  };
  if (const SequenceVariable* seq = asSequence(args[1]); seq && seq->isTuple()) {
    for (const auto& item : seq->items()) {
      auto r = tx.realize(item);
      if (!r) return r;
      if (Status st = addClass(*r); !st) return st.error();
    }
  } else if (Status st = addClass(args[1]); !st) {
    return st.error();
  }
  // isinstance against collections.abc.Iterable / Mapping: ABCMeta.__instancecheck__, i.e.
  // issubclass(python_type(arg), C) through __subclasshook__ (an __iter__ on the MRO for
  // Iterable) and the registry (Mapping registers mappingproxy). Decided for the builtin
  // types the core tracks; user objects (whose class may be registered) are not modelled.
  for (const auto& abc : abcClasses) {
    VtKind k = args[0]->kind();
    bool iterable = k == VtKind::kList || k == VtKind::kTuple || k == VtKind::kSize ||
                    k == VtKind::kDict || k == VtKind::kSet || k == VtKind::kRange ||
                    k == VtKind::kTensor || k == VtKind::kIterator;
    const ConstantVariable* cv = asConstant(args[0]);
    bool scalar = cv && (cv->isNone() || cv->asNumber());
    bool str = cv && cv->asStr();
    if (!iterable && !scalar && !str)
      return unsupported("isinstance of a " + args[0]->className() + " against " + abc);
    bool hit = abc == "collections.abc.Iterable" ? (iterable || str) : k == VtKind::kDict;
    if (hit) return ConstantVariable::make(true);
  }
  if (!abcClasses.empty() && classes.empty() && userClasses.empty())
    return ConstantVariable::make(false);
  if (!userClasses.empty()) {
    if (args[0]->kind() != VtKind::kUserObject && args[0]->kind() != VtKind::kTensor &&
        args[0]->kind() != VtKind::kConstant && !asSequence(args[0]) &&
        args[0]->kind() != VtKind::kDict)
      return unsupported("isinstance of a " + args[0]->className() + " against a user class");
    // A user class is in the MRO only of instances of user classes.
    if (const UserObjectVariable* o = asUserObject(args[0]); o && o->cls()) {
      auto k = trace.object(o->cls());
      if (!k || k->which() != schema::Object::Which::CLASS)
        return Error("class missing from the trace");
      for (auto m : k->getClass().getMro())
        for (auto u : userClasses)
          if (m == u) return ConstantVariable::make(true);
    } else if (args[0]->kind() == VtKind::kTensor) {
      // A tensor is an instance of a class only if that class is a tensor class. The
      // tensors Dynamo traces have python_type torch.Tensor: never a FakeTensor or a
      // FunctionalTensor; other tensor subclasses are not modelled.
      for (auto u : userClasses) {
        std::string un = qualifiedClassName(trace, u);
        if (un == "torch._subclasses.fake_tensor.FakeTensor" ||
            un == "torch._subclasses.functional_tensor.FunctionalTensor")
          continue;
        if (auto base =
                mroFind(trace, u, {"torch.Tensor", "torch._tensor.Tensor", "torch._C.TensorBase"}))
          return unsupported("isinstance of a tensor against tensor subclass " + *base);
      }
    } else if (args[0]->kind() == VtKind::kUserObject || args[0]->kind() == VtKind::kOpaque) {
      return unsupported("isinstance of a " + args[0]->pythonTypeName() + " against a user class");
    }
    if (abcMetaClasses)
      return unsupported(
          "isinstance against an abc.ABCMeta class the value's type does not "
          "derive from (virtual subclasses of ABC.register are not recorded)");
    if (classes.empty()) return ConstantVariable::make(false);
  }
  return isinstanceOfBuiltinClasses(args[0], classes);
}

}  // namespace dynrr::vt
