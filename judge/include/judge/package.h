// A loaded problem package: problem.yaml, its tests, the package's hash, the plugin
// and the checker, loaded once and shared by every judging of the problem.
//
// Immutable after LoadPackage: any number of threads may read it and call its
// checker and plugin at once (both are thread-safe). The caller owns the Package; it
// keeps the plugin library loaded.
#ifndef JUDGE_PACKAGE_H_
#define JUDGE_PACKAGE_H_

#include <memory>
#include <string>
#include <vector>

#include "judge/checker.h"
#include "judge/plugin_host.h"
#include "judge/problem.h"
#include "judge/status.h"

namespace judge {

struct Package {
  ProblemConfig problem;
  std::vector<TestCase> tests;
  std::string package_hash;              // SHA-256 over problem.yaml and every test file
  std::unique_ptr<PluginCaller> plugin;  // null for a package without a plugin
  std::string plugin_hash;               // SHA-256 of the plugin file, or empty
  std::unique_ptr<Checker> checker;      // the plugin's, or the built-in one named
  std::string checker_name;              // "plugin", "exact", "tokens", ... (stored)
};

struct PackageOptions {
  bool isolate_plugin = true;  // plugin calls in a forked child (the default), else in-process
  PluginCallLimits plugin_limits;
  // False: the tests are neither listed nor hashed (commands that judge one given
  // file: check, solve, validate); `tests` and `package_hash` stay empty.
  bool with_tests = true;
};

// Loads <problem_dir>/problem.yaml, lists the tests, hashes the package and loads the
// plugin (checked against the package's plugin id). Every error is one line naming
// the thing: a missing directory, a bad key, a missing plugin, a wrong ABI.
Result<std::unique_ptr<Package>> LoadPackage(const std::string& problem_dir, const PackageOptions& options);

// SHA-256 over problem.yaml and the tests' files (names and contents, in test order).
Result<std::string> HashPackage(const ProblemConfig& config, const std::vector<TestCase>& tests);

}  // namespace judge

#endif  // JUDGE_PACKAGE_H_
