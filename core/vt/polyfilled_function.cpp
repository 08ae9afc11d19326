// polyfilled_function.cpp — see polyfilled_function.h.
#include "core/vt/polyfilled_function.h"

#include "core/tracer/instruction_translator.h"

namespace dynrr::vt {

Expected<VtPtr> PolyfilledCastVariable::callFunction(Tx& tx, Args args, Kwargs kwargs) {
  // cast(typ, val): bind by position or keyword.
  VtPtr typ = args.size() > 0 ? args[0] : nullptr;
  VtPtr val = args.size() > 1 ? args[1] : nullptr;
  if (args.size() > 2) return unsupported("typing.cast with more than two arguments");
  for (const auto& [name, value] : kwargs) {
    VtPtr& slot = name == "typ" ? typ : name == "val" ? val : typ;
    if (name != "typ" && name != "val") return unsupported("typing.cast with keyword " + name);
    if (slot) return unsupported("typing.cast with an argument given twice");
    slot = value;
  }
  if (!typ || !val) return unsupported("typing.cast without two arguments");
  // check_unspec_or_constant_args: each argument in call order, realised, until one is
  // not a constant (a class is one: UserDefinedClassVariable.as_python_constant).
  std::vector<VtPtr*> order;
  for (auto& a : args) order.push_back(&a);
  for (auto& [name, value] : kwargs) order.push_back(&value);
  for (VtPtr* a : order) {
    auto r = (*a)->realize(tx);
    if (!r) return r.error();
    if (*a == val) val = *r;
    *a = *r;
    if (!(*r)->isPythonConstant() && (*r)->kind() != VtKind::kUserClass) break;
  }
  return val->realize(tx);
}

}  // namespace dynrr::vt
