// python_oracle.cpp — embeds CPython (see python_oracle.h). The only file of dynrr-fuzz
// that includes Python.h.
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "fuzz/python_oracle.h"

#include <chrono>
#include <climits>
#include <cstdlib>
#include <filesystem>

namespace dynrr::fuzz {
namespace {

std::string pythonError() {
  PyObject *type = nullptr, *value = nullptr, *tb = nullptr;
  PyErr_Fetch(&type, &value, &tb);
  PyErr_NormalizeException(&type, &value, &tb);
  std::string out = "python error";
  if (value != nullptr) {
    PyObject* text = PyObject_Str(value);
    if (text != nullptr) {
      const char* s = PyUnicode_AsUTF8(text);
      out = std::string(type ? reinterpret_cast<PyTypeObject*>(type)->tp_name : "?") + ": " +
            (s ? s : "?");
      Py_DECREF(text);
    }
  }
  Py_XDECREF(type);
  Py_XDECREF(value);
  Py_XDECREF(tb);
  PyErr_Clear();
  return out;
}

std::string strItem(PyObject* dict, const char* key) {
  PyObject* v = PyDict_GetItemString(dict, key);  // borrowed
  if (v == nullptr) return "";
  if (PyBytes_Check(v)) return std::string(PyBytes_AS_STRING(v), PyBytes_GET_SIZE(v));
  if (PyUnicode_Check(v)) {
    Py_ssize_t n = 0;
    const char* s = PyUnicode_AsUTF8AndSize(v, &n);
    return s ? std::string(s, n) : "";
  }
  return "";
}

uint64_t intItem(PyObject* dict, const char* key) {
  PyObject* v = PyDict_GetItemString(dict, key);
  if (v == nullptr || !PyLong_Check(v)) return 0;
  return PyLong_AsUnsignedLongLong(v);
}

std::string buildDir(const std::string& argv0) {
  std::error_code ec;
  auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) exe = std::filesystem::absolute(argv0);
  return exe.parent_path().parent_path().string();  // <build>/bin/dynrr-fuzz -> <build>
}

}  // namespace

Expected<PythonOracle*> PythonOracle::start(const std::string& argv0) {
  static PythonOracle* instance = nullptr;
  if (instance != nullptr) return instance;
  PyConfig config;
  PyConfig_InitPythonConfig(&config);
  config.install_signal_handlers = 0;  // Ctrl-C stops the campaign, not a Python frame
  config.parse_argv = 0;
  // The venv's interpreter as program name: site finds pyvenv.cfg and its site-packages.
  PyStatus st = PyConfig_SetBytesString(&config, &config.program_name, DYNRR_FUZZ_PYTHON);
  if (!PyStatus_Exception(st)) st = Py_InitializeFromConfig(&config);
  PyConfig_Clear(&config);
  if (PyStatus_Exception(st))
    return Error(std::string("cannot start Python: ") + (st.err_msg ? st.err_msg : "?"));

  std::string build = buildDir(argv0);
  std::string paths[] = {std::string(DYNRR_SOURCE_DIR) + "/fuzz",
                         std::string(DYNRR_SOURCE_DIR) + "/recorder/python", build + "/python"};
  PyObject* sysPath = PySys_GetObject("path");  // borrowed
  for (const auto& p : paths) {
    PyObject* s = PyUnicode_FromString(p.c_str());
    PyList_Insert(sysPath, 0, s);
    Py_DECREF(s);
  }
  PyObject* module = PyImport_ImportModule("oracle");
  if (module == nullptr) return Error("cannot import fuzz/oracle.py: " + pythonError());
  PyObject* fn = PyObject_GetAttrString(module, "run_case");
  Py_DECREF(module);
  if (fn == nullptr) return Error("fuzz/oracle.py has no run_case: " + pythonError());
  instance = new PythonOracle();
  instance->runCase_ = fn;
  return instance;
}

Expected<OracleResult> PythonOracle::run(const std::string& source, const OracleRequest& r) {
  auto t0 = std::chrono::steady_clock::now();
  PyObject* result = PyObject_CallFunction(
      static_cast<PyObject*>(runCase_), "s#OOO", source.data(),
      static_cast<Py_ssize_t>(source.size()), r.trace ? Py_True : Py_False,
      r.correctness ? Py_True : Py_False, r.transparency ? Py_True : Py_False);
  if (result == nullptr) return Error("oracle failed: " + pythonError());
  if (!PyDict_Check(result)) {
    Py_DECREF(result);
    return Error("oracle returned a non-dict");
  }
  OracleResult out;
  out.status = strItem(result, "status");
  out.error = strItem(result, "error");
  out.trace = strItem(result, "trace");
  out.mismatch = strItem(result, "mismatch");
  out.transparency = strItem(result, "transparency");
  out.eagerNs = intItem(result, "eager_ns");
  out.compiledNs = intItem(result, "compiled_ns");
  out.dynamoNs = intItem(result, "dynamo_ns");
  out.recorderNs = intItem(result, "recorder_ns");
  out.setupNs = intItem(result, "setup_ns");
  Py_DECREF(result);
  out.wallNs = static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - t0)
          .count());
  return out;
}

}  // namespace dynrr::fuzz
