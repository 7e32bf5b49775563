// SHA-256 against the FIPS 180-4 example vectors and, for every padding boundary,
// against coreutils' sha256sum (an independent implementation).
#include <cstdio>
#include <map>
#include <random>

#include "test_util.h"

namespace judge::store_test {
namespace {

TEST(Sha256Test, PublishedVectors) {
  EXPECT_EQ(Sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(Sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(Sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(Sha256Hex(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256Test, IncrementalEqualsOneShotForAnySplit) {
  std::mt19937 rng(1);
  std::string data(1000, '\0');
  for (char& c : data) c = static_cast<char>(rng());
  const std::string whole = Sha256Hex(data);
  for (int trial = 0; trial < 200; ++trial) {
    Sha256 sha;
    size_t pos = 0;
    while (pos < data.size()) {
      size_t n = std::min<size_t>(data.size() - pos, rng() % 130);
      sha.Update(std::string_view(data).substr(pos, n));
      pos += n;
    }
    ASSERT_EQ(sha.FinishHex(), whole) << "trial " << trial;
  }
}

TEST(Sha256Test, MatchesSha256sumAcrossPaddingBoundaries) {
  TempDir dir;
  std::mt19937 rng(2);
  std::map<std::string, std::string> expected;  // file name -> our hash
  std::string args;
  for (size_t len = 0; len <= 300; ++len) {
    std::string data(len, '\0');
    for (char& c : data) c = static_cast<char>(rng());
    std::string name = "f" + std::to_string(len);
    WriteFile(dir.File(name), data);
    expected[name] = Sha256Hex(data);
    args += " " + name;
  }
  std::string cmd = "cd '" + dir.path() + "' && sha256sum" + args;
  FILE* p = popen(cmd.c_str(), "r");
  ASSERT_NE(p, nullptr);
  char hash[65], name[64];
  size_t compared = 0;
  while (std::fscanf(p, "%64s %63s", hash, name) == 2) {
    ASSERT_EQ(expected.at(name), hash) << name;
    ++compared;
  }
  ASSERT_EQ(pclose(p), 0);
  EXPECT_EQ(compared, expected.size());
}

}  // namespace
}  // namespace judge::store_test
