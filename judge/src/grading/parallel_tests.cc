// Tests judged several at once (see parallel_tests.h for the theory of operation).
#include "parallel_tests.h"

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace judge {
namespace {

// What the workers and the consuming thread share (under mu).
struct Board {
  explicit Board(std::size_t n) : done(n, false), results(n, Status::Internal("not run")), outputs(n) {}
  std::mutex mu;
  std::condition_variable cv;
  std::size_t next = 0;  // the next test to hand out
  bool stop = false;     // hand out no more
  std::vector<bool> done;
  std::vector<Result<TestResult>> results;
  std::vector<std::string> outputs;
};

void Work(Board* board, std::size_t count, Lane& lane, const ParallelHooks& hooks) {
  for (;;) {
    std::size_t i;
    {
      std::lock_guard<std::mutex> lock(board->mu);
      while (board->next < count && hooks.skipped(board->next)) ++board->next;
      if (board->stop || board->next >= count) return;
      i = board->next++;
    }
    Result<TestResult> r = hooks.judge(i, lane);
    {
      std::lock_guard<std::mutex> lock(board->mu);
      board->results[i] = std::move(r);
      board->outputs[i] = std::move(lane.last_output);
      board->done[i] = true;
    }
    board->cv.notify_all();
  }
}

// Takes the results in test order until grading stops; the cancel flag is looked at
// while waiting.
Status Consume(Board* board, const std::vector<TestCase>& tests, const ParallelHooks& hooks,
               const std::atomic<bool>* cancel) {
  for (std::size_t i = 0; i < tests.size(); ++i) {
    std::unique_lock<std::mutex> lock(board->mu);
    if (hooks.skipped(i)) continue;
    while (!board->done[i]) {
      if (cancel && cancel->load()) return Status::Cancelled("grading cancelled before test " + tests[i].name);
      board->cv.wait_for(lock, std::chrono::milliseconds(20));
    }
    if (!board->results[i].ok()) return board->results[i].status();
    TestResult result = std::move(board->results[i]).value();
    std::string output = std::move(board->outputs[i]);
    lock.unlock();
    JUDGE_RETURN_IF_ERROR(hooks.take(i, std::move(result), std::move(output)));
    lock.lock();
    if (hooks.stops(i)) return Status::Ok();
  }
  return Status::Ok();
}

}  // namespace

Status RunTestsInParallel(const std::vector<TestCase>& tests, const std::vector<Lane*>& lanes,
                          const ParallelHooks& hooks, const std::atomic<bool>* cancel) {
  const std::size_t count = tests.size();
  Board board(count);
  std::vector<std::thread> workers;
  for (Lane* lane : lanes) workers.emplace_back([&board, count, lane, &hooks] { Work(&board, count, *lane, hooks); });
  Status status = Consume(&board, tests, hooks, cancel);
  {
    std::lock_guard<std::mutex> lock(board.mu);
    board.stop = true;
  }
  for (Lane* lane : lanes) lane->own_cancel = true;
  for (auto& t : workers) t.join();
  return status;
}

}  // namespace judge
