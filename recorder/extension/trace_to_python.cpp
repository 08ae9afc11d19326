// trace_to_python.cpp — see trace_to_python.h. Converts generically through Cap'n
// Proto's dynamic reflection, so new optional schema fields appear without code changes.
#include <Python.h>

#include "recorder/extension/trace_to_python.h"

#include <capnp/dynamic.h>
#include <capnp/schema.h>

#include "core/trace/trace_reader.h"
#include "recorder/extension/py_ref.h"

namespace dynrr::recorder {
namespace {

PyObject* toPython(const capnp::DynamicValue::Reader& value);

PyObject* structToPython(const capnp::DynamicStruct::Reader& s) {
  PyRef dict = PyRef::steal(PyDict_New());
  if (!dict) return nullptr;
  auto schema = s.getSchema();
  auto put = [&](capnp::StructSchema::Field field) -> bool {
    PyRef v = PyRef::steal(toPython(s.get(field)));
    if (!v) return false;
    return PyDict_SetItemString(dict.get(), field.getProto().getName().cStr(), v.get()) == 0;
  };
  for (auto field : schema.getNonUnionFields()) {
    if (!put(field)) return nullptr;
  }
  KJ_IF_MAYBE (active, s.which()) {
    PyRef name = PyRef::steal(PyUnicode_FromString(active->getProto().getName().cStr()));
    if (!name || PyDict_SetItemString(dict.get(), "which", name.get()) != 0) return nullptr;
    if (!put(*active)) return nullptr;
  }
  return dict.release();
}

PyObject* toPython(const capnp::DynamicValue::Reader& value) {
  switch (value.getType()) {
    case capnp::DynamicValue::VOID: Py_RETURN_NONE;
    case capnp::DynamicValue::BOOL: return PyBool_FromLong(value.as<bool>());
    case capnp::DynamicValue::INT: return PyLong_FromLongLong(value.as<int64_t>());
    case capnp::DynamicValue::UINT: return PyLong_FromUnsignedLongLong(value.as<uint64_t>());
    case capnp::DynamicValue::FLOAT: return PyFloat_FromDouble(value.as<double>());
    case capnp::DynamicValue::TEXT: {
      auto t = value.as<capnp::Text>();
      return PyUnicode_DecodeUTF8(t.cStr(), static_cast<Py_ssize_t>(t.size()), "replace");
    }
    case capnp::DynamicValue::DATA: {
      auto d = value.as<capnp::Data>();
      return PyBytes_FromStringAndSize(reinterpret_cast<const char*>(d.begin()),
                                       static_cast<Py_ssize_t>(d.size()));
    }
    case capnp::DynamicValue::LIST: {
      auto list = value.as<capnp::DynamicList>();
      PyRef out = PyRef::steal(PyList_New(static_cast<Py_ssize_t>(list.size())));
      if (!out) return nullptr;
      for (unsigned i = 0; i < list.size(); ++i) {
        PyObject* item = toPython(list[i]);
        if (!item) return nullptr;
        PyList_SET_ITEM(out.get(), i, item);
      }
      return out.release();
    }
    case capnp::DynamicValue::ENUM: {
      auto e = value.as<capnp::DynamicEnum>();
      KJ_IF_MAYBE (en, e.getEnumerant()) {
        return PyUnicode_FromString(en->getProto().getName().cStr());
      }
      return PyLong_FromLong(e.getRaw());
    }
    case capnp::DynamicValue::STRUCT: return structToPython(value.as<capnp::DynamicStruct>());
    default: Py_RETURN_NONE;
  }
}

}  // namespace

PyObject* loadTrace(PyObject* source) {
  Expected<trace::TraceReader> reader = [&]() -> Expected<trace::TraceReader> {
    if (PyBytes_Check(source)) {
      std::string bytes(PyBytes_AS_STRING(source), static_cast<size_t>(PyBytes_GET_SIZE(source)));
      return trace::TraceReader::fromBytes(bytes);
    }
    PyRef path = PyRef::steal(PyOS_FSPath(source));
    if (!path) return Error("load() expects a path or bytes");
    PyRef encoded = PyRef::steal(PyUnicode_EncodeFSDefault(path.get()));
    if (!encoded) return Error("load(): path not encodable");
    return trace::TraceReader::openFile(PyBytes_AS_STRING(encoded.get()));
  }();
  PyErr_Clear();
  if (!reader) {
    PyErr_SetString(PyExc_ValueError, reader.error().message().c_str());
    return nullptr;
  }
  try {
    PyRef header = PyRef::steal(structToPython(capnp::toDynamic(reader->header())));
    if (!header) return nullptr;
    PyRef events = PyRef::steal(PyList_New(0));
    for (size_t i = 0; i < reader->eventCount(); ++i) {
      PyRef e = PyRef::steal(structToPython(capnp::toDynamic(reader->event(i))));
      if (!e || PyList_Append(events.get(), e.get()) != 0) return nullptr;
    }
    PyRef heap = PyRef::steal(PyList_New(0));
    if (PyList_Append(heap.get(), Py_None) != 0) return nullptr;
    for (uint32_t ref = 1; ref <= reader->objectCount(); ++ref) {
      PyRef o = PyRef::steal(structToPython(capnp::toDynamic(reader->objectUnchecked(ref))));
      if (!o) return nullptr;
      PyRef id = PyRef::steal(PyLong_FromUnsignedLong(ref));
      if (PyDict_SetItemString(o.get(), "id", id.get()) != 0) return nullptr;
      if (PyList_Append(heap.get(), o.get()) != 0) return nullptr;
    }
    return Py_BuildValue("{sOsOsOss}", "header", header.get(), "events", events.get(), "heap",
                         heap.get(), "warning", reader->warning().c_str());
  } catch (const kj::Exception& e) {
    PyErr_Format(PyExc_ValueError, "%s: %s", reader->name().c_str(), e.getDescription().cStr());
    return nullptr;
  }
}

}  // namespace dynrr::recorder
