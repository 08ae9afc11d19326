// properties.cpp — names of dynrr-fuzz's properties and outcomes (declared in
// campaign.h), in the Python-free library so tests can parse them.
#include <algorithm>
#include <sstream>

#include "fuzz/campaign.h"

namespace dynrr::fuzz {

const char* propertyName(Property p) {
  switch (p) {
    case Property::kFidelity: return "fidelity";
    case Property::kCorrectness: return "correctness";
    case Property::kTransparency: return "transparency";
    case Property::kRoundtrip: return "roundtrip";
  }
  return "?";
}

bool parseProperties(const std::string& text, std::vector<Property>& out) {
  out.clear();
  std::stringstream ss(text);
  std::string item;
  const Property all[] = {Property::kFidelity, Property::kCorrectness, Property::kTransparency,
                          Property::kRoundtrip};
  while (std::getline(ss, item, ',')) {
    bool found = false;
    for (Property p : all) {
      if (item == propertyName(p) || item == "all") {
        if (std::find(out.begin(), out.end(), p) == out.end()) out.push_back(p);
        found = true;
      }
    }
    if (!found) return false;
  }
  return !out.empty();
}

const char* outcomeName(Outcome o) {
  switch (o) {
    case Outcome::kPass: return "pass";
    case Outcome::kFail: return "FAIL";
    case Outcome::kUnsupported: return "unsupported";
    case Outcome::kGenBug: return "generator-bug";
  }
  return "?";
}

}  // namespace dynrr::fuzz
