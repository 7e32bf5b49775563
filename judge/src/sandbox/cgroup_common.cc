#include "cgroup_common.h"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <thread>

namespace judge::sandbox {
namespace {
using Clock = std::chrono::steady_clock;
}  // namespace

void CloseAll(std::vector<int>* fds) {
  for (int fd : *fds) ::close(fd);
  fds->clear();
}

Status KillLoop(const std::function<Result<std::vector<int>>()>& all_tasks, const std::function<Status(bool)>& freeze,
                const std::function<Result<bool>()>& frozen, bool can_freeze, int spare) {
  auto tasks = [&]() -> Result<std::vector<int>> {
    JUDGE_ASSIGN_OR_RETURN(std::vector<int> pids, all_tasks());
    pids.erase(std::remove(pids.begin(), pids.end(), spare), pids.end());
    return pids;
  };
  auto deadline = Clock::now() + std::chrono::seconds(10);
  while (true) {
    JUDGE_ASSIGN_OR_RETURN(std::vector<int> pids, tasks());
    if (pids.empty()) return Status::Ok();
    if (Clock::now() > deadline)
      return Status::IoError("cannot kill the run's processes: " + std::to_string(pids.size()) + " still alive after 10 s");
    if (can_freeze) {
      JUDGE_RETURN_IF_ERROR(freeze(true));
      auto freeze_deadline = Clock::now() + std::chrono::milliseconds(200);
      while (Clock::now() < freeze_deadline) {
        Result<bool> f = frozen();
        if (!f.ok() || *f) break;
        std::this_thread::sleep_for(std::chrono::microseconds(200));
      }
      JUDGE_ASSIGN_OR_RETURN(pids, tasks());
    }
    for (int pid : pids)
      if (pid != spare) ::kill(pid, SIGKILL);
    if (can_freeze) JUDGE_RETURN_IF_ERROR(freeze(false));
    // Killed tasks leave the cgroup as they exit; give them a moment.
    for (int i = 0; i < 50; ++i) {
      JUDGE_ASSIGN_OR_RETURN(std::vector<int> left, tasks());
      if (left.empty()) return Status::Ok();
      std::this_thread::sleep_for(std::chrono::microseconds(i < 10 ? 100 : 1000));
    }
  }
}

Status WaitUncharged(const CgroupFiles& files, const std::string& pids_current) {
  auto deadline = Clock::now() + std::chrono::seconds(10);
  for (int i = 0;; ++i) {
    Result<int64_t> n = files.ReadInt(pids_current);
    if (!n.ok() || *n <= 0) return Status::Ok();
    if (Clock::now() > deadline)
      return Status::IoError(files.Path(pids_current) + ": " + std::to_string(*n) + " tasks still charged after 10 s");
    std::this_thread::sleep_for(std::chrono::microseconds(i < 20 ? 50 : 1000));
  }
}

}  // namespace judge::sandbox
