// Every message between the judge J, a slot's keeper K (keeper_main.cc), the run's
// init I (keeper_init.h, child_setup.h) and I's launcher thread L (launcher.h): the
// sandbox's whole protocol, in one table. Other files point here.
//
// Channels.
//   conn    J <-> K, then I: a SOCK_SEQPACKET connection to K's listening socket
//           <state_dir>/slot<k>.keeper-<id> (root only; one send is one receive,
//           whole; descriptors beside the bytes, SCM_RIGHTS). K hands it to I with
//           each run, and I answers J on it itself.
//   link    K <-> I: a SOCK_SEQPACKET pair made when K clones I.
//   report  I -> J: the slot's ChildReport page (child_setup.h), a memfd J makes and
//           maps, K maps (hello) and I shares (K's memory): written by I, read by J
//           once the run's end has come.
//   futex   I <-> L: one word in the memory they share (launcher.h): a clone to make.
//
//   message         on      from -> to  when                     carries (descriptors)                  answered by
//   KeeperHello     conn    J -> K      first on a connection    the binary J expects, version          KeeperWelcome
//                                                                (report memfd, J's pidfd if any)
//   KeeperWelcome   conn    K -> J      to a hello; J reads it   K's pid, binary, version; when it      -
//                                       before the first run's   names another binary or version, K
//                                       answer                   drops the connection (run and all)
//   run: KeeperRunHeader, conn  J -> K  per run (the first       the plan: header, PackedFsOps,         KeeperStarted,
//     PackedFsOp[],                     right behind the hello)  RlimitValues, strings (stdin, stdout,  KeeperEnded
//     RlimitValue[], strings                                     stderr, procs_count cgroup files)
//   ready byte      link    I -> K      once, I prepared         1                                      -
//   GoMessage       link    K -> I      the run handed over      keep (a session's), counts (conn,      KeeperEnded
//                                                                stdin, stdout, stderr, J's pidfd if    copy on link;
//                                                                any, cgroup files, detached mounts)    a session's I
//                                                                                                       then the byte
//   job             futex   I -> L      per run: clone P         fn, stack, flags, arg                  idle: P's pid,
//                                                                                                       pidfd, or errno
//   KeeperStarted   conn    I -> J      P has exec'd (or died)   ok, I's pid, start time (P's pidfd)    -
//                           K -> J      K failed (ok 0: errno,   what failed (none)
//                                       what) or I ended before
//                                       starting P (ok 1, I's
//                                       pidfd; the report says
//                                       why)
//   KeeperEnded     conn    I -> J      every process of the run P's wait status, the run's rusage,   -
//                                       is gone                  when (none)
//                   link    I -> K      right after, a copy      the same (none)
//                   conn    K -> J      I ended before it sent   I's status and rusage (none)
//                                       its own
//   kRunDetached    link    I -> K      a session's run's        1 (child_setup.h)                      -
//                                       mounts detached
//
// Order and ownership. A connection carries one run at a time; J sends the next run
// only after KeeperEnded. K closes its copies of a run's stdin, stdout and stderr once
// I has them. K waits for kRunDetached before it hands a session's I its next run (or
// discards I if it ends instead). A connection that closes during a run ends the run
// (K kills I). I and L are in K's memory (CLONE_VM): GoMessage::plan points into K's
// copy of the run message, kept until the run's mounts are detached.
//
// The plan holds pointers (strings, tables); a message holds a header, fixed-size
// records and one string table, every pointer replaced by an offset into that table
// (kNoString for null). PackPlan (judge side) writes it, UnpackPlan (keeper side)
// rebuilds a ChildPlan whose pointers point into the received buffer, which must
// outlive it. The layout is private to one build: the hello and the welcome name the
// keeper binary (device, inode, modification time) and kKeeperProtocolVersion, so a
// judge never talks to a keeper of another build.
#ifndef JUDGE_SRC_SANDBOX_KEEPER_PROTOCOL_H_
#define JUDGE_SRC_SANDBOX_KEEPER_PROTOCOL_H_

#include <sys/resource.h>
#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

#include "child_setup.h"

namespace judge::sandbox {

inline constexpr uint32_t kKeeperProtocolVersion = 8;
inline constexpr uint32_t kNoString = 0xffffffffu;
inline constexpr std::size_t kMaxKeeperMessage = 256 * 1024;
inline constexpr int kMaxRunFds = 3 + 8;  // stdin, stdout, stderr, cgroup files
// The keeper's exit status when it cannot compile the seccomp filter at its start.
inline constexpr int kKeeperExitNoFilter = 4;

enum class KeeperOp : uint32_t { kHello = 1, kRun = 2 };

// Judge -> keeper, once per connection (the table above). Descriptors: the report
// page's memfd, the judge's pidfd (or none). The seccomp filter is not among them: the
// keeper compiles it once at its start, so it belongs to the keeper's binary. A keeper
// that is not the binary the hello names refuses it, so the judge may send its first
// run right behind the hello.
struct KeeperHello {
  uint32_t op = static_cast<uint32_t>(KeeperOp::kHello);
  uint32_t version = kKeeperProtocolVersion;
  int32_t has_judge_pidfd = 0;
  int32_t reserved = 0;
  uint64_t exe_dev = 0;
  uint64_t exe_ino = 0;
  int64_t exe_mtime_ns = 0;
};

// Keeper -> judge, the answer to a hello: who it is.
struct KeeperWelcome {
  uint32_t version = kKeeperProtocolVersion;
  int32_t pid = 0;
  uint64_t exe_dev = 0;
  uint64_t exe_ino = 0;
  int64_t exe_mtime_ns = 0;
};

// Judge -> keeper, per run. Followed by op_count PackedFsOp, rlimit_count RlimitValue,
// then the string table. Descriptors: stdin, stdout, stderr, then procs_count files.
struct KeeperRunHeader {
  uint32_t op = static_cast<uint32_t>(KeeperOp::kRun);
  uint32_t op_count = 0;
  uint32_t rlimit_count = 0;
  uint32_t procs_count = 0;
  uint64_t unshare_flags = 0;
  uint32_t uid = 0;
  uint32_t gid = 0;
  uint32_t program = kNoString;  // the path execve() takes
  uint32_t argv_count = 0;       // strings, in order, from argv_first
  uint32_t argv_first = kNoString;
  uint32_t env_count = 0;
  uint32_t env_first = kNoString;
  uint32_t cwd = kNoString;
  uint32_t hostname = kNoString;
  uint32_t strings_bytes = 0;
  uint32_t base_op_count = 0;  // ChildPlan::fs_base_count
  uint64_t session = 0;        // RunPlanText::session
  int64_t scratch_bytes = 0;   // ChildPlan::scratch_bytes
  int32_t nice = 0;            // ChildPlan::nice
};

struct PackedFsOp {
  int32_t kind = 0;
  int32_t optional = 0;
  uint32_t a = kNoString, b = kNoString, fstype = kNoString, data = kNoString;
  uint64_t flags = 0;
  uint32_t mode = 0;
  uint64_t dev = 0;
};

// Init (or keeper) -> judge, once the program has exec'd or failed to (the table
// above): the init's pid, with the program's pidfd beside it when ok (the init's when
// the keeper answers for an init that ended first).
struct KeeperStarted {
  int32_t ok = 0;
  int32_t error = 0;       // errno of the keeper's own failure (clone, pipe)
  char what[120] = {};     // what failed
  int32_t init_pid = 0;
  int64_t start_ns = 0;    // CLOCK_MONOTONIC when the program had exec'd
};

// Init -> judge (and a copy to the keeper), once every process of the run is gone; or
// keeper -> judge for an init that ended first (the table above).
struct KeeperEnded {
  int32_t status = 0;      // the program's wait status (the init's, from the keeper)
  struct rusage usage = {};  // of every process of the run
  int64_t reaped_ns = 0;
};

// A ChildPlan with the strings the keeper needs beside it. Pointers in `plan` and
// `ops` point into `strings`.
struct RunPlanText {
  const ChildPlan* plan = nullptr;
  const char* program = nullptr;
  const char* const* argv = nullptr;  // null-terminated
  const char* const* envp = nullptr;  // null-terminated
  // 0: a run on its own (its init ends with it). Else the id of the judge's session
  // (SandboxSession) the run belongs to: the keeper keeps the run's init for the
  // session's next run and never hands it to a run with another id.
  uint64_t session = 0;
};

// Flattens a plan (judge side). InvalidArgument-free: a too large plan is reported by
// the caller when the size exceeds kMaxKeeperMessage.
std::string PackPlan(const RunPlanText& in);

// What an init prepared ahead (PrepareInit) was built from: the namespaces, the
// hostname and the base ops, strings included. Two plans with the same key may share
// one prepared init.
std::string BaseKey(const ChildPlan& plan);

// Rebuilds a plan from a received message (keeper side): false when the message is
// malformed (a base that does not end with the pivot or names a run's directory
// included). Pointers in *plan, *ops, *argv and *envp point into `message`.
struct UnpackedPlan {
  ChildPlan plan;
  std::vector<FsOp> ops;
  std::vector<RlimitValue> rlimits;
  std::vector<const char*> argv, envp;
  const char* program = nullptr;
  uint32_t procs_count = 0;  // cgroup files expected after stdin, stdout, stderr
  uint64_t session = 0;      // RunPlanText::session
};
bool UnpackPlan(const std::string& message, UnpackedPlan* out);

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_KEEPER_PROTOCOL_H_
