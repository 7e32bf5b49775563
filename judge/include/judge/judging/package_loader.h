// Getting a package ready to judge: the one way every front end does it (grade,
// rejudge, check, verify, stress, the service's problem catalog and workers).
//
// Load() makes what a Polygon package lacks (generated tests, answers of the main
// solution: polygon_tests.h), reads the package (LoadPackage: problem.yaml, tests,
// hash, plugin, checker) and resolves its limits: problem.yaml's or DOMjudge's, or,
// for a package that gives no time limit, the Kattis inference (time_limit.h), kept in
// the compile cache with the package's hash and inferred once when the cache has none,
// by the front end's own pipeline. The wall limit is derived
// where problem.yaml gives none (DefaultWallMs). What it returns is immutable: any
// number of threads may judge with it.
//
// Thread safety: a PackageLoader may be used from several threads at once (so may
// its pipeline).
#ifndef JUDGE_PACKAGE_LOADER_H_
#define JUDGE_PACKAGE_LOADER_H_

#include <functional>
#include <memory>
#include <string>

#include "judge/base/status.h"
#include "judge/config/language.h"
#include "judge/judging/package.h"
#include "judge/judging/pipeline.h"

namespace judge {

struct PackageLoaderOptions {
  bool isolate_plugin = true;      // PackageOptions::isolate_plugin
  PluginCallLimits plugin_limits;  // PackageOptions::plugin_limits
  // False: the tests are neither listed nor hashed nor made, and no limit is resolved
  // (commands that judge one given file: PackageOptions::with_tests).
  bool with_tests = true;
  // False: a package that gives no time limit keeps time_ms 0 (verify infers it
  // itself, and reports how); judging such a package is an error.
  bool resolve_time_limit = true;
  // A Polygon package's missing tests and answers are made first (polygon_tests.h);
  // each step is told here, from the calling thread (may be empty: nothing shown).
  std::function<void(const std::string&)> on_progress;
};

class PackageLoader {
 public:
  // `pipeline` is borrowed and must outlive the loader: its context
  // (judging_context.h) gives the languages, cache, scratch root, sandboxes and
  // cancel flag of everything a load builds or runs, and the pipeline itself judges
  // the accepted submissions when a time limit is inferred (ResolveTimeLimit: nothing
  // stored). A loaded package borrows the context's languages.
  PackageLoader(Pipeline* pipeline, PackageLoaderOptions options);

  // The package in `dir`, ready to judge. *note (may be null) says how an inferred
  // limit was found ("" for a package with its own limit). Every error is one line
  // naming the thing (LoadPackage's, or why no limit could be inferred); the context's
  // cancel flag set while tests are made or a limit inferred: kCancelled.
  Result<std::unique_ptr<const Package>> Load(const std::string& dir, std::string* note = nullptr) const;

  const PackageLoaderOptions& options() const { return options_; }

 private:
  PackageOptions PackageOptionsFor() const;
  Result<std::unique_ptr<ScratchDir>> MakeTests(const std::string& dir) const;

  Pipeline* pipeline_;
  PackageLoaderOptions options_;
};

}  // namespace judge

#endif  // JUDGE_PACKAGE_LOADER_H_
