// printer.cpp — GraphModule.code for a Graph (see printer.h).
#include "core/graph/printer.h"

#include <algorithm>
#include <unordered_map>
#include <vector>

#include "core/graph/namespace.h"
#include "core/graph/python_repr.h"

namespace dynrr::graph {
namespace {

// torch/fx/graph.py magic_methods (reflectable ones included) and inplace_methods.
const std::unordered_map<std::string, std::string>& magicMethods() {
  static const std::unordered_map<std::string, std::string> table = {
      {"eq", "{} == {}"},       {"ne", "{} != {}"},     {"lt", "{} < {}"},
      {"gt", "{} > {}"},        {"le", "{} <= {}"},     {"ge", "{} >= {}"},
      {"pos", "+{}"},           {"neg", "-{}"},         {"invert", "~{}"},
      {"add", "{} + {}"},       {"sub", "{} - {}"},     {"mul", "{} * {}"},
      {"floordiv", "{} // {}"}, {"truediv", "{} / {}"}, {"div", "{} / {}"},
      {"mod", "{} % {}"},       {"pow", "{} ** {}"},    {"lshift", "{} << {}"},
      {"rshift", "{} >> {}"},   {"and_", "{} & {}"},    {"or_", "{} | {}"},
      {"xor", "{} ^ {}"},       {"getitem", "{}[{}]"},  {"matmul", "{} @ {}"}};
  return table;
}

const std::unordered_map<std::string, std::string>& inplaceMethods() {
  static const std::unordered_map<std::string, std::string> table = {
      {"iadd", "{} += {}"},     {"iand", "{} &= {}"},      {"ifloordiv", "{} //= {}"},
      {"ilshift", "{} <<= {}"}, {"imod", "{} %= {}"},      {"imul", "{} *= {}"},
      {"imatmul", "{} @= {}"},  {"ior", "{} |= {}"},       {"ipow", "{} **= {}"},
      {"irshift", "{} >>= {}"}, {"isub", "{} -= {}"},      {"itruediv", "{} /= {}"},
      {"ixor", "{} ^= {}"},     {"setitem", "{}[{}] = {}"}};
  return table;
}

// str.format with positional "{}" fields; nullopt when args run short.
std::optional<std::string> formatPattern(const std::string& pattern,
                                         const std::vector<std::string>& args) {
  std::string out;
  size_t next = 0;
  for (size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == '{' && i + 1 < pattern.size() && pattern[i + 1] == '}') {
      if (next >= args.size()) return std::nullopt;
      out += args[next++];
      ++i;
    } else {
      out += pattern[i];
    }
  }
  return out;
}

bool isIdentifier(std::string_view s) {
  if (s.empty() || (s[0] >= '0' && s[0] <= '9')) return false;
  for (char c : s) {
    bool ok = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
              c == '_' || static_cast<unsigned char>(c) >= 0x80;
    if (!ok) return false;
  }
  return true;
}

// _format_target: base.a.b, with getattr(base, "0") for non-identifier parts.
std::string formatTarget(const std::string& base, std::string_view target) {
  std::string r = base;
  size_t start = 0;
  while (true) {
    size_t dot = target.find('.', start);
    std::string_view elem = target.substr(start, dot == std::string_view::npos ? dot : dot - start);
    if (!isIdentifier(elem)) {
      r = "getattr(" + r + ", \"" + std::string(elem) + "\")";
    } else {
      r += "." + std::string(elem);
    }
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  return r;
}

class CodeGen {
 public:
  explicit CodeGen(const Graph& graph) : graph_(graph) {
    // _custom_builtins are added to every graph's globals first.
    for (const char* name : {"inf", "nan", "NoneType", "torch", "device", "fx_pytree", "pytree"}) {
      ns_.createName(name, pythonIllegalNameOwner(name));
    }
  }

  std::string run() {
    computeLastUses();
    for (const Node* n : graph_.nodes()) {
      emitNode(n);
      deleteUnusedValues(n);
    }
    if (body_.empty()) body_ = "pass\n";
    std::string prologue = "def forward(";
    std::vector<std::string> vars = freeVars_;
    if (vars.empty() || vars[0] != "self") vars.insert(vars.begin(), "self");
    for (size_t i = 0; i < vars.size(); ++i) {
      if (i) prologue += ", ";
      prologue += vars[i];
    }
    prologue += ")" + returnAnnotation_ + ":";
    // code = "\n".join(lines).lstrip("\n"), then every line indented by four spaces.
    size_t first = body_.find_first_not_of('\n');
    std::string out = "\n\n\n" + prologue + "\n";
    out.reserve(out.size() + body_.size() + body_.size() / 8 + 8);
    out += "    ";
    // Line by line: each '\n' of the body is followed by four spaces.
    for (size_t at = first == std::string::npos ? body_.size() : first; at < body_.size();) {
      size_t nl = body_.find('\n', at);
      if (nl == std::string::npos) {
        out.append(body_, at, std::string::npos);
        break;
      }
      out.append(body_, at, nl + 1 - at);
      out += "    ";
      at = nl + 1;
    }
    return out;
  }

 private:
  // A node's name in ns_, made on first use (names_ remembers it: ns_ needs no key).
  const std::string& nodeName(const Node* n) {
    auto id = static_cast<size_t>(n->id());
    if (id >= names_.size()) names_.resize(id + 1);
    if (names_[id].empty()) names_[id] = ns_.createNameForNewObject(n->name());
    return names_[id];
  }

  std::string repr(const Argument& a) {
    return a.repr([this](const Node* n) { return nodeName(n); });
  }

  // add_global: torch callables print by qualified name, others get a namespace name.
  std::string addGlobal(const std::string& nameHint, const std::string& key, bool fromTorch) {
    if (fromTorch) return nameHint;
    return ns_.createName(nameHint, key);
  }

  std::string typeRepr(const std::string& typeExpr) {
    size_t dot = typeExpr.rfind('.');
    if (dot == std::string::npos) return addGlobal(typeExpr, typeExpr, false);
    return addGlobal(typeExpr, typeExpr, isTorchModuleName(typeExpr.substr(0, dot)));
  }

  std::string formatArgs(const std::vector<Argument>& args, size_t from, const Kwargs& kwargs) {
    std::string out;
    bool firstItem = true;
    for (size_t i = from; i < args.size(); ++i) {
      if (!firstItem) out += ", ";
      out += repr(args[i]);
      firstItem = false;
    }
    for (const auto& [k, v] : kwargs) {
      if (!firstItem) out += ", ";
      out += k;
      out += " = ";
      out += repr(v);
      firstItem = false;
    }
    return out;
  }

  void computeLastUses() {
    const auto& nodes = graph_.nodes();
    size_t ids = 0;
    for (const Node* n : nodes) {
      ids = std::max(ids, static_cast<size_t>(n->id()) + 1);
      for (const Node* in : n->inputNodes()) ids = std::max(ids, static_cast<size_t>(in->id()) + 1);
    }
    std::vector<bool> used(ids, false);
    userToLastUses_.assign(ids, {});
    names_.resize(std::max(names_.size(), ids));
    for (auto it = nodes.rbegin(); it != nodes.rend(); ++it) {
      for (const Node* in : (*it)->inputNodes()) {
        auto id = static_cast<size_t>(in->id());
        if (!used[id]) {
          used[id] = true;
          userToLastUses_[static_cast<size_t>((*it)->id())].push_back(in);
        }
      }
    }
  }

  void emitNode(const Node* n) {
    std::string annotation = n->typeExpr().empty() ? "" : " : " + typeRepr(n->typeExpr());
    const auto& args = n->args();
    switch (n->op()) {
      case Op::kPlaceholder: {
        const std::string& target = n->target().name();
        std::string var = target + annotation;
        if (!args.empty()) var += " = " + repr(args[0]);
        freeVars_.push_back(var);
        std::string raw;
        for (char c : target) {
          if (c != '*') raw += c;
        }
        std::string name = nodeName(n);
        if (raw != name) body_ += name + " = " + raw + "\n";
        return;
      }
      case Op::kCallMethod: {
        std::string name = nodeName(n);
        std::string self = args.empty() ? std::string("None") : repr(args[0]);
        std::string target = formatTarget(self, n->target().name());
        std::string formatted = formatArgs(args, 1, n->kwargs());
        append({name, annotation, " = ", target, "(", formatted, ")"});
        return;
      }
      case Op::kCallFunction: emitCallFunction(n, annotation); return;
      case Op::kCallModule: {
        std::string name = nodeName(n);
        body_ += name + annotation + " = " + formatTarget("self", n->target().name()) + "(" +
                 formatArgs(args, 0, n->kwargs()) + ")";
        return;
      }
      case Op::kGetAttr: {
        std::string name = nodeName(n);
        body_ += name + annotation + " = " + formatTarget("self", n->target().name());
        return;
      }
      case Op::kOutput:
        if (!n->typeExpr().empty()) returnAnnotation_ = " -> " + typeRepr(n->typeExpr());
        body_ += "return " + (args.empty() ? std::string("None") : repr(args[0]));
        return;
    }
  }

  void emitCallFunction(const Node* n, const std::string& annotation) {
    const Target& t = n->target();
    const auto& args = n->args();
    if (t.isOperator()) {
      auto magic = magicMethods().find(t.name());
      if (magic != magicMethods().end()) {
        std::string name = nodeName(n);
        std::vector<std::string> reprs;
        reprs.reserve(args.size());
        for (const Argument& a : args) reprs.push_back(repr(a));
        if (auto text = formatPattern(magic->second, reprs)) {
          append({name, annotation, " = ", *text});
          return;
        }
      }
      auto inplace = inplaceMethods().find(t.name());
      if (inplace != inplaceMethods().end()) {
        std::vector<std::string> reprs;
        reprs.reserve(args.size());
        for (const Argument& a : args) reprs.push_back(repr(a));
        if (auto text = formatPattern(inplace->second, reprs)) {
          body_ += *text + ";  " + nodeName(n) + annotation + " = " + reprs[0];
          return;
        }
      }
    }
    std::string key = t.qualifiedName();
    if (!t.objectToken().empty()) key += "@" + t.objectToken();
    std::string globalName = addGlobal(t.qualifiedName(), key, t.fromTorch());
    if (globalName == "getattr" && args.size() == 2 && args[1].kind() == Argument::Kind::kString &&
        isIdentifier(args[1].text())) {
      std::string name = nodeName(n);
      body_ += name + annotation + " = " + formatTarget(repr(args[0]), args[1].text());
      return;
    }
    std::string name = nodeName(n);
    std::string formatted = formatArgs(args, 0, n->kwargs());
    append({name, annotation, " = ", globalName, "(", formatted, ")"});
  }

  void append(std::initializer_list<std::string_view> parts) {
    for (std::string_view p : parts) body_ += p;
  }

  void deleteUnusedValues(const Node* user) {
    if (user->op() == Op::kPlaceholder) return;
    if (user->op() == Op::kOutput) {
      body_ += "\n";
      return;
    }
    std::vector<const Node*>& toDelete = userToLastUses_[static_cast<size_t>(user->id())];
    if (user->users().empty()) toDelete.push_back(user);
    if (toDelete.empty()) {
      body_ += "\n";
      return;
    }
    body_ += ";  ";
    for (const Node* d : toDelete) {
      body_ += nodeName(d);
      body_ += " = ";
    }
    body_ += "None\n";
  }

  const Graph& graph_;
  Namespace ns_;
  // By node id: its name in ns_ (empty until first used).
  std::vector<std::string> names_;
  std::vector<std::string> freeVars_;
  std::string body_;
  std::string returnAnnotation_;
  // By node id: the nodes whose last use it is (_delete_unused_values).
  std::vector<std::vector<const Node*>> userToLastUses_;
};

std::string argsText(const Node* n) {
  auto name = [](const Node* x) { return x->name(); };
  std::string out = "(";
  for (size_t i = 0; i < n->args().size(); ++i) {
    if (i) out += ", ";
    out += n->args()[i].repr(name);
  }
  if (n->args().size() == 1) out += ",";
  out += ")";
  return out;
}

}  // namespace

std::string pythonCode(const Graph& graph) { return CodeGen(graph).run(); }

std::string readable(const Graph& graph) {
  std::string code = pythonCode(graph);
  size_t first = code.find_first_not_of('\n');
  code = first == std::string::npos ? std::string() : code.substr(first);
  std::string out = "class GraphModule(torch.nn.Module):\n    ";
  for (char c : code) {
    out += c;
    if (c == '\n') out += "    ";
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  out += "\n# opcode         name             target                   args / kwargs\n";
  for (const Node* n : graph.nodes()) {
    std::string line = "# " + std::string(opName(n->op()));
    line.resize(17, ' ');
    line += n->name();
    if (line.size() < 34) line.resize(34, ' ');
    line += " " + n->target().qualifiedName();
    if (line.size() < 59) line.resize(59, ' ');
    line += " " + argsText(n);
    if (!n->kwargs().empty()) {
      line += " {";
      for (size_t i = 0; i < n->kwargs().size(); ++i) {
        if (i) line += ", ";
        line += n->kwargs()[i].first + ": " +
                n->kwargs()[i].second.repr([](const Node* x) { return x->name(); });
      }
      line += "}";
    }
    if (!n->meta().sourceName.empty()) line += "  source=" + n->meta().sourceName;
    out += line + "\n";
  }
  return out;
}

}  // namespace dynrr::graph
