// The standard streams of one run, opened by the judge, not by the program: stdin from
// a file (or /dev/null), stdout and stderr into files created fresh without following
// links (or, when discarded, the slot's scratch file, still counted).
//
// A RunStreams owns what it opened and, when it goes (on every path: RAII), puts back
// at its path any output file the program replaced during the run (a symlink to the
// answers, a FIFO to hang the reader): the bytes written on the judge's descriptor
// become a fresh regular file there. Not thread-safe: one run.
#ifndef JUDGE_SRC_SANDBOX_RUN_STREAMS_H_
#define JUDGE_SRC_SANDBOX_RUN_STREAMS_H_

#include <sys/types.h>

#include <cstdint>
#include <string>

#include "judge/base/unique_fd.h"
#include "judge/sandbox.h"
#include "judge/status.h"

namespace judge::sandbox {

class RunStreams {
 public:
  // Opens the streams of spec. *discard_fd is the slot's scratch output file, created
  // in state_dir on first need and emptied here (it outlives the run). Output files
  // are handed to uid/gid (the program may reopen /dev/stdout by name). Every fd is
  // >= 3 (fds 0-2 of the child are built from these).
  static Result<RunStreams> Open(const RunSpec& spec, const std::string& state_dir, int* discard_fd, uid_t uid,
                                 gid_t gid);
  RunStreams(RunStreams&&) = default;
  RunStreams& operator=(RunStreams&&) = default;
  ~RunStreams();

  int in_fd() const { return in_.get(); }
  int out_fd() const { return out_fd_; }
  int err_fd() const { return err_fd_; }
  // Bytes written to stdout and stderr so far (one count when they share a file).
  int64_t OutputBytes() const;

 private:
  RunStreams() = default;
  UniqueFd in_, out_, err_;   // what this object opened
  int out_fd_ = -1, err_fd_ = -1;  // what the program gets (may be the discard file)
  std::string stdout_path_, stderr_path_;  // to restore; empty when discarded
};

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_RUN_STREAMS_H_
