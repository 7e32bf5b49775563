// Throughput of the 8-puzzle special judge: the checker (eight::CheckAnswers, which
// the plugins call) replaying one 10^6-move answer, and the bare replay loop.
// items_per_second is moves per second; the target is >= 50 M moves/s.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "checker.h"
#include "eight/board.h"
#include "eight/moves.h"
#include "eight/solver.h"

namespace {

constexpr size_t kMoves = 1000000;

// Sample board of the statement; "lr" pairs (legal from its blank) then a shortest
// solution, padded to exactly kMoves letters.
struct Fixture {
  eight::Board board = *eight::FromCompact("23415x768");
  std::string answer;
  Fixture() {
    std::string tail = *eight::SolveShortest(board);
    while (answer.size() + tail.size() < kMoves) answer += "lr";
    answer += tail;
    answer += '\n';
  }
};

const Fixture& Get() {
  static const Fixture f;
  return f;
}

void BM_CheckerReplay1M(benchmark::State& state) {
  const Fixture& f = Get();
  std::vector<eight::Board> boards{f.board};
  eight::WarmUpSolver();
  for (auto _ : state) {
    eight::AnswerCheck c = eight::CheckAnswers(boards, f.answer, {});
    if (c.verdict != eight::AnswerVerdict::kAccepted) state.SkipWithError(c.message.c_str());
    benchmark::DoNotOptimize(c);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * (f.answer.size() - 1)));
}
BENCHMARK(BM_CheckerReplay1M)->Unit(benchmark::kMillisecond);

void BM_Replay1M(benchmark::State& state) {
  const Fixture& f = Get();
  for (auto _ : state) {
    eight::ReplayResult r = eight::Replay(f.board, std::string_view(f.answer).substr(0, f.answer.size() - 1));
    benchmark::DoNotOptimize(r);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * (f.answer.size() - 1)));
}
BENCHMARK(BM_Replay1M)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
