// The copy-back walk on plain directories (no overlay, no run): what it writes into
// the host directory is bounded by real blocks, per inode, and by the cap.
#include "run_disk.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "judge/base/unique_fd.h"

namespace judge::sandbox {
namespace {

namespace fs = std::filesystem;

class CopyBackTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = "/tmp/judge-copy-back-test-" + std::to_string(::getpid());
    fs::remove_all(root_);
    fs::create_directories(root_ + "/upper");
    fs::create_directories(root_ + "/host");
  }
  void TearDown() override { fs::remove_all(root_); }
  void Write(const std::string& name, std::size_t bytes) {
    std::ofstream(root_ + "/upper/" + name, std::ios::binary) << std::string(bytes, 'x');
  }
  Status Copy(int64_t cap_bytes, const std::vector<std::string>* only = nullptr) {
    UniqueFd upper(::open((root_ + "/upper").c_str(), O_RDONLY | O_DIRECTORY));
    UniqueFd host(::open((root_ + "/host").c_str(), O_RDONLY | O_DIRECTORY));
    CopyBackPlan plan;
    plan.only = only;
    plan.cap_bytes = cap_bytes;
    return CopyBackTree(upper.get(), host.get(), plan, &tally_);
  }
  struct stat Stat(const std::string& name) {
    struct stat st = {};
    EXPECT_EQ(::lstat((root_ + "/host/" + name).c_str(), &st), 0) << name;
    return st;
  }
  std::string root_;
  CopyBackTally tally_;
};

TEST_F(CopyBackTest, HolesStayHolesAndCostNothing) {
  ASSERT_EQ(::truncate((root_ + "/upper/sparse").c_str(), 0), -1);  // not there yet
  { std::ofstream(root_ + "/upper/sparse"); }
  ASSERT_EQ(::truncate((root_ + "/upper/sparse").c_str(), 64 << 20), 0);
  Write("small", 10);
  ASSERT_TRUE(Copy(4096).ok());
  EXPECT_FALSE(tally_.over_cap);
  EXPECT_EQ(tally_.bytes, 10);
  EXPECT_EQ(Stat("sparse").st_size, 64 << 20);
  EXPECT_EQ(Stat("sparse").st_blocks, 0);
  EXPECT_EQ(Stat("small").st_size, 10);
}

TEST_F(CopyBackTest, AnInodeIsCopiedOnceItsOtherNamesLinked) {
  Write("data", 100000);
  for (int i = 0; i < 19; ++i)
    ASSERT_EQ(::link((root_ + "/upper/data").c_str(), (root_ + "/upper/link" + std::to_string(i)).c_str()), 0);
  ASSERT_TRUE(Copy(100000).ok());  // the cap is one copy's worth
  EXPECT_FALSE(tally_.over_cap);
  EXPECT_EQ(tally_.bytes, 100000);
  EXPECT_EQ(Stat("link7").st_ino, Stat("data").st_ino);
  EXPECT_EQ(Stat("data").st_nlink, 20u);
}

TEST_F(CopyBackTest, PastTheCapNothingMoreIsKeptAndItIsSaid) {
  Write("a", 3000);
  Write("b", 3000);
  ASSERT_TRUE(Copy(4096).ok());
  EXPECT_TRUE(tally_.over_cap);
  EXPECT_LE(tally_.bytes, 4096);
  int kept = fs::exists(root_ + "/host/a") + fs::exists(root_ + "/host/b");
  EXPECT_EQ(kept, 1);  // the one that did not fit is not there, not even cut short
}

TEST_F(CopyBackTest, OnlyTheNamedEntriesComeBack) {
  Write("answer.out", 3);
  Write("junk", 5000);
  const std::vector<std::string> only = {"answer.out", "absent"};
  ASSERT_TRUE(Copy(4096, &only).ok());
  EXPECT_FALSE(tally_.over_cap);
  EXPECT_TRUE(fs::exists(root_ + "/host/answer.out"));
  EXPECT_FALSE(fs::exists(root_ + "/host/junk"));
  EXPECT_FALSE(fs::exists(root_ + "/host/absent"));
}

TEST_F(CopyBackTest, ALinkIsRecreatedNeverFollowed) {
  ASSERT_EQ(::symlink("/etc/passwd", (root_ + "/upper/answer.out").c_str()), 0);
  const std::vector<std::string> only = {"answer.out"};
  ASSERT_TRUE(Copy(4096, &only).ok());
  EXPECT_TRUE(S_ISLNK(Stat("answer.out").st_mode));
  EXPECT_EQ(tally_.bytes, 0);
}

}  // namespace
}  // namespace judge::sandbox
