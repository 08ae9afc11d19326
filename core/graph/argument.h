// argument.h — the values a graph node takes as args/kwargs.
//
// Mirrors torch.fx.node.Argument as Dynamo's graphs use it: a tree of Nodes, None,
// bool, int, float, str, torch.dtype, torch.device, torch.layout, torch.memory_format,
// Ellipsis, tuple, list, dict, slice and torch.Size. Value type; a Node* inside is
// non-owning (the Graph owns every Node).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace dynrr::graph {

class Node;

class Argument {
 public:
  enum class Kind {
    kNone,
    kBool,
    kInt,
    kFloat,
    kString,
    kNode,
    kDtype,         // text: "torch.float32"
    kDevice,        // text: device type; index: optional device index
    kLayout,        // text: "torch.strided"
    kMemoryFormat,  // text: "torch.contiguous_format"
    kEllipsis,
    kTuple,
    kList,
    kDict,   // items: key0, value0, key1, value1, ...
    kSlice,  // items: start, stop, step
    kSize,   // items: ints
    kRange,  // text: its repr, "range(0, 10)" (FX prints other objects by repr)
  };

  Argument() = default;  // None
  static Argument none() { return Argument(); }
  static Argument boolean(bool v);
  static Argument integer(int64_t v);
  static Argument floating(double v);
  static Argument string(std::string v);
  static Argument node(Node* n);
  static Argument dtype(std::string name);
  static Argument device(std::string type, std::optional<int64_t> index = std::nullopt);
  static Argument layout(std::string name);
  static Argument memoryFormat(std::string name);
  static Argument ellipsis();
  static Argument tuple(std::vector<Argument> items);
  static Argument list(std::vector<Argument> items);
  static Argument dict(std::vector<std::pair<Argument, Argument>> entries);
  static Argument slice(Argument start, Argument stop, Argument step);
  static Argument size(const std::vector<int64_t>& sizes);
  static Argument range(int64_t start, int64_t stop, int64_t step);

  Kind kind() const { return kind_; }
  bool isNode() const { return kind_ == Kind::kNode; }
  bool asBool() const { return int_ != 0; }
  int64_t asInt() const { return int_; }
  double asFloat() const { return float_; }
  const std::string& text() const { return text_; }
  Node* asNode() const { return node_; }
  std::optional<int64_t> deviceIndex() const { return deviceIndex_; }
  const std::vector<Argument>& items() const { return items_; }
  std::vector<Argument>& mutableItems() { return items_; }

  // Python repr as FX's CodeGen._get_repr prints it, with `nodeName` naming nodes.
  // A torch.Size prints as a tuple: FX's map_aggregate rebuilds it as one when a
  // node takes it as an argument.
  template <typename NodeNameFn>
  std::string repr(NodeNameFn&& nodeName) const;

  // Calls fn(Node*) for each node in the tree, in FX's map_aggregate order.
  template <typename Fn>
  void forEachNode(Fn&& fn) const {
    if (kind_ == Kind::kNode) {
      fn(node_);
      return;
    }
    for (const Argument& a : items_) a.forEachNode(fn);
  }
  // Replaces every node for which fn returns non-null.
  template <typename Fn>
  void mapNodes(Fn&& fn) {
    if (kind_ == Kind::kNode) {
      if (Node* r = fn(node_)) node_ = r;
      return;
    }
    for (Argument& a : items_) a.mapNodes(fn);
  }

 private:
  explicit Argument(Kind k) : kind_(k) {}

  Kind kind_ = Kind::kNone;
  int64_t int_ = 0;
  double float_ = 0.0;
  Node* node_ = nullptr;
  std::string text_;
  std::optional<int64_t> deviceIndex_;
  std::vector<Argument> items_;
};

using Kwargs = std::vector<std::pair<std::string, Argument>>;

// repr of a leaf (not a node, tuple, list, dict, slice or size); for a size,
// repr(torch.Size(...)).
std::string leafRepr(const Argument& a);

template <typename NodeNameFn>
std::string Argument::repr(NodeNameFn&& nodeName) const {
  auto join = [&](size_t from, size_t step) {
    std::string out;
    for (size_t i = from; i < items_.size(); i += step) {
      if (i != from) out += ", ";
      out += items_[i].repr(nodeName);
    }
    return out;
  };
  switch (kind_) {
    case Kind::kNode: return nodeName(node_);
    case Kind::kTuple:
    case Kind::kSize:
      if (items_.size() == 1) return "(" + items_[0].repr(nodeName) + ",)";
      return "(" + join(0, 1) + ")";
    case Kind::kList: return "[" + join(0, 1) + "]";
    case Kind::kSlice: return "slice(" + join(0, 1) + ")";
    case Kind::kDict: {
      std::string out = "{";
      for (size_t i = 0; i + 1 < items_.size(); i += 2) {
        if (i) out += ", ";
        out += items_[i].repr(nodeName) + ": " + items_[i + 1].repr(nodeName);
      }
      return out + "}";
    }
    default: return leafRepr(*this);
  }
}

}  // namespace dynrr::graph
