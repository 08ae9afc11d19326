// target.cpp — callable and string node targets (see target.h).
#include "core/graph/target.h"

namespace dynrr::graph {

bool isTorchModuleName(std::string_view module) {
  if (module.substr(0, 5) != "torch") return false;
  std::string_view rest = module.substr(5);
  // ^torch(?:\.(?!_dynamo\.|_inductor\.)[^.]+)*$
  while (!rest.empty()) {
    if (rest[0] != '.') return false;
    rest.remove_prefix(1);
    if (rest.substr(0, 8) == "_dynamo." || rest.substr(0, 10) == "_inductor.") return false;
    size_t next = rest.find('.');
    std::string_view part = rest.substr(0, next);
    if (part.empty()) return false;
    rest = next == std::string_view::npos ? std::string_view() : rest.substr(next);
  }
  return true;
}

Target Target::function(std::string_view qualifiedName) {
  Target t;
  t.callable_ = true;
  std::string q(qualifiedName);
  if (size_t at = q.find('@'); at != std::string::npos) {
    t.token_ = q.substr(at + 1);
    q.resize(at);
  }
  if (q.rfind("operator.", 0) == 0) q = "_" + q;
  t.qualified_ = q;
  size_t dot = q.rfind('.');
  if (dot == std::string::npos) {
    t.name_ = q;
    t.module_ = "builtins";
  } else {
    t.name_ = q.substr(dot + 1);
    t.module_ = q.substr(0, dot);
  }
  // An OpOverload (torch.ops.<ns>.<op>.<overload>): its __name__ is "<op>.<overload>",
  // which FX's _target_to_str turns into the node name "<op>_<overload>". A
  // HigherOrderOperator (torch.ops.higher_order.<name>) has __name__ "<name>".
  if (q.rfind("torch.ops.", 0) == 0 && q.rfind("torch.ops.higher_order.", 0) != 0) {
    size_t opDot = q.rfind('.', dot == std::string::npos || dot == 0 ? 0 : dot - 1);
    if (dot != std::string::npos && opDot != std::string::npos && opDot > 9)
      t.name_ = q.substr(opDot + 1, dot - opDot - 1) + "_" + q.substr(dot + 1);
  }
  if (t.module_ == "torch.Tensor") {
    t.module_.clear();  // method descriptors carry no __module__
    t.fromTorch_ = false;
  } else {
    t.fromTorch_ = isTorchModuleName(t.module_);
  }
  return t;
}

Target Target::function(std::string qualifiedName, std::string name, std::string module,
                        bool fromTorch) {
  Target t;
  t.callable_ = true;
  t.qualified_ = std::move(qualifiedName);
  t.name_ = std::move(name);
  t.module_ = std::move(module);
  t.fromTorch_ = fromTorch;
  return t;
}

Target Target::string(std::string text) {
  Target t;
  t.qualified_ = text;
  t.name_ = std::move(text);
  return t;
}

}  // namespace dynrr::graph
