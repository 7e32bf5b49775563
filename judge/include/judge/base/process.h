// Trusted processes: programs of the judge's own host, run without a sandbox — a
// toolchain's version command, and in the tests the judge executable, a server, the
// PostgreSQL tools. A submission or a package's program never runs through here: it
// goes to the sandbox (judge/sandbox/sandbox.h), which keeps its own clone path for reasons
// its header gives.
//
// Theory of operation. Boost.Process (v2) starts the child (judge/src/base/process.cc,
// the one file that uses it): the child gets exactly the descriptors asked for here
// (stdin, stdout, stderr; every other descriptor is closed in the child), the caller's
// environment with the changes the spec names, and the caller's own environment is
// never changed (no setenv() around a run). The child's exit status is
// read from its native status: an exit code, or 128 + the signal that killed it.
//
// Thread safety: every function and every ChildProcess may be used from any thread;
// one ChildProcess from one thread at a time.
#ifndef JUDGE_BASE_PROCESS_H_
#define JUDGE_BASE_PROCESS_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "judge/base/status.h"

namespace judge {

struct ProcessSpec {
  // argv[0]: a path with a '/', or a name looked up in the caller's PATH.
  std::vector<std::string> argv;
  // Set in the child's environment, replacing the caller's value of the same name;
  // the rest of the caller's environment is inherited, less unset_env.
  std::vector<std::pair<std::string, std::string>> env;
  std::vector<std::string> unset_env;
  std::string stdin_path;  // the child's stdin; empty: /dev/null
  std::string work_dir;    // empty: the caller's working directory
};

struct ProcessResult {
  int exit_code = -1;      // the exit status, or 128 + signal when a signal ended it
  bool timed_out = false;  // killed (SIGKILL) at the time limit
  std::string out;         // stdout, at most max_output_bytes (the rest is dropped)
  std::string err;         // stderr, likewise
};

// Runs the program to its end, capturing stdout and stderr apart. With timeout_ms > 0
// the program is killed with SIGKILL after that long (timed_out). Output that a
// descendant keeps writing after the program exited is not waited for.
// Errors: NotFound when argv[0] is not found, InvalidArgument for an empty argv,
// IoError when it cannot be started (the message names the program).
Result<ProcessResult> RunProcess(const ProcessSpec& spec, int64_t timeout_ms = 0,
                                 std::size_t max_output_bytes = std::size_t{64} << 20);

// A started program whose stdout and stderr share one pipe that the caller reads
// (a server's log lines). Owns the child: destroying a ChildProcess kills (SIGKILL)
// and reaps a child still running. Not copyable, not movable (hold it by pointer).
class ChildProcess {
 public:
  // Errors as RunProcess.
  static Result<std::unique_ptr<ChildProcess>> Start(const ProcessSpec& spec);
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  int pid() const;
  // The read end of the child's stdout and stderr; owned by this object, valid
  // until it is destroyed or CloseOutput() (then -1). Poll it to read without blocking.
  int output_fd() const;
  // Closes the read end: the child's next write to stdout or stderr gets SIGPIPE
  // (a reader that went away, as `judge ... | head -2` does).
  void CloseOutput();
  // Sends a signal while the child has not been reaped (after Wait(), nothing).
  void Signal(int signal_number);
  // Waits for the end; the exit code, or 128 + signal. Later calls return the same.
  int Wait();
  // After Wait(): the signal that ended the child, 0 when it exited (an exit code of
  // 128 + n that the child chose itself is not a signal).
  int term_signal() const;

 private:
  struct Impl;
  explicit ChildProcess(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace judge

#endif  // JUDGE_BASE_PROCESS_H_
