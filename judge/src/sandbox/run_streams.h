// The standard streams of one run, opened by the judge, never by the program.
//
// Theory of operation.
//  - stdin: the input's bytes are copied into a sealed memfd named "stdin" (or
//    /dev/null): /proc/self/fd/0 inside shows "/memfd:stdin", never a test's or a
//    package's path, and nobody can write to it (F_SEAL_WRITE), whoever owns it.
//  - stdin and stdout may instead be descriptors the caller lends (RunSpec::stdin_fd,
//    stdout_fd: an interactor's pipes), duplicated here and closed after the spawn.
//  - stdout and stderr are pipes (one when both go to the same place). The judge
//    drains them while the run goes (the monitor polls their read ends) into the
//    output files, which it opened before the run: the bytes are written by the judge,
//    so their page cache is charged to the judge, not to the run's memory; the files
//    are never the program's to write; and /proc/self/fd/1 shows "pipe:[...]".
//  - Output files are opened fd-relative: the parent directory first (no symlink in
//    any component: OpenBeneath from "/" or the current directory), then the file
//    created or emptied in it (O_TRUNC, O_NOFOLLOW, regular files only). The parent's descriptor is
//    kept: when the streams go (RAII, every path), if the program moved, replaced or
//    removed the output's name, the judge puts its bytes back at that name in that
//    same directory with *at() calls. Nothing is ever resolved again by path after the
//    program ran, so a swapped symlink leads nowhere.
// At most output_limit_bytes + 1 bytes are kept; the rest is read, counted and
// dropped. Not thread-safe: one run.
#ifndef JUDGE_SRC_SANDBOX_RUN_STREAMS_H_
#define JUDGE_SRC_SANDBOX_RUN_STREAMS_H_

#include <sys/types.h>

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "cgroup.h"
#include "init/child_setup.h"
#include "judge/base/status.h"
#include "judge/base/unique_fd.h"
#include "judge/sandbox/sandbox.h"

namespace judge::sandbox {

class RunStreams {
 public:
  // Opens the streams of spec; output_limit_bytes bounds what is kept. The pipes'
  // write ends are handed to uid/gid (the program may reopen /dev/stdout by name).
  // Every descriptor is close-on-exec and >= 3 (fds 0-2 of the child are built from
  // these).
  static Result<RunStreams> Open(const RunSpec& spec, int64_t output_limit_bytes, uid_t uid, gid_t gid);
  RunStreams(RunStreams&&) = default;
  RunStreams& operator=(RunStreams&&) = default;
  ~RunStreams();

  // What the child gets as fds 0, 1 and 2.
  int in_fd() const { return in_.get(); }
  int out_fd() const { return out_.write_end.get(); }
  int err_fd() const { return err_.write_end.get() >= 0 ? err_.write_end.get() : out_.write_end.get(); }

  // Closes the judge's copies of the child's ends (after the spawn).
  void CloseChildEnds();
  // The read ends still open, to poll.
  std::vector<int> PollFds() const;
  // Moves what the pipes hold to the outputs without blocking. Returns an error only
  // when the judge cannot write its own output file.
  Status Drain();
  // Bytes the program wrote to stdout and stderr so far (drained).
  int64_t OutputBytes() const { return out_.bytes + err_.bytes; }

 private:
  struct Pipe {
    UniqueFd read_end, write_end;
    UniqueFd file;        // where the bytes go; -1: discarded
    UniqueFd parent_dir;  // the file's directory, opened before the run
    std::string dir;      // parent_dir's path, as given
    std::string name;     // the file's name in parent_dir
    std::string path;     // for messages
    int64_t bytes = 0;    // drained so far
    Status Drain(int64_t* kept_budget);
    void Restore();
  };
  RunStreams() = default;
  // sibling: a pipe opened before, whose directory is shared when the path names the
  // same one.
  static Status OpenPipe(const std::string& path, uid_t uid, gid_t gid, const Pipe* sibling, Pipe* pipe);

  UniqueFd in_;
  Pipe out_, err_;   // err_ has no pipe when stderr shares stdout's
  int64_t kept_budget_ = 0;  // bytes still to be kept in the files
};


// Watching a run while it runs: the one loop that decides whether and why the judge
// stops a program early.
//
// Theory of operation. The monitor polls the program's pidfd (the run's init sends it
// with its KeeperStarted answer: keeper_protocol.h), and the output pipes, with a
// timeout; output is drained as soon as it arrives. On every tick it reads the CPU
// counter (the cgroup's, or /proc polling without one), the wall clock, the bytes
// drained from stdout and stderr, without a cgroup the polled memory, and the
// cancellation flag; the first limit crossed is the kill reason.
// A fork refused at the process limit is not a reason: the program got EAGAIN and goes
// on. Ticks are frequent near the CPU limit (all cores may burn it), at most 20 ms.
// The monitor only decides; killing and reaping are the caller's.
//
// ProcTreePoller: measuring a run without cgroups: every poll scans /proc for the processes of the
// run's pid namespace and sums their CPU time (including reaped children's) and
// resident memory. Approximate by nature (a process that lives between two polls is
// only seen through its parent's cumulative times; memory peaks between polls are
// missed), which is why results measured this way say so.
class ProcTreePoller {
 public:
  // pid_ns_inode: st_ino of /proc/<init>/ns/pid.
  explicit ProcTreePoller(ino_t pid_ns_inode);
  struct Sample {
    int64_t cpu_ms = 0;
    int64_t rss_kib = 0;
    int processes = 0;
    // Private writable memory mapped (VmData + stack, /proc/<pid>/statm), summed;
    // read only when Poll(true).
    int64_t data_kib = 0;
  };
  Sample Poll(bool with_data = false) const;

 private:
  ino_t ns_;
  int64_t ticks_per_s_;
  int64_t page_kib_;
};

struct MonitorInput {
  RunCgroup* cgroup = nullptr;   // null: no cgroup, poll /proc
  CgroupUsage base;              // the cgroup's counters before the run
  pid_t init = 0;
  int pidfd = -1;                // the program's; -1: sleep ticks instead of polling
  int64_t start_ns = 0;          // CLOCK_MONOTONIC at spawn
  int64_t cpu_limit_ms = 0;
  int64_t wall_limit_ms = 0;
  int64_t memory_limit_kib = 0;  // enforced here only without a cgroup
  int64_t output_limit_bytes = 0;
  // The run's output: its pipes' read ends still open are polled with the program's
  // pidfd and drained when they are readable (the program blocks on a full pipe).
  RunStreams* streams = nullptr;
  unsigned cpus = 1;
  const std::atomic<bool>* cancel = nullptr;
  // SandboxLimits::reserved_memory_counts: at a time-limit stop, the run's private
  // writable memory is read (before the kill) into data_kib_at_stop.
  bool reserved_memory_counts = false;
};

struct MonitorResult {
  KillReason kill = KillReason::kNone;
  bool cancelled = false;        // the cancel flag was seen: kill, then report kCancelled
  int64_t stop_ns = 0;           // when the kill was decided (0: the program exited)
  Status error;                  // polling failed: kill, then report it
  CgroupUsage usage;             // the cgroup's last counters seen
  int64_t polled_cpu_ms = 0;     // without a cgroup
  int64_t polled_memory_peak_kib = 0;
  int64_t data_kib_at_stop = 0;  // see MonitorInput::reserved_memory_counts; else 0

  bool must_kill() const { return kill != KillReason::kNone || cancelled || !error.ok(); }
};

// Watches until the program exits or the run must be stopped.
MonitorResult WatchRun(const MonitorInput& in);

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_RUN_STREAMS_H_
