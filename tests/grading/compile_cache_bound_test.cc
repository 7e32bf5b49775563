// The compile cache's LRU bound on a hand-made cache directory, and a hit refreshing
// an entry's age through the Compiler.
#include "compile_cache_bound.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <time.h>

#include "fakes.h"
#include "judge/compiler.h"

namespace judge {
namespace {

using testing::FakeSandbox;
using testing::Ok;
using testing::TempDir;
using testing::WriteAll;

// An entry of `kib` KiB last used `age_s` seconds ago.
void MakeEntry(const std::string& cache, const std::string& key, int kib, int64_t age_s) {
  std::string dir = cache + "/" + key;
  ::mkdir(cache.c_str(), 0755);
  ::mkdir(dir.c_str(), 0755);
  ::mkdir((dir + "/files").c_str(), 0755);
  WriteAll(dir + "/files/main", std::string(kib * 1024, 'b'));
  WriteAll(dir + "/result", "ok\n\nmain\n");
  struct timespec times[2];
  times[0].tv_sec = times[1].tv_sec = ::time(nullptr) - age_s;
  times[0].tv_nsec = times[1].tv_nsec = 0;
  ::utimensat(AT_FDCWD, (dir + "/result").c_str(), times, 0);
}

bool Exists(const std::string& p) {
  struct stat st;
  return ::lstat(p.c_str(), &st) == 0;
}

TEST(CompileCacheBound, TheLeastRecentlyUsedGoFirstAndEntriesInUseStay) {
  TempDir t;
  std::string cache = t.path() + "/cache";
  MakeEntry(cache, "aaaa", 100, 7200);  // oldest
  MakeEntry(cache, "bbbb", 100, 3600);
  MakeEntry(cache, "cccc", 100, 1200);
  MakeEntry(cache, "dddd", 100, 10);     // in use
  EvictionReport r = BoundCompileCache(cache, 250 * 1024);
  EXPECT_EQ(r.bytes_before, 400 * 1024 + 4 * 9);  // the result files count too
  EXPECT_EQ(r.entries_removed, 2);
  EXPECT_FALSE(Exists(cache + "/aaaa"));
  EXPECT_FALSE(Exists(cache + "/bbbb"));
  EXPECT_TRUE(Exists(cache + "/cccc"));
  EXPECT_TRUE(Exists(cache + "/dddd"));
  EXPECT_LE(r.bytes_after, 250 * 1024);
  // Over the bound with only entries in use: nothing is removed.
  MakeEntry(cache, "eeee", 300, 5);
  r = BoundCompileCache(cache, 250 * 1024);
  EXPECT_TRUE(Exists(cache + "/dddd"));
  EXPECT_TRUE(Exists(cache + "/eeee"));
  EXPECT_EQ(r.entries_removed, 1);  // cccc, the only one not in use
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

RunResult BigBinary(const RunSpec& spec, std::string*) {
  WriteAll(spec.work_dir + "/main", std::string(100 * 1024, 'x') + testing::ReadAll(spec.work_dir + "/main.cpp"));
  return Ok(10);
}

TEST(CompileCacheBound, AHitMakesAnEntryRecentAgainAndFillsKeepTheBound) {
  TempDir t;
  FakeSandbox sandbox(BigBinary);
  CompilerOptions o;
  o.cache_dir = t.path() + "/cache";
  o.cache_max_bytes = 250 * 1024;
  Compiler compiler(&sandbox, o);
  LanguageProfile p;
  p.id = "cpp20";
  p.source_name = "main.cpp";
  p.compile = {"g++", "-o", "{binary}", "{source}"};
  p.run = {"./{binary}"};
  auto compile = [&](const std::string& src) {
    auto r = compiler.Compile(src, p, t.Sub("w" + std::to_string(sandbox.specs.size()) + src));
    EXPECT_TRUE(r.ok());
    return r.ok() ? r->program.dir.substr(0, r->program.dir.rfind('/')) : std::string();
  };
  std::string a = compile("a"), b = compile("b");
  struct timespec old[2] = {{::time(nullptr) - 7200, 0}, {::time(nullptr) - 7200, 0}};
  ::utimensat(AT_FDCWD, (a + "/result").c_str(), old, 0);
  ::utimensat(AT_FDCWD, (b + "/result").c_str(), old, 0);
  EXPECT_EQ(compile("a"), a);  // a hit: a is recent again
  EXPECT_EQ(sandbox.specs.size(), 2u);
  std::string c = compile("c");  // 300 KiB: b, the least recently used, goes
  EXPECT_TRUE(Exists(a));
  EXPECT_FALSE(Exists(b));
  EXPECT_TRUE(Exists(c));
}

}  // namespace
}  // namespace judge
