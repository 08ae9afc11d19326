// program.h — the typed program model of dynrr-fuzz and its printer to Python source.
//
// A Program is a list of statement templates (Stmt: a kind plus small integer operands)
// over typed variable pools (tensors with their shapes, ints, floats, lists, ...). The
// printer resolves every operand modulo the pool it indexes, so any sub-list of a
// program's statements still prints as a valid program: this is what lets RapidCheck
// shrink a failing program by dropping statements and lowering operands. Shapes are
// tracked while printing and every tensor shape stays in a set whose members broadcast
// together ((3,4), (4,), (3,1), (1,), ()), so tensor ops are valid by construction.
// The printed program defines make_inputs(), f(...) and observe(); fuzz/oracle.py runs
// it the way torch.compile(backend="eager") users would (torch/_dynamo/eval_frame.py).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace dynrr::fuzz {

// Feature families the generator may use (bit set).
enum Feature : uint32_t {
  kFeatTensor = 1u << 0,      // tensor arithmetic, unary ops, reductions, views
  kFeatScalars = 1u << 1,     // int/float arithmetic and scalar-tensor ops
  kFeatContainers = 1u << 2,  // lists, tuples, dicts built, indexed, iterated
  kFeatCalls = 1u << 3,       // helpers with positional/keyword/default/starred args
  kFeatControl = 1u << 4,     // constant loops, branches on constants and shapes
  kFeatClosures = 1u << 5,    // nested functions, nonlocal, shared and returned closures
  kFeatGlobals = 1u << 6,     // global reads and writes
  kFeatMutation = 1u << 7,    // list/dict arguments mutated
  kFeatObjects = 1u << 8,     // user class instances, attribute reads and writes
  kFeatModules = 1u << 9,     // nn.Linear and a user nn.Module
  kFeatBreaks = 1u << 10,     // branches on tensor values, print, item(): graph breaks
  // The widened families (issue 14): Python that real code uses around tensors.
  kFeatGenerators = 1u << 11,   // generator functions, yield from, genexprs, module iteration
  kFeatExceptions = 1u << 12,   // try/except/else/finally, raise, assert, context managers
  kFeatContainers2 = 1u << 13,  // set/list/dict methods and operators, sorted/min/max(key=)
  kFeatLibrary = 1u << 14,      // functools, itertools, operator, collections, math, ...
  // Dynamic shapes (issue 16): f is called several times with varying sizes (automatic
  // dynamic recompiles, mark_dynamic, dynamic=True, changing int arguments). Not part of
  // `every`: with it on, the inputs and make_inputs change, so it is asked for by name.
  kFeatDynamic = 1u << 15,
  // Higher-order operators (issue 17): torch.cond, while_loop, map, checkpoint, wrap over
  // the tensors of the pool. Not part of `every` (asked for by name), so the programs of
  // existing campaigns do not change.
  kFeatHops = 1u << 16,
  // Breadth (issue 14, "the fuzzer follows"): numpy through torch._numpy (an ndarray input
  // `xn` too) and torch-level values (devices, dtypes, finfo/iinfo, tensor attributes,
  // factories, nn modules made in f). Not part of `every`: asked for by name or `breadth`.
  kFeatNumpy = 1u << 17,
  kFeatTorchValues = 1u << 18,
};
inline constexpr uint32_t kFeaturesPart1 =
    kFeatTensor | kFeatScalars | kFeatContainers | kFeatCalls | kFeatControl;
// `all` keeps the meaning it had before issue 14 (the first eleven families), so the
// programs of an existing campaign (seed, case index) and its baselines do not change.
inline constexpr uint32_t kFeaturesAll = (kFeatBreaks << 1) - 1;
// `widened`: the four families of issue 14; `every`: `all` and `widened`.
inline constexpr uint32_t kFeaturesWidened =
    kFeatGenerators | kFeatExceptions | kFeatContainers2 | kFeatLibrary;
inline constexpr uint32_t kFeaturesEvery = kFeaturesAll | kFeaturesWidened;
// `breadth`: `every` with numpy and torchvals.
inline constexpr uint32_t kFeaturesBreadth = kFeaturesEvery | kFeatNumpy | kFeatTorchValues;

// Parses "part1", "all", "widened", "every", "breadth" or a comma list of family names
// ("tensor,closures,..."). Returns false on an unknown name.
bool parseFeatures(const std::string& text, uint32_t& out);
std::string featuresName(uint32_t features);

// Statement kinds. Kind 0 is the simplest: shrinking moves towards it.
enum class StmtKind : int {
  kBinary,            // t = A op B
  kUnary,             // t = op(A)
  kScalarTensor,      // t = A op int/float
  kIntArith,          // i = (I op J) % 7
  kFloatArith,        // f = F * c + I
  kReduce,            // t = A.sum() / mean(dim=-1, keepdim) / amax(0) / softmax
  kView,              // t = A.reshape(4, 3).t() / unsqueeze(0).squeeze(0)
  kListBuild,         // l = [A, B, C]; t = l[i] + l[-1]
  kTupleUnpack,       // p, q = A, B
  kDictBuild,         // d = {'u': A, 'v': I}; t = d['u'] * d['v'] + d.get('w', 1.0)
  kComprehension,     // t = torch.stack([A * i for i in range(k)]).sum(0)
  kIterate,           // acc = A; for v in [B, C]: acc = acc + v
  kHelperCall,        // t = h*(...) in one of several call forms
  kLoop,              // acc = A; for i in range(k): acc = acc * 0.5 + i
  kConstBranch,       // if I > k: ... else: ...  (ints are specialised: a constant)
  kShapeBranch,       // if A.dim() == 2: ... else: ...
  kNonlocal,          // cell written by a nested function with nonlocal
  kReturnedClosure,   // g = make_scaler(A); t = g(B)
  kSharedCell,        // add, get = make_counter(A); add(B); t = get()
  kPreexistingCell,   // acc_add(A) on a closure made at import; t = acc_get()
  kGlobalWrite,       // global g_t = g_t * 0.5 + A; g_i = (g_i + I) % 7
  kGlobalListAppend,  // g_l.append(A)
  kGlobalRead,        // t = A * g_i + g_t
  kListMutate,        // xs.append(A) / xs[0] = A / xs.insert(0, A) / xs.pop()
  kListRead,          // t = xs[0] + xs[-1]
  kDictMutate,        // d['a'] = A / d['nK'] = I
  kDictRead,          // t = d['a'] * d['k']
  kAttrWrite,         // obj.w = obj.w + A / obj.k = (obj.k + I) % 7 / obj.extra = A
  kMethodCall,        // t = obj.scale(A) / Box(A, I).scale(B)
  kModuleCall,        // t = lin(A) / net(A) / net.scale = ...
  kTensorBranch,      // if A.sum() > 0: ... (data-dependent: graph break)
  kPrint,             // print('p', I)  (graph break)
  kItem,              // t = A * A.max().item()  (graph break)
  kInplace,           // A.add_(1) / A.mul_(I) / A[0] = 0.5 / r = A.reshape(-1); r.add_(1)
  kAliasAppend,       // al = xs; al.append(A)  (mutation through an alias)
  kMutableDefault,    // t = h_memo(A)  (appends to its pre-existing default list)
  kNonlocalBreak,     // a nested function writes a cell, then prints (break in inlining)
  kNoGradBlock,       // with torch.no_grad(): t = A * 2 + B
  kSetOps,            // s = {I, 2, 3}; s.add(J); i = (len(s) + (I in s)) % 7
  kStringOps,         // tag = f"v{I}_{J}"; i = (len(tag) + int(tag[1])) % 7
  kDictUpdate,        // d.update(k=(d['k'] + I) % 7)  (a dict argument mutated)
  // generators
  kGenFor,      // acc = A; for v in gen_scaled(B, k): acc = acc + v  (and yield from)
  kGenConsume,  // list(gen), sum(gen), zip(gen, gen), next(gen)
  kGenExpr,     // t = sum(v * 2 for v in (A, B)); i = sum(j * j for j in range(I)) % 7
  kModuleIter,  // for p in stack.parameters() / named_parameters() / children() / buffers
  // exceptions
  kTryExcept,  // try: t = h_checked(A, I) except ValueError: ... (else, finally, nested)
  kTryHelper,  // t = h_safe(A, I); i = h_lookup(dd, key) (try inside helpers)
  kAssert,     // assert I < 7, 'msg'; assert isinstance(I, int)
  kWithUser,   // with Scope(log) as sc: ... / contextlib.nullcontext() / Suppress()
  // containers2
  kSetMethods,    // union/intersection/difference/symmetric_difference/issubset, | & - ^
  kListMethods,   // sort(key=), reverse, index, count, remove, extend, clear, copy, slices
  kDictMethods,   // pop(k, default), popitem, setdefault, copy, views, |, comprehension
  kTupleCompare,  // i = int((I, 2) < (J, 3)) + ...
  kSortedMinMax,  // sorted(key=, reverse=), min/max(key=) over ints and tensors
  kIterBuiltins,  // enumerate(start=), zip, reversed, any/all, divmod, abs, round
  // library
  kFunctools,    // functools.partial, functools.reduce
  kItertools,    // chain, product, accumulate, islice, zip_longest, pairwise
  kOperatorMod,  // operator.itemgetter/attrgetter/add/mul
  kCollections,  // namedtuple (_fields, _replace), OrderedDict, defaultdict, Counter
  kMathScalar,   // math.sqrt/floor/ceil/gcd/comb/... on Python scalars
  kDataclass,    // dataclass instances made, read, dataclasses.replace/fields
  kEnumMember,   // enum members compared, by value and name, iterated
  // dynamic: {b} is a size equal to the varying leading dim (x.shape[0] or a name read
  // from it), {A} a tensor whose leading dim varies
  kSizeRead,     // b0 = A.shape[0] / A.size(0) / len(A) / A.size()[0]
  kSizeView,     // t = A.reshape(b * 2, 2).reshape(b, 4) / view(-1) / view(b, 2, 2)
  kSizeFactory,  // t = torch.ones(b, 1) * A / torch.arange(b) / torch.full((b, 4), .5)
  kSizeArith,    // t = A * b / A / (b * 2) / A + b * n / A * (b // 2)
  kSizeBranch,   // if b > 4: ... else: ...  (a guard on the size: may recompile)
  kSizeSlice,    // t = A[:b // 2].sum(0) / A[b - 1] / A[1:].mean(0) / cat(...)[:b]
  kDynReduce,    // pointwise ops and reductions over the varying dim
  kDynMatmul,    // t = A @ A.t() reduced / A @ w / torch.mm / matmul with y
  kIntArgUse,    // the int argument (varying between calls in some schedules) as a size
  // hops: {A} {B} tensors of the pool, results of the shapes the pattern keeps
  kHopWhileLoop,   // c, t = while_loop(cond_fn, body_fn, (counter, A)) and other carries
  kHopMap,         // t = map_hop(lambda r: ..., A) over the leading dim
  kHopCheckpoint,  // t = checkpoint(fn, A, B, use_reentrant=False)
  kHopWrap,        // t = wrap(lambda a: ..., A)
  kHopCond,        // t = torch.cond(A.sum() > 0, ..., (A,))
  kHopVmap,        // t = torch.func.vmap(lambda r: ..., in_dims=..., out_dims=...)(A)
  // numpy: {NA} is A.numpy(); results come back with torch.from_numpy / torch.as_tensor
  kNpUfunc,   // t = torch.from_numpy(np.sin(na) + np.cos(na)) / clip / ndarray operators
  kNpBinary,  // t = torch.from_numpy(np.where(na > nb, na, nb)) / np.add / maximum / ...
  kNpReduce,  // t = torch.as_tensor(np.sum(na, axis=0)) / na.mean() / np.linalg.norm
  kNpShape,   // t = torch.from_numpy(na.reshape(4, 3).T.copy()) / matmul / concatenate
  kNpValues,  // np.pi, np.finfo/iinfo, dtypes compared, astype float64 / int64 promotion
  kNpInput,   // the ndarray argument xn in numpy functions
  // torchvals: torch-level values
  kTvDevice,   // torch.zeros(A.shape, device=A.device) / A.device == torch.device('cpu')
  kTvDtype,    // A.dtype.is_floating_point, torch.finfo/iinfo, promote_types
  kTvAttrs,    // A.T / .mT / .H / .real / .data / .is_leaf / .ndim / .is_contiguous()
  kTvFactory,  // A.new_zeros / new_full / new_tensor, torch.tensor([...]) of floats, 0-d
  kTvModule,   // torch.nn.ReLU()(A) / Identity / Softmax(dim=-1) made inside f
  kTvRewrite,  // addcdiv/addcmul(value=), clamp(min=), F.softmax(dim=), torch._assert
  // numpy again (after torchvals, so the kinds above keep their indices)
  kNpMore,  // ndarrays across graph breaks (float(na.sum()), tolist, np.pad), in-place on
            // a copy, np.array/zeros/arange, indexing, einsum, sort/var, any/all, dtype kind
  kCount
};
const char* stmtKindName(StmtKind kind);
// The features a kind needs.
uint32_t stmtFeature(StmtKind kind);

struct Stmt {
  StmtKind kind = StmtKind::kBinary;
  std::vector<int> ops;  // operand selectors, resolved modulo the pools while printing
};

struct Program {
  uint32_t features = kFeaturesPart1;
  int intArg = 3;    // value of the int argument n
  int floatArg = 0;  // selects the float argument s
  int ret = 0;       // return form
  // The call schedule of the dynamic family (sizes per call, mark_dynamic, dynamic=True,
  // a changing int argument); 0 and unused without kFeatDynamic.
  int dyn = 0;
  std::vector<Stmt> body;
};

// The Python source of a program (deterministic: same Program, same bytes).
std::string printProgram(const Program& program);

// A one-line summary, e.g. "7 stmts: binary unary helper_call ...".
std::string describeProgram(const Program& program);

}  // namespace dynrr::fuzz
