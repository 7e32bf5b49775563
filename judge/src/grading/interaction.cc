// An interactive test's two runs at once (see interaction.h).
#include "interaction.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <memory>
#include <thread>

#include "judge/base/clock.h"
#include "judge/base/errors.h"
#include "judge/base/unique_fd.h"

namespace judge {
namespace {

// The two ends one run borrows, closed once its program runs or its Run() returns.
struct Ends {
  UniqueFd in, out;
  void Close() {
    in.Reset();
    out.Reset();
  }
};

// Reads and drops what arrives on fd until end-of-file (nothing when fd is not open).
void DrainToEnd(int fd) {
  if (fd < 0) return;
  char buf[1 << 16];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n > 0 || (n < 0 && errno == EINTR)) continue;
    return;
  }
}

// The interaction's two pipes, both ends close-on-exec; on failure none is left open.
Status MakePipes(int to_interactor[2], int to_submission[2]) {
  if (::pipe2(to_interactor, O_CLOEXEC) != 0) return ErrnoStatus(errno, "cannot create the interaction's pipes");
  if (::pipe2(to_submission, O_CLOEXEC) != 0) {
    Status error = ErrnoStatus(errno, "cannot create the interaction's pipes");
    ::close(to_interactor[0]);
    ::close(to_interactor[1]);
    return error;
  }
  return Status::Ok();
}

// Whether the interactor ended first: by the sandbox's own end times when both runs
// have them (a killed submission ended when it was stopped, before its Run()
// returned), else by the order the runs returned in (the *_end_ns). A submission
// killed by SIGPIPE wrote to an interactor that was gone.
bool InteractorEndedFirst(const InteractionRuns& out, int64_t interactor_end_ns, int64_t submission_end_ns) {
  if (out.submission.ok() && out.submission->signal == SIGPIPE) return true;
  if (out.submission.ok() && out.interactor.ok() && out.submission->end_monotonic_ns > 0 &&
      out.interactor->end_monotonic_ns > 0)
    return out.interactor->end_monotonic_ns < out.submission->end_monotonic_ns;
  return interactor_end_ns < submission_end_ns;
}

}  // namespace

InteractionRuns RunInteraction(Sandbox* sandbox, RunSpec submission, ToolProgram* interactor, ToolRun run) {
  InteractionRuns out;
  int to_interactor[2], to_submission[2];
  if (Status piped = MakePipes(to_interactor, to_submission); !piped.ok()) {
    out.submission = std::move(piped);
    return out;
  }
  // The judge keeps a read end of the interactor's output: once the submission is gone,
  // what the interactor still writes is read and dropped, so the interactor never dies
  // of SIGPIPE or EPIPE for the submission's sake (DOMjudge's runpipe relays the same
  // way) and its verdict stands.
  UniqueFd drain(::fcntl(to_submission[0], F_DUPFD_CLOEXEC, 0));
  // The judge also holds the write end of the submission's output until the
  // submission's run has returned: the interactor sees end-of-file only once the
  // submission is gone. A submission that exits without a word ended first by
  // construction (else which of the two runs the sandbox reaped first was a matter of
  // scheduling, and a crash was now and then judged by the interactor's WA), and one
  // that closes its output and runs on is judged by how it ends (BAPCtools' rule).
  UniqueFd hold_output(::fcntl(to_interactor[1], F_DUPFD_CLOEXEC, 0));
  // And a read end of it: once the interactor is gone, what the submission still writes
  // is read and dropped, so a submission that writes after an accepting interactor
  // (one that does not check for trailing output) is not killed by SIGPIPE for it.
  UniqueFd drain_output(::fcntl(to_interactor[0], F_DUPFD_CLOEXEC, 0));
  auto sub_ends = std::make_shared<Ends>();
  sub_ends->in = UniqueFd(to_submission[0]);
  sub_ends->out = UniqueFd(to_interactor[1]);
  auto int_ends = std::make_shared<Ends>();
  int_ends->in = UniqueFd(to_interactor[0]);
  int_ends->out = UniqueFd(to_submission[1]);

  int64_t interactor_end_ns = 0;
  std::thread other([&, int_ends] {
    run.stdin_path.clear();
    run.stdout_path.clear();
    run.stdin_fd = int_ends->in.get();
    run.stdout_fd = int_ends->out.get();
    run.on_started = [int_ends] { int_ends->Close(); };
    out.interactor = interactor->Run(sandbox, run);
    int_ends->Close();
    interactor_end_ns = MonotonicNs();
    DrainToEnd(drain_output.get());  // until the submission's run is over
  });
  submission.stdin_path.clear();
  submission.stdout_path.clear();
  submission.stdin_fd = sub_ends->in.get();
  submission.stdout_fd = sub_ends->out.get();
  submission.on_started = [sub_ends] { sub_ends->Close(); };
  out.submission = sandbox->Run(submission);
  sub_ends->Close();
  hold_output.Reset();
  const int64_t submission_end_ns = MonotonicNs();
  DrainToEnd(drain.get());  // until the interactor closes its output (it exits)
  other.join();
  out.interactor_first = InteractorEndedFirst(out, interactor_end_ns, submission_end_ns);
  return out;
}

}  // namespace judge
