// The compile cache's bound: least recently used entries go first, recent or not.
//
// Theory of operation. An entry <cache>/<key>/ is used when its "result" file is read
// (a hit) or written (a fill); both set that file's modification time to now (in
// nanoseconds), which is the entry's age. After each fill the cache is measured (the
// bytes of every entry's files) and, while it holds more than the bound, the least
// recently used entry is renamed to a hidden name (atomic: a reader finds the whole
// entry or none) and removed - however recently it was used, so the bound holds even
// when many large programs arrive at once. That is safe because no judge uses an
// entry's files in place: a hit hard-links (or copies) the program's files into the
// judging's own directory before using them (Compiler::FromCache), and a link keeps
// the file's data after the entry is removed; a hit that finds the entry gone is a
// miss. An entry too large for the cache (kMaxEntryShare) is never written. Leftovers
// of judges that died mid-fill or mid-eviction (".tmp-*", ".evict-*" older than
// kCacheLeftoverSeconds) go too. Several judges may evict at once: each rename
// succeeds for one. Fills under way (".tmp-*", each at most one entry) are not counted.
//
// Thread-safe: no shared state.
#ifndef JUDGE_SRC_GRADING_COMPILE_CACHE_BOUND_H_
#define JUDGE_SRC_GRADING_COMPILE_CACHE_BOUND_H_

#include <cstdint>
#include <string>

namespace judge {

// A hidden leftover younger than this may be a fill still under way: it stays.
inline constexpr int64_t kCacheLeftoverSeconds = 600;

// An entry larger than 1/kMaxEntryShare of the bound is not kept: a few of them
// would push out everything else (and one larger than the bound could never fit).
inline constexpr int64_t kMaxEntryShare = 4;

// True when an entry of entry_bytes may be kept in a cache bounded by max_bytes.
inline bool FitsCompileCache(int64_t entry_bytes, int64_t max_bytes) {
  return entry_bytes <= max_bytes / kMaxEntryShare;
}

// Marks the entry directory as used now (ignores errors: an old age only makes it
// an earlier candidate for eviction).
void TouchCacheEntry(const std::string& entry_dir);

struct EvictionReport {
  int64_t bytes_before = 0;
  int64_t bytes_after = 0;
  int64_t entries_removed = 0;
};

// Removes the least recently used entries of cache_dir until it holds at most
// max_bytes. Errors are ignored: an entry that cannot be removed stays.
EvictionReport BoundCompileCache(const std::string& cache_dir, int64_t max_bytes);

}  // namespace judge

#endif  // JUDGE_SRC_GRADING_COMPILE_CACHE_BOUND_H_
