// An interactive test's two runs at once (internal to grading): the submission and
// the interactor, each in its own sandbox run, the submission's stdout piped into the
// interactor's stdin and the interactor's stdout into the submission's stdin.
//
// Theory of operation. Two pipes are made; each run borrows its two ends
// (RunSpec::stdin_fd / stdout_fd) and closes the judge's copies as soon as its program
// runs (on_started), or when its Run() returns, whichever comes first, so that each side
// sees end-of-file (or EPIPE) once the other side's program is gone, never because the
// judge still holds an end (but see below). The interactor runs on a thread of its own; the submission
// on the caller's. Each run is measured alone (its own cgroup). Which program ended
// first is told by the end times the sandbox reports (RunResult::end_monotonic_ns: when
// the program was reaped, or when the judge stopped it), else by the order the runs
// returned in; a submission killed by SIGPIPE wrote to an interactor that was gone, so
// the interactor was first. One end is held on purpose: the judge keeps a copy of the
// submission's output end until the submission's run has returned, so the interactor's
// end-of-file comes after the submission's end, never before it by an accident of
// which reap the scheduler ran first.
#ifndef JUDGE_SRC_GRADING_INTERACTION_H_
#define JUDGE_SRC_GRADING_INTERACTION_H_

#include "judge/base/status.h"
#include "judge/grading/tool_program.h"
#include "judge/sandbox/sandbox.h"

namespace judge {

struct InteractionRuns {
  Result<RunResult> submission = Status::Internal("not run");
  Result<RunResult> interactor = Status::Internal("not run");
  bool interactor_first = false;
};

// submission's stdin/stdout settings are replaced by the pipes; so are interactor's.
// The interactor must be built already (ToolProgram::Build) so that a broken one
// costs no submission run. Thread-safe (the sandbox allows concurrent runs).
InteractionRuns RunInteraction(Sandbox* sandbox, RunSpec submission, ToolProgram* interactor, ToolRun run);

}  // namespace judge

#endif  // JUDGE_SRC_GRADING_INTERACTION_H_
