# trace.capnp — the dynrr trace format, the one contract shared by the recorder,
# the replayer, the fuzzer and the corpus.
#
# FILE LAYOUT (framing is defined in trace_format.h, not here):
#   FileHeader  16 bytes: magic "DYNRRTRC", u32 framing version (=1), u32 reserved (=0)
#   Chunk*      24-byte ChunkHeader { u32 magic "DRCK", u32 kind, u64 payloadBytes,
#               u64 xxh3_64(payload) } followed by `payloadBytes` bytes holding one
#               Cap'n Proto message in the standard (unpacked) stream encoding.
#               payloadBytes is a multiple of 8, so every payload is word aligned in
#               an mmap and is read in place, without copying.
#   The first chunk has kind 1 and holds a TraceHeader. Every later chunk has kind 2
#   and holds an EventChunk. A recording killed mid-way loses at most the chunk being
#   written; every complete chunk before it stays readable.
#
# VERSIONING RULE: `formatVersion` is bumped when a field is reinterpreted or a
# required field is added; a reader refuses a trace whose `minReaderVersion` is newer
# than the reader. Adding an optional field (that old traces lack and that defaults to
# the old behaviour) needs no bump. A behaviour change that must stay readable by old
# readers goes into `quirks` as a Bool defaulting to the old behaviour.
#
# OBJECT REFERENCES: every Python object a frame can reach is a heap entry. Ids are
# global to the trace, start at 1 and grow by one per entry in file order; 0 means
# "absent". An EventChunk appends `objects` with ids firstObjectId, firstObjectId+1, ...
# and may refer to any id below firstObjectId + objects.length. Immutable content
# (str, bytes, numbers, code objects, tensor metadata, tuples of immutable content)
# is stored once per trace, deduplicated by XXH3-128 of its canonical encoding;
# mutable objects (list, dict, set, cell, function, instance, module, class, tensor)
# are snapshotted per event and carry an `identity` token: the same Python object has
# the same token in every event of a trace, and two different live objects never share one.

@0x95c1eb89936b64a9;

using Cxx = import "/capnp/c++.capnp";
$Cxx.namespace("dynrr::schema");

const formatVersion :UInt32 = 1;
const minReaderVersion :UInt32 = 1;

# ---------------------------------------------------------------- header

struct TraceHeader {
  formatVersion @0 :UInt32;       # version of the writer that made this file
  minReaderVersion @1 :UInt32;    # oldest reader allowed to read it (<= formatVersion)
  quirks @2 :Quirks;
  pythonVersion @3 :Text;         # sys.version_info as "3.11.7"
  torchVersion @4 :Text;          # torch.__version__, e.g. "2.13.0+cpu"
  dynrrVersion @5 :Text;
  config @6 :DynamoConfig;        # torch._dynamo.config values when recording started
  globalState @7 :GlobalState;    # torch global state when recording started
  producer @8 :Text;              # "recorder", "fuzz", "test" ...: who wrote the file
  tensorValuesRecorded @9 :Bool;  # true only if the opt-in tensor-value flag was set
}

# Compatibility switches. Each defaults to the behaviour of formatVersion 1.
struct Quirks {
  reserved0 @0 :Bool = false;
  instanceNoDictRecorded @1 :Bool = false;  # Instance.noDict is filled; false in traces
                                            # written before it (their instances' lack of
                                            # a __dict__ is not known)
}

# Dynamo configuration values that change what Dynamo traces.
struct DynamoConfig {
  specializeInt @0 :Bool;
  specializeFloat @1 :Bool;
  assumeStaticByDefault @2 :Bool;
  automaticDynamicShapes @3 :Bool;
  inlineInbuiltNnModules @4 :Bool;
  captureScalarOutputs @5 :Bool;
  captureDynamicOutputShapeOps @6 :Bool;
  cacheSizeLimit @7 :Int64;
  recompileLimit @8 :Int64;
  # Any other config value the recorder captured, as name -> repr(value).
  others @9 :List(KeyValue);
}

struct KeyValue {
  key @0 :Text;
  value @1 :Text;
}

# The global torch state Dynamo guards on (see GlobalStateGuard / the ambient guards).
struct GlobalState {
  gradEnabled @0 :Bool;
  inferenceMode @1 :Bool;
  defaultDtype @2 :Text;             # "torch.float32"
  defaultDevice @3 :Text;            # "cpu", or "" when none is set
  deterministicAlgorithms @4 :Bool;
  deterministicWarnOnly @5 :Bool;
  autocastCpuEnabled @6 :Bool;
  autocastCpuDtype @7 :Text;
  autocastGpuEnabled @8 :Bool;
  autocastGpuDtype @9 :Text;
  autocastCacheEnabled @10 :Bool;
  torchFunctionEnabled @11 :Bool;    # torch._C._is_torch_function_enabled()
  torchFunctionAllDisabled @12 :Bool;
  numThreads @13 :Int32;
  # Entries in torch.nn.modules.module's global hook dicts (register_module_forward_hook
  # and friends), in the order _global_backward_pre_hooks, _global_backward_hooks,
  # _global_forward_hooks, _global_forward_pre_hooks. Dynamo reads their lengths to decide
  # whether a module call may skip __call__ for forward. Empty in traces written before
  # the field existed (the core then cannot decide and says so).
  nnModuleGlobalHooks @14 :List(UInt32);
  # sys.getrecursionlimit() of the recording process, which Dynamo constant-folds while
  # tracing (inspect.unwrap reads it); 0 in traces written before the field existed.
  recursionLimit @15 :Int32;
  # id(torch) in the recording process: Dynamo's install_global_by_id("", torch) names a
  # global G['_<id>_c<compile id>'] (type(tensor) is built from its .Tensor); 0 in traces
  # written before the field existed.
  torchModuleId @16 :UInt64;
  # What the argument-less torch functions whose result depends on the build or on the
  # process returned when the event was recorded, by qualified name, as Python reprs:
  # "torch.distributed.is_available", "torch.distributed.is_initialized",
  # "torch._C._get_privateuse1_backend_name", "torch._C._are_functorch_transforms_active",
  # "torch._C._get_cublas_allow_tf32", and "torch._C._functorch.peek_interpreter_stack" as
  # the repr of its result's key() ("<TransformType.Grad: 2>", or "None"). Dynamo calls them
  # while tracing (constant folds, a graph call whose example value it keeps, the
  # functorch checks of a frame's start). Empty in traces written before the field
  # existed (the core then cannot decide and says so); a name is absent when its call
  # raised.
  constantFolds @17 :List(KeyValue);
}

# ---------------------------------------------------------------- object heap

# Index into the trace heap; 0 = absent. See OBJECT REFERENCES above.
using ObjRef = UInt32;

struct Object {
  # 0 for value-like content that is deduplicated by hash; otherwise a token that
  # names the Python object across all events of the trace (see header comment).
  identity @0 :UInt64;
  union {
    none @1 :Void;
    ellipsis @2 :Void;
    notImplemented @3 :Void;
    bool @4 :Bool;
    int @5 :Int64;                 # ints that fit in 64 bits
    bigInt @6 :BigInt;             # all other ints
    float @7 :Float64;
    complex @8 :Complex;
    str @9 :Text;
    bytes @10 :Data;
    tuple @11 :List(ObjRef);
    list @12 :List(ObjRef);
    dict @13 :List(DictEntry);     # in insertion order
    set @14 :List(ObjRef);         # in the iteration order seen when recording
    frozenset @15 :List(ObjRef);
    slice @16 :Slice;
    range @17 :Range;
    code @18 :Code;
    function @19 :Function;
    cell @20 :Cell;
    module @21 :Module;
    class @22 :Class;
    instance @23 :Instance;
    boundMethod @24 :BoundMethod;
    callable @25 :NamedCallable;   # builtins, C functions, torch ops: by qualified name
    tensor @26 :Tensor;
    tensorMeta @27 :TensorMeta;    # content-addressed metadata referenced by `tensor`
    dtype @28 :Text;               # "torch.float32"
    device @29 :Text;              # "cpu", "cuda:0"
    torchSize @30 :List(Int64);
    enum @31 :EnumMember;
    opaque @32 :Opaque;
    ndarray @34 :Tensor;           # an exact numpy.ndarray as torch.as_tensor sees it: the
                                   # meta of the tensor sharing its memory (dtype, shape,
                                   # strides in elements), a storage of its own
  }
  cls @33 :ObjRef;                 # a dict of a subclass of dict, or a list, tuple, set or
                                   # frozenset of a Python subclass (a heap type, not a C
                                   # structseq): its class (0 otherwise)
}

struct BigInt {
  negative @0 :Bool;
  magnitude @1 :Data;              # little-endian, no trailing zero bytes, non-empty
}

struct Complex {
  real @0 :Float64;
  imag @1 :Float64;
}

struct DictEntry {
  key @0 :ObjRef;
  value @1 :ObjRef;
}

struct Slice {
  start @0 :ObjRef;                # each refers to the object (often None)
  stop @1 :ObjRef;
  step @2 :ObjRef;
}

struct Range {
  start @0 :Int64;
  stop @1 :Int64;
  step @2 :Int64;                  # never 0
}

# A CPython 3.11 code object, every field byte-exact.
struct Code {
  argcount @0 :UInt32;
  posonlyargcount @1 :UInt32;
  kwonlyargcount @2 :UInt32;
  nlocals @3 :UInt32;
  stacksize @4 :UInt32;
  flags @5 :UInt32;
  firstlineno @6 :UInt32;
  code @7 :Data;                   # co_code: 2-byte code units, inline caches zeroed
  consts @8 :List(ObjRef);
  names @9 :List(Text);
  varnames @10 :List(Text);
  freevars @11 :List(Text);
  cellvars @12 :List(Text);
  filename @13 :Text;
  name @14 :Text;
  qualname @15 :Text;
  linetable @16 :Data;             # co_linetable (3.11 location table format)
  exceptiontable @17 :Data;        # co_exceptiontable
  localsplusnames @18 :List(Text); # _co_localsplusnames (cells and frees included)
  localspluskinds @19 :Data;       # _co_localspluskinds, one byte per name
}

struct Function {
  code @0 :ObjRef;                 # -> code
  name @1 :Text;                   # __name__
  qualname @2 :Text;
  module @3 :Text;                 # __module__ ("" if None)
  defaults @4 :ObjRef;             # -> tuple, or 0 when __defaults__ is None
  kwdefaults @5 :ObjRef;           # -> dict, or 0 when __kwdefaults__ is None
  closure @6 :List(ObjRef);        # -> cell, one per co_freevars, in order
  globals @7 :ObjRef;              # -> dict holding the globals reached (identity = the globals dict)
  attrs @8 :List(Attr);            # entries of the function's __dict__
  wrapped @9 :ObjRef;              # __wrapped__ if present (functools.wraps), else 0
  classification @10 :CallableClass; # how Dynamo 2.13 treats a call to it
  rule @11 :Text;                  # the VariableTracker class trace_rules.lookup gives
                                   # (e.g. "UserFunctionVariable"), "" if not looked up
  annotations @12 :ObjRef;         # -> dict, __annotations__ when the function holds one as
                                   # a dict (Dynamo's getattr creates it: inspect's
                                   # get_annotations); 0 when it has none yet, when the
                                   # compiler's tuple form was never read, and in traces
                                   # written before the field existed
}

struct Cell {
  empty @0 :Bool;                  # true: the cell holds no value (reading raises)
  contents @1 :ObjRef;             # 0 when empty
}

struct Attr {
  name @0 :Text;
  value @1 :ObjRef;
}

struct Module {
  name @0 :Text;                   # __name__
  file @1 :Text;                   # __file__ or ""
  attrs @2 :List(Attr);            # the attributes reached, not the whole module
  complete @3 :Bool;               # true if every attribute was recorded
}

struct Class {
  name @0 :Text;
  qualname @1 :Text;
  module @2 :Text;
  bases @3 :List(ObjRef);          # -> class
  mro @4 :List(ObjRef);            # -> class, starting with this class
  attrs @5 :List(Attr);            # entries of the class __dict__ that were recorded
  builtin @6 :Bool;                # a C type (object, int, torch._C._TensorBase, ...)
  metaclass @7 :Text;              # qualified name of type(cls)
  metaclassRef @8 :ObjRef;         # -> class: type(cls) when it is a Python metaclass
                                   # (a subclass of type defined in Python), else 0
  abcRegistryEmpty @9 :Bool;       # an abc.ABCMeta class whose ABC.register registry,
                                   # and that of every class derived from it, was empty
                                   # when recorded (abc._get_dump): isinstance against
                                   # it is decided by the MRO alone. False: not known.
}

struct Instance {
  class @0 :ObjRef;                # -> class
  attrs @1 :List(Attr);            # the instance __dict__ in order
  kind @2 :InstanceKind;
  slots @3 :List(Attr);            # values of __slots__ members that are set
  noDict @4 :Bool;                 # the instance has no __dict__ (its type's
                                   # tp_dictoffset is 0: a __slots__-only class such as
                                   # torch.utils._pytree.TreeSpec). False: it has one, or
                                   # the trace predates this field (not known).
}

enum InstanceKind {
  plain @0;
  nnModule @1;                     # isinstance(obj, torch.nn.Module)
  dataclass @2;
  namedtuple @3;
  exception @4;
}

struct BoundMethod {
  self @0 :ObjRef;
  function @1 :ObjRef;             # -> function or callable
}

# How Dynamo 2.13 classifies a callable when it meets one in a frame.
enum CallableClass {
  unknown @0;
  inGraph @1;        # a torch function Dynamo puts into the graph (TorchInGraphFunctionVariable)
  inlined @2;        # Dynamo inlines its Python code
  skipped @3;        # Dynamo refuses to trace into it (skipfiles / SkipFunctionVariable)
  builtin @4;        # a Python builtin Dynamo models itself (BuiltinVariable)
  constantFold @5;   # evaluated at trace time on constants
}

struct NamedCallable {
  module @0 :Text;                 # "builtins", "torch", "torch.nn.functional", ...
  qualname @1 :Text;               # "len", "sin", "Tensor.add"
  classification @2 :CallableClass;
  reason @3 :Text;                 # why Dynamo classifies it so, when known
  self @4 :ObjRef;                 # __self__ of a C method bound to an object that is
                                   # neither a module nor a type (keyword.iskeyword is
                                   # frozenset.__contains__ bound to a frozenset):
                                   # Dynamo's BoundBuiltinMethodVariable calls the method
                                   # on it; 0 otherwise and in traces written before the
                                   # field existed
}

enum Layout {
  strided @0;
  sparseCoo @1;
  sparseCsr @2;
  other @3;
}

# Content-addressed tensor metadata: the part of a tensor that example values and
# TENSOR_MATCH guards compare.
struct TensorMeta {
  dtype @0 :Text;                  # "torch.float32"
  device @1 :Text;                 # "cpu"
  shape @2 :List(Int64);
  stride @3 :List(Int64);          # same length as shape
  storageOffset @4 :Int64;
  requiresGrad @5 :Bool;
  layout @6 :Layout;
  isLeaf @7 :Bool;
  isParameter @8 :Bool;            # type is torch.nn.Parameter
  isQuantized @9 :Bool;
  subclass @10 :Text;              # qualified class name if not exactly torch.Tensor/Parameter
  dynamicDims @11 :List(UInt32);   # dims marked dynamic (torch._dynamo.mark_dynamic)
  isContiguous @12 :Bool;
  ndim @13 :UInt32;
  staticDims @14 :List(UInt32);       # dims marked static (torch._dynamo.mark_static)
  weakDynamicDims @15 :List(UInt32);  # dims marked by torch._dynamo.maybe_mark_dynamic
}

struct Tensor {
  meta @0 :ObjRef;                 # -> tensorMeta
  storageId @1 :UInt64;            # equal for tensors sharing a storage (aliasing); never 0
  storageBytes @2 :UInt64;         # nbytes of the untyped storage
  viewBase @3 :ObjRef;             # -> tensor ._base, or 0
  version @4 :UInt64;              # ._version
  gradFn @5 :Text;                 # type name of grad_fn, "" if none
  isBuffer @6 :Bool;               # reached as a registered buffer of an nn.Module
  values @7 :Data;                 # raw little-endian element values; only when the
                                   # opt-in flag was set and the tensor is small
  attrs @8 :List(Attr);            # entries of the tensor's __dict__
}

struct EnumMember {
  class @0 :ObjRef;                # -> class
  name @1 :Text;
  value @2 :ObjRef;
}

# An object the recorder did not walk. Never an error: the replayer treats it as a
# value it cannot look into and says `unsupported` if tracing needs its inside.
struct Opaque {
  typeName @0 :Text;               # qualified type name
  repr @1 :Text;                   # truncated repr, "" if repr raised
  reason @2 :Text;                 # why it was not walked ("budget", "raising __getattr__", ...)
}

# ---------------------------------------------------------------- events

struct EventChunk {
  firstObjectId @0 :ObjRef;        # id of objects[0]; equals 1 + the number of objects
                                   # in all earlier chunks
  objects @1 :List(Object);
  event @2 :CompileEvent;
  # Each event is written as exactly one chunk in format version 1.
}

enum EventStatus {
  compiled @0;       # Dynamo produced a transformed frame (possibly with graph breaks)
  skipped @1;        # Dynamo declined the frame (e.g. no graph, skipfiles)
  error @2;          # Dynamo raised while compiling
  incomplete @3;     # the recorder failed part-way; `statusReason` says where
}

struct CompileEvent {
  index @0 :UInt32;                # 0, 1, 2 ... in recording order
  compileId @1 :Text;              # Dynamo's compile id, e.g. "0/1"
  status @2 :EventStatus;
  statusReason @3 :Text;
  frame @4 :FrameInput;
  reference @5 :Decisions;         # what Dynamo decided
  dynamoNs @6 :UInt64;             # Dynamo's compile time for the frame (excludes recording;
                                   # includes the backend's compile: see backendNs)
  recorderNs @7 :UInt64;           # time the recorder spent on this event
  recompileReasons @8 :List(Text); # why an earlier cache entry did not apply
  isResume @9 :Bool;               # the code is a resume function Dynamo generated
  outputGraphId @10 :Int64 = -1;   # OutputGraph.compile_id of the attempt whose guards
                                   # were installed (install_global_by_id names embed it);
                                   # -1 when unknown (traces written before the field)
  config @11 :DynamoConfig;        # torch._dynamo.config as this compile started (dynamic=
                                   # and config.patch apply per compile); absent in traces
                                   # written before the field: the header's then applies
  export @12 :Bool;                # Dynamo traced with export=True (OutputGraph.export):
                                   # torch.export.export(strict=True) through
                                   # convert_frame.fullgraph_capture, or torch._dynamo.export
                                   # through _compile; false in traces written before the
                                   # field (whose recorder did not see strict-export compiles)
  exportConstraints @13 :List(ExportConstraint);
                                   # the export_constraints Dynamo traced with
                                   # (torch.export Dim / dynamic_shapes=, in the order given;
                                   # _RelaxedConstraint entries left out); empty otherwise and
                                   # in traces written before the field
  backend @14 :BackendKind;        # the compiler_fn Dynamo traced for, as
                                   # InstructionTranslator._throw_if_in_functorch tests it
                                   # (its `compiler_fn` attribute read with
                                   # inspect.getattr_static, else itself, compared by
                                   # identity with lookup_backend("eager")); unrecorded in
                                   # traces written before the field
  backendNs @15 :UInt64;           # time spent inside the backend's compiler_fn calls
                                   # (OutputGraph.call_user_compiler: Inductor's compile,
                                   # for instance), all graphs of the frame; part of
                                   # dynamoNs. Dynamo's tracing time is dynamoNs - backendNs
  backendTimed @16 :Bool;          # backendNs was measured; false in traces written before
                                   # the field, whose dynamoNs cannot be split
}

enum BackendKind {
  unrecorded @0;                   # traces written before CompileEvent.backend
  eager @1;                        # Dynamo's eager backend
  other @2;                        # any other backend
}

# One torch.export dimension constraint as Dynamo's _automatic_dynamic reads it: the
# tensor (by its source in the frame) whose dim is dynamic, with its value range.
struct ExportConstraint {
  source @0 :Text;                 # the tensor's source, e.g. "L['flat_args'][0]"; "" when
                                   # no frame value holds the constrained tensor
  dim @1 :UInt32;
  min @2 :Int64;                   # constraint_range.vr.lower
  max @3 :Int64;                   # constraint_range.vr.upper; -1 when unbounded (int_oo)
  name @4 :Text;                   # the Dim's name (shape_env.source_name_to_debug_name)
}

struct NamedValue {
  name @0 :Text;
  value @1 :ObjRef;
}

struct FrameInput {
  code @0 :ObjRef;                 # -> code being compiled
  locals @1 :List(NamedValue);     # f_locals at compile start, in co_varnames order;
                                   # unbound locals are absent
  cells @2 :List(NamedValue);      # co_cellvars then co_freevars: each -> cell object
  globals @3 :ObjRef;              # -> dict: f_globals entries reached (identity = f_globals)
  builtins @4 :ObjRef;             # -> dict: builtins reached
  globalState @5 :GlobalState;
  function @6 :ObjRef;             # -> the function whose code this is, when known
  imports @7 :List(NamedValue);    # sys.modules entries the IMPORT_NAMEs of the code
                                   # walked name (a dotted name and its top package),
                                   # looked up, never imported
}

struct Decisions {
  graphs @0 :List(Graph);
  guards @1 :List(Guard);
  graphBreaks @2 :List(GraphBreak);
  generatedCode @3 :ObjRef;        # -> code Dynamo produced for the frame, or 0
  sideEffects @4 :List(SideEffect);
  unsupported @5 :Text;            # core only: non-empty when the core gave up; names what
}

enum NodeOp {
  placeholder @0;
  callFunction @1;
  callMethod @2;
  callModule @3;
  getAttr @4;
  output @5;
}

# An example value's metadata (node.meta["example_value"]).
struct ValueMeta {
  union {
    none @0 :Void;
    tensor @1 :TensorMeta;
    tuple @2 :List(ValueMeta);     # tuples and lists of values
    int @3 :Int64;
    float @4 :Float64;
    bool @5 :Bool;
    symbol @6 :Text;               # a SymInt/SymFloat/SymBool, printed
    other @7 :Text;                # type name of anything else
  }
}

struct Node {
  name @0 :Text;
  op @1 :NodeOp;
  target @2 :Text;                 # FX's printed target (e.g. "torch.sin", "add", "x")
  args @3 :Text;                   # repr of node.args as FX prints them
  kwargs @4 :Text;                 # repr of node.kwargs
  exampleValue @5 :ValueMeta;
  source @6 :Text;                 # placeholders: Dynamo's source name, e.g. "L['x']"
  users @7 :UInt32;
}

struct Graph {
  name @0 :Text;                   # e.g. "GraphModule" / compiled function name
  code @1 :Text;                   # GraphModule.code exactly as printed
  nodes @2 :List(Node);
  subgraphs @3 :List(Subgraph);    # the GraphModules this graph's get_attr nodes read
                                   # (higher-order op bodies: cond_true_0 ...), in the
                                   # order of those nodes; each lists its own
  subgraphsRecorded @4 :Bool;      # the recorder looked for subgraphs (false in traces
                                   # written before the field: `subgraphs` is then unknown)
}

# A GraphModule installed on the root module (OutputGraph.install_subgraph) and read by
# a get_attr node of its parent graph.
struct Subgraph {
  name @0 :Text;                   # the get_attr target, e.g. "cond_true_0"
  graph @1 :Graph;
}

struct Guard {
  kind @0 :Text;                   # Dynamo's guard function name, e.g. "TENSOR_MATCH"
  source @1 :Text;                 # the guarded source name, e.g. "L['x']"
  detail @2 :Text;                 # canonical statement of what is checked
  codeParts @3 :List(Text);        # Dynamo's guard code text, when it has any
}

struct FrameSummary {
  filename @0 :Text;
  line @1 :UInt32;
  name @2 :Text;
}

struct GraphBreak {
  reason @0 :Text;
  userStack @1 :List(FrameSummary);
  offset @2 :UInt32;               # bytecode offset of the breaking instruction
  graphCount @3 :UInt32;           # graphs compiled before the break in this frame
  gbType @4 :Text;                 # Dynamo's short graph-break type (gb_type), e.g.
                                   # "Unsupported function call"; "" if Dynamo gave none
}

enum SideEffectKind {
  storeAttr @0;
  storeGlobal @1;
  storeCell @2;
  mutateList @3;
  mutateDict @4;
  mutateSet @5;
  newObject @6;
  other @7;
}

struct SideEffect {
  kind @0 :SideEffectKind;
  target @1 :Text;                 # source of the mutated object, e.g. "G['counter']"
  detail @2 :Text;
}
