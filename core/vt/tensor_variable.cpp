// tensor_variable.cpp — see tensor_variable.h.
#include "core/vt/tensor_variable.h"

#include "core/trace/object_printer.h"

namespace dynrr::vt {
namespace {

std::string join(const fake::Shape& xs) {
  std::string out;
  for (size_t i = 0; i < xs.size(); ++i) {
    if (i) out += ", ";
    out += std::to_string(xs[i]);
  }
  return out;
}

}  // namespace

std::string canonicalMeta(const fake::TensorMeta& m) {
  return trace::shortDtype(std::string(fake::dtypeName(m.dtype))) + "[" + join(m.sizes) +
         "] stride=(" + join(m.strides) + ") offset=" + std::to_string(m.storageOffset) + " " +
         m.device.str() + " requires_grad=" + (m.requiresGrad ? "True" : "False");
}

std::string TensorVariable::describe() const {
  return canonicalMeta(meta_) + ", node #" + std::to_string(node_);
}

}  // namespace dynrr::vt
