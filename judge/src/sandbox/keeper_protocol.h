// What the judge and a slot's keeper (keeper_main.cc) say to each other: the run plan
// of child_setup.h, flattened into one message, and the keeper's two answers.
//
// Theory of operation. The plan holds pointers (strings, tables); a message holds a
// header, fixed-size records and one string table, every pointer replaced by an
// offset into that table (kNoString for null). PackPlan (judge side) writes it,
// UnpackPlan (keeper side) rebuilds a ChildPlan whose pointers point into the
// received buffer, which must outlive it. Descriptors travel beside the bytes
// (SCM_RIGHTS): a run's stdin, stdout, stderr, then its cgroup files. Messages go
// over a SOCK_SEQPACKET pair, so one send is one receive, whole.
//
// The layout is private to one build. A keeper outlives the judge process that started
// it (later judges connect to it), so the welcome names the keeper's binary (device,
// inode, modification time) and version: a judge whose keeper binary is another file
// replaces that keeper.
#ifndef JUDGE_SRC_SANDBOX_KEEPER_PROTOCOL_H_
#define JUDGE_SRC_SANDBOX_KEEPER_PROTOCOL_H_

#include <sys/resource.h>
#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

#include "child_setup.h"

namespace judge::sandbox {

inline constexpr uint32_t kKeeperProtocolVersion = 7;
inline constexpr uint32_t kNoString = 0xffffffffu;
inline constexpr std::size_t kMaxKeeperMessage = 256 * 1024;
inline constexpr int kMaxRunFds = 3 + 8;  // stdin, stdout, stderr, cgroup files
// The keeper's exit status when it cannot compile the seccomp filter at its start.
inline constexpr int kKeeperExitNoFilter = 4;

enum class KeeperOp : uint32_t { kHello = 1, kRun = 2 };

// Judge -> keeper, once: the slot's fixed parts. Descriptors: the report page's memfd,
// the slot's network namespace (or none), the judge's pidfd (or none). The seccomp
// filter is not among them: the keeper compiles it once at its start (since version
// 3), so it belongs to the keeper's binary, which the welcome names. The hello names
// the binary the judge expects (since version 6): a keeper that is another refuses
// it, so the judge may send its first run right behind the hello.
struct KeeperHello {
  uint32_t op = static_cast<uint32_t>(KeeperOp::kHello);
  uint32_t version = kKeeperProtocolVersion;
  int32_t has_netns = 0;
  int32_t has_judge_pidfd = 0;
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
  uint64_t session = 0;        // RunPlanText::session (since version 5)
  int64_t scratch_bytes = 0;   // ChildPlan::scratch_bytes
  int32_t work_unchanged = 0;  // ChildPlan::work_unchanged (since version 7)
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

// Keeper -> judge, once the program has exec'd (or failed to): the init's pid, with
// its pidfd beside it when ok.
struct KeeperStarted {
  int32_t ok = 0;
  int32_t error = 0;       // errno of the keeper's own failure (clone, pipe)
  char what[120] = {};     // what failed
  int32_t init_pid = 0;
  int64_t start_ns = 0;    // CLOCK_MONOTONIC when the program had exec'd
};

// Keeper -> judge, when the init has been reaped.
struct KeeperEnded {
  int32_t status = 0;      // the init's wait status
  struct rusage usage = {};  // of the init and every process it reaped
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
