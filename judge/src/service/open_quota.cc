#include "open_quota.h"

namespace judge::service {

OpenQuota::Slot::Slot(Slot&& other) noexcept : quota_(other.quota_), key_(std::move(other.key_)) {
  other.quota_ = nullptr;
}

OpenQuota::Slot& OpenQuota::Slot::operator=(Slot&& other) noexcept {
  if (this != &other) {
    Release();
    quota_ = other.quota_;
    key_ = std::move(other.key_);
    other.quota_ = nullptr;
  }
  return *this;
}

void OpenQuota::Slot::Release() {
  if (quota_) quota_->Close(key_);
  quota_ = nullptr;
}

std::optional<OpenQuota::Slot> OpenQuota::TryOpen(const std::string& key, int limit) {
  std::lock_guard<std::mutex> lock(mu_);
  int& count = open_[key];
  if (limit > 0 && count >= limit) return std::nullopt;  // count >= 1: the entry stays
  ++count;
  return Slot(this, key);
}

int OpenQuota::open(const std::string& key) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = open_.find(key);
  return it == open_.end() ? 0 : it->second;
}

void OpenQuota::Close(const std::string& key) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = open_.find(key);
  if (it == open_.end()) return;
  if (--it->second <= 0) open_.erase(it);
}

}  // namespace judge::service
