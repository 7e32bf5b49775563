// The compile cache's LRU bound on a hand-made cache directory, and a hit refreshing
// an entry's age through the Compiler.
#include "compile_cache_bound.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <time.h>

#include <filesystem>
#include <memory>

#include "fakes.h"
#include "judge/grading/compiler.h"

namespace judge {
namespace {

using testing::FakeSandbox;
using testing::Ok;
using testing::TempDir;
using testing::WriteFile;

// An entry of `kib` KiB last used `age_s` seconds ago.
void MakeEntry(const std::string& cache, const std::string& key, int kib, int64_t age_s) {
  std::string dir = cache + "/" + key;
  ::mkdir(cache.c_str(), 0755);
  ::mkdir(dir.c_str(), 0755);
  ::mkdir((dir + "/files").c_str(), 0755);
  WriteFile(dir + "/files/main", std::string(kib * 1024, 'b'));
  WriteFile(dir + "/result", "ok\n\nmain\n");
  struct timespec times[2];
  times[0].tv_sec = times[1].tv_sec = ::time(nullptr) - age_s;
  times[0].tv_nsec = times[1].tv_nsec = 0;
  ::utimensat(AT_FDCWD, (dir + "/result").c_str(), times, 0);
}

bool Exists(const std::string& p) {
  struct stat st;
  return ::lstat(p.c_str(), &st) == 0;
}

// Issue 34, hole 4: an entry is charged what it holds on disk, so a sparse program
// (a linker's sections aligned to 2^27: 134 MB of size, under 1 MiB of data) does not
// count as its size and push out the rest of the cache.
TEST(CompileCacheBound, ASparseProgramIsChargedItsData) {
  TempDir t;
  std::string cache = t.path() + "/cache";
  MakeEntry(cache, "aaaa", 100, 3600);
  MakeEntry(cache, "bbbb", 1, 10);
  const int fd = ::open((cache + "/bbbb/files/main").c_str(), O_WRONLY);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::ftruncate(fd, 128 << 20), 0);  // a hole after its KiB of data
  ::close(fd);
  EvictionReport r = BoundCompileCache(cache, 1 << 20);
  EXPECT_LT(r.bytes_before, 1 << 20);
  EXPECT_EQ(r.entries_removed, 0);
  EXPECT_TRUE(Exists(cache + "/aaaa"));
}

TEST(CompileCacheBound, TheLeastRecentlyUsedGoFirstRecentOrNot) {
  TempDir t;
  std::string cache = t.path() + "/cache";
  MakeEntry(cache, "aaaa", 100, 7200);  // oldest
  MakeEntry(cache, "bbbb", 100, 3600);
  MakeEntry(cache, "cccc", 100, 20);
  MakeEntry(cache, "dddd", 100, 10);
  EvictionReport r = BoundCompileCache(cache, 250 * 1024);
  EXPECT_EQ(r.bytes_before, 400 * 1024 + 4 * 9);  // the result files count too
  EXPECT_EQ(r.entries_removed, 2);
  EXPECT_FALSE(Exists(cache + "/aaaa"));
  EXPECT_FALSE(Exists(cache + "/bbbb"));
  EXPECT_TRUE(Exists(cache + "/cccc"));
  EXPECT_TRUE(Exists(cache + "/dddd"));
  EXPECT_LE(r.bytes_after, 250 * 1024);
  // Issue 23, hole 7: over the bound with only recently used entries, the least
  // recently used of them goes all the same (it used to stay for 10 minutes).
  MakeEntry(cache, "eeee", 100, 5);
  r = BoundCompileCache(cache, 250 * 1024);
  EXPECT_EQ(r.entries_removed, 1);
  EXPECT_FALSE(Exists(cache + "/cccc"));
  EXPECT_TRUE(Exists(cache + "/dddd"));
  EXPECT_TRUE(Exists(cache + "/eeee"));
  EXPECT_LE(r.bytes_after, 250 * 1024);
}

TEST(CompileCacheBound, StaleLeftoversOfDeadJudgesAreRemoved) {
  TempDir t;
  std::string cache = t.path() + "/cache";
  MakeEntry(cache, ".tmp-1234-abc", 10, 7200);
  MakeEntry(cache, ".tmp-5678-def", 10, 0);  // a fill under way
  std::string old_tmp = cache + "/.tmp-1234-abc";
  struct timespec times[2] = {{::time(nullptr) - 7200, 0}, {::time(nullptr) - 7200, 0}};
  ::utimensat(AT_FDCWD, old_tmp.c_str(), times, 0);
  BoundCompileCache(cache, int64_t{1} << 30);
  EXPECT_FALSE(Exists(old_tmp));
  EXPECT_TRUE(Exists(cache + "/.tmp-5678-def"));
}

// A compiler whose program is `kib` KiB (the source's first line) of 'x' and the source.
RunResult BigBinary(const RunSpec& spec, std::string*) {
  const std::string src = testing::ReadFile(spec.work_dir + "/main.cpp");
  WriteFile(spec.work_dir + "/main", std::string(std::stoi(src) * 1024, 'x') + src);
  return Ok(10);
}

int64_t TreeBytes(const std::string& dir) {
  int64_t total = 0;
  std::error_code ec;
  for (std::filesystem::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (it->is_regular_file()) total += static_cast<int64_t>(it->file_size());
  return total;
}

struct CachedCompiler {
  explicit CachedCompiler(int64_t max_bytes) : sandbox(BigBinary) {
    CompilerOptions o;
    o.cache_dir = t.path() + "/cache";
    o.cache_max_bytes = max_bytes;
    compiler = std::make_unique<Compiler>(&sandbox, o);
    p.id = "cpp20";
    p.source_name = "main.cpp";
    p.compile = {"g++", "-o", "{binary}", "{source}"};
    p.run = {"./{binary}"};
  }
  // Compiles a `kib` KiB program named by tag; its outcome.
  CompileOutcome Compile(int kib, const std::string& tag) {
    auto r = compiler->Compile(std::to_string(kib) + "\n" + tag, p, t.Mkdir("w" + std::to_string(++works)));
    EXPECT_TRUE(r.ok() && r->ok);
    return r.ok() ? *r : CompileOutcome();
  }
  std::string Entry(int kib, const std::string& tag) const {
    return t.path() + "/cache/" + CompileCacheKey(std::to_string(kib) + "\n" + tag, p, "");
  }
  std::string cache() const { return t.path() + "/cache"; }

  TempDir t;
  FakeSandbox sandbox;
  std::unique_ptr<Compiler> compiler;
  LanguageProfile p;
  int works = 0;
};

TEST(CompileCacheBound, AHitMakesAnEntryRecentAgainAndFillsKeepTheBound) {
  CachedCompiler c(1000 * 1024);
  c.Compile(200, "a");
  c.Compile(200, "b");
  struct timespec old[2] = {{::time(nullptr) - 7200, 0}, {::time(nullptr) - 7200, 0}};
  ::utimensat(AT_FDCWD, (c.Entry(200, "a") + "/result").c_str(), old, 0);
  ::utimensat(AT_FDCWD, (c.Entry(200, "b") + "/result").c_str(), old, 0);
  EXPECT_TRUE(c.Compile(200, "a").from_cache);  // a hit: a is recent again
  EXPECT_EQ(c.sandbox.specs.size(), 2u);
  for (const char* tag : {"c", "d", "e"}) c.Compile(200, tag);  // 1000 KiB: b, the least recently used, goes
  EXPECT_TRUE(Exists(c.Entry(200, "a")));
  EXPECT_FALSE(Exists(c.Entry(200, "b")));
  EXPECT_TRUE(Exists(c.Entry(200, "e")));
}

// Issue 23, hole 7: twelve large programs in a few seconds took the cache past its
// bound, since recently used entries were never evicted. Now the bound holds after
// every fill, whatever the entries' ages.
TEST(CompileCacheBound, TheBoundHoldsWhenEveryEntryIsRecent) {
  CachedCompiler c(1000 * 1024);
  for (int i = 0; i < 12; ++i) {
    c.Compile(230, "p" + std::to_string(i));
    EXPECT_LE(TreeBytes(c.cache()), 1000 * 1024) << "after fill " << i;
  }
  EXPECT_TRUE(Exists(c.Entry(230, "p11"))) << "the newest stays";
  EXPECT_FALSE(Exists(c.Entry(230, "p0")));
}

// An entry over a quarter of the bound is not kept (one over the bound could never
// fit); the judging still gets its program.
TEST(CompileCacheBound, AnEntryTooLargeForTheCacheIsNotKept) {
  CachedCompiler c(1000 * 1024);
  c.Compile(100, "small");
  CompileOutcome big = c.Compile(300, "big");
  EXPECT_EQ(testing::ReadFile(big.program.dir + "/main").size(), 300 * 1024 + 7u);
  EXPECT_FALSE(Exists(c.Entry(300, "big")));
  c.Compile(1200, "huge");
  EXPECT_FALSE(Exists(c.Entry(1200, "huge")));
  EXPECT_FALSE(c.Compile(300, "big").from_cache);
  EXPECT_TRUE(Exists(c.Entry(100, "small"))) << "nothing was pushed out for them";
  EXPECT_LE(TreeBytes(c.cache()), 1000 * 1024);
}

// Judges sharing a cache: an entry evicted while a judging holds its program does not
// break that judging, whose files were linked into its own directory.
TEST(CompileCacheBound, EvictingAnEntryInUseLeavesTheJudgingItsProgram) {
  CachedCompiler c(1000 * 1024);
  c.Compile(100, "a");
  CompileOutcome hit = c.Compile(100, "a");
  ASSERT_TRUE(hit.from_cache);
  EXPECT_EQ(hit.program.dir.rfind(c.cache(), 0), std::string::npos) << hit.program.dir;
  EvictionReport r = BoundCompileCache(c.cache(), 0);  // another judge evicts everything
  EXPECT_EQ(r.entries_removed, 1);
  EXPECT_FALSE(Exists(c.Entry(100, "a")));
  EXPECT_EQ(testing::ReadFile(hit.program.dir + "/main"), std::string(100 * 1024, 'x') + "100\na");
}

}  // namespace
}  // namespace judge
