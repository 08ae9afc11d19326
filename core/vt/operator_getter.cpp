// operator_getter.cpp — see operator_getter.h (polyfills/operator.py attrgetter,
// itemgetter, methodcaller and the closures they return).
#include "core/vt/operator_getter.h"

#include "core/tracer/instruction_translator.h"
#include "core/vt/builtin.h"
#include "core/vt/constant.h"
#include "core/vt/lists.h"

namespace dynrr::vt {

namespace {

void guardBuiltin(Tx& tx, const char* name,
                  guards::GuardKind kind = guards::GuardKind::BUILTIN_MATCH) {
  tx.context().output.addGuard(kind, std::string("G['__builtins_dict___0']['") + name + "']");
}

}  // namespace

Expected<VtPtr> OperatorGetterVariable::construct(Tx& tx, const std::string& qualname, Args args,
                                                  Kwargs kwargs) {
  using guards::GuardKind;
  // The arguments are realised when the polyfill is inlined, before the closure runs
  // (seen with real Dynamo: methodcaller("add", y)(x) makes y the first graph input).
  for (auto& a : args) {
    auto r = tx.realize(a);
    if (!r) return r.error();
    a = *r;
  }
  for (auto& [k, v] : kwargs) {
    auto r = tx.realize(v);
    if (!r) return r.error();
    v = *r;
  }
  if (qualname == "operator.methodcaller") {
    // `if not isinstance(name, str): raise TypeError(...)`
    if (args.empty()) return unsupported("operator.methodcaller() without a name (TypeError path)");
    guardBuiltin(tx, "isinstance");
    guardBuiltin(tx, "str");
    auto name = tx.realize(args[0]);
    if (!name) return name.error();
    if (!constantStr(*name))
      return unsupported("operator.methodcaller of a non-str name (TypeError path)");
    args[0] = *name;
    return VtPtr(std::make_shared<OperatorGetterVariable>(Flavor::kMethod, std::move(args),
                                                          std::move(kwargs)));
  }
  if (!kwargs.empty()) return unsupported("keyword arguments to " + qualname + " (TypeError path)");
  // `if len(items) == 0: raise TypeError(...)`
  guardBuiltin(tx, "len");
  if (args.empty()) return unsupported(qualname + "() without arguments (TypeError path)");
  if (qualname == "operator.itemgetter")
    return VtPtr(
        std::make_shared<OperatorGetterVariable>(Flavor::kItem, std::move(args), Kwargs{}));
  // attrgetter: `if any(not isinstance(attr, str) for attr in attrs): raise TypeError`;
  // `any` is itself polyfilled (ID_MATCH), its generator reads isinstance and str.
  guardBuiltin(tx, "any", GuardKind::ID_MATCH);
  guardBuiltin(tx, "isinstance");
  guardBuiltin(tx, "str");
  for (auto& a : args) {
    auto r = tx.realize(a);
    if (!r) return r.error();
    if (!constantStr(*r))
      return unsupported("operator.attrgetter of a non-str name (TypeError path)");
    a = *r;
  }
  return VtPtr(std::make_shared<OperatorGetterVariable>(Flavor::kAttr, std::move(args), Kwargs{}));
}

std::string OperatorGetterVariable::describe() const {
  const char* what = flavor_ == Flavor::kItem   ? "itemgetter"
                     : flavor_ == Flavor::kAttr ? "attrgetter"
                                                : "methodcaller";
  std::string out = std::string(what) + "(";
  for (size_t i = 0; i < items_.size(); ++i) out += (i ? ", " : "") + items_[i]->repr();
  return out + ").getter";
}

Expected<VtPtr> OperatorGetterVariable::callFunction(Tx& tx, Args args, Kwargs kwargs) {
  if (args.size() != 1 || !kwargs.empty())
    return unsupported("calling an operator getter with other than one argument (TypeError path)");
  VtPtr obj = args[0];
  if (flavor_ == Flavor::kMethod) {
    // caller(obj): getattr(obj, name)(*args, **kwargs)
    guardBuiltin(tx, "getattr");
    auto m = BuiltinVariable::call(tx, "getattr", {obj, items_[0]});
    if (!m) return m;
    Args callArgs(items_.begin() + 1, items_.end());
    return (*m)->callFunction(tx, std::move(callArgs), kwargs_);
  }
  auto one = [&](const VtPtr& item) -> Expected<VtPtr> {
    if (flavor_ == Flavor::kItem) {
      // getter(obj): obj[item]
      auto o = tx.realize(obj);
      if (!o) return o;
      return (*o)->callMethod(tx, "__getitem__", {item}, {});
    }
    // resolve_attr(obj, attr): `for name in attr.split("."): obj = getattr(obj, name)`
    guardBuiltin(tx, "getattr");
    const std::string& attr = *constantStr(item);
    VtPtr cur = obj;
    size_t start = 0;
    while (true) {
      size_t dot = attr.find('.', start);
      std::string name =
          attr.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
      auto next = BuiltinVariable::call(tx, "getattr", {cur, ConstantVariable::make(name)});
      if (!next) return next;
      tracer::applyNameHint(tx, *next, "obj");
      cur = *next;
      if (dot == std::string::npos) break;
      start = dot + 1;
    }
    return cur;
  };
  if (items_.size() == 1) return one(items_[0]);
  // tuple(<genexpr over items>)
  guardBuiltin(tx, "tuple");
  std::vector<VtPtr> out;
  for (const auto& item : items_) {
    auto r = one(item);
    if (!r) return r;
    out.push_back(*r);
  }
  return makeTuple(std::move(out));
}

}  // namespace dynrr::vt
