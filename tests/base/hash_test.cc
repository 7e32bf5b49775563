// SHA-256 from nettle, against the FIPS 180-4 example vectors; incremental equals
// one-shot; files hash to their bytes and special files are refused.
#include <sys/stat.h>

#include <random>

#include <gtest/gtest.h>

#include "judge/base/files.h"
#include "judge/base/hash.h"
#include "support/temp_dir.h"

namespace judge {
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

TEST(Sha256Test, FileHashIsTheHashOfItsBytesAndAFifoIsRefused) {
  testing_support::TempDir dir;
  std::string data(200000, 'x');
  data[777] = '\0';
  ASSERT_TRUE(fs::WriteFile(dir.Path("f"), data).ok());
  auto h = Sha256File(dir.Path("f"));
  ASSERT_TRUE(h.ok()) << h.status().message();
  EXPECT_EQ(*h, Sha256Hex(data));
  ASSERT_EQ(::mkfifo(dir.Path("fifo").c_str(), 0600), 0);
  auto f = Sha256File(dir.Path("fifo"));  // must not block
  ASSERT_FALSE(f.ok());
  EXPECT_NE(f.status().message().find("expected a regular file, found a FIFO"), std::string::npos)
      << f.status().message();
}

}  // namespace
}  // namespace judge
