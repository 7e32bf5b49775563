#include "compile_cache_bound.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <system_error>
#include <vector>

#include "judge/base/files.h"

namespace judge {
namespace {

struct Entry {
  std::string name;
  int64_t used_ns = 0;  // the result file's mtime
  int64_t bytes = 0;
};

int64_t TreeBytes(const std::string& dir) {
  namespace sfs = std::filesystem;
  int64_t total = 0;
  std::error_code ec;
  for (sfs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    std::error_code sec;
    // What the file holds on disk: a sparse program's holes take no room.
    if (it->symlink_status(sec).type() == sfs::file_type::regular) total += fs::KeptBytes(it->path().string());
  }
  return total;
}

int64_t MtimeNs(const struct stat& st) {
  return static_cast<int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
}

int64_t MtimeNs(const std::string& path) {
  struct stat st;
  return ::lstat(path.c_str(), &st) == 0 ? MtimeNs(st) : 0;
}

// Every entry with its age and size; stale hidden leftovers removed on the way.
std::vector<Entry> ListEntries(const std::string& cache_dir, int64_t now_s) {
  std::vector<Entry> entries;
  DIR* d = ::opendir(cache_dir.c_str());
  if (!d) return entries;
  while (struct dirent* e = ::readdir(d)) {
    std::string name = e->d_name;
    if (name == "." || name == "..") continue;
    const std::string path = cache_dir + "/" + name;
    if (name[0] == '.') {  // a fill that died (.tmp-*) or an eviction that did (.evict-*)
      if (now_s - MtimeNs(path) / 1000000000 > kCacheLeftoverSeconds) (void)fs::RemoveTree(path);
      continue;
    }
    struct stat st;
    if (::lstat(path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) continue;
    int64_t used = MtimeNs(path + "/result");
    entries.push_back({name, used != 0 ? used : MtimeNs(st), TreeBytes(path)});
  }
  ::closedir(d);
  return entries;
}

}  // namespace

void TouchCacheEntry(const std::string& entry_dir) {
  (void)::utimensat(AT_FDCWD, (entry_dir + "/result").c_str(), nullptr, AT_SYMLINK_NOFOLLOW);
}

EvictionReport BoundCompileCache(const std::string& cache_dir, int64_t max_bytes) {
  EvictionReport report;
  const int64_t now_s = static_cast<int64_t>(::time(nullptr));
  std::vector<Entry> entries = ListEntries(cache_dir, now_s);
  for (const Entry& e : entries) report.bytes_before += e.bytes;
  report.bytes_after = report.bytes_before;
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.used_ns < b.used_ns; });
  for (const Entry& e : entries) {
    if (report.bytes_after <= max_bytes) break;
    const std::string from = cache_dir + "/" + e.name;
    const std::string to = cache_dir + "/.evict-" + e.name + "-" + std::to_string(::getpid());
    if (::rename(from.c_str(), to.c_str()) != 0) {
      if (errno == ENOENT) report.bytes_after -= e.bytes;  // another judge evicted it
      continue;
    }
    (void)fs::RemoveTree(to);
    report.bytes_after -= e.bytes;
    ++report.entries_removed;
  }
  return report;
}

}  // namespace judge
