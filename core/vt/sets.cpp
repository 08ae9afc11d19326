// sets.cpp — see sets.h (SetVariable.call_method).
#include "core/vt/sets.h"

#include "core/tracer/instruction_translator.h"
#include "core/vt/builtin.h"
#include "core/vt/constant.h"
#include "core/vt/misc.h"

namespace dynrr::vt {
namespace {

bool isPublicMethod(const std::string& name) {
  return name == "add" || name == "discard" || name == "remove";
}

}  // namespace

std::string SetVariable::describe() const {
  std::string out = "{";
  for (size_t i = 0; i < items_.size(); ++i) out += (i ? ", " : "") + items_[i]->repr();
  return out + "}";
}

std::optional<size_t> SetVariable::indexOf(const VtPtr& item) const {
  for (size_t i = 0; i < items_.size(); ++i) {
    auto eq = constEquals(items_[i], item);
    if (eq && *eq) return i;
  }
  return std::nullopt;
}

Status SetVariable::insert(Tx& tx, const VtPtr& item) {
  auto r = tx.realize(item);
  if (!r) return r.error();
  if ((*r)->kind() != VtKind::kConstant)
    return unsupported("a set holding a " + (*r)->pythonTypeName());
  if (!indexOf(*r)) items_.push_back(*r);
  return Status::success();
}

Expected<std::vector<VtPtr>> SetVariable::itemsOf(Tx& tx, const VtPtr& other) const {
  if (other->kind() == VtKind::kSet) return static_cast<const SetVariable&>(*other).items();
  return other->unpackVarSequence(tx);
}

Expected<VtPtr> SetVariable::varGetattr(Tx&, const std::string& name) {
  if (isPublicMethod(name)) return VtPtr(std::make_shared<GetAttrVariable>(self(), name));
  return unsupported("set method " + name);
}

Expected<VtPtr> SetVariable::callMethod(Tx& tx, const std::string& name, Args args, Kwargs kwargs) {
  if (!kwargs.empty()) return unsupported("keyword arguments to set." + name);
  if (name == "__len__" && args.empty())
    return ConstantVariable::make(static_cast<int64_t>(items_.size()));
  if (name == "__contains__" && args.size() == 1) {
    auto x = tx.realize(args[0]);
    if (!x) return x;
    return ConstantVariable::make(indexOf(*x).has_value());
  }
  // add / discard / remove of a constant; a pre-existing set changed is written back.
  if (!isPublicMethod(name) || args.size() != 1)
    return unsupported("call of method " + name + " on set");
  auto item = tx.realize(args[0]);
  if (!item) return item;
  if ((*item)->kind() != VtKind::kConstant)
    return unsupported("set." + name + " of a " + (*item)->pythonTypeName());
  auto at = indexOf(*item);
  if (name == "remove" && !at) return unsupported("set.remove of a missing item (KeyError path)");
  if (mutationType() == MutationType::kValueMutationExisting)
    tx.context().sideEffects.markMutated(this, "." + name + "()");
  if (name == "add" && !at) items_.push_back(*item);
  if (name != "add" && at) items_.erase(items_.begin() + static_cast<std::ptrdiff_t>(*at));
  return ConstantVariable::make(NoneValue{});
}

}  // namespace dynrr::vt
