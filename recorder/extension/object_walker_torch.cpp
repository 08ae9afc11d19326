// object_walker_torch.cpp — the torch part of ObjectWalker: tensors (metadata, storage
// identity, view base, opt-in small values), dtype, device and torch.Size. Mirrors what
// Dynamo's VariableBuilder.wrap_tensor and TENSOR_MATCH read from a tensor.
#include <Python.h>

#include <algorithm>

#include "recorder/extension/object_walker.h"

namespace dynrr::recorder {
namespace {

PyRef getAttr(PyObject* o, const char* name) {
  PyRef r = PyRef::steal(PyObject_GetAttrString(o, name));
  if (!r) PyErr_Clear();
  return r;
}

PyRef callMethod(PyObject* o, const char* name) {
  PyRef r = PyRef::steal(PyObject_CallMethod(o, name, nullptr));
  if (!r) PyErr_Clear();
  return r;
}

std::string strOf(PyObject* o) {
  if (o == nullptr) return {};
  PyRef s = PyRef::steal(PyObject_Str(o));
  if (!s) {
    PyErr_Clear();
    return {};
  }
  return utf8(s.get());
}

bool intList(PyObject* seq, std::vector<int64_t>& out) {
  if (seq == nullptr || !PyTuple_Check(seq)) return false;
  for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(seq); ++i) {
    PyObject* item = PyTuple_GET_ITEM(seq, i);
    if (!PyLong_Check(item)) return false;
    long long v = PyLong_AsLongLong(item);
    if (v == -1 && PyErr_Occurred()) {
      PyErr_Clear();
      return false;
    }
    out.push_back(v);
  }
  return true;
}

int64_t intOf(PyObject* o, int64_t fallback) {
  if (o == nullptr || !PyLong_Check(o)) return fallback;
  long long v = PyLong_AsLongLong(o);
  if (v == -1 && PyErr_Occurred()) {
    PyErr_Clear();
    return fallback;
  }
  return v;
}

}  // namespace

ObjRef ObjectWalker::walkTorchScalarType(PyObject* o, bool& handled) {
  handled = true;
  if (config_.dtypeType && Py_TYPE(o) == reinterpret_cast<PyTypeObject*>(config_.dtypeType)) {
    eb_.scratch().setDtype(strOf(o));
    return eb_.intern();
  }
  if (config_.deviceType && Py_TYPE(o) == reinterpret_cast<PyTypeObject*>(config_.deviceType)) {
    eb_.scratch().setDevice(strOf(o));
    return eb_.intern();
  }
  if (config_.sizeType && Py_TYPE(o) == reinterpret_cast<PyTypeObject*>(config_.sizeType)) {
    std::vector<int64_t> dims;
    if (intList(o, dims)) {
      auto l = eb_.scratch().initTorchSize(static_cast<unsigned>(dims.size()));
      for (unsigned i = 0; i < dims.size(); ++i) l.set(i, dims[i]);
      return eb_.intern();
    }
    return opaque(o, "torch.Size with symbolic dims");
  }
  handled = false;
  return 0;
}

// numpy's array-interface type string -> the torch dtype torch.as_tensor gives ("" when
// torch has none or the byte order is not native little-endian).
static std::string ndarrayDtype(const std::string& typestr, int64_t& itemsize) {
  static const struct {
    const char* typestr;
    const char* dtype;
    int64_t size;
  } kTypes[] = {
      {"<f4", "torch.float32", 4},   {"<f8", "torch.float64", 8},     {"<f2", "torch.float16", 2},
      {"<i8", "torch.int64", 8},     {"<i4", "torch.int32", 4},       {"<i2", "torch.int16", 2},
      {"|i1", "torch.int8", 1},      {"|u1", "torch.uint8", 1},       {"|b1", "torch.bool", 1},
      {"<c8", "torch.complex64", 8}, {"<c16", "torch.complex128", 16}};
  for (const auto& t : kTypes)
    if (typestr == t.typestr) {
      itemsize = t.size;
      return t.dtype;
    }
  return "";
}

ObjRef ObjectWalker::walkNdarray(PyObject* o) {
  // __array_interface__ is C code on an exact ndarray: typestr, shape, strides (None when
  // C-contiguous), in bytes.
  PyRef ai = getAttr(o, "__array_interface__");
  if (!ai || !PyDict_Check(ai.get())) return memoize(o, opaque(o, "numpy array", false));
  PyObject* typestr = PyDict_GetItemString(ai.get(), "typestr");
  PyObject* shape = PyDict_GetItemString(ai.get(), "shape");
  PyObject* strides = PyDict_GetItemString(ai.get(), "strides");
  std::vector<int64_t> dims, byteStrides, st;
  int64_t itemsize = 0;
  std::string dtype =
      typestr && PyUnicode_Check(typestr) ? ndarrayDtype(utf8(typestr), itemsize) : "";
  if (dtype.empty() || !shape || !intList(shape, dims))
    return memoize(o, opaque(o, "numpy array of a dtype torch.as_tensor does not take", false));
  if (strides && strides != Py_None) {
    if (!intList(strides, byteStrides) || byteStrides.size() != dims.size())
      return memoize(o, opaque(o, "numpy array", false));
    for (int64_t b : byteStrides) {
      if (b < 0 || b % itemsize != 0)
        return memoize(o, opaque(o, "numpy array with negative or unaligned strides", false));
      st.push_back(b / itemsize);
    }
  } else {
    st.assign(dims.size(), 1);
    for (size_t i = dims.size(); i-- > 1;) st[i - 1] = st[i] * std::max<int64_t>(dims[i], 1);
  }
  // torch.from_numpy: a storage of its own over the array's extent, offset 0.
  int64_t extent = 1;
  bool empty = false;
  for (size_t i = 0; i < dims.size(); ++i) {
    if (dims[i] == 0) empty = true;
    extent += (dims[i] - 1) * st[i];
  }
  bool contiguous = true;
  for (size_t i = dims.size(), expect = 1; i-- > 0;) {
    if (dims[i] != 1 && st[i] != static_cast<int64_t>(expect)) contiguous = false;
    expect *= static_cast<size_t>(std::max<int64_t>(dims[i], 1));
  }
  auto meta = eb_.scratch().initTensorMeta();
  meta.setDtype(dtype);
  meta.setDevice("cpu");
  auto sl = meta.initShape(static_cast<unsigned>(dims.size()));
  for (unsigned i = 0; i < dims.size(); ++i) sl.set(i, dims[i]);
  auto stl = meta.initStride(static_cast<unsigned>(st.size()));
  for (unsigned i = 0; i < st.size(); ++i) stl.set(i, st[i]);
  meta.setStorageOffset(0);
  meta.setLayout(schema::Layout::STRIDED);
  meta.setIsLeaf(true);
  meta.setIsContiguous(contiguous || empty);
  meta.setNdim(static_cast<uint32_t>(dims.size()));
  ObjRef metaRef = eb_.intern();
  auto obj = newObject(o);
  auto t = obj.builder.initNdarray();
  t.setMeta(metaRef);
  t.setStorageId(session_.nextStorageId++);
  t.setStorageBytes(empty ? 0 : static_cast<uint64_t>(extent * itemsize));
  return obj.ref;
}

ObjRef ObjectWalker::walkTensor(PyObject* o) {
  bool isBuffer = nextTensorIsBuffer_;
  nextTensorIsBuffer_ = false;
  PyTypeObject* type = Py_TYPE(o);
  bool exact = type == reinterpret_cast<PyTypeObject*>(config_.tensorType) ||
               type == reinterpret_cast<PyTypeObject*>(config_.parameterType);
  // Metadata through the tensor's own getters. For exact tensors these are C code; for
  // subclasses they may dispatch to Python, so any failure makes the tensor opaque.
  PyRef dtype = getAttr(o, "dtype");
  PyRef device = getAttr(o, "device");
  PyRef shape = getAttr(o, "shape");
  PyRef stride = callMethod(o, "stride");
  PyRef offset = callMethod(o, "storage_offset");
  std::vector<int64_t> dims, strides;
  bool sparse = false;
  PyRef layout = getAttr(o, "layout");
  std::string layoutName = strOf(layout.get());
  if (layoutName != "torch.strided") sparse = true;
  if (!dtype || !device || !shape || !intList(shape.get(), dims) ||
      (!sparse && (!stride || !intList(stride.get(), strides)))) {
    return memoize(o, opaque(o, exact ? "tensor metadata unreadable" : "tensor subclass", false));
  }
  auto truthy = [&](const char* name, bool call) {
    PyRef v = call ? callMethod(o, name) : getAttr(o, name);
    int t = v ? PyObject_IsTrue(v.get()) : 0;
    if (t < 0) PyErr_Clear();
    return t > 0;
  };
  bool requiresGrad = truthy("requires_grad", false);
  bool isLeaf = truthy("is_leaf", false);
  bool quantized = truthy("is_quantized", false);
  bool contiguous = sparse ? false : truthy("is_contiguous", true);
  std::vector<uint32_t> dynamicDims, staticDims, weakDynamicDims;
  PyRef dict = PyRef::steal(PyObject_GenericGetDict(o, nullptr));
  PyErr_Clear();
  if (dict && PyDict_Check(dict.get())) {
    // The dims torch._dynamo.mark_dynamic / mark_static / maybe_mark_dynamic set, as
    // _automatic_dynamic reads them.
    auto indices = [&](const char* attr, std::vector<uint32_t>& out) {
      PyObject* dyn = PyDict_GetItemString(dict.get(), attr);
      if (!dyn || !PyAnySet_Check(dyn)) return;
      PyRef items = PyRef::steal(PySequence_List(dyn));
      PyErr_Clear();
      for (Py_ssize_t i = 0; items && i < PyList_GET_SIZE(items.get()); ++i)
        out.push_back(static_cast<uint32_t>(intOf(PyList_GET_ITEM(items.get(), i), 0)));
      std::sort(out.begin(), out.end());
    };
    indices("_dynamo_dynamic_indices", dynamicDims);
    indices("_dynamo_static_indices", staticDims);
    indices("_dynamo_weak_dynamic_indices", weakDynamicDims);
  }
  bool isParameter = config_.parameterType &&
                     PyType_IsSubtype(type, reinterpret_cast<PyTypeObject*>(config_.parameterType));
  std::string subclass;
  if (!exact) subclass = typeQualifiedName(type);

  auto meta = eb_.scratch().initTensorMeta();
  meta.setDtype(strOf(dtype.get()));
  meta.setDevice(strOf(device.get()));
  auto sl = meta.initShape(static_cast<unsigned>(dims.size()));
  for (unsigned i = 0; i < dims.size(); ++i) sl.set(i, dims[i]);
  auto st = meta.initStride(static_cast<unsigned>(strides.size()));
  for (unsigned i = 0; i < strides.size(); ++i) st.set(i, strides[i]);
  meta.setStorageOffset(intOf(offset.get(), 0));
  meta.setRequiresGrad(requiresGrad);
  meta.setLayout(layoutName == "torch.strided"      ? schema::Layout::STRIDED
                 : layoutName == "torch.sparse_coo" ? schema::Layout::SPARSE_COO
                 : layoutName == "torch.sparse_csr" ? schema::Layout::SPARSE_CSR
                                                    : schema::Layout::OTHER);
  meta.setIsLeaf(isLeaf);
  meta.setIsParameter(isParameter);
  meta.setIsQuantized(quantized);
  meta.setSubclass(subclass);
  auto dd = meta.initDynamicDims(static_cast<unsigned>(dynamicDims.size()));
  for (unsigned i = 0; i < dynamicDims.size(); ++i) dd.set(i, dynamicDims[i]);
  auto sd = meta.initStaticDims(static_cast<unsigned>(staticDims.size()));
  for (unsigned i = 0; i < staticDims.size(); ++i) sd.set(i, staticDims[i]);
  auto wd = meta.initWeakDynamicDims(static_cast<unsigned>(weakDynamicDims.size()));
  for (unsigned i = 0; i < weakDynamicDims.size(); ++i) wd.set(i, weakDynamicDims[i]);
  meta.setIsContiguous(contiguous);
  meta.setNdim(static_cast<uint32_t>(dims.size()));
  ObjRef metaRef = eb_.intern();

  // Storage identity: the StorageImpl address, renamed to a sequential id.
  uint64_t storageId = 0, storageBytes = 0;
  if (!sparse) {
    PyRef storage = callMethod(o, "untyped_storage");
    if (storage) {
      PyRef cdata = getAttr(storage.get(), "_cdata");
      auto key = static_cast<uintptr_t>(intOf(cdata.get(), 0));
      if (key != 0) {
        auto [it, inserted] = session_.storageIds.emplace(key, session_.nextStorageId);
        if (inserted) ++session_.nextStorageId;
        storageId = it->second;
      }
      PyRef nbytes = callMethod(storage.get(), "nbytes");
      storageBytes = static_cast<uint64_t>(intOf(nbytes.get(), 0));
    }
  }
  if (storageId == 0) storageId = session_.nextStorageId++;  // no storage: unique
  PyRef version = getAttr(o, "_version");
  PyRef gradFn = getAttr(o, "grad_fn");
  std::string gradFnName;
  if (gradFn && gradFn.get() != Py_None) gradFnName = Py_TYPE(gradFn.get())->tp_name;
  PyRef base = getAttr(o, "_base");
  PyRef values;
  if (config_.tensorValues && config_.tensorBytes) {
    int64_t numel = 1;
    for (int64_t d : dims) numel *= d;
    if (numel <= 64 && !sparse) {
      values = PyRef::steal(PyObject_CallOneArg(config_.tensorBytes, o));
      if (!values || !PyBytes_Check(values.get())) {
        PyErr_Clear();
        values = PyRef();
      }
    }
  }

  auto obj = newObject(o);
  auto t = obj.builder.initTensor();
  ObjRef baseRef = base && base.get() != Py_None ? walkPart(base.get()) : 0;
  std::vector<std::pair<std::string, ObjRef>> attrs;
  if (dict && PyDict_Check(dict.get())) walkAttrs(dict.get(), attrs);
  t.setMeta(metaRef);
  t.setStorageId(storageId);
  t.setStorageBytes(storageBytes);
  t.setViewBase(baseRef);
  t.setVersion(static_cast<uint64_t>(intOf(version.get(), 0)));
  t.setGradFn(gradFnName);
  t.setIsBuffer(isBuffer);
  if (values) {
    t.setValues(
        capnp::Data::Reader(reinterpret_cast<const capnp::byte*>(PyBytes_AS_STRING(values.get())),
                            static_cast<size_t>(PyBytes_GET_SIZE(values.get()))));
  }
  auto al = t.initAttrs(static_cast<unsigned>(attrs.size()));
  for (unsigned i = 0; i < attrs.size(); ++i) {
    al[i].setName(attrs[i].first);
    al[i].setValue(attrs[i].second);
  }
  return obj.ref;
}

}  // namespace dynrr::recorder
