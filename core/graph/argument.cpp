// argument.cpp — constructors and leaf reprs of graph arguments (see argument.h).
#include "core/graph/argument.h"

#include "core/graph/python_repr.h"
#include "core/support/assert.h"

namespace dynrr::graph {

Argument Argument::boolean(bool v) {
  Argument a(Kind::kBool);
  a.int_ = v ? 1 : 0;
  return a;
}
Argument Argument::integer(int64_t v) {
  Argument a(Kind::kInt);
  a.int_ = v;
  return a;
}
Argument Argument::floating(double v) {
  Argument a(Kind::kFloat);
  a.float_ = v;
  return a;
}
Argument Argument::string(std::string v) {
  Argument a(Kind::kString);
  a.text_ = std::move(v);
  return a;
}
Argument Argument::node(Node* n) {
  DYNRR_ASSERT(n != nullptr);
  Argument a(Kind::kNode);
  a.node_ = n;
  return a;
}
Argument Argument::dtype(std::string name) {
  Argument a(Kind::kDtype);
  a.text_ = std::move(name);
  return a;
}
Argument Argument::device(std::string type, std::optional<int64_t> index) {
  Argument a(Kind::kDevice);
  a.text_ = std::move(type);
  a.deviceIndex_ = index;
  return a;
}
Argument Argument::layout(std::string name) {
  Argument a(Kind::kLayout);
  a.text_ = std::move(name);
  return a;
}
Argument Argument::memoryFormat(std::string name) {
  Argument a(Kind::kMemoryFormat);
  a.text_ = std::move(name);
  return a;
}
Argument Argument::ellipsis() { return Argument(Kind::kEllipsis); }
Argument Argument::tuple(std::vector<Argument> items) {
  Argument a(Kind::kTuple);
  a.items_ = std::move(items);
  return a;
}
Argument Argument::list(std::vector<Argument> items) {
  Argument a(Kind::kList);
  a.items_ = std::move(items);
  return a;
}
Argument Argument::dict(std::vector<std::pair<Argument, Argument>> entries) {
  Argument a(Kind::kDict);
  for (auto& [k, v] : entries) {
    a.items_.push_back(std::move(k));
    a.items_.push_back(std::move(v));
  }
  return a;
}
Argument Argument::slice(Argument start, Argument stop, Argument step) {
  Argument a(Kind::kSlice);
  a.items_ = {std::move(start), std::move(stop), std::move(step)};
  return a;
}
Argument Argument::size(const std::vector<int64_t>& sizes) {
  Argument a(Kind::kSize);
  for (int64_t s : sizes) a.items_.push_back(integer(s));
  return a;
}

Argument Argument::range(int64_t start, int64_t stop, int64_t step) {
  Argument a(Kind::kRange);
  a.text_ = "range(" + std::to_string(start) + ", " + std::to_string(stop) +
            (step == 1 ? std::string() : ", " + std::to_string(step)) + ")";
  return a;
}

std::string leafRepr(const Argument& a) {
  using Kind = Argument::Kind;
  switch (a.kind()) {
    case Kind::kNone: return "None";
    case Kind::kBool: return a.asBool() ? "True" : "False";
    case Kind::kInt: return std::to_string(a.asInt());
    case Kind::kFloat: return pythonFloatRepr(a.asFloat());
    case Kind::kString: return pythonStringRepr(a.text());
    case Kind::kDtype:
    case Kind::kLayout:
    case Kind::kMemoryFormat:
    case Kind::kRange: return a.text();
    case Kind::kDevice: return pythonDeviceRepr(a.text(), a.deviceIndex());
    case Kind::kEllipsis: return "Ellipsis";
    case Kind::kSize: {
      std::vector<int64_t> sizes;
      for (const Argument& i : a.items()) sizes.push_back(i.asInt());
      return pythonSizeRepr(sizes);
    }
    case Kind::kNode:
    case Kind::kTuple:
    case Kind::kList:
    case Kind::kDict:
    case Kind::kSlice: break;
  }
  DYNRR_ASSERT(false, static_cast<int>(a.kind()));
  return "";
}

}  // namespace dynrr::graph
