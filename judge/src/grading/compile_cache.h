// The compile cache's entries (internal to grading; the cache's contract is in
// judge/grading/compiler.h): what an entry holds, how it is written whole or not at all, how a
// judging takes a program out of it, and which compile runs are worth keeping.
//
// Theory of operation
// -------------------
// An entry is a directory <cache_dir>/<key> holding "result" (the kind, the message,
// then the program's files, one per line), "log" and files/. It is written under a
// temporary name and renamed into place, so a reader sees a whole entry or none; a
// judging hard-links the files into its own directory, so an entry evicted at once
// (compile_cache_bound.h) never takes a running program with it. A cache that cannot
// be written costs speed, not correctness.
//
// Thread and process safety: any number of judges may use one cache at once.
#ifndef JUDGE_SRC_GRADING_COMPILE_CACHE_H_
#define JUDGE_SRC_GRADING_COMPILE_CACHE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "judge/base/status.h"
#include "judge/grading/compiler.h"
#include "judge/sandbox/sandbox.h"

namespace judge {

// What a cache entry holds. Stored as its name in the entry's first line; append
// only: a judge that finds a kind it does not know treats the entry as a miss.
enum class CacheKind {
  kOk,       // "ok": a program
  kRefused,  // "ce": the compiler refused the source (worth trying another profile)
  kLimit,    // "limit": the compiler hit a limit (CPU time, memory, output, processes)
};

// What of a compile run is kept: a program, a refusal, or a limit the same source
// hits again on any machine (a template bomb costs its compile once). Not kept: a
// wall-time kill (it depends on the host's load, not the source), a compiler killed
// by a signal (it crashed), or the judge's own failures.
std::optional<CacheKind> CacheKindOf(const RunResult& r);

struct CacheEntry {
  CacheKind kind = CacheKind::kRefused;
  std::string message;
  std::vector<std::string> files;  // the program's files, relative to files/
  std::string log;
};

// The entry in dir, or nullopt when there is none, it is incomplete or of an unknown kind.
std::optional<CacheEntry> ReadCacheEntry(const std::string& dir);

// Hard-links (or, across file systems, copies) the program's files from a cache
// entry's files/ into dir, the judging's own. On failure (the entry went meanwhile)
// dir is left empty.
Status LinkProgramFiles(const std::string& entry_files, const std::vector<std::string>& files,
                        const std::string& dir);

// Stores the entry (its program files from dir) when options has a cache and the
// entry fits its bound, then bounds the cache. Best effort: failures are dropped.
void KeepInCache(const CompilerOptions& options, const std::string& key, const CacheEntry& entry,
                 const std::string& dir);

}  // namespace judge

#endif  // JUDGE_SRC_GRADING_COMPILE_CACHE_H_
