// sample_trace.cpp — see sample_trace.h.
#include "tests/support/sample_trace.h"

#include "core/support/assert.h"

namespace dynrr::testing {

using trace::ObjRef;

void fillTestHeader(schema::TraceHeader::Builder header) {
  header.setPythonVersion("3.11.7");
  header.setTorchVersion("2.13.0+cpu");
  header.setDynrrVersion("0.1.0");
  header.setProducer("test");
  auto c = header.getConfig();
  c.setSpecializeInt(true);
  c.setAssumeStaticByDefault(true);
  c.setAutomaticDynamicShapes(true);
  c.setInlineInbuiltNnModules(true);
  c.setCacheSizeLimit(8);
  auto g = header.getGlobalState();
  g.setGradEnabled(true);
  g.setDefaultDtype("torch.float32");
  g.setTorchFunctionEnabled(true);
}

namespace {

ObjRef tensorMeta(trace::EventBuilder& eb, std::initializer_list<int64_t> shape) {
  auto m = eb.scratch().initTensorMeta();
  m.setDtype("torch.float32");
  m.setDevice("cpu");
  auto s = m.initShape(static_cast<unsigned>(shape.size()));
  auto st = m.initStride(static_cast<unsigned>(shape.size()));
  int64_t stride = 1;
  std::vector<int64_t> dims(shape);
  for (int i = static_cast<int>(dims.size()) - 1; i >= 0; --i) {
    s.set(static_cast<unsigned>(i), dims[static_cast<size_t>(i)]);
    st.set(static_cast<unsigned>(i), stride);
    stride *= dims[static_cast<size_t>(i)];
  }
  m.setIsLeaf(true);
  m.setIsContiguous(true);
  m.setNdim(static_cast<uint32_t>(dims.size()));
  return eb.intern();
}

ObjRef codeObject(trace::EventBuilder& eb, const char* name, ObjRef constNone) {
  // The bytes of `def f(x, y): return x + y` on CPython 3.11.
  static const unsigned char kCode[] = {0x97, 0x00, 0x7c, 0x00, 0x7c, 0x01, 0x7a, 0x00, 0x00,
                                        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x53, 0x00};
  auto code = eb.scratch().initCode();
  code.setArgcount(2);
  code.setNlocals(2);
  code.setStacksize(2);
  code.setFlags(3);
  code.setFirstlineno(1);
  code.setCode(capnp::Data::Reader(kCode, sizeof(kCode)));
  auto consts = code.initConsts(1);
  consts.set(0, constNone);
  auto vars = code.initVarnames(2);
  vars.set(0, "x");
  vars.set(1, "y");
  auto lp = code.initLocalsplusnames(2);
  lp.set(0, "x");
  lp.set(1, "y");
  code.setFilename("sample.py");
  code.setName(name);
  code.setQualname(name);
  return eb.intern();
}

}  // namespace

Status writeSampleEvents(trace::TraceWriter& writer, const SampleOptions& options) {
  uint64_t identity = 1000;
  for (int e = 0; e < options.events; ++e) {
    trace::EventBuilder& eb = writer.beginEvent();
    ObjRef none = eb.none();
    ObjRef code = codeObject(eb, "f", none);

    // A tensor input, f32[2, 3].
    ObjRef meta = tensorMeta(eb, {2, 3});
    auto x = eb.newObject(++identity);
    auto t = x.builder.initTensor();
    t.setMeta(meta);
    t.setStorageId(77);
    t.setStorageBytes(24);

    // A big int: 2**100.
    auto big = eb.scratch().initBigInt();
    unsigned char mag[13] = {0};
    mag[12] = 0x10;
    big.setMagnitude(capnp::Data::Reader(mag, sizeof(mag)));
    ObjRef bigRef = eb.intern();

    // A cyclic list: l = [1, l].
    auto l = eb.newObject(++identity);
    auto items = l.builder.initList(2);
    items.set(0, eb.integer(1));
    items.set(1, l.ref);

    // One cell shared by two closures.
    auto cell = eb.newObject(++identity);
    cell.builder.initCell().setContents(eb.integer(42));
    ObjRef fns[2];
    for (int k = 0; k < 2; ++k) {
      auto fn = eb.newObject(++identity);
      auto f = fn.builder.initFunction();
      f.setCode(code);
      f.setName(k == 0 ? "inc" : "get");
      f.setQualname(k == 0 ? "outer.<locals>.inc" : "outer.<locals>.get");
      f.initClosure(1).set(0, cell.ref);
      fns[k] = fn.ref;
    }

    // Bulk objects for benchmarks.
    std::vector<ObjRef> bulk;
    for (int i = 0; i < options.extraObjectsPerEvent; ++i) {
      auto obj = eb.newObject(++identity);
      auto tl = obj.builder.initTensor();
      tl.setMeta(tensorMeta(eb, {static_cast<int64_t>(i % 7 + 1), 4}));
      tl.setStorageId(1000 + static_cast<uint64_t>(i));
      bulk.push_back(obj.ref);
    }
    auto bulkList = eb.newObject(++identity);
    auto bl = bulkList.builder.initList(static_cast<unsigned>(bulk.size()));
    for (unsigned i = 0; i < bulk.size(); ++i) bl.set(i, bulk[i]);

    auto ev = eb.event();
    ev.setCompileId("0/" + std::to_string(e));
    ev.setStatus(schema::EventStatus::COMPILED);
    ev.setDynamoNs(50'000'000);
    auto frame = ev.initFrame();
    frame.setCode(code);
    auto locals = frame.initLocals(6);
    locals[0].setName("x");
    locals[0].setValue(x.ref);
    locals[1].setName("big");
    locals[1].setValue(bigRef);
    locals[2].setName("l");
    locals[2].setValue(l.ref);
    locals[3].setName("inc");
    locals[3].setValue(fns[0]);
    locals[4].setName("get");
    locals[4].setValue(fns[1]);
    locals[5].setName("bulk");
    locals[5].setValue(bulkList.ref);
    auto ref = ev.initReference();
    auto graph = ref.initGraphs(1)[0];
    graph.setName("GraphModule");
    graph.setCode(
        "\n\n\ndef forward(self, L_x_ : torch.Tensor):\n    l_x_ = L_x_\n"
        "    sin = torch.sin(l_x_);  l_x_ = None\n    return (sin,)\n    ");
    auto nodes = graph.initNodes(3);
    nodes[0].setName("l_x_");
    nodes[0].setOp(schema::NodeOp::PLACEHOLDER);
    nodes[0].setTarget("L_x_");
    nodes[0].setSource("L['x']");
    nodes[1].setName("sin");
    nodes[1].setOp(schema::NodeOp::CALL_FUNCTION);
    nodes[1].setTarget("torch.sin");
    nodes[1].setArgs("(l_x_,)");
    nodes[2].setName("output");
    nodes[2].setOp(schema::NodeOp::OUTPUT);
    auto guards = ref.initGuards(2);
    guards[0].setKind("TENSOR_MATCH");
    guards[0].setSource("L['x']");
    guards[0].setDetail("dtype=torch.float32 device=cpu shape=[2, 3] stride=[3, 1]");
    guards[1].setKind("GLOBAL_STATE");
    guards[1].setSource("");
    if (Status s = writer.finishEvent(); !s) return s;
  }
  return Status::success();
}

std::string sampleTraceBytes(const SampleOptions& options) {
  auto writer = trace::TraceWriter::createInMemory(fillTestHeader);
  DYNRR_ASSERT(writer.ok());
  Status s = writeSampleEvents(**writer, options);
  DYNRR_ASSERT(s.ok(), s.error().message());
  return (*writer)->bytes();
}

}  // namespace dynrr::testing
