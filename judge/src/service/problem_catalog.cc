#include "problem_catalog.h"

#include <filesystem>

#include "judge/base/files.h"
#include "judge/base/hash.h"

namespace judge::service {

std::string PackageSignature(const std::string& package_dir) {
  namespace sfs = std::filesystem;
  Sha256 sig;
  std::error_code ec;
  sfs::recursive_directory_iterator it(package_dir, sfs::directory_options::skip_permission_denied, ec);
  for (; !ec && it != sfs::recursive_directory_iterator(); it.increment(ec)) {
    const sfs::path rel = it->path().lexically_relative(package_dir);
    if (it.depth() == 0 && rel == "submissions") {
      it.disable_recursion_pending();
      continue;
    }
    std::error_code stat_ec;
    auto status = it->symlink_status(stat_ec);
    auto time = sfs::last_write_time(it->path(), stat_ec);
    auto size = sfs::is_regular_file(status) ? it->file_size(stat_ec) : 0;
    sig.Update(rel.string() + "\n" + std::to_string(static_cast<int>(status.type())) + " " +
               std::to_string(size) + " " + std::to_string(time.time_since_epoch().count()) + "\n");
  }
  if (ec) sig.Update("error: " + ec.message());
  return sig.FinishHex();
}

namespace {

bool IsPackage(const std::string& path) {
  return fs::Exists(path + "/problem.yaml") || fs::Exists(path + "/domjudge-problem.ini") ||
         fs::Exists(path + "/problem.xml");  // a Polygon package
}

}  // namespace

Result<std::unique_ptr<ProblemCatalog>> ProblemCatalog::Open(const std::string& dir, PackageLoader loader) {
  if (!fs::IsDirectory(dir)) return Status::NotFound("problems directory '" + dir + "': no such directory");
  return std::unique_ptr<ProblemCatalog>(new ProblemCatalog(dir, std::move(loader)));
}

ReloadReport ProblemCatalog::Reload(bool force) {
  std::lock_guard<std::mutex> one_at_a_time(reload_mu_);
  ReloadReport report;
  Result<std::vector<std::string>> dirs = fs::ListDirs(dir_);
  if (!dirs.ok()) {
    report.errors.push_back(dirs.status().message());
    return report;
  }
  std::map<std::string, Slot> next;
  {
    std::lock_guard<std::mutex> lock(mu_);
    next = slots_;
  }
  for (auto it = next.begin(); it != next.end();) {  // directories that are gone
    bool present = false;
    for (const auto& d : *dirs) present = present || d == it->first;
    if (present && IsPackage(dir_ + "/" + it->first)) {
      ++it;
    } else {
      report.removed.push_back(it->first);
      it = next.erase(it);
    }
  }
  for (const auto& id : *dirs) {
    const std::string path = dir_ + "/" + id;
    if (!IsPackage(path)) continue;
    Slot& slot = next[id];
    std::string signature = PackageSignature(path);
    if (!force && signature == slot.signature) continue;
    slot.signature = signature;
    Result<std::unique_ptr<const Package>> loaded = loader_.Load(path);
    if (loaded.ok()) {
      slot.package = std::shared_ptr<const Package>(std::move(loaded).value());
      slot.error.clear();
      report.loaded.push_back(id);
    } else {
      slot.error = loaded.status().message();
      report.errors.push_back(slot.error);
    }
  }
  std::lock_guard<std::mutex> lock(mu_);
  slots_ = std::move(next);
  return report;
}

std::shared_ptr<const Package> ProblemCatalog::Find(const std::string& id) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = slots_.find(id);
  return it == slots_.end() ? nullptr : it->second.package;
}

std::vector<std::shared_ptr<const Package>> ProblemCatalog::List() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<std::shared_ptr<const Package>> out;
  for (const auto& [id, slot] : slots_)
    if (slot.package) out.push_back(slot.package);
  return out;
}

std::vector<std::string> ProblemCatalog::Ids() const {
  std::vector<std::string> out;
  for (const auto& p : List()) out.push_back(p->problem.id);
  return out;
}

std::vector<std::string> ProblemCatalog::Errors() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<std::string> out;
  for (const auto& [id, slot] : slots_)
    if (!slot.error.empty()) out.push_back(slot.error);
  return out;
}

}  // namespace judge::service
