// Copy-back: what a run wrote in its disk layer's upper directory (run_disk.h) applied
// to the host work directory, after the run, by the judge.
//
// Theory of operation. The judge writes the host's scratch (often a tmpfs shared by
// every judging of the host); the program only wrote its quota-bounded layer. So the
// judge must never write more than the run was charged for, whatever the program
// made its files look like:
//   - only what the caller needs comes back (CopyBackPlan::only: e.g. a file-I/O
//     problem's output file); the rest goes with the layer;
//   - a regular file is copied by its data extents (SEEK_DATA / SEEK_HOLE): a file
//     ftruncate'd to 64 MiB costs nothing on the host, as it cost nothing in the
//     layer; its holes stay holes;
//   - an inode is copied once: its other names become hard links to the first copy
//     (a 60 MiB file with 19 links is 60 MiB, not 1,200);
//   - all copies together stop at CopyBackPlan::cap_bytes (the layer's charged size):
//     the run is then the program's fault (OLE), the file being copied is removed.
// Everything is done through descriptors, one directory at a time, never following a
// link (the program is dead, but its names are what it made them): new and changed
// regular files copied (owner and permission bits as the program saw them, no setuid
// or setgid), links recreated, whiteouts removing the host entry, opaque or new
// directories replacing it; FIFOs, sockets and devices dropped.
//
// Not thread-safe; call once the run's processes are all gone.
#ifndef JUDGE_SRC_SANDBOX_COPY_BACK_H_
#define JUDGE_SRC_SANDBOX_COPY_BACK_H_

#include <cstdint>
#include <string>
#include <vector>

#include "judge/base/status.h"

namespace judge::sandbox {

// Files deeper than this below the work directory are not copied back.
inline constexpr int kCopyBackMaxDepth = 64;

struct CopyBackPlan {
  // Null: every entry the run wrote. Else only these names of the work directory's
  // top level (plain names: no '/', not "." or ".."), with what is below them.
  const std::vector<std::string>* only = nullptr;
  // Real bytes (data extents) all copied files may hold together; > 0.
  int64_t cap_bytes = 0;
};

struct CopyBackTally {
  int64_t dropped = 0;    // entries not kept: special files, too deep, links not made
  int64_t bytes = 0;      // data bytes written into the host directory
  bool over_cap = false;  // stopped at cap_bytes: what was left is not kept
};

// Applies the upper directory upper_fd to the host directory host_fd as above. Only
// the judge's own failures are errors; what is not kept is counted in *tally.
Status CopyBackTree(int upper_fd, int host_fd, const CopyBackPlan& plan, CopyBackTally* tally);

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_COPY_BACK_H_
