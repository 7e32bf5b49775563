#include "lease_keeper.h"

#include <chrono>
#include <vector>

namespace judge::service {

LeaseKeeper::LeaseKeeper(JobQueue* queue, int64_t lease_ms, std::function<void(const std::string&)> log)
    : queue_(queue), lease_ms_(lease_ms), log_(std::move(log)), thread_([this] { Loop(); }) {}

LeaseKeeper::~LeaseKeeper() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = true;
  }
  cv_.notify_all();
  thread_.join();
}

LeaseKeeper::Hold::~Hold() {
  std::lock_guard<std::mutex> lock(keeper_->mu_);
  keeper_->held_.erase(id_);
}

std::unique_ptr<LeaseKeeper::Hold> LeaseKeeper::Keep(const Claim& claim, std::atomic<bool>* cancel) {
  std::lock_guard<std::mutex> lock(mu_);
  const uint64_t id = next_id_++;
  held_.emplace(id, Held{claim, cancel});
  if (cancelled_) cancel->store(true);
  return std::unique_ptr<Hold>(new Hold(this, id));
}

void LeaseKeeper::CancelAll() {
  std::lock_guard<std::mutex> lock(mu_);
  cancelled_ = true;
  for (auto& [id, h] : held_) h.cancel->store(true);
}

void LeaseKeeper::Loop() {
  const auto period = std::chrono::milliseconds(std::max<int64_t>(1, lease_ms_ / 3));
  std::unique_lock<std::mutex> lock(mu_);
  while (!stopping_) {
    if (cv_.wait_for(lock, period, [this] { return stopping_; })) break;
    lock.unlock();
    RenewAll();
    lock.lock();
  }
}

void LeaseKeeper::RenewAll() {
  std::vector<std::pair<uint64_t, Claim>> claims;
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (const auto& [id, h] : held_) claims.emplace_back(id, h.claim);
  }
  for (const auto& [id, claim] : claims) {
    Status st = queue_->Renew(claim, lease_ms_);
    if (st.ok()) continue;
    if (log_) log_("renewing the claim on submission " + std::to_string(claim.submission_id) + ": " + st.message());
    if (st.code() != StatusCode::kCancelled) continue;  // the database blinked: try again next time
    std::lock_guard<std::mutex> lock(mu_);
    auto it = held_.find(id);
    if (it != held_.end()) it->second.cancel->store(true);
  }
}

}  // namespace judge::service
