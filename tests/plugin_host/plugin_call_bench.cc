// Cost of one plugin check call: in this process vs isolated in a forked child, and
// how the isolated cost grows with the judge's own resident memory (fork copies the
// page tables). Run: <build>/tests/plugin_host/plugin_call_bench
#include <benchmark/benchmark.h>

#include <cstring>
#include <memory>
#include <vector>

#include "judge/plugin/plugin_host.h"
#include "test_plugins.h"

namespace {

std::unique_ptr<judge::PluginCaller> Load(bool isolated) {
  auto path = judge::testing::TestPlugin("test-sum");
  auto r = isolated ? judge::LoadPluginIsolated(path, "test-sum", judge::PluginCallLimits{})
                    : judge::LoadPluginInProcess(path, "test-sum");
  if (!r.ok()) {
    std::fprintf(stderr, "%s\n", r.status().message().c_str());
    std::abort();
  }
  return std::move(*r);
}

void Check(benchmark::State& state, judge::PluginCaller& plugin) {
  for (auto _ : state) {
    auto r = plugin.Check("20 22\n", "42\n", "42\n", "strict=true\n");
    if (!r.ok() || r->verdict != judge::CheckVerdict::kAccepted) state.SkipWithError("check failed");
    benchmark::DoNotOptimize(r);
  }
}

void BM_CheckInProcess(benchmark::State& state) {
  auto plugin = Load(false);
  Check(state, *plugin);
}
BENCHMARK(BM_CheckInProcess);

// Arg: MiB of touched memory the judge process holds while calling (0: just the
// benchmark binary).
void BM_CheckIsolated(benchmark::State& state) {
  size_t ballast_bytes = static_cast<size_t>(state.range(0)) << 20;
  std::unique_ptr<char[]> ballast(new char[ballast_bytes + 1]);
  std::memset(ballast.get(), 1, ballast_bytes + 1);
  benchmark::DoNotOptimize(ballast.get());
  auto plugin = Load(true);
  Check(state, *plugin);
  state.counters["judge_rss_extra_MiB"] = static_cast<double>(state.range(0));
}
BENCHMARK(BM_CheckIsolated)->Arg(0)->Arg(128)->Arg(512)->Unit(benchmark::kMicrosecond)->UseRealTime();

// Four threads calling at once (2 cores here).
void BM_CheckIsolatedThreads(benchmark::State& state) {
  static const std::unique_ptr<judge::PluginCaller> plugin = Load(true);  // once, thread-safe
  Check(state, *plugin);
}
BENCHMARK(BM_CheckIsolatedThreads)->Threads(4)->Unit(benchmark::kMicrosecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
