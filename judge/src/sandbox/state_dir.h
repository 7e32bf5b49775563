// The sandbox's state directory (SandboxOptions::state_dir): the slots' locks, the
// runs' /etc and the runs' root mount points live there, so it must be the judge's
// alone. It lives on /run by default, a tmpfs that every boot empties: so whatever is
// in it is made on first use, possibly by several threads of one judge and several
// judges at once, and must be right whoever wins.
//
// Theory of operation for the runs' /etc. Its content follows from a recipe (the
// slots' uids and which of the listed host /etc entries exist); the recipe's hash names
// its directory, <state_dir>/etc-<hash>, and the recipe is the text of its completion
// marker. A judge checks the directory without a lock (the marker, the generated files
// and a copy of every listed host entry, recursively), and only when that fails takes
// <state_dir>/etc.lock and checks again (another judge may have just finished). A
// missing directory is built in one of the judge's own (mkdtemp), the marker written
// last, and installed by one rename. An existing one that lacks something (a crash, a
// hand's rm, a host package installed since) is mended in place, never replaced or
// emptied: inits prepared for the next run have it mounted as their /etc. So a
// directory is complete whenever a run can see it, and mends itself at the next
// sandbox's creation.
#ifndef JUDGE_SRC_SANDBOX_STATE_DIR_H_
#define JUDGE_SRC_SANDBOX_STATE_DIR_H_

#include <string>

#include "judge/base/status.h"

namespace judge::sandbox {

// Slots when SandboxOptions::slots is 0.
inline constexpr int kDefaultSlots = 16;

// Created 0700 when missing; an existing one must be a real directory (not a
// symlink) owned by us, and is made 0700 again. Another local user who pre-created it
// (in a world-writable /tmp) is refused with one line.
Status MakePrivateStateDir(const std::string& dir);

// The runs' /etc as PrepareEtc found or made it.
struct PreparedEtc {
  std::string dir;  // <state_dir>/etc-<recipe hash>, complete
  // What was done, for `judge doctor`: "found complete", "made", or "mended (<what the
  // one found lacked>)".
  std::string how;
};

// Finds <state_dir>/etc-<hash> complete, or makes or mends it. state_dir must exist
// (MakePrivateStateDir). Thread-safe and safe across processes (see above); blocks while
// another judge prepares the same state directory's /etc.
Result<PreparedEtc> PrepareEtc(const std::string& state_dir, int first_uid, int slots);

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_STATE_DIR_H_
