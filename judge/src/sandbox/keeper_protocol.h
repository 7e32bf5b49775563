// Every message between the judge J, a slot's keeper K (keeper/keeper_main.cc), the
// run's init I and I's launcher thread L (init/child_setup.h): the sandbox's whole
// protocol, in one table. Other files point here.
//
// Channels.
//   conn    J <-> K, then I: a SOCK_SEQPACKET connection to K's listening socket
//           <state_dir>/slot<k>.keeper-<id> (root only; one send is one receive,
//           whole; descriptors beside the bytes, SCM_RIGHTS). K hands it to I with
//           each run, and I answers J on it itself.
//   link    K <-> I: a SOCK_SEQPACKET pair made when K clones I.
//   futex   I <-> L: one word in the memory they share (init/child_setup.h, the launcher).
//   start   J posix_spawns K (run_slot.cc, SpawnKeeper) with the listening socket as
//           descriptor 3 ("3 --detach"); K's first process exits 0 once the filter is
//           compiled and K has detached, kKeeperExitNoFilter when it cannot compile it.
//
//   message        on    from->to  when                       carries (descriptors)                   answered by
//   KeeperHello    conn  J -> K    first on a connection      version, has_judge_pidfd, the keeper    KeeperWelcome
//                                                             binary J expects (device, inode,
//                                                             mtime) (J's pidfd when
//                                                             has_judge_pidfd)
//   KeeperWelcome  conn  K -> J    to a hello whose           version, K's pid and binary; when     -
//                                  descriptors match          they are not the hello's, K drops
//                                  has_judge_pidfd (else K    the connection, run and all (none)
//                                  drops it unanswered); J
//                                  reads it before the first
//                                  run's answer
//   run            conn  J -> K    per run, the first right   KeeperRunHeader (namespaces, uid, gid,  KeeperStarted,
//                                  behind the hello, the      counts, session, nice),                 then (ok 1)
//                                  next after KeeperEnded     op_count PackedFsOp (the first          KeeperEnded
//                                                             base_op_count the init's base),
//                                                             rlimit_count RlimitValue, the strings
//                                                             (below) (stdin, stdout, stderr,
//                                                             procs_count cgroup files)
//   ready          link  I -> K    once, I prepared           the byte 1 (none); I exits instead      -
//                                  (PrepareInit)              when it fails (its ChildReport says why)
//   GoMessage      link  K -> I    the run handed over        plan (in InitShared), init_pid,         KeeperEnded
//                                                             has_judge_pidfd, procs_count,           copy; for a
//                                                             mount_count, keep (conn, stdin,         session's I
//                                                             stdout, stderr, J's pidfd when          then
//                                                             has_judge_pidfd, cgroup files, the      kRunDetached
//                                                             detached mounts)
//   started        futex L -> I    once, L's filter installed kIdle                                   -
//                        kernel->I L ended (CLONE_CHILD_     kGone (0); L's setup_err and
//                                  CLEARTID)                  setup_what say why, if it failed
//   job            futex I -> L    per run: clone P           fn, stack, flags, arg (kJob)            kIdle: pid,
//                                                                                                     pidfd, errno
//   KeeperStarted  conn  I -> J    P has exec'd (or died)     ok 1, I's pid, start_ns (P's pidfd)     -
//                        K -> J    K failed (a host mount,    ok 0, error (errno), what (none)
//                                  no init took the run)
//                        K -> J    I ended before it sent it  ok 1, I's pid, now (I's pidfd); the
//                                                             KeeperEnded's report says why
//   KeeperEnded    conn  I -> J    every process of the run   P's wait status, the run's rusage,      -
//                                  is gone (a session's run:  reaped_ns, the run's ChildReport (none)
//                                  its /tmp and /dev/shm
//                                  detached too)
//                  link  I -> K    right after                the same (none)
//                  conn  K -> J    I ended before it sent it  I's wait status and rusage, now, the
//                                                             ChildReport I left (why it ended)
//   kRunDetached   link  I -> K    a session's run's mounts   the byte kRunDetached (none); I exits   -
//                                  detached (after its        instead when it fails
//                                  KeeperEnded)
//
// Order and ownership. A connection carries one run at a time. K closes its copies of
// a run's stdin, stdout and stderr once I has them. K hands a session's I its next
// run only after kRunDetached (an I that ends instead is replaced). A connection that
// closes during a run ends the run (K kills I); K closing the link ends a waiting I.
// I is a copy of K (cloned without CLONE_VM) and shares with it one mapping,
// InitShared (init/child_setup.h): GoMessage::plan points into its arena, where K
// unpacked the run message and keeps it until the run's mounts are detached; I writes
// how the run went in its ChildReport, which K zeroes before each run, and notes which
// answers it has sent (LastInitAnswer), so that K sends J the rest, the report with
// it, when I ends early. I and L share I's memory (L is a thread of I).
//
// The plan holds pointers (strings, tables); the run message holds a header, the
// fixed-size records, then every string in a fixed order (the program, cwd, hostname,
// scratch_options, argv, envp, each op's a, b, fstype and data), each as 'n' (null)
// or 's' and its bytes up to a NUL. PackPlan (J) writes it, UnpackPlan (K) rebuilds a ChildPlan whose
// pointers point into the received buffer, which must outlive it. The layout is private
// to one build: the hello and the welcome name the keeper binary and
// kKeeperProtocolVersion, so a judge never talks to a keeper of another build.
#ifndef JUDGE_SRC_SANDBOX_KEEPER_PROTOCOL_H_
#define JUDGE_SRC_SANDBOX_KEEPER_PROTOCOL_H_

#include <sys/resource.h>

#include <cstdint>
#include <memory_resource>
#include <string>
#include <string_view>
#include <vector>

#include "init/child_setup.h"

namespace judge::sandbox {

inline constexpr uint32_t kKeeperProtocolVersion = 10;
inline constexpr std::size_t kMaxKeeperMessage = 256 * 1024;
inline constexpr uint32_t kMaxRunOps = 4096, kMaxRunRlimits = 64;  // in one run message
// The keeper's exit status when it cannot compile the seccomp filter at its start.
inline constexpr int kKeeperExitNoFilter = 4;

enum class KeeperOp : uint32_t { kHello = 1, kRun = 2 };

// The messages of the table above, in its order. The seccomp filter is in none: the
// keeper compiles it once at its start, so it belongs to the keeper's binary.
// A keeper binary as a hello expects it and a welcome names it.
struct KeeperBinary {
  uint64_t dev = 0;
  uint64_t ino = 0;
  int64_t mtime_ns = 0;
  bool operator==(const KeeperBinary&) const = default;
};
// The binary at path; all zero (ino 0) when it cannot be stat'ed.
KeeperBinary BinaryAt(const char* path);

struct KeeperHello {
  uint32_t op = static_cast<uint32_t>(KeeperOp::kHello);
  uint32_t version = kKeeperProtocolVersion;
  int32_t has_judge_pidfd = 0;
  int32_t padding = 0;  // zero: aligns what follows
  KeeperBinary binary;
};

struct KeeperWelcome {
  uint32_t version = kKeeperProtocolVersion;
  int32_t pid = 0;
  KeeperBinary binary;
};

struct KeeperRunHeader {
  uint32_t op = static_cast<uint32_t>(KeeperOp::kRun);
  uint32_t op_count = 0;
  uint32_t rlimit_count = 0;
  uint32_t procs_count = 0;
  uint64_t unshare_flags = 0;
  uint32_t uid = 0;
  uint32_t gid = 0;
  uint32_t argv_count = 0;
  uint32_t env_count = 0;
  uint32_t base_op_count = 0;  // ChildPlan::fs_base_count
  int32_t nice = 0;            // ChildPlan::nice
  uint64_t session = 0;        // PackPlan's session
};

struct PackedFsOp {  // an FsOp without its strings
  int32_t kind = 0;
  int32_t optional = 0;
  uint64_t flags = 0;
  uint32_t mode = 0;
  uint64_t dev = 0;
};

// K's and I's own message on the link: one run.
struct GoMessage {
  const ChildPlan* plan = nullptr;  // in InitShared's arena, alive until the run's mounts are detached
  int32_t init_pid = 0;             // I's pid as the judge sees it (KeeperStarted)
  int32_t has_judge_pidfd = 0;
  int32_t procs_count = 0;
  int32_t mount_count = 0;
  int32_t keep = 0;  // a session's run: I stays for the session's next run
};

struct KeeperStarted {
  int32_t ok = 0;
  int32_t error = 0;       // errno of the keeper's own failure (clone, pipe)
  char what[120] = {};     // what failed
  int32_t init_pid = 0;
  int64_t start_ns = 0;    // CLOCK_MONOTONIC when the program had exec'd
};

struct KeeperEnded {
  int32_t status = 0;      // the program's wait status (the init's, from the keeper)
  struct rusage usage = {};  // of every process of the run
  int64_t reaped_ns = 0;
  ChildReport report = {};
};

// Flattens a plan (judge side): what the keeper needs of it (the namespaces, uid and
// gid, the file system's ops, rlimits, program, argv, envp, cwd, hostname, scratch
// options, nice; not its descriptors, which go beside the message) and `session`: 0 for
// a run on its own (its init ends with it), else the id of the judge's session
// (SandboxSession) the run belongs to, whose init the keeper keeps for the session's
// next run and never hands to a run with another id. A plan too large
// (kMaxKeeperMessage) is the caller's to report.
std::string PackPlan(const ChildPlan& plan, uint64_t session);

// What an init prepared ahead (PrepareInit) was built from: the namespaces, the
// hostname and the base ops, strings included. Two plans with the same key may share
// one prepared init.
std::string BaseKey(const ChildPlan& plan);

// Rebuilds a plan from a received message (keeper side): false when the message is
// malformed (a base that does not end with the pivot or names a run's directory
// included). Pointers in *plan, *ops, *argv and *envp point into `message`; the tables
// are allocated from `memory` (the keeper's: InitShared's arena, which the message
// must be in too, so that I reads the plan where the keeper left it).
struct UnpackedPlan {
  explicit UnpackedPlan(std::pmr::memory_resource* memory = std::pmr::get_default_resource())
      : ops(memory), rlimits(memory), argv(memory), envp(memory) {}
  ChildPlan plan;
  std::pmr::vector<FsOp> ops;
  std::pmr::vector<RlimitValue> rlimits;
  std::pmr::vector<const char*> argv, envp;
  const char* program = nullptr;
  uint32_t procs_count = 0;  // cgroup files expected after stdin, stdout, stderr
  uint64_t session = 0;      // PackPlan's session
};
bool UnpackPlan(std::string_view message, UnpackedPlan* out);

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_KEEPER_PROTOCOL_H_
