// The compile cache's bound: least recently used entries go first.
//
// Theory of operation. An entry <cache>/<key>/ is used when its "result" file is read
// (a hit) or written (a fill); both set that file's modification time to now, which
// is the entry's age. After each fill the cache is measured (the bytes of every
// entry's files) and, while it holds more than the bound, the oldest entry is renamed
// to a hidden name (atomic: a reader finds the whole entry or none) and removed. An
// entry used in the last kCacheInUseSeconds is never evicted: a judging may be about
// to copy its program. Leftovers of judges that died mid-fill (".tmp-*" older than
// that) go too. Several judges may evict at once: each rename succeeds for one.
//
// Thread-safe: no shared state.
#ifndef JUDGE_SRC_GRADING_COMPILE_CACHE_BOUND_H_
#define JUDGE_SRC_GRADING_COMPILE_CACHE_BOUND_H_

#include <cstdint>
#include <string>

namespace judge {

inline constexpr int64_t kCacheInUseSeconds = 600;

// Marks the entry directory as used now (ignores errors: an old age only makes it
// an earlier candidate for eviction).
void TouchCacheEntry(const std::string& entry_dir);

struct EvictionReport {
  int64_t bytes_before = 0;
  int64_t bytes_after = 0;
  int64_t entries_removed = 0;
};

// Removes the least recently used entries of cache_dir until it holds at most
// max_bytes (entries in use excepted). Errors are ignored: an entry that cannot be
// removed stays.
EvictionReport BoundCompileCache(const std::string& cache_dir, int64_t max_bytes);

}  // namespace judge

#endif  // JUDGE_SRC_GRADING_COMPILE_CACHE_BOUND_H_
