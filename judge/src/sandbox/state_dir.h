// The sandbox's state directory (SandboxOptions::state_dir): the slots' locks, /etc and
// the runs' root mount points live there, so it must be the judge's alone.
#ifndef JUDGE_SRC_SANDBOX_STATE_DIR_H_
#define JUDGE_SRC_SANDBOX_STATE_DIR_H_

#include <string>

#include "judge/base/status.h"

namespace judge::sandbox {

// Created 0700 when missing; an existing one must be a real directory (not a
// symlink) owned by us, and is made 0700 again. Another local user who pre-created it
// (in a world-writable /tmp) is refused with one line.
Status MakePrivateStateDir(const std::string& dir);

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_STATE_DIR_H_
