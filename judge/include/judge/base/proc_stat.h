// /proc/<pid>/stat, read and parsed once for the whole judge: the sandbox's polling
// fallback sums CPU times and resident pages; the store tells a live judging's owner
// from a dead one by its state and start time. Pure parsing; thread-safe.
#ifndef JUDGE_BASE_PROC_STAT_H_
#define JUDGE_BASE_PROC_STAT_H_

#include <sys/types.h>

#include <cstdint>
#include <string_view>

#include "judge/base/status.h"

namespace judge {

// The fields the judge uses, numbered as in proc(5).
struct ProcStat {
  char state = '?';          // 3
  int64_t utime_ticks = 0;   // 14
  int64_t stime_ticks = 0;   // 15
  int64_t cutime_ticks = 0;  // 16: reaped children
  int64_t cstime_ticks = 0;  // 17
  int64_t start_ticks = 0;   // 22: clock ticks after boot
  int64_t rss_pages = 0;     // 24
};

// Parses the text of a stat file. The command (field 2) may hold spaces and
// parentheses, so fields are counted from its last ')'. Corrupt when a field is
// missing or not a number.
Result<ProcStat> ParseProcStat(std::string_view text);

// Reads and parses /proc/<pid>/stat; NotFound when there is no such process.
Result<ProcStat> ReadProcStat(pid_t pid);

}  // namespace judge

#endif  // JUDGE_BASE_PROC_STAT_H_
