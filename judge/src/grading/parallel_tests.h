// Tests judged several at once, their results taken in test order (internal to
// grading; the grader decides when this path is allowed, grader.cc).
//
// Theory of operation: one worker thread per lane takes the next test that is not
// skipped, judges it in its lane, and leaves the result on a board. The calling thread
// takes the results in test order and does with each what the sequential path does
// (events, the report, the stop policy), so reports, events and verdicts are the same
// as one by one. When the caller says stop, no more tests are handed out, the runs
// still going are cancelled through their lanes' own flags, and their results are
// thrown away. Whatever the workers read that the caller changes (which tests are
// skipped) is read and changed under the board's lock: `skipped` and `stops` are
// called with it held, `take` without.
#ifndef JUDGE_SRC_GRADING_PARALLEL_TESTS_H_
#define JUDGE_SRC_GRADING_PARALLEL_TESTS_H_

#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "judge/base/status.h"
#include "judge/config/records.h"
#include "test_runner.h"

namespace judge {

struct ParallelHooks {
  // Whether test i is not to run (its group already failed). Under the board's lock.
  std::function<bool(std::size_t i)> skipped;
  // Judges test i in `lane`; on a worker thread, one per lane.
  std::function<Result<TestResult>(std::size_t i, Lane& lane)> judge;
  // Takes test i's result and kept output, in test order, on the calling thread.
  std::function<Status(std::size_t i, TestResult result, std::string output)> take;
  // After take: whether grading stops here. Under the board's lock.
  std::function<bool(std::size_t i)> stops;
};

// Judges the tests on the given lanes (borrowed; each used by one worker).
// Returns the first judge error or take's error, or Cancelled when `cancel` rises
// while a result is awaited; the workers are joined before it returns.
Status RunTestsInParallel(const std::vector<TestCase>& tests, const std::vector<Lane*>& lanes,
                          const ParallelHooks& hooks, const std::atomic<bool>* cancel);

}  // namespace judge

#endif  // JUDGE_SRC_GRADING_PARALLEL_TESTS_H_
