// The compile cache's entries (see compile_cache.h and judge/grading/compiler.h).
#include "compile_cache.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "compile_cache_bound.h"
#include "judge/base/errors.h"
#include "judge/base/files.h"

namespace judge {

std::string DefaultCacheDir() {
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x) return std::string(x) + "/judge";
  if (const char* h = std::getenv("HOME"); h && *h) return std::string(h) + "/.cache/judge";
  return fs::TempRoot() + "/judge-cache";
}

int64_t DefaultCacheMaxBytes() {
  if (const char* v = std::getenv("JUDGE_COMPILE_CACHE_MIB"); v && *v) {
    char* end = nullptr;
    long long mib = std::strtoll(v, &end, 10);
    if (end && *end == '\0' && mib > 0) return static_cast<int64_t>(mib) << 20;
  }
  return int64_t{1} << 30;
}

namespace {

const char* CacheKindName(CacheKind kind) {
  switch (kind) {
    case CacheKind::kOk: return "ok";
    case CacheKind::kRefused: return "ce";
    case CacheKind::kLimit: return "limit";
  }
  return "";
}

std::optional<CacheKind> ParseCacheKind(const std::string& name) {
  for (CacheKind k : {CacheKind::kOk, CacheKind::kRefused, CacheKind::kLimit})
    if (name == CacheKindName(k)) return k;
  return std::nullopt;
}

}  // namespace

std::optional<CacheKind> CacheKindOf(const RunResult& r) {
  switch (r.status) {
    case RunStatus::kOk: return CacheKind::kOk;
    case RunStatus::kTimeLimitExceeded:
      if (r.kill_reason == KillReason::kWallTime) return std::nullopt;
      return CacheKind::kLimit;
    case RunStatus::kMemoryLimitExceeded:
    case RunStatus::kOutputLimitExceeded: return CacheKind::kLimit;
    case RunStatus::kRuntimeError:
      if (r.kill_reason == KillReason::kProcesses) return CacheKind::kLimit;
      if (r.kill_reason == KillReason::kNone && r.signal == 0) return CacheKind::kRefused;
      return std::nullopt;
  }
  return std::nullopt;
}


std::optional<CacheEntry> ReadCacheEntry(const std::string& dir) {
  auto result = fs::ReadFile(dir + "/result", 1 << 20);
  if (!result.ok()) return std::nullopt;
  std::istringstream in(*result);
  CacheEntry e;
  std::string kind;
  if (!std::getline(in, kind)) return std::nullopt;
  std::optional<CacheKind> parsed = ParseCacheKind(kind);
  if (!parsed) return std::nullopt;
  e.kind = *parsed;
  std::getline(in, e.message);
  std::string f;
  while (std::getline(in, f))
    if (!f.empty()) e.files.push_back(f);
  for (const auto& name : e.files)
    if (!fs::Exists(dir + "/files/" + name)) return std::nullopt;
  auto log = fs::ReadFile(dir + "/log");
  if (log.ok()) e.log = *log;
  return e;
}

namespace {

// Writes the entry under a temporary name, then renames it into place: readers see a
// whole entry or none. Returns the entry's directory, or an error (the caller then
// does without the cache).
Result<std::string> WriteCacheEntry(const std::string& cache_dir, const std::string& key,
                                    const CacheEntry& e, const std::string& from_dir) {
  JUDGE_RETURN_IF_ERROR(fs::MakeDirs(cache_dir));
  JUDGE_ASSIGN_OR_RETURN(std::string tmp, fs::MakeTempDir(cache_dir, ".tmp-" + key.substr(0, 8) + "-"));
  auto fail = [&](Status st) -> Result<std::string> {
    (void)fs::RemoveTree(tmp);  // best effort: a leftover .tmp- directory is harmless
    return st;
  };
  Status st = fs::MakeDirs(tmp + "/files");
  if (!st.ok()) return fail(st);
  for (const auto& f : e.files) {
    if (auto slash = f.rfind('/'); slash != std::string::npos) st = fs::MakeDirs(tmp + "/files/" + f.substr(0, slash));
    if (st.ok()) st = fs::CopyFile(from_dir + "/" + f, tmp + "/files/" + f);
    if (!st.ok()) return fail(st);
  }
  st = fs::WriteFile(tmp + "/log", e.log);
  if (!st.ok()) return fail(st);
  std::string result = std::string(CacheKindName(e.kind)) + "\n" + e.message + "\n";
  for (const auto& f : e.files) result += f + "\n";
  st = fs::WriteFile(tmp + "/result", result);
  if (!st.ok()) return fail(st);
  std::string final_dir = cache_dir + "/" + key;
  if (rename(tmp.c_str(), final_dir.c_str()) != 0) {
    int err = errno;
    (void)fs::RemoveTree(tmp);
    if ((err == EEXIST || err == ENOTEMPTY) && ReadCacheEntry(final_dir)) return final_dir;
    return Status::IoError(final_dir + ": cannot store the compiled program: " + ErrnoText(err));
  }
  return final_dir;
}

// The bytes an entry of these program files (in from_dir) and this log would take:
// a sparse file's data, not its size, since the entry's copy keeps its holes (a
// linker's 134 MB executable of 764 KiB of blocks is charged 764 KiB).
int64_t EntryBytes(const CacheEntry& e, const std::string& from_dir) {
  int64_t total = static_cast<int64_t>(e.log.size() + e.message.size());
  for (const auto& f : e.files) total += fs::KeptBytes(from_dir + "/" + f);
  return total;
}

}  // namespace

// Hard-links (or, across file systems, copies) the program's files from a cache
// entry into dir, the judging's own: once linked they stay whole even when the entry
// is evicted at once. On failure (the entry went meanwhile) dir is left empty.
Status LinkProgramFiles(const std::string& entry_files, const std::vector<std::string>& files,
                        const std::string& dir) {
  Status st;
  for (const auto& f : files) {
    if (auto slash = f.rfind('/'); slash != std::string::npos) st = fs::MakeDirs(dir + "/" + f.substr(0, slash));
    if (st.ok()) st = fs::LinkOrCopy(entry_files + "/" + f, dir + "/" + f);
    if (!st.ok()) break;
  }
  if (st.ok()) return st;
  (void)fs::RemoveTree(dir);
  (void)fs::MakeDirs(dir);
  return st;
}

// Stores the entry (its program files from dir) and bounds the cache. The caller's
// program stays in dir: the stored entry may be evicted at once.
void KeepInCache(const CompilerOptions& options, const std::string& key, const CacheEntry& entry,
                 const std::string& dir) {
  if (options.cache_dir.empty()) return;
  const int64_t max_bytes = options.cache_max_bytes > 0 ? options.cache_max_bytes : DefaultCacheMaxBytes();
  if (!FitsCompileCache(EntryBytes(entry, dir), max_bytes)) return;  // it would push out everything else
  // A cache that cannot be written costs speed, not correctness: go on without it.
  if (WriteCacheEntry(options.cache_dir, key, entry, dir).ok()) (void)BoundCompileCache(options.cache_dir, max_bytes);
}

}  // namespace judge
