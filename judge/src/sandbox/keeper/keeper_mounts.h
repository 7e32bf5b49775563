// The keeper's side of a run's host directories (keeper_main.cc): the detached mounts
// it makes in the host's mount namespace, with the new mount API (Linux 5.2), for the
// run's init to attach inside its own root, where host paths cannot be reached.
//
// Runs in the keeper only (allocation allowed); not thread-safe (the keeper has one).
#ifndef JUDGE_SRC_SANDBOX_KEEPER_MOUNTS_H_
#define JUDGE_SRC_SANDBOX_KEEPER_MOUNTS_H_

#include <vector>

#include "init/child_setup.h"
#include "judge/base/unique_fd.h"

namespace judge::sandbox {

// A new overlay (options: RunDisk's key=value list, no commas inside values), not
// attached anywhere yet; invalid with errno set when the kernel refuses it.
UniqueFd NewOverlay(const char* options);

// The detached mount a kHost* op attaches: the overlay, or a copy of the host's
// directory op.b. Invalid with errno set when the kernel refuses it.
UniqueFd HostMount(const FsOp& op);

// The detached mounts of every kHost* op of plan.fs_ops[fs_base_count, ...), in
// order.
// False with errno set, *failed naming the host path, when one cannot be made.
bool HostMounts(const ChildPlan& plan, std::vector<UniqueFd>* mounts, const char** failed);

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_KEEPER_MOUNTS_H_
