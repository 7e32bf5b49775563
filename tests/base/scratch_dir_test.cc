// Scratch directories: private, named for their owner, removed with their object, and
// reaped once their owner is gone.
#include "judge/base/scratch_dir.h"

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "judge/base/proc_stat.h"
#include "support/temp_dir.h"

namespace judge {
namespace {

using testing_support::TempDir;

bool Exists(const std::string& p) {
  struct stat st;
  return ::lstat(p.c_str(), &st) == 0;
}

TEST(ScratchDirTest, PrivateNamedForItsOwnerAndRemovedWithItsObject) {
  TempDir root;
  std::string path;
  {
    Result<ScratchDir> s = ScratchDir::Make(root.path(), "judge-t-");
    ASSERT_TRUE(s.ok()) << s.status().message();
    path = s->path();
    struct stat st;
    ASSERT_EQ(::lstat(path.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 07777, 0700u);
    std::string name = path.substr(path.rfind('/') + 1);
    EXPECT_EQ(name.rfind("judge-t-" + std::to_string(::getpid()) + "-", 0), 0u) << name;
    ::mkdir((path + "/sub").c_str(), 0);  // even a 0000 subdirectory goes
  }
  EXPECT_FALSE(Exists(path));
}

TEST(ScratchDirTest, ReapRemovesOnlyDirectoriesOfDeadOwners) {
  TempDir root;
  // A process that has exited: its pid and start time name a dead owner.
  pid_t child = ::fork();
  if (child == 0) _exit(0);
  Result<ProcStat> st = ReadProcStat(child);
  ASSERT_TRUE(st.ok());
  int status = 0;
  ::waitpid(child, &status, 0);
  const std::string dead = root.path() + "/judge-t-" + std::to_string(child) + "-" + std::to_string(st->start_ticks) + "-abc";
  Result<ProcStat> self = ReadProcStat(::getpid());
  ASSERT_TRUE(self.ok());
  const std::string live = root.path() + "/judge-t-" + std::to_string(::getpid()) + "-" +
                           std::to_string(self->start_ticks) + "-def";
  // Our pid with another start time: a reused pid, so its owner is gone too.
  const std::string reused = root.path() + "/judge-t-" + std::to_string(::getpid()) + "-1-ghi";
  const std::string other = root.path() + "/judge-t-notanowner";
  const std::string unrelated = root.path() + "/something-else-1-2-";
  for (const std::string& d : {dead, live, reused, other, unrelated}) ASSERT_EQ(::mkdir(d.c_str(), 0700), 0) << d;
  ASSERT_EQ(::mkdir((dead + "/deep").c_str(), 0700), 0);
  EXPECT_EQ(ReapScratch(root.path(), "judge-t-"), 2);
  EXPECT_FALSE(Exists(dead));
  EXPECT_FALSE(Exists(reused));
  EXPECT_TRUE(Exists(live));
  EXPECT_TRUE(Exists(other));
  EXPECT_TRUE(Exists(unrelated));
}

TEST(ScratchDirTest, MountDescriptionNamesTheFileSystem) {
  EXPECT_EQ(MountDescription("/proc/self").rfind("proc ", 0), 0u) << MountDescription("/proc/self");
  EXPECT_EQ(MountDescription("/definitely/not/there"), "");
}

}  // namespace
}  // namespace judge
