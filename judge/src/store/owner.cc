// Judging owners: which process is running a judging, and whether it still is.
//
// A judge killed with SIGKILL cannot mark its judging incomplete, so the record
// carries enough to tell later: host, boot id, pid and the pid's start time. The
// start time guards against pid reuse; the boot id against a reboot (pids restart).
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>
#include <sstream>

#include "judge/base/proc_stat.h"
#include "judge/store/store.h"

namespace judge {
namespace {

std::string ReadFirstLine(const char* path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  return line;
}

std::string HostName() {
  char buf[256] = {};
  if (gethostname(buf, sizeof(buf) - 1) != 0) return "";
  return buf;
}

}  // namespace

std::string_view JudgingStatusName(JudgingStatus s) {
  switch (s) {
    case JudgingStatus::kRunning: return "running";
    case JudgingStatus::kDone: return "done";
    case JudgingStatus::kIncomplete: return "incomplete";
  }
  return "unknown";
}

JudgingOwner CurrentProcessOwner() {
  JudgingOwner owner;
  owner.pid = getpid();
  owner.host = HostName();
  owner.boot_id = ReadFirstLine("/proc/sys/kernel/random/boot_id");
  Result<ProcStat> stat = ReadProcStat(static_cast<pid_t>(owner.pid));
  owner.start_ticks = stat.ok() ? stat->start_ticks : 0;
  return owner;
}

bool OwnerIsAlive(const JudgingOwner& owner) {
  if (owner.pid <= 0) return false;  // no owner recorded: nobody can finish it
  if (owner.host != HostName()) return true;  // cannot be checked from here
  if (!owner.boot_id.empty()) {
    std::string boot_id = ReadFirstLine("/proc/sys/kernel/random/boot_id");
    if (!boot_id.empty() && boot_id != owner.boot_id) return false;
  }
  if (kill(static_cast<pid_t>(owner.pid), 0) != 0 && errno == ESRCH) return false;
  Result<ProcStat> stat = ReadProcStat(static_cast<pid_t>(owner.pid));
  if (!stat.ok()) return true;  // exists (kill said so) but /proc is hidden: assume alive
  if (stat->state == 'Z' || stat->state == 'X') return false;  // exited, not yet reaped
  if (owner.start_ticks != 0 && stat->start_ticks != owner.start_ticks) return false;
  return true;
}

}  // namespace judge
