// golden_file.cpp — golden reader and trace builder (see golden_file.h).
#include "tests/core/bytecode/golden_file.h"

#include <cstring>
#include <fstream>
#include <regex>
#include <sstream>

#include "tests/support/sample_trace.h"

namespace dynrr::bytecode::testing {

std::string goldenDir() { return DYNRR_BYTECODE_GOLDEN_DIR; }

std::string fromHex(const std::string& hex) {
  if (hex == "-") return "";
  std::string out;
  for (size_t i = 0; i + 1 < hex.size(); i += 2) {
    out.push_back(static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16)));
  }
  return out;
}

namespace {

std::optional<int32_t> optInt(const std::string& s) {
  if (s == "N") return std::nullopt;
  return std::stoi(s);
}

double doubleFromHex(const std::string& hex) {
  uint64_t bits = std::stoull(hex, nullptr, 16);
  double d = 0;
  std::memcpy(&d, &bits, sizeof d);
  return d;
}

}  // namespace

Expected<Golden> readGolden(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error("cannot open " + path);
  Golden g;
  std::string line;
  GoldenCode* cur = nullptr;
  while (std::getline(in, line)) {
    std::istringstream ss(line);
    std::string key;
    ss >> key;
    if (key == "golden") {
      ss >> g.name;
    } else if (key == "code") {
      g.codes.emplace_back();
      cur = &g.codes.back();
    } else if (key == "endcode") {
      cur = nullptr;
    } else if (key == "adaptive_bytes") {
      std::string hex;
      ss >> hex;
      g.adaptiveBytes = fromHex(hex);
    } else if (key == "text") {
      std::string name;
      size_t n = 0;
      ss >> name >> n;
      std::string text;
      for (size_t i = 0; i < n; ++i) {
        std::string l;
        if (!std::getline(in, l)) return Error(path + ": text " + name + " cut short");
        text += l + "\n";
      }
      g.texts.emplace_back(name, text);
    } else if (cur == nullptr) {
      return Error(path + ": unexpected line: " + line);
    } else if (key == "bytes") {
      std::string hex;
      ss >> hex;
      cur->bytes = fromHex(hex);
    } else if (key == "consts") {
      size_t n = 0;
      ss >> n;
      std::string tok;
      while (ss >> tok) cur->constTokens.push_back(tok);
    } else if (key == "names" || key == "varnames" || key == "freevars" || key == "cellvars" ||
               key == "localsplusnames") {
      size_t n = 0;
      ss >> n;
      auto& list = cur->lists[key];
      for (size_t i = 0; i < n; ++i) {
        std::string hex;
        ss >> hex;
        list.push_back(fromHex(hex));
      }
    } else if (key == "localspluskinds" || key == "filename" || key == "name" ||
               key == "qualname" || key == "linetable" || key == "exceptiontable") {
      std::string hex;
      ss >> hex;
      cur->blobs[key] = fromHex(hex);
    } else if (key == "lines") {
      size_t n = 0;
      ss >> n;
      for (size_t i = 0; i < n; ++i) {
        uint32_t s = 0, e = 0;
        std::string l;
        ss >> s >> e >> l;
        cur->lines.push_back({s, e, optInt(l)});
      }
    } else if (key == "positions") {
      size_t n = 0;
      ss >> n;
      for (size_t i = 0; i < n; ++i) {
        std::string a, b, c, d;
        size_t repeat = 0;
        ss >> a >> b >> c >> d >> repeat;
        Positions p{optInt(a), optInt(b), optInt(c), optInt(d)};
        for (size_t k = 0; k < repeat; ++k) cur->positions.push_back(p);
      }
    } else if (key == "dynamo") {
      GoldenCode::DynamoInstruction d;
      std::string arg, argval, line, target;
      int jt = 0;
      ss >> d.offset >> d.opname >> arg >> argval >> line >> jt >> target;
      d.arg = optInt(arg);
      d.argvalRepr = fromHex(argval);
      d.startsLine = optInt(line);
      d.isJumpTarget = jt != 0;
      d.target = optInt(target);
      cur->dynamo.push_back(d);
    } else if (key == "dynamo_error") {
      std::string hex;
      ss >> hex;
      cur->dynamoError = fromHex(hex);
    } else if (key == "exctable") {
      size_t n = 0;
      ss >> n;
      for (size_t i = 0; i < n; ++i) {
        ExceptionTableEntry e;
        int lasti = 0;
        ss >> e.start >> e.end >> e.target >> e.depth >> lasti;
        e.lasti = lasti != 0;
        cur->exceptionTable.push_back(e);
      }
    } else {
      uint32_t v = 0;
      ss >> v;
      cur->ints[key] = v;
    }
  }
  if (g.codes.empty()) return Error(path + ": no code object");
  return g;
}

Expected<trace::ObjRef> internConst(trace::EventBuilder& eb, const std::vector<std::string>& tokens,
                                    size_t& pos, const std::vector<trace::ObjRef>& codeRefs) {
  if (pos >= tokens.size()) return Error("constant tokens cut short");
  const std::string tok = tokens[pos++];
  const char kind = tok[0];
  const std::string rest = tok.size() > 2 ? tok.substr(2) : "";
  switch (kind) {
    case 'N': return eb.none();
    case 'T': return eb.boolean(true);
    case 'F': return eb.boolean(false);
    case 'E': return eb.ellipsis();
    case 'i': return eb.integer(std::stoll(rest));
    case 'I': {
      const bool negative = rest[0] == '-';
      const std::string mag = fromHex(rest.substr(2));
      auto b = eb.scratch().initBigInt();
      b.setNegative(negative);
      b.setMagnitude(
          capnp::Data::Reader(reinterpret_cast<const kj::byte*>(mag.data()), mag.size()));
      return eb.intern();
    }
    case 'f': return eb.floating(doubleFromHex(rest));
    case 'c': {
      const size_t colon = rest.find(':');
      auto c = eb.scratch().initComplex();
      c.setReal(doubleFromHex(rest.substr(0, colon)));
      c.setImag(doubleFromHex(rest.substr(colon + 1)));
      return eb.intern();
    }
    case 's': return eb.str(fromHex(rest));
    case 'b': return eb.bytes(fromHex(rest));
    case 't':
    case 'z': {
      const size_t n = std::stoul(rest);
      std::vector<trace::ObjRef> items;
      for (size_t i = 0; i < n; ++i) {
        auto r = internConst(eb, tokens, pos, codeRefs);
        if (!r.ok()) return r;
        items.push_back(*r);
      }
      if (kind == 't') return eb.tuple(items);
      auto fs = eb.scratch().initFrozenset(static_cast<unsigned>(n));
      for (size_t i = 0; i < n; ++i) fs.set(static_cast<unsigned>(i), items[i]);
      return eb.intern();
    }
    case 'k': {
      const size_t index = std::stoul(rest);
      if (index >= codeRefs.size() || codeRefs[index] == 0) {
        return Error("code constant " + rest + " not built yet");
      }
      return codeRefs[index];
    }
    default: return Error("bad constant token " + tok);
  }
}

namespace {

template <typename Builder>
void setTextList(Builder list, const std::vector<std::string>& items) {
  for (size_t i = 0; i < items.size(); ++i) {
    list.set(static_cast<unsigned>(i), capnp::Text::Reader(items[i].data(), items[i].size()));
  }
}

capnp::Data::Reader data(const std::string& s) {
  return capnp::Data::Reader(reinterpret_cast<const kj::byte*>(s.data()), s.size());
}

}  // namespace

Expected<GoldenTrace> buildTrace(const Golden& golden, std::optional<std::string> codeOverride) {
  auto writer = trace::TraceWriter::createInMemory(dynrr::testing::fillTestHeader);
  if (!writer.ok()) return writer.error();
  auto& eb = (*writer)->beginEvent();
  std::vector<trace::ObjRef> refs(golden.codes.size(), 0);
  // A nested code object always comes after the code that holds it.
  for (size_t i = golden.codes.size(); i-- > 0;) {
    const GoldenCode& gc = golden.codes[i];
    std::vector<trace::ObjRef> consts;
    size_t pos = 0;
    while (pos < gc.constTokens.size()) {
      auto r = internConst(eb, gc.constTokens, pos, refs);
      if (!r.ok()) return r.error();
      consts.push_back(*r);
    }
    auto c = eb.scratch().initCode();
    auto get = [&](const char* k) { return gc.ints.count(k) ? gc.ints.at(k) : 0u; };
    c.setArgcount(get("argcount"));
    c.setPosonlyargcount(get("posonlyargcount"));
    c.setKwonlyargcount(get("kwonlyargcount"));
    c.setNlocals(get("nlocals"));
    c.setStacksize(get("stacksize"));
    c.setFlags(get("flags"));
    c.setFirstlineno(get("firstlineno"));
    c.setCode(data(i == 0 && codeOverride ? *codeOverride : gc.bytes));
    auto cl = c.initConsts(static_cast<unsigned>(consts.size()));
    for (size_t k = 0; k < consts.size(); ++k) cl.set(static_cast<unsigned>(k), consts[k]);
    auto list = [&](const char* k) {
      static const std::vector<std::string> kEmpty;
      return gc.lists.count(k) ? gc.lists.at(k) : kEmpty;
    };
    auto blob = [&](const char* k) { return gc.blobs.count(k) ? gc.blobs.at(k) : std::string(); };
    setTextList(c.initNames(static_cast<unsigned>(list("names").size())), list("names"));
    setTextList(c.initVarnames(static_cast<unsigned>(list("varnames").size())), list("varnames"));
    setTextList(c.initFreevars(static_cast<unsigned>(list("freevars").size())), list("freevars"));
    setTextList(c.initCellvars(static_cast<unsigned>(list("cellvars").size())), list("cellvars"));
    setTextList(c.initLocalsplusnames(static_cast<unsigned>(list("localsplusnames").size())),
                list("localsplusnames"));
    c.setLocalspluskinds(data(blob("localspluskinds")));
    const std::string filename = blob("filename"), name = blob("name"), qualname = blob("qualname");
    c.setFilename(capnp::Text::Reader(filename.data(), filename.size()));
    c.setName(capnp::Text::Reader(name.data(), name.size()));
    c.setQualname(capnp::Text::Reader(qualname.data(), qualname.size()));
    c.setLinetable(data(blob("linetable")));
    c.setExceptiontable(data(blob("exceptiontable")));
    refs[i] = eb.intern();
  }
  eb.event().initFrame().setCode(refs[0]);
  Status st = (*writer)->finishEvent();
  if (!st.ok()) return st.error();
  auto reader = trace::TraceReader::fromBytes((*writer)->bytes());
  if (!reader.ok()) return reader.error();
  GoldenTrace out;
  out.reader = std::make_unique<trace::TraceReader>(std::move(reader.value()));
  out.top = out.reader->event(0).getFrame().getCode();
  return out;
}

std::string normaliseAddresses(const std::string& text) {
  static const std::regex kAddr("at 0x[0-9a-f]+");
  return std::regex_replace(text, kAddr, "at 0xADDR");
}

}  // namespace dynrr::bytecode::testing
