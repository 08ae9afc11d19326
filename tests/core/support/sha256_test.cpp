// sha256_test.cpp — digests checked against Python's hashlib.sha256 (FIPS 180-4 test
// vectors for "" and "abc", a two-block message, and a size-symbol source name).
#include "core/support/sha256.h"

#include <gtest/gtest.h>

#include <string>

namespace dynrr::support {
namespace {

std::string hex(const std::array<uint8_t, 32>& d) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (uint8_t b : d) {
    out += digits[b >> 4];
    out += digits[b & 15];
  }
  return out;
}

TEST(Sha256, MatchesHashlib) {
  EXPECT_EQ(hex(sha256("")), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(hex(sha256("abc")), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(hex(sha256(std::string(200, 'a'))),
            "c2a908d98f5df987ade41b5fce213067efbcc21ef2240212a41e54b5e7c28ae5");
}

// torch names the symbol of L['x'].size()[0] s77 (seen in recorded graphs).
TEST(Sha256, SymbolIdsOfSizeSources) {
  EXPECT_EQ(sha256Mod("", 100), 49u);
  EXPECT_EQ(sha256Mod("L['x'].size()[0]", 100), 77u);
  EXPECT_EQ(sha256Mod("L['x'].size()[1]", 100), 27u);
  EXPECT_EQ(sha256Mod("L['x'].size()[2]", 100), 53u);
  EXPECT_EQ(sha256Mod("L['x'].stride()[1]", 100), 89u);
}

}  // namespace
}  // namespace dynrr::support
