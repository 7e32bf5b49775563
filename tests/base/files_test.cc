// The base layer's file helpers: special files refused without blocking, atomic
// writes, trees of any depth removed, links never followed beneath a directory.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "judge/base/files.h"
#include "support/temp_dir.h"

namespace judge {
namespace {

using testing_support::TempDir;

TEST(FilesTest, ReadFileRefusesSpecialFilesWithoutBlocking) {
  TempDir dir;
  ASSERT_EQ(::mkfifo(dir.Path("fifo").c_str(), 0600), 0);
  auto r = fs::ReadFile(dir.Path("fifo"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(), dir.Path("fifo") + ": expected a regular file, found a FIFO");
  auto d = fs::ReadFile(dir.path());
  ASSERT_FALSE(d.ok());
  EXPECT_NE(d.status().message().find("found a directory"), std::string::npos);
  auto missing = fs::ReadFile(dir.Path("none"));
  EXPECT_EQ(missing.status().code(), StatusCode::kNotFound);
  auto dev = fs::ReadFile("/dev/zero", 10);
  ASSERT_FALSE(dev.ok());
  EXPECT_NE(dev.status().message().find("character device"), std::string::npos);
}

TEST(FilesTest, ReadFileEnforcesItsSizeLimit) {
  TempDir dir;
  ASSERT_TRUE(fs::WriteFile(dir.Path("f"), "0123456789").ok());
  EXPECT_EQ(*fs::ReadFile(dir.Path("f"), 10), "0123456789");
  EXPECT_FALSE(fs::ReadFile(dir.Path("f"), 9).ok());
}

TEST(FilesTest, WriteFileAtomicReplacesAndLeavesNoTemporary) {
  TempDir dir;
  ASSERT_TRUE(fs::WriteFileAtomic(dir.Path("a"), "one").ok());
  ASSERT_TRUE(fs::WriteFileAtomic(dir.Path("a"), "two", 0600).ok());
  EXPECT_EQ(*fs::ReadFile(dir.Path("a")), "two");
  struct stat st;
  ASSERT_EQ(::stat(dir.Path("a").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  EXPECT_EQ(fs::ListFiles(dir.path())->size(), 1u);
}

TEST(FilesTest, WriteFileNeverWritesThroughALink) {
  TempDir dir;
  ASSERT_TRUE(fs::WriteFile(dir.Path("target"), "keep").ok());
  ASSERT_EQ(::symlink(dir.Path("target").c_str(), dir.Path("link").c_str()), 0);
  EXPECT_FALSE(fs::WriteFile(dir.Path("link"), "overwritten").ok());
  EXPECT_FALSE(fs::CopyFile(dir.Path("target"), dir.Path("link")).ok());
  EXPECT_EQ(*fs::ReadFile(dir.Path("target")), "keep");
}

TEST(FilesTest, CopyExecutableCopiesBytesAndModeAndNeverFollowsALink) {
  TempDir dir;
  const std::string bytes = std::string("\x7f" "ELF\0\1", 6) + std::string(200000, 'x');
  ASSERT_TRUE(fs::WriteFile(dir.Path("program"), bytes, 0700).ok());
  ASSERT_TRUE(fs::CopyExecutable(dir.Path("program"), dir.Path("copy"), 0555).ok());
  EXPECT_EQ(*fs::ReadFile(dir.Path("copy")), bytes);
  struct stat st;
  ASSERT_EQ(::stat(dir.Path("copy").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0555u);
  ASSERT_EQ(::symlink(dir.Path("program").c_str(), dir.Path("link").c_str()), 0);
  Status through_link = fs::CopyExecutable(dir.Path("copy"), dir.Path("link"), 0555);
  EXPECT_FALSE(through_link.ok());
  EXPECT_NE(through_link.message().find(dir.Path("link") + ": cannot copy the program from"), std::string::npos)
      << through_link.message();
  EXPECT_EQ(*fs::ReadFile(dir.Path("program")), bytes);
  EXPECT_EQ(fs::CopyExecutable(dir.Path("missing"), dir.Path("x"), 0555).code(), StatusCode::kNotFound);
}

// Issue 34, hole 4: a linker's sparse executable (134 MB of which 764 KiB real) was
// copied dense into the compile cache and the run's directory. Both copies keep the
// holes: the copy holds about the data, not the size, and reads back the same bytes.
TEST(FilesTest, CopiesKeepTheHolesOfASparseFile) {
  TempDir dir;
  constexpr off_t kSize = 64 << 20;
  const std::string head(4096, 'h'), middle(8192, 'm'), tail(100, 't');
  {
    const int fd = ::open(dir.Path("sparse").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0755);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(::pwrite(fd, head.data(), head.size(), 0), static_cast<ssize_t>(head.size()));
    ASSERT_EQ(::pwrite(fd, middle.data(), middle.size(), 40 << 20), static_cast<ssize_t>(middle.size()));
    ASSERT_EQ(::pwrite(fd, tail.data(), tail.size(), (50 << 20) + 1), static_cast<ssize_t>(tail.size()));
    ASSERT_EQ(::ftruncate(fd, kSize), 0);
    ::close(fd);
  }
  ASSERT_LT(fs::KeptBytes(dir.Path("sparse")), 1 << 20) << "this file system makes no holes";
  ASSERT_TRUE(fs::CopyFile(dir.Path("sparse"), dir.Path("copy")).ok());
  ASSERT_TRUE(fs::CopyExecutable(dir.Path("sparse"), dir.Path("program"), 0555).ok());
  const std::string original = *fs::ReadFile(dir.Path("sparse"), kSize);
  for (const char* name : {"copy", "program"}) {
    struct stat st;
    ASSERT_EQ(::stat(dir.Path(name).c_str(), &st), 0) << name;
    EXPECT_EQ(st.st_size, kSize) << name;
    EXPECT_LT(fs::KeptBytes(dir.Path(name)), 1 << 20) << name << " holds " << st.st_blocks * 512 << " bytes";
    EXPECT_TRUE(*fs::ReadFile(dir.Path(name), kSize) == original) << name << ": other bytes";
  }
  EXPECT_EQ(fs::KeptBytes(dir.Path("sparse")), fs::KeptBytes(dir.Path("copy")));
}

// A tree deeper than PATH_MAX allows in one path: recursion on path strings fails
// with ENAMETOOLONG here; the fd-relative walk removes it.
TEST(FilesTest, RemoveTreeRemovesTreesOfAnyDepthAndPathLength) {
  TempDir dir;
  const std::string name(250, 'd');
  int fd = ::open(dir.path().c_str(), O_RDONLY | O_DIRECTORY);
  ASSERT_GE(fd, 0);
  for (int depth = 0; depth < 40; ++depth) {  // 40 * 251 bytes > PATH_MAX
    ASSERT_EQ(::mkdirat(fd, name.c_str(), 0700), 0);
    int file = ::openat(fd, "f", O_CREAT | O_WRONLY, 0600);
    ASSERT_GE(file, 0);
    ::close(file);
    int next = ::openat(fd, name.c_str(), O_RDONLY | O_DIRECTORY);
    ::close(fd);
    ASSERT_GE(next, 0);
    fd = next;
    if (depth == 20) ::fchmod(fd, 0);  // unreadable directories on the way
  }
  ::close(fd);
  ASSERT_TRUE(fs::WriteFile(dir.Path("keep-parent-check"), "x").ok());
  Status st = fs::RemoveTree(dir.Path(name));
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_FALSE(fs::Exists(dir.Path(name)));
  EXPECT_TRUE(fs::Exists(dir.Path("keep-parent-check")));
}

TEST(FilesTest, RemoveTreeRemovesLinksButNeverWhatTheyPointTo) {
  TempDir outside, dir;
  ASSERT_TRUE(fs::WriteFile(outside.Path("precious"), "x").ok());
  ASSERT_TRUE(fs::MakeDirs(dir.Path("t/sub")).ok());
  ASSERT_EQ(::symlink(outside.path().c_str(), dir.Path("t/sub/to-outside").c_str()), 0);
  ASSERT_EQ(::symlink(outside.Path("precious").c_str(), dir.Path("t/file-link").c_str()), 0);
  ASSERT_TRUE(fs::RemoveTree(dir.Path("t")).ok());
  EXPECT_FALSE(fs::Exists(dir.Path("t")));
  EXPECT_TRUE(fs::Exists(outside.Path("precious")));
  EXPECT_TRUE(fs::RemoveTree(dir.Path("never-existed")).ok());
}

// More entries than one getdents64 buffer holds, of every kind, directories among
// them: the listing is read with getdents64 and unlinks while it reads.
TEST(FilesTest, RemoveTreeEmptiesLargeDirectoriesOfEveryKind) {
  TempDir dir;
  ASSERT_TRUE(fs::MakeDirs(dir.Path("t")).ok());
  const std::string pad(120, 'n');
  for (int i = 0; i < 600; ++i) {
    const std::string base = dir.Path("t/" + pad + std::to_string(i));
    switch (i % 4) {
      case 0: ASSERT_TRUE(fs::WriteFile(base, "x").ok()); break;
      case 1: ASSERT_EQ(::mkfifo(base.c_str(), 0600), 0); break;
      case 2: ASSERT_EQ(::symlink("/nowhere", base.c_str()), 0); break;
      default: ASSERT_TRUE(fs::MakeDirs(base + "/inner").ok()); break;
    }
  }
  Status st = fs::RemoveTree(dir.Path("t"));
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_FALSE(fs::Exists(dir.Path("t")));
}

TEST(FilesTest, MakeDirsMakesParentsAcceptsADirectoryAndRefusesAFile) {
  TempDir dir;
  ASSERT_TRUE(fs::MakeDirs(dir.Path("a/b/c")).ok());
  EXPECT_TRUE(fs::IsDirectory(dir.Path("a/b/c")));
  EXPECT_TRUE(fs::MakeDirs(dir.Path("a/b/c")).ok());
  EXPECT_TRUE(fs::MakeDirs(dir.Path("a/d")).ok());
  ASSERT_TRUE(fs::WriteFile(dir.Path("a/file"), "x").ok());
  EXPECT_FALSE(fs::MakeDirs(dir.Path("a/file")).ok());
  EXPECT_FALSE(fs::MakeDirs(dir.Path("a/file/sub")).ok());
}

TEST(FilesTest, OpenBeneathRefusesLinksAndEscapes) {
  TempDir outside, dir;
  ASSERT_TRUE(fs::MakeDirs(dir.Path("box/sub")).ok());
  ASSERT_TRUE(fs::WriteFile(dir.Path("box/sub/ok.txt"), "fine").ok());
  ASSERT_EQ(::symlink(outside.path().c_str(), dir.Path("box/evil").c_str()), 0);
  auto box = fs::OpenDirectory(dir.Path("box"));
  ASSERT_TRUE(box.ok());
  auto ok = fs::OpenBeneath(box->get(), "sub/ok.txt", O_RDONLY);
  ASSERT_TRUE(ok.ok()) << ok.status().message();
  auto through_link = fs::OpenBeneath(box->get(), "evil/new.txt", O_WRONLY | O_CREAT, 0644);
  EXPECT_FALSE(through_link.ok());
  EXPECT_FALSE(fs::Exists(outside.Path("new.txt")));
  EXPECT_FALSE(fs::OpenBeneath(box->get(), "../box/sub/ok.txt", O_RDONLY).ok());
  EXPECT_FALSE(fs::OpenBeneath(box->get(), "/etc/passwd", O_RDONLY).ok());
}

TEST(FilesTest, ListingsAreSortedAndKindSpecific) {
  TempDir dir;
  ASSERT_TRUE(fs::WriteFile(dir.Path("b"), "").ok());
  ASSERT_TRUE(fs::WriteFile(dir.Path("a"), "").ok());
  ASSERT_TRUE(fs::MakeDirs(dir.Path("d2")).ok());
  ASSERT_TRUE(fs::MakeDirs(dir.Path("d1")).ok());
  ASSERT_TRUE(fs::MakeDirs(dir.Path(".hidden")).ok());
  ASSERT_EQ(::symlink("a", dir.Path("link").c_str()), 0);
  EXPECT_EQ(*fs::ListFiles(dir.path()), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(*fs::ListDirs(dir.path()), (std::vector<std::string>{"d1", "d2"}));
}

}  // namespace
}  // namespace judge
