// program_printer.h — the fuzz program printer (internal to program*.cpp): typed pools
// of the variables defined so far, with tensor shapes, and one emitter per statement
// kind. The core families live here and in program.cpp, the dynamic family (issue 16)
// in program_dynamic.cpp, the hops family (issue 17) in program_hops.cpp, the numpy and
// torchvals families (issue 14) in program_breadth.cpp.
#pragma once

#include <algorithm>
#include <iterator>
#include <sstream>

#include "fuzz/program.h"

namespace dynrr::fuzz::printer_detail {

using Shape = std::vector<int>;

// The varying leading dim of the dynamic family, as a dim of a Shape. It is never 1, so
// broadcast() below treats it as any other size; it only broadcasts with itself and 1.
constexpr int kDynDim = -1;

// The call schedules of the dynamic family (Program::dyn): the leading size of x and z in
// each of the three calls, how Dynamo is told about it, and whether the int argument n
// changes between calls. Sizes are never 0 or 1 (Dynamo specialises those).
struct DynSchedule {
  int sizes[3];
  // torch._dynamo.mark_dynamic(t, 0) on every input tensor with the varying dim: marking
  // x alone would fail, since x + z guards x's size equal to z's static one, which
  // specialises a marked dim (ConstraintViolationError).
  bool mark;
  bool maybeMarkX;   // torch._dynamo.maybe_mark_dynamic(x, 0): may specialise
  bool dynamicTrue;  // torch.compile(dynamic=True)
  bool intVaries;    // n = (intArg + k) % 7 in call k
};
constexpr DynSchedule kDynSchedules[] = {
    {{3, 5, 7}, false, false, false, false},  // automatic dynamic: recompile at call 1
    {{6, 2, 4}, false, false, false, false},  // a size branch flips
    {{4, 4, 6}, false, false, false, false},  // a cache hit, then a recompile
    {{5, 3, 8}, false, false, false, false},
    {{3, 5, 7}, true, false, false, false},  // marked dynamic from the first call
    {{5, 3, 8}, false, true, false, false},  // x maybe-marked, z automatic
    {{2, 6, 3}, true, false, false, false},
    {{3, 5, 7}, false, false, false, true},  // sizes and n change
    {{4, 4, 4}, false, false, false, true},  // only n changes
    {{3, 5, 7}, false, false, true, false},  // dynamic=True from the first call
    {{4, 6, 2}, false, false, true, true},
    {{2, 3, 4}, false, false, false, true},
};
constexpr int kDynScheduleCount = sizeof(kDynSchedules) / sizeof(kDynSchedules[0]);

struct FeatureName {
  const char* name;
  uint32_t bit;
};
constexpr FeatureName kFeatureNames[] = {
    {"tensor", kFeatTensor},
    {"scalars", kFeatScalars},
    {"containers", kFeatContainers},
    {"calls", kFeatCalls},
    {"control", kFeatControl},
    {"closures", kFeatClosures},
    {"globals", kFeatGlobals},
    {"mutation", kFeatMutation},
    {"objects", kFeatObjects},
    {"modules", kFeatModules},
    {"breaks", kFeatBreaks},
    {"generators", kFeatGenerators},
    {"exceptions", kFeatExceptions},
    {"containers2", kFeatContainers2},
    {"library", kFeatLibrary},
    {"dynamic", kFeatDynamic},
    {"hops", kFeatHops},
    {"numpy", kFeatNumpy},
    {"torchvals", kFeatTorchValues},
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
    "dict_update",    "gen_for",
    "gen_consume",    "gen_expr",
    "module_iter",    "try_except",
    "try_helper",     "assert",
    "with_user",      "set_methods",
    "list_methods",   "dict_methods",
    "tuple_compare",  "sorted_min_max",
    "iter_builtins",  "functools",
    "itertools",      "operator",
    "collections",    "math_scalar",
    "dataclass",      "enum_member",
    "size_read",      "size_view",
    "size_factory",   "size_arith",
    "size_branch",    "size_slice",
    "dyn_reduce",     "dyn_matmul",
    "int_arg_use",    "hop_while_loop",
    "hop_map",        "hop_checkpoint",
    "hop_wrap",       "hop_cond",
    "hop_vmap",       "np_ufunc",
    "np_binary",      "np_reduce",
    "np_shape",       "np_values",
    "np_input",       "tv_device",
    "tv_dtype",       "tv_attrs",
    "tv_factory",     "tv_module",
    "tv_rewrite",     "np_more",
};
static_assert(sizeof(kKindNames) / sizeof(kKindNames[0]) == static_cast<size_t>(StmtKind::kCount));

inline Shape broadcast(const Shape& a, const Shape& b) {
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

inline int at(const Stmt& s, size_t i) {
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
    if (has(kFeatExceptions)) out_ << "import contextlib\n";
    if (has(kFeatLibrary))
      out_ << "import collections\nimport dataclasses\nimport enum\nimport functools\n"
              "import itertools\nimport math\nimport operator\n";
    if (has(kFeatNumpy)) out_ << "import numpy as np\n";
    out_ << "import torch\nimport torch.nn.functional as F\n";
    if (has(kFeatHops))
      out_ << "from torch._higher_order_ops.map import map as map_hop\n"
              "from torch._higher_order_ops.while_loop import while_loop\n"
              "from torch._higher_order_ops.wrap import wrap\n"
              "from torch.utils.checkpoint import checkpoint\n";
    out_ << "\ntorch.manual_seed(1234)\n";
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
    if (has(kFeatGenerators)) {
      out_ << "\n\ndef gen_scaled(a, k):\n    for i in range(k):\n        yield a * (i + 1)\n"
              "\n\ndef gen_delegate(a, b):\n    yield a\n    yield from gen_scaled(b, 2)\n"
              "    return 0\n"
              "\n\ndef gen_pairs(k):\n    for i in range(k):\n        yield i, i * i\n"
              "\n\nclass Stack(torch.nn.Module):\n    def __init__(self):\n"
              "        super().__init__()\n        self.l1 = torch.nn.Linear(4, 4)\n"
              "        self.l2 = torch.nn.Linear(4, 4, bias=False)\n"
              "        self.register_buffer('buf', torch.ones(4))\n\n"
              "    def forward(self, v):\n"
              "        return self.l2(torch.relu(self.l1(v))) + self.buf\n"
              "\n\nstack = Stack()\n";
    }
    if (has(kFeatExceptions)) {
      out_ << "\n\nclass FuzzError(ValueError):\n    pass\n"
              "\n\ndef h_checked(a, k):\n    if k > 3:\n        raise ValueError('too big')\n"
              "    return a * k\n"
              "\n\ndef h_safe(a, k):\n    try:\n        r = h_checked(a, k)\n"
              "    except ValueError:\n        r = a - 1\n    else:\n        r = r + 1\n"
              "    finally:\n        k = k + 1\n    return r\n"
              "\n\ndef h_lookup(table, key):\n    try:\n        return table[key]\n"
              "    except KeyError:\n        return 0\n"
              "\n\ndef h_raise_user(a, k):\n    if k % 2 == 0:\n"
              "        raise FuzzError('even')\n    return a + k\n"
              "\n\nclass Scope:\n    def __init__(self, log):\n        self.log = log\n\n"
              "    def __enter__(self):\n        self.log.append(1)\n        return self\n\n"
              "    def __exit__(self, exc_type, exc, tb):\n        self.log.append(2)\n"
              "        return False\n"
              "\n\nclass Suppress:\n    def __enter__(self):\n        return self\n\n"
              "    def __exit__(self, exc_type, exc, tb):\n"
              "        return exc_type is not None and issubclass(exc_type, KeyError)\n";
    }
    if (has(kFeatLibrary)) {
      out_ << "\n\nPair = collections.namedtuple('Pair', ['a', 'b'])\n"
              "\n\n@dataclasses.dataclass\nclass Cfg:\n    scale: float = 2.0\n"
              "    shift: int = 1\n"
              "\n\nclass Mode(enum.Enum):\n    ADD = 1\n    MUL = 2\n"
              "\n\nclass Holder:\n    def __init__(self, w):\n        self.w = w\n"
              "\n\ndef lib_affine(a, b, c=1.0):\n    return a * b + c\n"
              "\n\nCFG = Cfg()\n";
    }
  }

  void params() {
    // With the dynamic family the leading dim of x and z (3 otherwise) varies by call.
    const int lead = has(kFeatDynamic) ? kDynDim : 3;
    tensors_ = {{"x", {lead, 4}}, {"y", {4}}, {"z", {lead, 1}}};
    ints_ = {"n"};
    floats_ = {"s"};
    sizes_ = {"x.shape[0]"};
    if (has(kFeatGlobals)) globalShape_ = {4};
    if (has(kFeatClosures)) accShape_ = {4};
    if (has(kFeatMutation)) {
      listShapes_ = {{lead, 4}, {4}};
      dictShape_ = {lead, 4};
    }
    if (has(kFeatObjects)) boxShape_ = {4};
  }

  std::string paramList() const {
    std::string s = "x, y, z, n, s";
    if (has(kFeatMutation)) s += ", xs, d";
    if (has(kFeatObjects)) s += ", obj";
    if (has(kFeatNumpy)) s += ", xn";
    return s;
  }

  void observe() {
    static const char* kFloats[] = {"0.5", "-1.25", "2.0", "0.0"};
    if (has(kFeatDynamic)) {
      dynamicInputs(kFloats[p_.floatArg & 3]);
    } else {
      out_ << "\n\ndef make_inputs():\n    torch.manual_seed(0)\n"
           << "    x = torch.randn(3, 4)\n    y = torch.randn(4)\n    z = torch.randn(3, 1)\n"
           << "    inputs = [x, y, z, " << p_.intArg << ", " << kFloats[p_.floatArg & 3] << "]\n";
    }
    const char* lead = has(kFeatDynamic) ? "b" : "3";
    if (has(kFeatMutation)) {
      out_ << "    inputs += [[torch.randn(" << lead << ", 4), torch.randn(4)], "
           << "{'a': torch.randn(" << lead << ", 4), 'k': 2}]\n";
      if (has(kFeatDynamic) && kDynSchedules[p_.dyn % kDynScheduleCount].mark)
        out_ << "    torch._dynamo.mark_dynamic(inputs[5][0], 0)\n"
                "    torch._dynamo.mark_dynamic(inputs[6]['a'], 0)\n";
    }
    if (has(kFeatObjects)) out_ << "    inputs.append(Box(torch.randn(4), 2))\n";
    if (has(kFeatNumpy))
      out_ << "    inputs.append(np.random.RandomState(0).randn(3, 4).astype(np.float32))\n";
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

  // The module-level schedule and make_inputs(k) of the dynamic family: fuzz/oracle.py
  // calls f once per k in range(CALLS), with COMPILE_KW passed to torch.compile.
  void dynamicInputs(const char* floatArg) {
    const DynSchedule& d = kDynSchedules[p_.dyn % kDynScheduleCount];
    int ns[3];
    for (int k = 0; k < 3; ++k) ns[k] = d.intVaries ? (p_.intArg + k) % 7 : p_.intArg;
    out_ << "\n\nCALLS = 3\nSIZES = (" << d.sizes[0] << ", " << d.sizes[1] << ", " << d.sizes[2]
         << ")\nINTS = (" << ns[0] << ", " << ns[1] << ", " << ns[2] << ")\n";
    if (d.dynamicTrue) out_ << "COMPILE_KW = {'dynamic': True}\n";
    out_ << "\n\ndef make_inputs(k=0):\n    torch.manual_seed(k)\n    b = SIZES[k]\n"
         << "    x = torch.randn(b, 4)\n    y = torch.randn(4)\n    z = torch.randn(b, 1)\n";
    if (d.mark)
      out_ << "    torch._dynamo.mark_dynamic(x, 0)\n    torch._dynamo.mark_dynamic(z, 0)\n";
    if (d.maybeMarkX) out_ << "    torch._dynamo.maybe_mark_dynamic(x, 0)\n";
    out_ << "    inputs = [x, y, z, INTS[k], " << floatArg << "]\n";
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
  // Dynamic family: 2-D tensors whose leading dim is the varying one (x always qualifies),
  // optionally of shape (B, 4) only (x again), and names whose value is that size.
  const TensorVar& batched(int sel, bool last4) const {
    std::vector<const TensorVar*> c;
    for (const auto& t : tensors_)
      if (t.shape.size() == 2 && t.shape[0] == kDynDim && (!last4 || t.shape[1] == 4))
        c.push_back(&t);
    return *c[sel % c.size()];
  }
  const std::string& sizeVar(int sel) const { return sizes_[sel % sizes_.size()]; }
  // A value stored into state that outlives the call (a global, the import-time cell):
  // with the dynamic family the next call has another leading size, so a tensor with the
  // varying dim is summed over it first. Without it, `a` itself.
  static TensorVar persistent(const TensorVar& a) {
    if (a.shape.empty() || a.shape[0] != kDynDim) return a;
    return {a.name + ".sum(0)", Shape(a.shape.begin() + 1, a.shape.end())};
  }
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
    // A graph break under mark_dynamic: the resume function receives the tensors made
    // before it unmarked (static sizes), and an op mixing them with a marked input
    // specialises the marked dim (ConstraintViolationError), so those are left out.
    if (stmtFeature(s.kind) == kFeatBreaks && has(kFeatDynamic) &&
        kDynSchedules[p_.dyn % kDynScheduleCount].mark)
      return;
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
        const TensorVar kept = persistent(a);
        accShape_ = broadcast(accShape_, kept.shape);
        line("acc_add(" + kept.name + ")");
        if (k % 2 == 0) line(newTensor(broadcast(accShape_, b.shape)) + " = acc_get() + " + b.name);
        break;
      }
      case StmtKind::kGlobalWrite: {
        if (k % 2 == 0) {
          const TensorVar kept = persistent(a);
          globalShape_ = broadcast(globalShape_, kept.shape);
          line("g_t = g_t * 0.5 + " + kept.name);
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
      case StmtKind::kGenFor:
      case StmtKind::kGenConsume:
      case StmtKind::kGenExpr:
      case StmtKind::kModuleIter:
      case StmtKind::kTryExcept:
      case StmtKind::kTryHelper:
      case StmtKind::kAssert:
      case StmtKind::kWithUser:
      case StmtKind::kSetMethods:
      case StmtKind::kListMethods:
      case StmtKind::kDictMethods:
      case StmtKind::kTupleCompare:
      case StmtKind::kSortedMinMax:
      case StmtKind::kIterBuiltins:
      case StmtKind::kFunctools:
      case StmtKind::kItertools:
      case StmtKind::kOperatorMod:
      case StmtKind::kCollections:
      case StmtKind::kMathScalar:
      case StmtKind::kDataclass:
      case StmtKind::kEnumMember: emitWidened(s); break;
      case StmtKind::kSizeRead:
      case StmtKind::kSizeView:
      case StmtKind::kSizeFactory:
      case StmtKind::kSizeArith:
      case StmtKind::kSizeBranch:
      case StmtKind::kSizeSlice:
      case StmtKind::kDynReduce:
      case StmtKind::kDynMatmul:
      case StmtKind::kIntArgUse: emitDynamic(s); break;
      case StmtKind::kHopWhileLoop:
      case StmtKind::kHopMap:
      case StmtKind::kHopCheckpoint:
      case StmtKind::kHopWrap:
      case StmtKind::kHopCond:
      case StmtKind::kHopVmap: emitHops(s); break;
      case StmtKind::kNpUfunc:
      case StmtKind::kNpBinary:
      case StmtKind::kNpReduce:
      case StmtKind::kNpShape:
      case StmtKind::kNpValues:
      case StmtKind::kNpInput:
      case StmtKind::kTvDevice:
      case StmtKind::kTvDtype:
      case StmtKind::kTvAttrs:
      case StmtKind::kTvFactory:
      case StmtKind::kTvModule:
      case StmtKind::kTvRewrite:
      case StmtKind::kNpMore: emitBreadth(s); break;
      case StmtKind::kCount: break;
    }
  }

  // ------------------------------------------------- widened families (issue 14)
  // Each statement fills a pattern: {A} {B} {C} tensors (operands 0, 1, 3), {I} {J} ints
  // (operands 0, 1), {F} a float (operand 0), and the names it defines: {t} a tensor,
  // {i} an int, {f} a float. The variant is operand 2 (`k`), a count operand 3 (`m`).
  // Local names (la, dm, gn, ...) are never a pool name (those are a prefix + digits).
  class Subst {
   public:
    void set(const std::string& key, const std::string& value) {
      for (auto& kv : subs_)
        if (kv.first == key) {
          kv.second = value;
          return;
        }
      subs_.emplace_back(key, value);
    }
    std::string operator()(std::string s) const {
      for (const auto& kv : subs_) s = replaceAll(s, kv.first, kv.second);
      return s;
    }

   private:
    std::vector<std::pair<std::string, std::string>> subs_;
  };

  // Fill `text` and define {t} (a tensor of `shape`; {to} converts an ndarray result of
  // that shape back: torch.as_tensor for 0-d, where numpy returns a numpy scalar), {i} (an
  // int) or {f} (a float) in the pools.
  void outTensor(Subst& x, const Shape& shape, const std::string& text) {
    x.set("{t}", newTensor(shape));
    x.set("{to}", shape.empty() ? "torch.as_tensor" : "torch.from_numpy");
    emitLines(x(text));
  }
  void outInt(Subst& x, const std::string& text) {
    x.set("{i}", fresh("i"));
    emitLines(x(text));
    ints_.push_back(x("{i}"));
  }
  void outFloat(Subst& x, const std::string& text) {
    x.set("{f}", fresh("f"));
    emitLines(x(text));
    floats_.push_back(x("{f}"));
  }

  void emitWidened(const Stmt& s) {
    const TensorVar a = tensor(at(s, 0));
    const TensorVar b = tensor(at(s, 1));
    const TensorVar c = tensor(at(s, 3));
    const int k = at(s, 2);
    const int m = at(s, 3);
    const Shape ab = broadcast(a.shape, b.shape);
    const Shape abc = broadcast(ab, c.shape);
    Subst x;
    x.set("{A}", a.name);
    x.set("{B}", b.name);
    x.set("{C}", c.name);
    x.set("{I}", intVar(at(s, 0)));
    x.set("{J}", intVar(at(s, 1)));
    x.set("{F}", floatVar(at(s, 0)));
    x.set("{m}", std::to_string(m % 3 + 1));
    // Emits lines separated by '\n'; a line's leading '>' characters each add one indent.
    auto out = [&](const std::string& text) {
      std::stringstream ss(x(text));
      std::string l;
      while (std::getline(ss, l)) {
        int indent = 1;
        while (!l.empty() && l[0] == '>') {
          l.erase(0, 1);
          ++indent;
        }
        line(l, indent);
      }
    };
    auto outT = [&](const Shape& shape, const std::string& text) {
      x.set("{t}", newTensor(shape));
      out(text);
    };
    auto outAcc = [&](const Shape& shape, const std::string& text) {
      x.set("{t}", newTensor(shape, "acc"));
      out(text);
    };
    auto outI = [&](const std::string& text) {
      std::string name = fresh("i");
      x.set("{i}", name);
      out(text);
      ints_.push_back(name);
    };
    auto outF = [&](const std::string& text) {
      std::string name = fresh("f");
      x.set("{f}", name);
      out(text);
      floats_.push_back(name);
    };
    switch (s.kind) {
      // ---------------------------------------------------------- generators
      case StmtKind::kGenFor:
        switch (k % 3) {
          case 0: outAcc(ab, "{t} = {A}\nfor v in gen_scaled({B}, {m}):\n>{t} = {t} + v"); break;
          case 1:
            outAcc(ab, "{t} = {A}\nfor v in gen_delegate({A}, {B}):\n>{t} = {t} * 0.5 + v");
            break;
          default: outAcc(a.shape, "{t} = {A}\nfor j, sq in gen_pairs({m}):\n>{t} = {t} + sq - j");
        }
        break;
      case StmtKind::kGenConsume:
        switch (k % 7) {
          case 0: outT(a.shape, "la = list(gen_scaled({A}, 3))\n{t} = la[0] + la[-1]"); break;
          case 1: outT(a.shape, "{t} = sum(gen_scaled({A}, {m}))"); break;
          case 2:
            outAcc(ab,
                   "{t} = {A}\nfor u, v in zip(gen_scaled({A}, 2), gen_delegate({B}, {A})):\n"
                   ">{t} = {t} + u * v");
            break;
          case 3: outT(a.shape, "gn = gen_scaled({A}, 3)\n{t} = next(gn) + next(gn) * 2"); break;
          case 4:
            outI("{i} = (len(list(gen_pairs({I}))) + sum(sq for _, sq in gen_pairs(2))) % 7");
            break;
          case 5: outT(a.shape, "{t} = torch.stack(list(gen_scaled({A}, 2))).sum(0)"); break;
          default: outT(ab, "la = list(gen_delegate({A}, {B}))\n{t} = la[0] + la[1]");
        }
        break;
      case StmtKind::kGenExpr:
        switch (k % 5) {
          case 0: outT(ab, "{t} = sum(v * 2 for v in ({A}, {B}))"); break;
          case 1: outI("{i} = sum(j * j for j in range({I} + 1)) % 7"); break;
          case 2: outT(ab, "tp = tuple(v + 1 for v in [{A}, {B}])\n{t} = tp[1] - tp[0]"); break;
          case 3:
            outI("{i} = (any(j > 3 for j in ({I}, {J})) + all(j >= 0 for j in ({I}, {J}))) % 7");
            break;
          default: outT(a.shape, "{t} = torch.stack(tuple(v * v for v in ({A}, {A})))[0]");
        }
        break;
      case StmtKind::kModuleIter: {
        const TensorVar& v = tensorWithLast4(at(s, 0));
        x.set("{V}", v.name);
        switch (k % 8) {
          case 0:
            outT(a.shape, "{t} = {A}\nfor p in stack.parameters():\n>{t} = {t} + p.sum()");
            break;
          case 1:
            outT(broadcast(a.shape, {4}),
                 "{t} = {A}\nfor name, p in stack.named_parameters():\n"
                 ">if name.endswith('bias'):\n>>{t} = {t} + p");
            break;
          case 2: outT(v.shape, "{t} = {V}\nfor mod in stack.children():\n>{t} = mod({t})"); break;
          case 3:
            outI(
                "{i} = (len(list(stack.parameters())) + sum(p.numel() for p in "
                "stack.parameters())) % 7");
            break;
          case 4:
            outT(broadcast(a.shape, {4}),
                 "{t} = {A}\nfor name, bf in stack.named_buffers():\n>{t} = {t} + bf");
            break;
          case 5: outT(v.shape, "{t} = stack({V})"); break;
          case 6:
            outT(a.shape,
                 "{t} = {A}\nfor name, mod in stack.named_children():\n>{t} = {t} * len(name)");
            break;
          default:
            outT(a.shape,
                 "{t} = {A}\nfor mod in stack.modules():\n"
                 ">if isinstance(mod, torch.nn.Linear):\n>>{t} = {t} + mod.weight.sum()");
        }
        break;
      }
      // ---------------------------------------------------------- exceptions
      case StmtKind::kTryExcept:
        switch (k % 6) {
          case 0:
            outT(a.shape, "try:\n>{t} = h_checked({A}, {I})\nexcept ValueError:\n>{t} = {A} - 1");
            break;
          case 1:
            outT(a.shape,
                 "try:\n>{t} = {A} * 2\n>raise KeyError('k')\nexcept KeyError as e:\n"
                 ">{t} = {t} + len(e.args)");
            break;
          case 2:
            outT(a.shape,
                 "try:\n>{t} = h_raise_user({A}, {I})\nexcept FuzzError:\n>{t} = {A} * 3\n"
                 "else:\n>{t} = {t} + 1");
            break;
          case 3:
            x.set("{t}", newTensor(ab));
            outI("{i} = {I}\ntry:\n>{t} = {A} + {B}\nfinally:\n>{i} = ({i} + 2) % 7");
            break;
          case 4:
            outT(a.shape,
                 "try:\n>try:\n>>{t} = h_checked({A}, 5)\n>except ValueError:\n"
                 ">>raise KeyError('again')\nexcept KeyError:\n>{t} = {A} + 0.5");
            break;
          default:
            outT(
                a.shape,
                "try:\n>{t} = [{A}, {A} * 2][{I}]\nexcept (IndexError, KeyError):\n>{t} = {A} - 2");
        }
        break;
      case StmtKind::kTryHelper: {
        static const char* kKeys[] = {"'a'", "'b'", "'c'"};
        x.set("{key}", kKeys[m % 3]);
        switch (k % 4) {
          case 0: outT(a.shape, "{t} = h_safe({A}, {I})"); break;
          case 1: outI("{i} = h_lookup({'a': {I}, 'b': 2}, {key}) % 7"); break;
          case 2:
            outT(a.shape, "dt = {'u': {A}}\n{t} = h_lookup(dt, 'u') + h_lookup(dt, 'v')");
            break;
          default: outI("dm = {'a': {I}}\ntry:\n>{i} = dm[{key}]\nexcept KeyError:\n>{i} = {J}");
        }
        break;
      }
      case StmtKind::kAssert:
        switch (k % 4) {
          case 0: out("assert {I} < 7, 'n out of range'"); break;
          case 1: out("assert isinstance({I}, int) and {I} >= 0"); break;
          case 2:
            out("assert {A}.dim() == " + std::to_string(a.shape.size()) + ", {A}.shape");
            break;
          default: out("assert len([{A}, {B}]) == 2 and not ({I} > 9)");
        }
        break;
      case StmtKind::kWithUser:
        switch (k % 6) {
          case 0:
            x.set("{t}", newTensor(ab));
            outI(
                "log = []\nwith Scope(log) as sc:\n>{t} = {A} * 2 + {B}\n"
                "{i} = (len(log) + len(sc.log)) % 7");
            break;
          case 1: outT(ab, "with contextlib.nullcontext():\n>{t} = {A} - {B}"); break;
          case 2: outT(a.shape, "with contextlib.nullcontext({A}) as v:\n>{t} = v + 1"); break;
          case 3: outT(a.shape, "with Suppress():\n>{t} = {A} * 2\n>raise KeyError('x')"); break;
          case 4:
            x.set("{t}", newTensor(a.shape));
            outI(
                "log = []\ntry:\n>with Scope(log):\n>>{t} = {A} + 1\n>>raise ValueError('inner')\n"
                "except ValueError:\n>{t} = {A} - 1\n{i} = len(log) % 7");
            break;
          default:
            outT(ab, "log = []\nwith Scope(log), contextlib.nullcontext():\n>{t} = {A} * {B}");
        }
        break;
      // ---------------------------------------------------------- containers2
      case StmtKind::kSetMethods: {
        static const char* kExprs[] = {"sa.union(sb)",      "sa.intersection(sb)",
                                       "sa.difference(sb)", "sa.symmetric_difference(sb)",
                                       "sa | sb",           "sa & sb",
                                       "sa - sb",           "sa ^ sb",
                                       "sa.union(sb, {6})", "set(sb).difference({{J}})"};
        static const char* kTests[] = {"sa.issubset(sa | sb)", "sb.issuperset({2})",
                                       "sa.isdisjoint(sb)", "({I} in sa & sb)"};
        static const char* kUpdates[] = {"", "sa |= {{J}}\n", "sa.update(sb)\n", "sa -= {1}\n",
                                         "sa.discard({J})\n"};
        outI(std::string("sa = {{I}, 1, 2}\nsb = {{J}, 2, 5}\n") + kUpdates[m % 5] + "{i} = (len(" +
             kExprs[k % 10] + ") + " + kTests[(k / 10 + m) % 4] + ") % 7");
        break;
      }
      case StmtKind::kListMethods: {
        static const char* kOps[] = {"la.sort(key=lambda v: -v)",
                                     "la.reverse()",
                                     "la.append(la.index(3))",
                                     "la.append(la.count({J}))",
                                     "la.remove(3)",
                                     "la.extend([{J}, 2])",
                                     "lc = la.copy()\nlc.clear()\nla.append(len(lc))",
                                     "la = la[1:3] + la[::-1]",
                                     "la[1:3] = [{J}]",
                                     "la = la * 2",
                                     "del la[0]",
                                     "la.sort()\nla.insert(1, la.pop())"};
        if (k % 14 < 12) {
          outI(std::string("la = [{I}, 3, {J}, 1]\n") + kOps[k % 14] +
               "\n{i} = (sum(la) + len(la) + la[0]) % 7");
        } else if (k % 14 == 12) {
          // A stable sort by dim, as Python's: the first and last of the sorted list.
          std::vector<const TensorVar*> v = {&a, &b, &c};
          std::stable_sort(v.begin(), v.end(), [](const TensorVar* p, const TensorVar* q) {
            return p->shape.size() < q->shape.size();
          });
          outT(broadcast(v.front()->shape, v.back()->shape),
               "lt = [{A}, {B}, {C}]\nlt.sort(key=lambda v: v.dim())\n{t} = lt[0] + lt[-1]");
        } else {
          outT(ab, "lt = [{A}, {B}] * 2\nlt.reverse()\n{t} = lt[0] * lt[1:][0]");
        }
        break;
      }
      case StmtKind::kDictMethods: {
        static const char* kOps[] = {"v = dm.pop('z', 3)",
                                     "v = dm.pop('a')",
                                     "kk, v = dm.popitem()",
                                     "v = dm.setdefault('d', 4) + dm.setdefault('a', 0)",
                                     "dc = dm.copy()\ndc['a'] = 6\nv = dc['a'] - dm['a']",
                                     "v = len(list(dm.items())) + ('b' in dm.keys())",
                                     "dm = dm | {'e': 1}\nv = dm['e']",
                                     "dm = {k2: v2 * 2 for k2, v2 in dm.items()}\nv = dm['b']",
                                     "dm |= {'a': 5}\nv = dm['a']",
                                     "v = sum(dm.values()) + len(dm.keys())",
                                     "v = dm.get('q', 2) + (list(dm)[0] == 'a')",
                                     "dm.update({'b': {J}})\nv = max(dm.values())"};
        switch (k % 15) {
          case 12: outT(ab, "dt = {'u': {A}, 'v': {B}}\n{t} = sum(dt.values())"); break;
          case 13:
            outT(ab,
                 "dt = {k2: v2 + 1 for k2, v2 in {'u': {A}, 'v': {B}}.items()}\n"
                 "{t} = dt['u'] * dt['v']");
            break;
          case 14: outT(ab, "dt = {'u': {A}}\n{t} = dt.pop('v', {B}) + dt.pop('u')"); break;
          default:
            outI(std::string("dm = {'a': {I}, 'b': 2, 'c': {J}}\n") + kOps[k % 15] +
                 "\n{i} = (v + len(dm) + sum(dm.values())) % 7");
        }
        break;
      }
      case StmtKind::kTupleCompare: {
        std::string shape = "(";
        for (size_t i = 0; i < a.shape.size(); ++i)
          shape += (a.shape[i] == kDynDim ? a.name + ".shape[0]" : std::to_string(a.shape[i])) +
                   (a.shape.size() == 1      ? ","
                    : i + 1 < a.shape.size() ? ", "
                                             : "");
        shape += ")";
        x.set("{shape}", shape);
        // With the dynamic family, a leading size compared to 3 would specialise a
        // mark_dynamic dim (tuple ordering tests equality first); 1 is below every size.
        x.set("{lead}", has(kFeatDynamic) ? "1" : "3");
        switch (k % 4) {
          case 0: outI("{i} = (int(({I}, 2) < ({J}, 3)) + (({I}, {J}) >= ({J}, {I}))) % 7"); break;
          case 1:
            outI("{i} = (max(({I}, 1), ({J}, 0))[0] + min(({I}, 'a'), ({I}, 'b'))[0]) % 7");
            break;
          case 2:
            outI("{i} = (int({A}.shape == {shape}) + int(tuple({A}.shape) < ({lead}, 5))) % 7");
            break;
          default:
            outI("tp = ({I}, {J}, 3)\n{i} = (tp.index(3) + tp.count({I}) + len(tp + (1,))) % 7");
        }
        break;
      }
      case StmtKind::kSortedMinMax: {
        auto byDim = [](const TensorVar* p, const TensorVar* q) {
          return p->shape.size() < q->shape.size();
        };
        std::vector<const TensorVar*> v = {&a, &b, &c};
        switch (k % 7) {
          case 0:
            outI(
                "ls = sorted([{I}, {J}, 3], key=lambda v: (v % 3, v), reverse=True)\n"
                "{i} = (ls[0] * 2 + ls[-1]) % 7");
            break;
          case 1: outI("{i} = min([{I}, {J}, 4], key=lambda v: abs(v - 3)) % 7"); break;
          case 2: outI("{i} = max([{I}, {J}, 2], key=lambda v: -v) % 7"); break;
          case 3: {
            // max returns the first maximal element.
            const TensorVar* best = b.shape.size() > a.shape.size() ? &b : &a;
            outT(best->shape, "{t} = max(({A}, {B}), key=lambda v: v.dim())");
            break;
          }
          case 4: {
            const TensorVar* best = *std::min_element(v.begin(), v.end(), byDim);
            outT(best->shape, "{t} = min([{A}, {B}, {C}], key=lambda v: v.dim()) * 2");
            break;
          }
          case 5:
            outT(ab,
                 "ls = sorted([{A}, {B}], key=lambda v: v.dim(), reverse=True)\n"
                 "{t} = ls[0] - ls[1]");
            break;
          default:
            outI(
                "ls = sorted({{I}: 1, {J}: 2, 3: 0}.items(), key=lambda kv: kv[1])\n"
                "{i} = ls[0][0] % 7");
        }
        break;
      }
      case StmtKind::kIterBuiltins:
        switch (k % 9) {
          case 0:
            outAcc(ab,
                   "{t} = {A}\nfor j, v in enumerate([{A}, {B}], start=1):\n>{t} = {t} + v * j");
            break;
          case 1:
            outAcc(ab, "{t} = {A}\nfor j, v in zip([{I}, {J}], [{A}, {B}]):\n>{t} = {t} + v * j");
            break;
          case 2:
            outAcc(abc, "{t} = {A}\nfor v in reversed([{B}, {C}]):\n>{t} = {t} * 2 - v");
            break;
          case 3:
            outI("{i} = (int(any([{I} > 3, {J} > 3])) + int(all(v < 7 for v in ({I}, {J})))) % 7");
            break;
          case 4: outI("qq, rr = divmod({I} + 7, 3)\n{i} = (qq + rr) % 7"); break;
          case 5: outI("{i} = (abs({I} - 5) + abs(-{J})) % 7"); break;
          case 6: outF("{f} = round({F}, 1) + round(2.5) + abs({F})"); break;
          case 7:
            outAcc(
                abc,
                "{t} = {A}\nfor j, (u, v) in enumerate(zip([{A}, {B}], [{B}, {C}]), start={I}):\n"
                ">{t} = {t} + u * v * j");
            break;
          default: outI("{i} = sum(reversed(range({I}))) % 7");
        }
        break;
      // ---------------------------------------------------------- library
      case StmtKind::kFunctools:
        switch (k % 6) {
          case 0:
            outT(a.shape, "pf = functools.partial(lib_affine, c={I})\n{t} = pf({A}, 2.0)");
            break;
          case 1: outT(ab, "pf = functools.partial(lib_affine, {A})\n{t} = pf({B})"); break;
          case 2: outT(ab, "{t} = functools.partial(torch.add, alpha=2)({A}, {B})"); break;
          case 3: outT(abc, "{t} = functools.reduce(operator.add, [{A}, {B}, {C}])"); break;
          case 4:
            outI("{i} = functools.reduce(lambda u, v: (u * 2 + v) % 7, [{I}, {J}, 3], 0)");
            break;
          default: outT(ab, "{t} = functools.reduce(lambda u, v: u * v, ({A}, {B}), 1.0)");
        }
        break;
      case StmtKind::kItertools:
        switch (k % 8) {
          case 0:
            outAcc(abc, "{t} = {A}\nfor v in itertools.chain([{B}], [{C}, {A}]):\n>{t} = {t} + v");
            break;
          case 1:
            outI(
                "{i} = (len(list(itertools.product([{I}, 1], [{J}, 2]))) + "
                "sum(u * v for u, v in itertools.product([{I}], [{J}, 1]))) % 7");
            break;
          case 2: outI("{i} = list(itertools.accumulate([{I}, {J}, 3]))[-1] % 7"); break;
          case 3: outI("{i} = sum(itertools.islice(itertools.count({I}), 3)) % 7"); break;
          case 4:
            outAcc(
                abc,
                "{t} = {A}\nfor u, v in itertools.zip_longest([{A}, {B}], [{C}], fillvalue=1.0):\n"
                ">{t} = {t} + u * v");
            break;
          case 5:
            outI("{i} = sum(u * v for u, v in itertools.pairwise([{I}, {J}, 3, 1])) % 7");
            break;
          case 6:
            outT(broadcast(b.shape, c.shape), "{t} = sum(itertools.islice([{A}, {B}, {C}], 1, 3))");
            break;
          default: outI("{i} = len(list(itertools.combinations(range({I} + 2), 2))) % 7");
        }
        break;
      case StmtKind::kOperatorMod:
        switch (k % 7) {
          case 0: outT(b.shape, "{t} = operator.itemgetter(1)([{A}, {B}, {C}]) * 2"); break;
          case 1:
            outT(broadcast(a.shape, c.shape),
                 "ia, ib = operator.itemgetter(0, 2)([{A}, {B}, {C}])\n{t} = ia + ib");
            break;
          case 2: outT(ab, "{t} = operator.attrgetter('w')(Holder({A})) + {B}"); break;
          case 3: outT(ab, "{t} = operator.add({A}, {B}) * operator.mul({I}, 2)"); break;
          case 4:
            outI(
                "ls = sorted([({I}, 'a'), ({J}, 'b')], key=operator.itemgetter(0))\n"
                "{i} = (ls[0][0] + len(ls)) % 7");
            break;
          case 5: outI("{i} = (operator.mul({I}, {J}) + operator.sub(7, {I})) % 7"); break;
          default: outT(ab, "{t} = operator.neg({A}) + operator.truediv({B}, 2)");
        }
        break;
      case StmtKind::kCollections:
        switch (k % 8) {
          case 0: outT(a.shape, "pr = Pair({A}, {I})\n{t} = pr.a * pr.b"); break;
          case 1:
            outI("pr = Pair({I}, {J})._replace(b=3)\n{i} = (len(Pair._fields) + pr.b + pr[0]) % 7");
            break;
          case 2:
            outT(b.shape,
                 "od = collections.OrderedDict()\nod['x'] = {A}\nod['y'] = {B}\n"
                 "od.move_to_end('x')\n{t} = list(od.values())[0] * 2");
            break;
          case 3:
            outI(
                "cnt = collections.defaultdict(int)\nfor v in [{I}, {J}, {I}]:\n>cnt[v] += 1\n"
                "{i} = (len(cnt) + cnt[{I}]) % 7");
            break;
          case 4:
            outT(ab,
                 "grp = collections.defaultdict(list)\ngrp['u'].append({A})\n"
                 "grp['u'].append({B})\n{t} = grp['u'][0] + grp['u'][-1]");
            break;
          case 5:
            outI("{i} = collections.Counter([{I}, {J}, {I}, 3]).most_common(1)[0][1] % 7");
            break;
          case 6:
            outI(
                "{i} = (collections.Counter('abca')['a'] + len(collections.Counter([{I}, {J}]))) % "
                "7");
            break;
          default: outT(ab, "ua, ub = Pair({A}, {B})\n{t} = ua - ub");
        }
        break;
      case StmtKind::kMathScalar:
        switch (k % 9) {
          case 0: outF("{f} = math.sqrt(abs({F})) + math.floor({F})"); break;
          case 1: outI("{i} = (math.ceil({F}) + math.floor({F})) % 7"); break;
          case 2: outI("{i} = math.gcd({I}, 6) % 7"); break;
          case 3: outI("{i} = math.comb(6, {I} % 7) % 7"); break;
          case 4: outF("{f} = math.sin({F}) * math.cos({F}) + math.pi"); break;
          case 5: outF("{f} = math.log({I} + 1) + math.exp(-abs({F}))"); break;
          case 6: outI("{i} = (math.isqrt({I}) + int(math.isclose({F}, {F}))) % 7"); break;
          case 7: outT(a.shape, "{t} = {A} * math.sqrt({I} + 1) + math.tanh({F})"); break;
          default: outF("{f} = math.fabs({F}) + math.copysign(1.0, {F}) + math.hypot({F}, {I})");
        }
        break;
      case StmtKind::kDataclass:
        switch (k % 6) {
          case 0:
            outT(a.shape, "cfg = Cfg(scale={F}, shift={I})\n{t} = {A} * cfg.scale + cfg.shift");
            break;
          case 1:
            outI(
                "cfg = dataclasses.replace(Cfg(), shift={J})\n"
                "{i} = (cfg.shift + len(dataclasses.fields(cfg))) % 7");
            break;
          case 2: outT(a.shape, "{t} = {A} * CFG.scale - CFG.shift"); break;
          case 3: outI("cfg = Cfg()\ncfg.shift = {I}\n{i} = (cfg.shift * 2) % 7"); break;
          case 4: outI("{i} = int(Cfg(shift={I}) == Cfg(shift={J}))"); break;
          default: outT(ab, "cfg = Cfg(2.0, {I})\n{t} = {A} * cfg.shift + {B} * cfg.scale");
        }
        break;
      case StmtKind::kEnumMember:
        switch (k % 6) {
          case 0:
            outT(ab,
                 "md = Mode.ADD if {I} > 2 else Mode.MUL\n"
                 "{t} = {A} + {B} if md is Mode.ADD else {A} * {B}");
            break;
          case 1: outI("md = Mode({I} % 2 + 1)\n{i} = (md.value * 3) % 7"); break;
          case 2: outI("{i} = (len(list(Mode)) + Mode['MUL'].value) % 7"); break;
          case 3:
            outT(a.shape, "{t} = {A} * Mode.MUL.value if Mode.ADD.name == 'ADD' else {A}");
            break;
          case 4: outI("{i} = int(Mode.ADD == Mode(1)) + int(Mode.ADD in (Mode.MUL,))"); break;
          default: outT(a.shape, "{t} = {A}\nfor md in Mode:\n>{t} = {t} + md.value");
        }
        break;
      default: break;
    }
  }

  // ------------------------------------------------------ dynamic family (issue 16)
  // Patterns over {A} (a tensor (B, d) whose leading dim B varies, operand 0), {W} (a
  // (B, 4) tensor, operand 3), {T} (any tensor, operand 1), {b} (a size equal to B,
  // operand 3), {I} (an int, operand 1) and the int argument n; they define {t} (a tensor
  // of the shape the rule says), {s} (a new name for B) or {i} (an int in [0, 7)). Every
  // defined tensor stays in the broadcast set ((B, 4), (B, 1), (4,), (1, d), (d,), ()), so
  // the other families' statements apply to it; nothing specialises B to a constant (a
  // mark_dynamic dim would raise), and B >= 2 keeps every slice non-empty.
  enum class DynOut { kA, kAT, kT, kB4, kB1, kRow, kRow1, kScalar, kFour, kSize, kInt };
  struct DynPattern {
    DynOut out;
    const char* text;
    const char* marked = nullptr;  // the form under mark_dynamic, when `text` specialises B
  };

  // The dynamic family's statements (program_dynamic.cpp).
  void emitDynamic(const Stmt& s);

  // ------------------------------------------------------ hops family (issue 17)
  // The higher-order operators' statements (program_hops.cpp).
  void emitHops(const Stmt& s);

  // ------------------------------------------------------ numpy and torchvals (issue 14)
  // Their statements (program_breadth.cpp): emitBreadth picks the family's emitter.
  void emitBreadth(const Stmt& s);
  void emitNumpyMath(const Stmt& s, Subst& x);
  void emitNumpyShapes(const Stmt& s, Subst& x);
  void emitNumpyMore(const Stmt& s, Subst& x);
  void emitTorchValues(const Stmt& s, Subst& x);
  void emitTorchCalls(const Stmt& s, Subst& x);

  // Emits lines separated by '\n'; a line's leading '>' characters each add one indent.
  void emitLines(const std::string& text) {
    std::stringstream ss(text);
    std::string l;
    while (std::getline(ss, l)) {
      int indent = 1;
      while (!l.empty() && l[0] == '>') {
        l.erase(0, 1);
        ++indent;
      }
      line(l, indent);
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
  std::vector<std::string> sizes_;  // dynamic family: names (or x.shape[0]) equal to B
  Shape globalShape_, accShape_, dictShape_, boxShape_;
  std::vector<Shape> listShapes_;
  int counter_ = 0;
};

}  // namespace dynrr::fuzz::printer_detail
