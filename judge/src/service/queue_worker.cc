#include "queue_worker.h"

#include <algorithm>
#include <chrono>
#include <thread>

#include "claimed_store.h"

namespace judge::service {
namespace {

// Wakes the submission's listeners (event streams) at each step of its judging.
class WakeObserver final : public JudgeObserver {
 public:
  WakeObserver(EventHub* hub, int64_t submission_id) : hub_(hub), id_(submission_id) {}
  void OnJudgingStarted(std::size_t, const JudgedSubmission&) override { Wake(); }
  void OnTestFinished(std::size_t, std::size_t, std::size_t, const TestResult&) override { Wake(); }

 private:
  void Wake() {
    if (hub_) hub_->Notify(id_);
  }
  EventHub* hub_;
  int64_t id_;
};

void Log(const WorkerContext& ctx, const std::string& line) {
  if (ctx.log) ctx.log(line);
}

// Judges one claim and settles it in the queue.
void JudgeClaim(const WorkerContext& ctx, const Claim& claim, Sandbox* sandbox) {
  const std::string what = "submission " + std::to_string(claim.submission_id);
  std::shared_ptr<const Package> package = ctx.catalog->Find(claim.problem_id);
  if (!package) {
    Status st = ctx.queue->Fail(claim, "problem '" + claim.problem_id + "' is no longer loaded on this worker");
    if (!st.ok()) Log(ctx, what + ": " + st.message());
    return;
  }
  std::atomic<bool> cancel{false};
  auto hold = ctx.keeper->Keep(claim, &cancel);
  ClaimedStore store(ctx.queue, claim);
  PipelineOptions popt = ctx.pipeline;
  popt.context.store = &store;
  popt.context.cancel = &cancel;  // the claim's: set when it is lost, and when stopping
  Pipeline pipeline(popt);
  JudgeTask task;
  task.package = package.get();
  task.stored_id = claim.submission_id;
  task.run_all = ctx.run_all;
  WakeObserver observer(ctx.hub, claim.submission_id);
  Result<JudgedSubmission> judged = pipeline.Judge(task, sandbox, &observer);
  Status settled;
  if (judged.ok()) {
    settled = ctx.queue->Complete(claim);
  } else if (judged.status().code() == StatusCode::kCancelled) {
    settled = ctx.queue->Release(claim);
  } else {
    Log(ctx, what + ": the judge failed: " + judged.status().message());
    settled = ctx.queue->Fail(claim, judged.status().message());
  }
  if (!settled.ok()) Log(ctx, what + ": " + settled.message());
  if (ctx.hub) ctx.hub->Notify(claim.submission_id);
}

}  // namespace

std::vector<std::string> AvailableLanguageIds(const LanguageSet& languages) {
  std::vector<std::string> ids;
  for (const auto& p : languages.profiles())
    if (CheckAvailability(p).available) ids.push_back(p.id);
  return ids;
}

void RunQueueWorker(const WorkerContext& ctx, int index) {
  WorkerInfo info;
  info.name = ctx.name_prefix + "/" + std::to_string(index);
  info.languages = ctx.language_ids;
  SandboxFactory make = ctx.pipeline.context.sandboxes ? ctx.pipeline.context.sandboxes : SandboxFactory(DefaultSandbox);
  Result<std::unique_ptr<Sandbox>> sandbox = Status::Unavailable("not made yet");
  // A sandbox that cannot be made yet (the host's state directory being prepared, say)
  // is tried again, every idle poll, for as long as the worker runs: it claims nothing
  // meanwhile, so no submission gets a judge error for it.
  while (!ctx.stop->load() && !(sandbox = make()).ok()) {
    Log(ctx, "worker " + info.name + " cannot make its sandbox (trying again): " + sandbox.status().message());
    std::this_thread::sleep_for(std::chrono::milliseconds(std::max<int64_t>(ctx.idle_poll_ms, 100)));
  }
  while (!ctx.stop->load()) {
    info.problems = ctx.catalog->Ids();
    Result<std::optional<Claim>> claim = ctx.queue->ClaimNext(info, ctx.lease_ms);
    if (!claim.ok()) Log(ctx, "worker " + info.name + ": " + claim.status().message());
    if (!claim.ok() || !*claim) {
      if (ctx.hub) ctx.hub->WaitFor(EventHub::kQueueKey, ctx.idle_poll_ms);
      else std::this_thread::sleep_for(std::chrono::milliseconds(ctx.idle_poll_ms));
      continue;
    }
    JudgeClaim(ctx, **claim, sandbox->get());
  }
}

}  // namespace judge::service
