// What the cgroup v1 and v2 implementations share (internal to the sandbox): killing
// every task of a cgroup whatever it forks, waiting until exiting tasks are no longer
// charged, and closing the descriptors a run held. Not thread-safe: one slot's run.
#ifndef JUDGE_SRC_SANDBOX_CGROUP_COMMON_H_
#define JUDGE_SRC_SANDBOX_CGROUP_COMMON_H_

#include <functional>
#include <string>
#include <vector>

#include "cgroup_files.h"
#include "judge/base/status.h"

namespace judge::sandbox {

// Kill loop for when cgroup.kill is missing (v1, old v2): freeze (when can_freeze) so a
// fork bomb cannot outrun it, SIGKILL every task but `spare`, thaw, until nothing but
// `spare` is left; an error after 10 s.
Status KillLoop(const std::function<Result<std::vector<int>>()>& all_tasks, const std::function<Status(bool)>& freeze,
                const std::function<Result<bool>()>& frozen, bool can_freeze, int spare);

// Waits until the cgroup charges no task (its pids.current file reads 0), up to 10 s.
Status WaitUncharged(const CgroupFiles& files, const std::string& pids_current);

// Closes every descriptor and empties the list.
void CloseAll(std::vector<int>* fds);

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_CGROUP_COMMON_H_
