#include "worker_host.h"

#include "judge/judging/job_pool.h"

namespace judge::service {

WorkerHost::WorkerHost(WorkerContext ctx, int workers, int64_t reload_check_ms)
    : ctx_(std::move(ctx)), workers_(workers), reload_check_ms_(reload_check_ms) {}

WorkerHost::~WorkerHost() { Stop(); }

void WorkerHost::Start() {
  started_ = true;
  keeper_ = std::make_unique<LeaseKeeper>(ctx_.queue, ctx_.lease_ms, ctx_.log);
  ctx_.keeper = keeper_.get();
  ctx_.stop = &stop_;
  if (workers_ > 0) {
    pool_thread_ = std::thread([this] { RunWorkers(workers_, [this](int i) { RunQueueWorker(ctx_, i); }); });
  }
  reload_thread_ = std::thread([this] { ReloadLoop(); });
}

void WorkerHost::Stop() {
  if (!started_) return;
  started_ = false;
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  keeper_->CancelAll();
  if (ctx_.hub) ctx_.hub->WakeAll();
  if (pool_thread_.joinable()) pool_thread_.join();
  if (reload_thread_.joinable()) reload_thread_.join();
  keeper_.reset();
}

void WorkerHost::ReloadLoop() {
  std::unique_lock<std::mutex> lock(mu_);
  while (!cv_.wait_for(lock, std::chrono::milliseconds(reload_check_ms_), [this] { return stop_.load(); })) {
    lock.unlock();
    ReloadReport report = ctx_.catalog->Reload(/*force=*/false);
    if (ctx_.log) {
      for (const auto& id : report.loaded) ctx_.log("problem '" + id + "' (re)loaded");
      for (const auto& id : report.removed) ctx_.log("problem '" + id + "' removed");
      for (const auto& e : report.errors) ctx_.log("problem not loaded: " + e);
    }
    lock.lock();
  }
}

}  // namespace judge::service
