// The file system a sandboxed program sees, as a list of FsOps for the init
// process to execute (see init/child_setup.h), and the judge-prepared /etc it shows.
//
// Layout inside the run:
//   /usr, and /bin /sbin /lib* as on the host (symlinks, or read-only bind mounts)
//   /etc   read-only: a copy of the host's world-readable loader, alternatives and
//          runtime configuration, and generated passwd/group/hosts (no secrets)
//   /dev   null zero full random urandom, fd/std* links, a private writable /dev/shm
//   /proc  a new procfs for the run's pid namespace (hidepid=2)
//   /tmp   private and writable: /tmp and /dev/shm are directories of the run's root
//          tmpfs, each bind-mounted on itself writable (nosuid, nodev); a session's
//          init mounts a fresh tmpfs over each per run (init/child_setup.h). Their
//          pages are charged to the run's memory cgroup
//   <work_dir> the caller's work directory at its host path, writable: an overlay
//          whose writes go to the run's bounded disk layer (run_disk.h), or, without
//          one, a bind mount (a copy of the host's mount, attached after the pivot)
//   extra mounts from RunSpec::mounts (the same way)
// Everything else of the host, the judge's files included, does not exist inside.
//
// The runs' /etc. Its content follows from a recipe (the
// slots' uids and which of the listed host /etc entries exist); the recipe's hash names
// its directory, <state_dir>/etc-<hash>, and the recipe is the text of its completion
// marker. A judge checks the directory without a lock (the marker, the generated files
// and a copy of every listed host entry, recursively), and only when that fails takes
// <state_dir>/etc.lock and checks again (another judge may have just finished). A
// missing or incomplete one (a crash, a hand's rm, a host package installed later) is
// made or mended in place under that lock, the marker written last, never replaced or
// emptied: inits prepared for the next run have it mounted as their /etc. So a
// directory is complete whenever a run can see it, and mends itself at the next
// sandbox's creation.
#ifndef JUDGE_SRC_SANDBOX_RUN_FILESYSTEM_H_
#define JUDGE_SRC_SANDBOX_RUN_FILESYSTEM_H_

#include <deque>
#include <string>
#include <vector>

#include "init/child_setup.h"
#include "judge/base/status.h"
#include "judge/sandbox/sandbox.h"

namespace judge::sandbox {

// A top-level host entry shown inside (/usr, /bin -> usr/bin, ...).
struct SystemEntry {
  std::string name;            // "usr"
  std::string symlink_target;  // non-empty: recreate the symlink instead of mounting
};

// Host top-level entries to show: the dynamic loader, libraries and programs.
std::vector<SystemEntry> DetectSystemEntries();

// Checks a directory path used inside the run: absolute, normalized (no "." or ".."
// components, no "//"), not "/", and not inside a system entry or /proc, /dev (but
// below /dev/shm), /etc.
Status CheckInsidePath(const std::string& what, const std::string& path,
                       const std::vector<SystemEntry>& system);

// The run's paths, checked: the work directory as a canonical host path (also its
// path inside; it must not contain state_dir), the program as execve() takes it (a
// name without '/' looked up in the PATH of spec.env, else /usr/local/bin:/usr/bin:/bin),
// the mounts (at most kMaxMountFds - 1: the work directory is a host mount too) and
// the copy_back_only names (plain names). InvalidArgument or NotFound naming the field.
struct RunPaths {
  std::string work_dir;
  std::string program;
};
Result<RunPaths> CheckRunPaths(const RunSpec& spec, const std::vector<SystemEntry>& system,
                               const std::string& state_dir);

// What a run's file system is made of. Borrowed for the call.
struct FsPlanInput {
  std::string root_dir;  // a host directory the init mounts the root tmpfs on
  const std::vector<SystemEntry>* system = nullptr;
  std::string etc_dir;   // PrepareEtc's (below)
  std::string work_dir;  // host path, also its path inside
  std::string work_overlay;  // the overlay's mount options (RunDisk); empty: bind mount
  const std::vector<SandboxMount>* mounts = nullptr;
  int64_t tmpfs_bytes = 0;  // size of the root tmpfs, which holds /tmp and /dev/shm
};

// The ops building the run's file system: ops[0, base_count) build the root from
// what every run of the slot shares and pivot into it (ChildPlan::fs_base_count: the
// keeper may run them ahead of the run); the rest attach the run's host directories
// (kHost*, paths inside) and make the root read-only. Strings live in *storage (a
// deque: stable addresses).
struct FsOpList {
  std::vector<FsOp> ops;
  int base_count = 0;
};
FsOpList BuildFsOps(const FsPlanInput& in, std::deque<std::string>* storage);

// The runs' /etc as PrepareEtc found or made it.
struct PreparedEtc {
  std::string dir;  // <state_dir>/etc-<recipe hash>, complete
  // What was done, for `judge doctor`: "found complete", "made", or "mended (<what the
  // one found lacked>)".
  std::string how;
};

// Finds <state_dir>/etc-<hash> complete, or makes or mends it. state_dir must exist
// (MakePrivateStateDir, run_slot.h). Thread-safe and safe across processes (see
// above); blocks while another judge prepares the same state directory's /etc.
Result<PreparedEtc> PrepareEtc(const std::string& state_dir, int first_uid, int slots);


}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_RUN_FILESYSTEM_H_
