// program.cpp — prints a fuzz Program as Python source (see program.h). The printer
// keeps typed pools of the variables defined so far, with tensor shapes, and resolves
// every operand modulo its pool so that shrunk programs stay valid.
#include "fuzz/program.h"

#include <algorithm>
#include <sstream>

namespace dynrr::fuzz {
namespace {

using Shape = std::vector<int>;

struct FeatureName {
  const char* name;
  uint32_t bit;
};
constexpr FeatureName kFeatureNames[] = {
    {"tensor", kFeatTensor},   {"scalars", kFeatScalars},   {"containers", kFeatContainers},
    {"calls", kFeatCalls},     {"control", kFeatControl},   {"closures", kFeatClosures},
    {"globals", kFeatGlobals}, {"mutation", kFeatMutation}, {"objects", kFeatObjects},
    {"modules", kFeatModules}, {"breaks", kFeatBreaks},
};

constexpr const char* kKindNames[] = {
    "binary",         "unary",
    "scalar_tensor",  "int_arith",
    "float_arith",    "reduce",
    "view",           "list_build",
    "tuple_unpack",   "dict_build",
    "comprehension",  "iterate",
    "helper_call",    "loop",
    "const_branch",   "shape_branch",
    "nonlocal",       "returned_closure",
    "shared_cell",    "preexisting_cell",
    "global_write",   "global_list_append",
    "global_read",    "list_mutate",
    "list_read",      "dict_mutate",
    "dict_read",      "attr_write",
    "method_call",    "module_call",
    "tensor_branch",  "print",
    "item",           "inplace",
    "alias_append",   "mutable_default",
    "nonlocal_break", "no_grad_block",
    "set_ops",        "string_ops",
    "dict_update",
};
static_assert(sizeof(kKindNames) / sizeof(kKindNames[0]) == static_cast<size_t>(StmtKind::kCount));

Shape broadcast(const Shape& a, const Shape& b) {
  Shape out(std::max(a.size(), b.size()), 1);
  for (size_t i = 0; i < out.size(); ++i) {
    int da = i < a.size() ? a[a.size() - 1 - i] : 1;
    int db = i < b.size() ? b[b.size() - 1 - i] : 1;
    out[out.size() - 1 - i] = da == 1 ? db : da;
  }
  return out;
}

struct TensorVar {
  std::string name;
  Shape shape;
};

int at(const Stmt& s, size_t i) {
  int v = i < s.ops.size() ? s.ops[i] : 0;
  return v < 0 ? -v : v;
}

class Printer {
 public:
  explicit Printer(const Program& p) : p_(p) {}

  std::string print() {
    header();
    params();
    for (const Stmt& s : p_.body) statement(s);
    returnStatement();
    out_ << "\n\ndef f(" << paramList() << "):\n";
    if (has(kFeatGlobals)) out_ << "    global g_t, g_i\n";
    out_ << lines_.str();
    observe();
    return out_.str();
  }

 private:
  bool has(uint32_t f) const { return (p_.features & f) != 0; }

  void header() {
    out_ << "import torch\nimport torch.nn.functional as F\n\ntorch.manual_seed(1234)\n";
    if (has(kFeatCalls)) {
      out_ << "\n\ndef h_mix(a, b):\n    return a * b + a\n"
              "\n\ndef h_default(a, b=2.0):\n    return a * b\n"
              "\n\ndef h_star(*args):\n    r = args[0]\n    for v in args[1:]:\n"
              "        r = r + v\n    return r\n"
              "\n\ndef h_kwonly(a, *, scale=1.5):\n    return a * scale\n"
              "\n\ndef h_kwargs(a, **kw):\n    return a * kw.get('m', 1.0)\n";
    }
    if (has(kFeatClosures)) {
      out_ << "\n\ndef make_scaler(v):\n    def scale(w):\n        return w * v + 1\n"
              "    return scale\n"
              "\n\ndef make_counter(start):\n    box = start\n\n    def add(v):\n"
              "        nonlocal box\n        box = box + v\n        return box\n\n"
              "    def get():\n        return box\n    return add, get\n"
              "\n\nacc_add, acc_get = make_counter(torch.zeros(4))\n";
    }
    if (has(kFeatMutation)) {
      out_ << "\n\ndef h_memo(a, seen=[]):\n    seen.append(len(seen))\n"
              "    return a * len(seen)\n";
    }
    if (has(kFeatGlobals)) {
      out_ << "\ng_t = torch.linspace(-1.0, 1.0, 4)\ng_i = 2\ng_l = []\n";
    }
    if (has(kFeatObjects)) {
      out_ << "\n\nclass Box:\n    def __init__(self, w, k):\n        self.w = w\n"
              "        self.k = k\n\n    def scale(self, v):\n        return v * self.k + self.w\n";
    }
    if (has(kFeatModules)) {
      out_ << "\n\nclass Net(torch.nn.Module):\n    def __init__(self):\n"
              "        super().__init__()\n        self.fc = torch.nn.Linear(4, 4)\n"
              "        self.scale = 2\n\n    def forward(self, v):\n"
              "        return torch.relu(self.fc(v)) * self.scale\n"
              "\n\nlin = torch.nn.Linear(4, 4)\nnet = Net()\n";
    }
  }

  void params() {
    tensors_ = {{"x", {3, 4}}, {"y", {4}}, {"z", {3, 1}}};
    ints_ = {"n"};
    floats_ = {"s"};
    if (has(kFeatGlobals)) globalShape_ = {4};
    if (has(kFeatClosures)) accShape_ = {4};
    if (has(kFeatMutation)) {
      listShapes_ = {{3, 4}, {4}};
      dictShape_ = {3, 4};
    }
    if (has(kFeatObjects)) boxShape_ = {4};
  }

  std::string paramList() const {
    std::string s = "x, y, z, n, s";
    if (has(kFeatMutation)) s += ", xs, d";
    if (has(kFeatObjects)) s += ", obj";
    return s;
  }

  void observe() {
    static const char* kFloats[] = {"0.5", "-1.25", "2.0", "0.0"};
    out_ << "\n\ndef make_inputs():\n    torch.manual_seed(0)\n"
         << "    x = torch.randn(3, 4)\n    y = torch.randn(4)\n    z = torch.randn(3, 1)\n"
         << "    inputs = [x, y, z, " << p_.intArg << ", " << kFloats[p_.floatArg & 3] << "]\n";
    if (has(kFeatMutation))
      out_ << "    inputs += [[torch.randn(3, 4), torch.randn(4)], "
              "{'a': torch.randn(3, 4), 'k': 2}]\n";
    if (has(kFeatObjects)) out_ << "    inputs.append(Box(torch.randn(4), 2))\n";
    out_ << "    return inputs\n";
    std::vector<std::string> seen;
    if (has(kFeatGlobals)) seen.insert(seen.end(), {"g_t", "g_i", "g_l"});
    if (has(kFeatClosures)) seen.push_back("acc_get()");
    if (has(kFeatModules)) seen.push_back("net.scale");
    if (has(kFeatMutation)) seen.push_back("h_memo.__defaults__");
    if (!seen.empty()) {
      out_ << "\n\ndef observe():\n    return [";
      for (size_t i = 0; i < seen.size(); ++i) out_ << (i ? ", " : "") << seen[i];
      out_ << "]\n";
    }
  }

  // ---------------------------------------------------------------- pools
  const TensorVar& tensor(int sel) const { return tensors_[sel % tensors_.size()]; }
  // A tensor whose shape broadcasts with `a` (all shapes do) and, when wanted, whose
  // last dim is 4 (for Linear).
  const TensorVar& tensorWithLast4(int sel) const {
    std::vector<const TensorVar*> c;
    for (const auto& t : tensors_)
      if (!t.shape.empty() && t.shape.back() == 4) c.push_back(&t);
    return *c[sel % c.size()];  // x always qualifies
  }
  const std::string& intVar(int sel) const { return ints_[sel % ints_.size()]; }
  const std::string& floatVar(int sel) const { return floats_[sel % floats_.size()]; }

  std::string fresh(const char* prefix) { return prefix + std::to_string(counter_++); }
  std::string newTensor(const Shape& shape, const char* prefix = "t") {
    std::string name = fresh(prefix);
    pendingTensors_.push_back({name, shape});
    return name;
  }
  void commit() {
    for (auto& t : pendingTensors_) tensors_.push_back(t);
    pendingTensors_.clear();
  }
  void line(const std::string& text, int indent = 1) {
    lines_ << std::string(static_cast<size_t>(indent) * 4, ' ') << text << "\n";
  }

  // ---------------------------------------------------------------- statements
  void statement(const Stmt& s) {
    if ((stmtFeature(s.kind) & p_.features) == 0) return;  // not enabled: skip
    emit(s);
    commit();
  }

  void emit(const Stmt& s) {
    const TensorVar a = tensor(at(s, 0));  // copies: the pools grow below
    const TensorVar b = tensor(at(s, 1));
    const int k = at(s, 2);
    switch (s.kind) {
      case StmtKind::kBinary: {
        static const char* kOps[] = {"{a} + {b}",
                                     "{a} - {b}",
                                     "{a} * {b}",
                                     "torch.maximum({a}, {b})",
                                     "torch.minimum({a}, {b})",
                                     "torch.add({a}, {b}, alpha=2)",
                                     "torch.where({a} > {b}, {a}, {b})",
                                     "{a} / ({b}.abs() + 1)"};
        std::string t = newTensor(broadcast(a.shape, b.shape));
        line(t + " = " + fill(kOps[k % 8], a.name, b.name));
        break;
      }
      case StmtKind::kUnary: {
        static const char* kOps[] = {"torch.sin({a})",
                                     "{a}.cos()",
                                     "torch.tanh({a})",
                                     "torch.sigmoid({a})",
                                     "torch.relu({a})",
                                     "{a}.abs()",
                                     "-{a}",
                                     "F.gelu({a})",
                                     "torch.clamp({a}, -0.5, 0.5)",
                                     "{a}.exp()"};
        std::string t = newTensor(a.shape);
        line(t + " = " + fill(kOps[k % 10], a.name, ""));
        break;
      }
      case StmtKind::kScalarTensor: {
        const std::string& i = intVar(at(s, 1));
        const std::string& fl = floatVar(at(s, 1));
        static const char* kOps[] = {"{a} * {i}",       "{a} + {f}", "{a} ** 2",
                                     "{a} / ({i} + 1)", "{f} - {a}", "{a} * {f} + {i}"};
        std::string e = kOps[k % 6];
        e = replaceAll(replaceAll(replaceAll(e, "{a}", a.name), "{i}", i), "{f}", fl);
        std::string t = newTensor(a.shape);
        line(t + " = " + e);
        break;
      }
      case StmtKind::kIntArith: {
        const std::string& i = intVar(at(s, 0));
        const std::string& j = intVar(at(s, 1));
        static const char* kOps[] = {"({i} + {j}) % 7",    "({i} * 3 + 1) % 7", "({i} - {j}) % 7",
                                     "max({i}, {j}) // 2", "min({i}, {j}) + 1", "abs({i} - 4)"};
        std::string name = fresh("i");
        line(name + " = " + replaceAll(replaceAll(kOps[k % 6], "{i}", i), "{j}", j));
        ints_.push_back(name);
        break;
      }
      case StmtKind::kFloatArith: {
        const std::string& fl = floatVar(at(s, 0));
        const std::string& i = intVar(at(s, 1));
        static const char* kOps[] = {"{f} * 0.5 + {i}", "float({i}) / 4", "{f} - 1.5", "{f} * {f}"};
        std::string name = fresh("f");
        line(name + " = " + replaceAll(replaceAll(kOps[k % 4], "{f}", fl), "{i}", i));
        floats_.push_back(name);
        break;
      }
      case StmtKind::kReduce: {
        int op = k % 4;
        if (a.shape.empty()) op = 0;
        Shape out;
        std::string e;
        if (op == 0) {
          e = a.name + ".sum()";
        } else if (op == 1) {
          out = a.shape;
          out.back() = 1;
          e = a.name + ".mean(dim=-1, keepdim=True)";
        } else if (op == 2) {
          out.assign(a.shape.begin() + 1, a.shape.end());
          e = a.name + ".amax(dim=0)";
        } else {
          out = a.shape;
          e = "torch.softmax(" + a.name + ", dim=-1)";
        }
        line(newTensor(out) + " = " + e);
        break;
      }
      case StmtKind::kView: {
        std::string e = a.shape == Shape{3, 4} ? a.name + ".reshape(4, 3).t()"
                                               : a.name + ".unsqueeze(0).squeeze(0)";
        if (k % 2 == 1)
          e = a.name + ".contiguous().view(" + (a.shape.empty() ? "1" : "-1") + ")[0]";
        Shape out = a.shape;
        if (k % 2 == 1) out.clear();
        line(newTensor(out) + " = " + e);
        break;
      }
      case StmtKind::kListBuild: {
        const TensorVar& c = tensor(at(s, 3));
        std::string l = fresh("l");
        line(l + " = [" + a.name + ", " + b.name + ", " + c.name + "]");
        const TensorVar* pick[] = {&a, &b, &c};
        const TensorVar& chosen = *pick[k % 3];
        line(newTensor(broadcast(chosen.shape, c.shape)) + " = " + l + "[" + std::to_string(k % 3) +
             "] + " + l + "[-1]");
        break;
      }
      case StmtKind::kTupleUnpack: {
        std::string p = fresh("p"), q = fresh("q");
        line(p + ", " + q + " = " + b.name + ", " + a.name);
        pendingTensors_.push_back({p, b.shape});
        pendingTensors_.push_back({q, a.shape});
        break;
      }
      case StmtKind::kDictBuild: {
        std::string d = fresh("dd");
        line(d + " = {'u': " + a.name + ", 'v': " + intVar(k) + "}");
        line(newTensor(a.shape) + " = " + d + "['u'] * " + d + "['v'] + " + d + ".get('w', 1.0)");
        break;
      }
      case StmtKind::kComprehension: {
        line(newTensor(a.shape) + " = torch.stack([" + a.name + " * i for i in range(" +
             std::to_string(k % 3 + 1) + ")]).sum(0)");
        break;
      }
      case StmtKind::kIterate: {
        const TensorVar& c = tensor(at(s, 3));
        std::string acc = newTensor(broadcast(a.shape, broadcast(b.shape, c.shape)), "acc");
        line(acc + " = " + a.name);
        if (k % 2 == 0) {
          line("for v in [" + b.name + ", " + c.name + "]:");
          line(acc + " = " + acc + " + v", 2);
        } else {
          line("for j, v in enumerate((" + b.name + ", " + c.name + ")):");
          line(acc + " = " + acc + " * (j + 1) + v", 2);
        }
        break;
      }
      case StmtKind::kHelperCall: {
        if (!has(kFeatCalls)) return;
        Shape ab = broadcast(a.shape, b.shape);
        const std::string& A_ = a.name;
        const std::string& B_ = b.name;
        std::string e;
        Shape out = ab;
        switch (k % 9) {
          case 0: e = "h_mix(" + A_ + ", " + B_ + ")"; break;
          case 1: e = "h_mix(b=" + B_ + ", a=" + A_ + ")"; break;
          case 2:
            e = "h_default(" + A_ + ")";
            out = a.shape;
            break;
          case 3:
            e = "h_default(" + A_ + ", " + floatVar(at(s, 3)) + ")";
            out = a.shape;
            break;
          case 4: e = "h_star(" + A_ + ", " + B_ + ", " + A_ + ")"; break;
          case 5: e = "h_star(*[" + A_ + ", " + B_ + "])"; break;
          case 6:
            e = "h_kwonly(" + A_ + ", scale=" + intVar(at(s, 3)) + ")";
            out = a.shape;
            break;
          case 7:
            e = "h_kwargs(" + A_ + ", m=2.0)";
            out = a.shape;
            break;
          default: e = "h_kwargs(" + A_ + ", **{'m': " + floatVar(at(s, 3)) + "})"; out = a.shape;
        }
        line(newTensor(out) + " = " + e);
        break;
      }
      case StmtKind::kLoop: {
        std::string acc = newTensor(a.shape, "acc");
        line(acc + " = " + a.name);
        line("for i in range(" + std::to_string(k % 4 + 1) + "):");
        line(acc + " = " + acc + " * 0.5 + i", 2);
        break;
      }
      case StmtKind::kConstBranch: {
        std::string t = newTensor(a.shape);
        line("if " + intVar(at(s, 1)) + " > " + std::to_string(k % 5) + ":");
        line(t + " = " + a.name + " + 1", 2);
        line("else:");
        line(t + " = " + a.name + " * 2", 2);
        break;
      }
      case StmtKind::kShapeBranch: {
        std::string t = newTensor(a.shape);
        line("if " + a.name + ".dim() == " + std::to_string(k % 3) + ":");
        line(t + " = " + a.name + " - 1", 2);
        line("else:");
        line(t + " = " + a.name + ".sin()", 2);
        break;
      }
      case StmtKind::kNonlocal: {
        std::string c = fresh("c"), fn = fresh("bump");
        Shape ab = broadcast(a.shape, b.shape);
        line(c + " = " + a.name);
        line("");
        line("def " + fn + "(v):");
        line("nonlocal " + c, 2);
        line(c + " = " + c + " + v", 2);
        line("return " + c + " * 0.5", 2);
        line("");
        line(newTensor(ab) + " = " + fn + "(" + b.name + ")");
        pendingTensors_.push_back({c, ab});
        break;
      }
      case StmtKind::kReturnedClosure: {
        std::string g = fresh("g");
        const bool tensorArg = k % 2 == 0;
        line(g + " = make_scaler(" + (tensorArg ? a.name : intVar(at(s, 3))) + ")");
        line(newTensor(tensorArg ? broadcast(a.shape, b.shape) : b.shape) + " = " + g + "(" +
             b.name + ")");
        break;
      }
      case StmtKind::kSharedCell: {
        std::string add = fresh("add"), get = fresh("get");
        line(add + ", " + get + " = make_counter(" + a.name + ")");
        line(add + "(" + b.name + ")");
        line(newTensor(broadcast(a.shape, b.shape)) + " = " + get + "() * 2");
        break;
      }
      case StmtKind::kPreexistingCell: {
        accShape_ = broadcast(accShape_, a.shape);
        line("acc_add(" + a.name + ")");
        if (k % 2 == 0) line(newTensor(accShape_) + " = acc_get() + " + b.name);
        break;
      }
      case StmtKind::kGlobalWrite: {
        if (k % 2 == 0) {
          globalShape_ = broadcast(globalShape_, a.shape);
          line("g_t = g_t * 0.5 + " + a.name);
        } else {
          line("g_i = (g_i + " + intVar(at(s, 1)) + ") % 7");
        }
        break;
      }
      case StmtKind::kGlobalListAppend: line("g_l.append(" + a.name + " * 2)"); break;
      case StmtKind::kGlobalRead: {
        line(newTensor(broadcast(a.shape, globalShape_)) + " = " + a.name + " * g_i + g_t");
        break;
      }
      case StmtKind::kListMutate: {
        switch (k % 4) {
          case 0:
            line("xs.append(" + a.name + ")");
            listShapes_.push_back(a.shape);
            break;
          case 1:
            line("xs[0] = " + a.name);
            listShapes_[0] = a.shape;
            break;
          case 2:
            line("xs.insert(0, " + a.name + ")");
            listShapes_.insert(listShapes_.begin(), a.shape);
            break;
          default:
            if (listShapes_.size() > 1) {
              line("xs.pop()");
              listShapes_.pop_back();
            } else {
              line("xs.extend([" + a.name + "])");
              listShapes_.push_back(a.shape);
            }
        }
        break;
      }
      case StmtKind::kListRead: {
        line(newTensor(broadcast(listShapes_.front(), listShapes_.back())) +
             " = xs[0] + xs[-1] * len(xs)");
        break;
      }
      case StmtKind::kDictMutate: {
        if (k % 2 == 0) {
          line("d['a'] = " + a.name);
          dictShape_ = a.shape;
        } else {
          line("d['n" + std::to_string(at(s, 3) % 3) + "'] = " + intVar(at(s, 1)));
        }
        break;
      }
      case StmtKind::kDictRead: {
        line(newTensor(dictShape_) + " = d['a'] * d['k'] + len(d)");
        break;
      }
      case StmtKind::kAttrWrite: {
        switch (k % 3) {
          case 0:
            boxShape_ = broadcast(boxShape_, a.shape);
            line("obj.w = obj.w + " + a.name);
            break;
          case 1: line("obj.k = (obj.k + " + intVar(at(s, 1)) + ") % 7"); break;
          default: line("obj.extra = " + a.name + " * 3"); break;
        }
        break;
      }
      case StmtKind::kMethodCall: {
        if (k % 2 == 0) {
          line(newTensor(broadcast(a.shape, boxShape_)) + " = obj.scale(" + a.name + ")");
        } else {
          std::string bx = fresh("bx");
          line(bx + " = Box(" + a.name + ", " + intVar(at(s, 3)) + ")");
          line(newTensor(broadcast(a.shape, b.shape)) + " = " + bx + ".scale(" + b.name + ")");
        }
        break;
      }
      case StmtKind::kModuleCall: {
        const TensorVar& v = tensorWithLast4(at(s, 0));
        switch (k % 3) {
          case 0: line(newTensor(v.shape) + " = lin(" + v.name + ")"); break;
          case 1: line(newTensor(v.shape) + " = net(" + v.name + ")"); break;
          default: line("net.scale = (net.scale + " + intVar(at(s, 1)) + ") % 5"); break;
        }
        break;
      }
      case StmtKind::kTensorBranch: {
        std::string t = newTensor(a.shape);
        line("if " + a.name + ".sum() > " + std::to_string(k % 3) + ":");
        line(t + " = " + a.name + " + 1", 2);
        line("else:");
        line(t + " = " + a.name + " - 1", 2);
        break;
      }
      case StmtKind::kPrint: line("print('p', " + intVar(k) + ")"); break;
      case StmtKind::kItem: {
        line(newTensor(a.shape) + " = " + a.name + " * " + b.name + ".max().item()");
        break;
      }
      case StmtKind::kInplace: {
        switch (k % 4) {
          case 0: line(a.name + ".add_(1)"); break;
          case 1: line(a.name + ".mul_(" + intVar(at(s, 3)) + ")"); break;
          case 2: line(a.shape.empty() ? a.name + ".fill_(0.5)" : a.name + "[0] = 0.5"); break;
          default: {
            // Mutates `a` too exactly when reshape returned a view.
            std::string r = fresh("r");
            line(r + " = " + a.name + ".reshape(-1)");
            line(r + ".add_(1)");
          }
        }
        break;
      }
      case StmtKind::kAliasAppend: {
        std::string al = fresh("al");
        line(al + " = xs");
        line(al + ".append(" + a.name + ")");
        listShapes_.push_back(a.shape);
        break;
      }
      case StmtKind::kMutableDefault: line(newTensor(a.shape) + " = h_memo(" + a.name + ")"); break;
      case StmtKind::kNonlocalBreak: {
        std::string c = fresh("c"), fn = fresh("bump");
        Shape ab = broadcast(a.shape, b.shape);
        line(c + " = " + a.name);
        line("");
        line("def " + fn + "(v):");
        line("nonlocal " + c, 2);
        line(c + " = " + c + " + v", 2);
        line("print('in', " + fn + ".__name__)", 2);
        line("return " + c + " * 0.5", 2);
        line("");
        line(newTensor(ab) + " = " + fn + "(" + b.name + ")");
        pendingTensors_.push_back({c, ab});
        break;
      }
      case StmtKind::kNoGradBlock: {
        std::string t = newTensor(broadcast(a.shape, b.shape));
        line("with torch.no_grad():");
        line(t + " = " + a.name + " * 2 + " + b.name, 2);
        break;
      }
      case StmtKind::kSetOps: {
        std::string set = fresh("st"), name = fresh("i");
        const std::string& i = intVar(at(s, 0));
        const std::string& j = intVar(at(s, 1));
        line(set + " = {" + i + ", 2, 3}");
        line(set + (k % 2 ? ".discard(" : ".add(") + j + ")");
        line(name + " = (len(" + set + ") + (" + i + " in " + set + ")) % 7");
        ints_.push_back(name);
        break;
      }
      case StmtKind::kStringOps: {
        std::string tag = fresh("tag"), name = fresh("i");
        const std::string& i = intVar(at(s, 0));
        const std::string& j = intVar(at(s, 1));
        line(tag + " = f\"v{" + i + "}_{" + j + "}\"");
        line(name + " = (len(" + tag + ") + int(" + tag + "[1]) + " + tag +
             ".startswith('v')) % 7");
        ints_.push_back(name);
        break;
      }
      case StmtKind::kDictUpdate: {
        line("d.update(k=(d['k'] + " + intVar(at(s, 1)) + ") % 7)");
        break;
      }
      case StmtKind::kCount: break;
    }
  }

  void returnStatement() {
    const TensorVar& last = tensors_.back();
    switch (p_.ret % 3) {
      case 0: line("return " + last.name); break;
      case 1: line("return " + last.name + ", " + ints_.back()); break;
      default:
        line("return [" + last.name + ", " + tensors_[tensors_.size() / 2].name +
             "], {'f': " + floats_.back() + "}");
    }
  }

  static std::string replaceAll(std::string s, const std::string& from, const std::string& to) {
    for (size_t pos = 0; (pos = s.find(from, pos)) != std::string::npos; pos += to.size())
      s.replace(pos, from.size(), to);
    return s;
  }
  static std::string fill(const char* pattern, const std::string& a, const std::string& b) {
    return replaceAll(replaceAll(pattern, "{a}", a), "{b}", b);
  }

  const Program& p_;
  std::ostringstream out_;
  std::ostringstream lines_;
  std::vector<TensorVar> tensors_;
  std::vector<TensorVar> pendingTensors_;
  std::vector<std::string> ints_;
  std::vector<std::string> floats_;
  Shape globalShape_, accShape_, dictShape_, boxShape_;
  std::vector<Shape> listShapes_;
  int counter_ = 0;
};

}  // namespace

bool parseFeatures(const std::string& text, uint32_t& out) {
  out = 0;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) {
    if (item == "part1") {
      out |= kFeaturesPart1;
      continue;
    }
    if (item == "all") {
      out |= kFeaturesAll;
      continue;
    }
    bool found = false;
    for (const auto& f : kFeatureNames) {
      if (item == f.name) {
        out |= f.bit;
        found = true;
      }
    }
    if (!found) return false;
  }
  return out != 0;
}

std::string featuresName(uint32_t features) {
  if (features == kFeaturesAll) return "all";
  if (features == kFeaturesPart1) return "part1";
  std::string out;
  for (const auto& f : kFeatureNames)
    if (features & f.bit) out += (out.empty() ? "" : ",") + std::string(f.name);
  return out;
}

const char* stmtKindName(StmtKind kind) {
  int i = static_cast<int>(kind);
  return i >= 0 && i < static_cast<int>(StmtKind::kCount) ? kKindNames[i] : "?";
}

uint32_t stmtFeature(StmtKind kind) {
  switch (kind) {
    case StmtKind::kBinary:
    case StmtKind::kUnary:
    case StmtKind::kReduce:
    case StmtKind::kView: return kFeatTensor;
    case StmtKind::kScalarTensor:
    case StmtKind::kIntArith:
    case StmtKind::kFloatArith: return kFeatScalars;
    case StmtKind::kListBuild:
    case StmtKind::kTupleUnpack:
    case StmtKind::kDictBuild:
    case StmtKind::kComprehension:
    case StmtKind::kIterate: return kFeatContainers;
    case StmtKind::kHelperCall: return kFeatCalls;
    case StmtKind::kLoop:
    case StmtKind::kConstBranch:
    case StmtKind::kShapeBranch: return kFeatControl;
    case StmtKind::kNonlocal:
    case StmtKind::kReturnedClosure:
    case StmtKind::kSharedCell:
    case StmtKind::kPreexistingCell: return kFeatClosures;
    case StmtKind::kGlobalWrite:
    case StmtKind::kGlobalListAppend:
    case StmtKind::kGlobalRead: return kFeatGlobals;
    case StmtKind::kListMutate:
    case StmtKind::kListRead:
    case StmtKind::kDictMutate:
    case StmtKind::kDictRead:
    case StmtKind::kInplace:
    case StmtKind::kAliasAppend:
    case StmtKind::kMutableDefault: return kFeatMutation;
    case StmtKind::kAttrWrite:
    case StmtKind::kMethodCall: return kFeatObjects;
    case StmtKind::kModuleCall: return kFeatModules;
    case StmtKind::kTensorBranch:
    case StmtKind::kPrint:
    case StmtKind::kItem:
    case StmtKind::kNonlocalBreak: return kFeatBreaks;
    case StmtKind::kNoGradBlock: return kFeatControl;
    case StmtKind::kSetOps: return kFeatContainers;
    case StmtKind::kStringOps: return kFeatScalars;
    case StmtKind::kDictUpdate: return kFeatMutation;
    case StmtKind::kCount: break;
  }
  return 0;
}

std::string printProgram(const Program& program) { return Printer(program).print(); }

std::string describeProgram(const Program& program) {
  std::string out = std::to_string(program.body.size()) + " stmts:";
  for (const Stmt& s : program.body) out += std::string(" ") + stmtKindName(s.kind);
  return out;
}

}  // namespace dynrr::fuzz
