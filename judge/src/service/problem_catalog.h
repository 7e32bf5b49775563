// The problems a server or worker offers: every package under one directory (each
// subdirectory with a problem.yaml or a domjudge-problem.ini), loaded with the front
// end's PackageLoader and kept loaded. A package that gives no time limit gets the one `judge verify` and
// `judge grade` give it (the Kattis inference, kept in the compile cache with the
// package's hash; inferred once when the cache has none), so a package that verify
// loads is served with the same limit.
//
// Reload() looks at each package's files (names, sizes, modification times; the
// submissions/ folder aside) and loads again only the packages that changed, so it is
// cheap enough to call every few seconds. A package that fails to load is reported
// and, if an older version of it was loaded, that version stays in service: a
// half-edited problem.yaml does not take a problem away mid-contest. A package whose
// directory is gone is removed. A judging holds its package through a shared_ptr, so
// a reload never pulls a package from under a running judging.
//
// Thread-safe: Reload may run while other threads call Find and List.
#ifndef JUDGE_SRC_SERVICE_PROBLEM_CATALOG_H_
#define JUDGE_SRC_SERVICE_PROBLEM_CATALOG_H_

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "judge/base/status.h"
#include "judge/judging/package.h"
#include "judge/judging/package_loader.h"

namespace judge::service {

struct ReloadReport {
  std::vector<std::string> loaded;   // ids (re)loaded by this call
  std::vector<std::string> removed;  // ids whose directory is gone
  std::vector<std::string> errors;   // one line per package that failed to load
};

class ProblemCatalog {
 public:
  // dir must exist (checked by Open). Every package is loaded with `loader`, whose
  // pipeline (borrowed, must outlive the catalog) gives the languages, cache and cancel
  // flag: a package without a time limit gets its inferred one, and the front end's
  // cancel flag stops an inference under way (that package's load fails, kCancelled).
  static Result<std::unique_ptr<ProblemCatalog>> Open(const std::string& dir, PackageLoader loader);

  // Loads what changed since the last call (force: every package).
  ReloadReport Reload(bool force);

  std::shared_ptr<const Package> Find(const std::string& id) const;  // null when not loaded
  std::vector<std::shared_ptr<const Package>> List() const;           // by id
  std::vector<std::string> Ids() const;
  // The current load errors (a package that failed its last load), one line each.
  std::vector<std::string> Errors() const;
  const std::string& dir() const { return dir_; }

 private:
  ProblemCatalog(std::string dir, PackageLoader loader) : dir_(std::move(dir)), loader_(std::move(loader)) {}
  struct Slot {
    std::shared_ptr<const Package> package;  // may be null: never loaded successfully
    std::string signature;                   // of the files when last looked at
    std::string error;                       // of the last load, or empty
  };

  const std::string dir_;
  const PackageLoader loader_;
  std::mutex reload_mu_;       // one Reload at a time
  mutable std::mutex mu_;      // guards slots_
  std::map<std::string, Slot> slots_;
};

// The signature of a package directory's files (excluding submissions/): equal
// signatures mean nothing was added, removed, resized or touched.
std::string PackageSignature(const std::string& package_dir);

}  // namespace judge::service

#endif  // JUDGE_SRC_SERVICE_PROBLEM_CATALOG_H_
