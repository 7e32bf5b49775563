// Getting a package ready to judge: the one way every front end does it (grade,
// rejudge, check, verify, stress, the service's problem catalog and workers).
//
// Load() makes what a Polygon package lacks (generated tests, answers of the main
// solution: polygon_tests.h), reads the package (LoadPackage: problem.yaml, tests,
// hash, plugin, checker) and resolves its limits: problem.yaml's or DOMjudge's, or,
// for a package that gives no time limit, the Kattis inference (time_limit.h), kept in the compile cache with the
// package's hash and inferred once when the cache has none. The wall limit is derived
// where problem.yaml gives none (DefaultWallMs). What it returns is immutable: any
// number of threads may judge with it.
//
// Thread safety: a PackageLoader may be used from several threads at once.
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
  // How packages are read. package.languages (borrowed, must outlive the loader and
  // every package it loads) are the profiles the package's own programs and, when
  // inferring, its accepted submissions are built with; resolve_time_limit needs them
  // (the front ends have them loaded already);
  // package.cache_dir keeps compiled programs and inferred limits ("" keeps nothing).
  PackageOptions package;
  // The pipeline that judges the accepted submissions when a limit is inferred
  // (compiler limits, sandboxes, cancel flag); nothing it judges is stored.
  PipelineOptions inference;
  // False: a package that gives no time limit keeps time_ms 0 (verify infers it
  // itself, and reports how); judging such a package is an error.
  bool resolve_time_limit = true;
  // A Polygon package's missing tests and answers are made first (polygon_tests.h), in
  // the inference's sandboxes; each step is told here (may be empty: nothing shown).
  std::function<void(const std::string&)> on_progress;
};

class PackageLoader {
 public:
  explicit PackageLoader(PackageLoaderOptions options);

  // The package in `dir`, ready to judge. *note (may be null) says how an inferred
  // limit was found ("" for a package with its own limit). Every error is one line
  // naming the thing (LoadPackage's, or why no limit could be inferred).
  Result<std::unique_ptr<const Package>> Load(const std::string& dir, std::string* note = nullptr) const;

  const PackageLoaderOptions& options() const { return options_; }

 private:
  Result<std::unique_ptr<ScratchDir>> MakeTests(const std::string& dir) const;

  PackageLoaderOptions options_;
};

}  // namespace judge

#endif  // JUDGE_PACKAGE_LOADER_H_
