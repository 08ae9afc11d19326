// decisions_builder.cpp — see decisions_builder.h.
#include <Python.h>

#include "recorder/extension/decisions_builder.h"

#include <algorithm>

namespace dynrr::recorder {
namespace {

PyObject* item(PyObject* dict, const char* key) {
  if (dict == nullptr || !PyDict_Check(dict)) return nullptr;
  return PyDict_GetItemString(dict, key);  // borrowed
}

std::string text(PyObject* o) { return utf8(o); }

int64_t integer(PyObject* o, int64_t fallback = 0) {
  if (o == nullptr || !PyLong_Check(o)) return fallback;
  long long v = PyLong_AsLongLong(o);
  if (v == -1 && PyErr_Occurred()) {
    PyErr_Clear();
    return fallback;
  }
  return v;
}

bool truth(PyObject* o) { return o != nullptr && o == Py_True; }

PyObject* at(PyObject* seq, Py_ssize_t i) {
  if (seq == nullptr) return nullptr;
  if (PyTuple_Check(seq)) return i < PyTuple_GET_SIZE(seq) ? PyTuple_GET_ITEM(seq, i) : nullptr;
  if (PyList_Check(seq)) return i < PyList_GET_SIZE(seq) ? PyList_GET_ITEM(seq, i) : nullptr;
  return nullptr;
}

Py_ssize_t length(PyObject* seq) {
  if (seq == nullptr) return 0;
  if (PyTuple_Check(seq)) return PyTuple_GET_SIZE(seq);
  if (PyList_Check(seq)) return PyList_GET_SIZE(seq);
  return 0;
}

void setInts(capnp::List<int64_t>::Builder list, PyObject* seq) {
  for (unsigned i = 0; i < list.size(); ++i) list.set(i, integer(at(seq, i)));
}

void fillTensorMeta(PyObject* v, schema::TensorMeta::Builder m) {
  // ("tensor", dtype, device, shape, stride, storage_offset, requires_grad, is_leaf,
  //  is_parameter, subclass, is_contiguous)
  m.setDtype(text(at(v, 1)));
  m.setDevice(text(at(v, 2)));
  PyObject* shape = at(v, 3);
  setInts(m.initShape(static_cast<unsigned>(length(shape))), shape);
  PyObject* stride = at(v, 4);
  setInts(m.initStride(static_cast<unsigned>(length(stride))), stride);
  m.setStorageOffset(integer(at(v, 5)));
  m.setRequiresGrad(truth(at(v, 6)));
  m.setIsLeaf(truth(at(v, 7)));
  m.setIsParameter(truth(at(v, 8)));
  m.setSubclass(text(at(v, 9)));
  m.setIsContiguous(truth(at(v, 10)));
  m.setNdim(static_cast<uint32_t>(length(shape)));
  m.setLayout(schema::Layout::STRIDED);
}

void fillValueMeta(PyObject* v, schema::ValueMeta::Builder out, int depth) {
  std::string tag = text(at(v, 0));
  if (tag == "tensor") {
    fillTensorMeta(v, out.initTensor());
  } else if (tag == "tuple" && depth < 16) {
    PyObject* items = at(v, 1);
    auto list = out.initTuple(static_cast<unsigned>(length(items)));
    for (unsigned i = 0; i < list.size(); ++i) fillValueMeta(at(items, i), list[i], depth + 1);
  } else if (tag == "int") {
    out.setInt(integer(at(v, 1)));
  } else if (tag == "float") {
    PyObject* f = at(v, 1);
    out.setFloat(f && PyFloat_Check(f) ? PyFloat_AS_DOUBLE(f) : 0.0);
  } else if (tag == "bool") {
    out.setBool(truth(at(v, 1)));
  } else if (tag == "symbol") {
    out.setSymbol(text(at(v, 1)));
  } else if (tag == "other") {
    out.setOther(text(at(v, 1)));
  } else {
    out.setNone();
  }
}

// One captured graph (_capture.capture_graph's dict) and, recursively, its subgraphs.
// Returns the number of malformed entries.
int fillGraph(PyObject* g, schema::Graph::Builder out, int depth) {
  int bad = 0;
  out.setName(text(item(g, "name")));
  out.setCode(text(item(g, "code")));
  PyObject* subgraphs = item(g, "subgraphs");
  out.setSubgraphsRecorded(true);
  if (subgraphs && depth < 16) {
    auto sl = out.initSubgraphs(static_cast<unsigned>(length(subgraphs)));
    for (unsigned i = 0; i < sl.size(); ++i) {
      PyObject* s = at(subgraphs, i);  // (target, graph dict)
      PyObject* sg = at(s, 1);
      if (length(s) < 2 || !sg || !PyDict_Check(sg)) {
        ++bad;
        continue;
      }
      sl[i].setName(text(at(s, 0)));
      bad += fillGraph(sg, sl[i].initGraph(), depth + 1);
    }
  }
  {
    PyObject* nodes = item(g, "nodes");
    auto nl = out.initNodes(static_cast<unsigned>(length(nodes)));
    for (unsigned ni = 0; ni < nl.size(); ++ni) {
      // (name, op, target, args, kwargs, source, users, value_meta)
      PyObject* n = at(nodes, ni);
      if (length(n) < 8) {
        ++bad;
        continue;
      }
      nl[ni].setName(text(at(n, 0)));
      int64_t op = integer(at(n, 1));
      if (op < 0 || op > static_cast<int64_t>(schema::NodeOp::OUTPUT))
        ++bad;
      else
        nl[ni].setOp(static_cast<schema::NodeOp>(op));
      nl[ni].setTarget(text(at(n, 2)));
      nl[ni].setArgs(text(at(n, 3)));
      nl[ni].setKwargs(text(at(n, 4)));
      nl[ni].setSource(text(at(n, 5)));
      nl[ni].setUsers(static_cast<uint32_t>(integer(at(n, 6))));
      fillValueMeta(at(n, 7), nl[ni].initExampleValue(), 0);
    }
  }
  return bad;
}

}  // namespace

int fillDecisions(PyObject* decisions, schema::Decisions::Builder out) {
  int bad = 0;
  PyObject* graphs = item(decisions, "graphs");
  auto gl = out.initGraphs(static_cast<unsigned>(length(graphs)));
  for (unsigned gi = 0; gi < gl.size(); ++gi) {
    PyObject* g = at(graphs, gi);
    if (!g || !PyDict_Check(g)) {
      ++bad;
      continue;
    }
    bad += fillGraph(g, gl[gi], 0);
  }
  PyObject* guards = item(decisions, "guards");
  auto guardList = out.initGuards(static_cast<unsigned>(length(guards)));
  for (unsigned i = 0; i < guardList.size(); ++i) {
    PyObject* g = at(guards, i);  // (kind, source, detail, [code parts])
    guardList[i].setKind(text(at(g, 0)));
    guardList[i].setSource(text(at(g, 1)));
    guardList[i].setDetail(text(at(g, 2)));
    PyObject* parts = at(g, 3);
    auto pl = guardList[i].initCodeParts(static_cast<unsigned>(length(parts)));
    for (unsigned k = 0; k < pl.size(); ++k) pl.set(k, text(at(parts, k)));
  }
  PyObject* breaks = item(decisions, "breaks");
  auto bl = out.initGraphBreaks(static_cast<unsigned>(length(breaks)));
  for (unsigned i = 0; i < bl.size(); ++i) {
    PyObject* b = at(breaks, i);  // (reason, gb_type, offset, graph_count, [(file, line, name)])
    bl[i].setReason(text(at(b, 0)));
    bl[i].setGbType(text(at(b, 1)));
    bl[i].setOffset(static_cast<uint32_t>(integer(at(b, 2))));
    bl[i].setGraphCount(static_cast<uint32_t>(integer(at(b, 3))));
    PyObject* stack = at(b, 4);
    auto sl = bl[i].initUserStack(static_cast<unsigned>(length(stack)));
    for (unsigned k = 0; k < sl.size(); ++k) {
      PyObject* fs = at(stack, k);
      sl[k].setFilename(text(at(fs, 0)));
      sl[k].setLine(static_cast<uint32_t>(integer(at(fs, 1))));
      sl[k].setName(text(at(fs, 2)));
    }
  }
  PyObject* effects = item(decisions, "side_effects");
  auto el = out.initSideEffects(static_cast<unsigned>(length(effects)));
  for (unsigned i = 0; i < el.size(); ++i) {
    PyObject* e = at(effects, i);  // (kind, target, detail)
    int64_t kind = integer(at(e, 0), static_cast<int64_t>(schema::SideEffectKind::OTHER));
    if (kind < 0 || kind > static_cast<int64_t>(schema::SideEffectKind::OTHER))
      kind = static_cast<int64_t>(schema::SideEffectKind::OTHER);
    el[i].setKind(static_cast<schema::SideEffectKind>(kind));
    el[i].setTarget(text(at(e, 1)));
    el[i].setDetail(text(at(e, 2)));
  }
  out.setUnsupported("");
  return bad;
}

void fillEventMeta(PyObject* meta, schema::CompileEvent::Builder out) {
  out.setCompileId(text(item(meta, "compile_id")));
  int64_t status = integer(item(meta, "status"));
  if (status < 0 || status > static_cast<int64_t>(schema::EventStatus::INCOMPLETE))
    status = static_cast<int64_t>(schema::EventStatus::INCOMPLETE);
  out.setStatus(static_cast<schema::EventStatus>(status));
  out.setStatusReason(text(item(meta, "status_reason")));
  out.setDynamoNs(static_cast<uint64_t>(integer(item(meta, "dynamo_ns"))));
  out.setRecorderNs(static_cast<uint64_t>(integer(item(meta, "recorder_ns"))));
  PyObject* reasons = item(meta, "recompile_reasons");
  auto rl = out.initRecompileReasons(static_cast<unsigned>(length(reasons)));
  for (unsigned i = 0; i < rl.size(); ++i) rl.set(i, text(at(reasons, i)));
  out.setIsResume(truth(item(meta, "is_resume")));
  out.setExport(truth(item(meta, "export")));
  if (PyObject* cs = item(meta, "export_constraints"); cs != nullptr && cs != Py_None) {
    auto cl = out.initExportConstraints(static_cast<unsigned>(length(cs)));
    for (unsigned i = 0; i < cl.size(); ++i) {
      PyObject* c = at(cs, i);  // (source, dim, min, max, name)
      cl[i].setSource(text(at(c, 0)));
      cl[i].setDim(static_cast<uint32_t>(integer(at(c, 1))));
      cl[i].setMin(integer(at(c, 2)));
      cl[i].setMax(integer(at(c, 3)));
      cl[i].setName(text(at(c, 4)));
    }
  }
  if (PyObject* og = item(meta, "output_graph_id"); og != nullptr && og != Py_None)
    out.setOutputGraphId(integer(og));
  if (PyObject* b = item(meta, "backend"); b != nullptr && b != Py_None) {
    int64_t kind = integer(b);
    if (kind >= 0 && kind <= static_cast<int64_t>(schema::BackendKind::OTHER))
      out.setBackend(static_cast<schema::BackendKind>(kind));
  }
  if (PyObject* b = item(meta, "backend_ns"); b != nullptr && b != Py_None) {
    out.setBackendNs(static_cast<uint64_t>(std::max<int64_t>(integer(b), 0)));
    out.setBackendTimed(true);
  }
  if (PyObject* c = item(meta, "config"); c != nullptr && c != Py_None && PyDict_Check(c))
    fillConfig(c, out.initConfig());
}

void fillGlobalState(PyObject* s, schema::GlobalState::Builder out) {
  out.setGradEnabled(truth(item(s, "grad_enabled")));
  out.setInferenceMode(truth(item(s, "inference_mode")));
  out.setDefaultDtype(text(item(s, "default_dtype")));
  out.setDefaultDevice(text(item(s, "default_device")));
  out.setDeterministicAlgorithms(truth(item(s, "deterministic_algorithms")));
  out.setDeterministicWarnOnly(truth(item(s, "deterministic_warn_only")));
  out.setAutocastCpuEnabled(truth(item(s, "autocast_cpu_enabled")));
  out.setAutocastCpuDtype(text(item(s, "autocast_cpu_dtype")));
  out.setAutocastGpuEnabled(truth(item(s, "autocast_gpu_enabled")));
  out.setAutocastGpuDtype(text(item(s, "autocast_gpu_dtype")));
  out.setAutocastCacheEnabled(truth(item(s, "autocast_cache_enabled")));
  out.setTorchFunctionEnabled(truth(item(s, "torch_function_enabled")));
  out.setTorchFunctionAllDisabled(truth(item(s, "torch_function_all_disabled")));
  out.setNumThreads(static_cast<int32_t>(integer(item(s, "num_threads"))));
  out.setRecursionLimit(static_cast<int32_t>(integer(item(s, "recursion_limit"))));
  if (PyObject* tid = item(s, "torch_module_id"); tid != nullptr && PyLong_Check(tid))
    out.setTorchModuleId(PyLong_AsUnsignedLongLong(tid));
  if (PyErr_Occurred()) PyErr_Clear();
  if (PyObject* folds = item(s, "constant_folds"); folds != nullptr && PyList_Check(folds)) {
    auto fl = out.initConstantFolds(static_cast<unsigned>(length(folds)));  // [(name, repr)]
    for (unsigned i = 0; i < fl.size(); ++i) {
      fl[i].setKey(text(at(at(folds, i), 0)));
      fl[i].setValue(text(at(at(folds, i), 1)));
    }
  }
  PyObject* hooks = item(s, "nn_module_global_hooks");  // [int, int, int, int]
  auto hl = out.initNnModuleGlobalHooks(static_cast<unsigned>(length(hooks)));
  for (unsigned i = 0; i < hl.size(); ++i) hl.set(i, static_cast<uint32_t>(integer(at(hooks, i))));
}

void fillConfig(PyObject* c, schema::DynamoConfig::Builder out) {
  out.setSpecializeInt(truth(item(c, "specialize_int")));
  out.setSpecializeFloat(truth(item(c, "specialize_float")));
  out.setAssumeStaticByDefault(truth(item(c, "assume_static_by_default")));
  out.setAutomaticDynamicShapes(truth(item(c, "automatic_dynamic_shapes")));
  out.setInlineInbuiltNnModules(truth(item(c, "inline_inbuilt_nn_modules")));
  out.setCaptureScalarOutputs(truth(item(c, "capture_scalar_outputs")));
  out.setCaptureDynamicOutputShapeOps(truth(item(c, "capture_dynamic_output_shape_ops")));
  out.setCacheSizeLimit(integer(item(c, "cache_size_limit")));
  out.setRecompileLimit(integer(item(c, "recompile_limit")));
  PyObject* others = item(c, "others");  // [(name, repr)]
  auto ol = out.initOthers(static_cast<unsigned>(length(others)));
  for (unsigned i = 0; i < ol.size(); ++i) {
    ol[i].setKey(text(at(at(others, i), 0)));
    ol[i].setValue(text(at(at(others, i), 1)));
  }
}

void fillHeader(PyObject* h, schema::TraceHeader::Builder out) {
  out.setPythonVersion(text(item(h, "python_version")));
  out.setTorchVersion(text(item(h, "torch_version")));
  out.setDynrrVersion(text(item(h, "dynrr_version")));
  out.setProducer(text(item(h, "producer")));
  out.setTensorValuesRecorded(truth(item(h, "tensor_values")));
  out.initQuirks().setInstanceNoDictRecorded(true);
  fillConfig(item(h, "config"), out.initConfig());
  fillGlobalState(item(h, "global_state"), out.initGlobalState());
}

}  // namespace dynrr::recorder
