// A loaded problem package: problem.yaml, its tests and test data groups, the
// package's hash, the plugin, the checker, the package's own programs (output and input
// validators, testlib checkers, interactors: built on first use) and its included files,
// loaded once and shared by every judging of the problem.
//
// Front ends get a package from PackageLoader (package_loader.h), which resolves its
// limits and hands it out const: from then on it is immutable (the programs build
// themselves once, under a lock), and any number of threads may read it and call its
// checker, plugin and programs at once. The owner keeps the plugin library loaded and
// the build directory (removed with the package).
#ifndef JUDGE_PACKAGE_H_
#define JUDGE_PACKAGE_H_

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "judge/base/scratch_dir.h"
#include "judge/base/status.h"
#include "judge/config/language.h"
#include "judge/config/problem.h"
#include "judge/grading/checker.h"
#include "judge/grading/compiler.h"
#include "judge/grading/tool_program.h"
#include "judge/plugin/plugin_host.h"

namespace judge {

struct Package {
  ProblemConfig problem;
  std::vector<TestCase> tests;
  std::vector<TestGroupConfig> test_groups;  // TestData::groups
  bool kattis_groups = false;   // grade by the Kattis group rules (scoring, or testdata.yaml,
                                // unless problem.yaml has our own groups)
  // Written for DOMjudge (domjudge-problem.ini, .timelimit or @EXPECTED_RESULTS@ /
  // @EXPECTED_SCORE@ tags in its submissions): where DOMjudge and problemtools differ,
  // DOMjudge's reading holds (docs/problem-format.md).
  bool for_domjudge = false;
  // A scoring problem scored by DOMjudge's rules (for_domjudge, and data/ has its own
  // testdata.yaml): grading/domjudge_score.h.
  bool domjudge_scoring = false;
  std::vector<std::string> interaction_files;  // sample .interaction files: shown, not run
  // TestData::warnings: what in data/ looks like a mistake and is ignored, one line each
  // (verify shows them; grade prints them).
  std::vector<std::string> warnings;
  std::string package_hash;              // SHA-256 over problem.yaml, the tests and the
                                         // package's other judging files
  std::unique_ptr<PluginCaller> plugin;  // null for a package without a plugin
  std::string plugin_hash;               // SHA-256 of the plugin file, or empty
  std::unique_ptr<ScratchDir> build_dir;   // where the package's programs are built
  std::shared_ptr<ToolEnvironment> tools;
  std::unique_ptr<Checker> checker;      // the plugin's, a built-in one, or a program's
  std::string checker_name;              // "plugin", "exact", "tokens", "kattis", ... (stored)
  std::vector<std::shared_ptr<ToolProgram>> input_validators;  // programs (not .ctd/.viva)
  std::vector<std::shared_ptr<ToolProgram>> testlib_validators;  // Polygon's: exit 0 is valid
  std::shared_ptr<ToolProgram> grader;   // graders/ (testdata.yaml grading: custom), or null
  std::vector<std::string> skipped_input_validators;  // .ctd/.viva files, not run
  // include/<language>/ files by Kattis language code ("cpp", "c", "python3", ...;
  // "default" for every language), added to each submission of that language. Names
  // are relative to the language's folder and may name subfolders ("pkg/Util.java").
  std::map<std::string, std::vector<SourceFile>> include_files;
  // A Polygon package's tests and answers the judge made (problem.made_tests_dir), or
  // null; owned here so that they live as long as the package.
  std::unique_ptr<ScratchDir> made_tests;
};

struct PackageOptions {
  bool isolate_plugin = true;  // plugin calls in a forked child (the default), else in-process
  PluginCallLimits plugin_limits;
  // False: the tests are neither listed nor hashed (commands that judge one given
  // file: check, solve, validate); `tests` and `package_hash` stay empty.
  bool with_tests = true;
  // For the package's own programs: the language profiles (borrowed, must outlive the
  // package; null: the shipped ones), the compile cache and where builds go.
  const LanguageSet* languages = nullptr;
  std::string cache_dir;
  std::string scratch_root;  // "": the default scratch root
  // Where the files a Polygon package lacks were made (ProblemConfig::made_tests_dir;
  // PackageLoader makes them): "" for none.
  std::string made_tests_dir;
};

// Loads <problem_dir>/problem.yaml, lists the tests, hashes the package and loads the
// plugin (checked against the package's plugin id). The limits are problem.yaml's as
// written: a missing time limit stays 0 (PackageLoader resolves it). Every error is one line naming
// the thing (all errors of problem.yaml at once, one line each): a missing directory, a
// bad key, a missing plugin, a wrong ABI.
Result<std::unique_ptr<Package>> LoadPackage(const std::string& problem_dir, const PackageOptions& options);

// The plugin a package names, for the commands that call it and judge nothing (solve,
// validate, generate: no tests, checker or limits are read). LoadPackage loads its
// plugin the same way, so errors name the package alike ("problem 'id' (dir)").
// isolated: calls in a forked child under `limits`. The caller owns the result.
Result<std::unique_ptr<PluginCaller>> LoadPackagePlugin(const ProblemConfig& problem, bool isolated,
                                                        PluginCallLimits limits = {});

// SHA-256 over problem.yaml (a Polygon package: problem.xml) and the tests' files (names and contents, in test order),
// then, when present, the package's other files that change verdicts: DOMjudge's
// .timelimit and domjudge-problem.ini, testdata.yaml files, the output validator,
// checker, interactor and include/ files.
Result<std::string> HashPackage(const ProblemConfig& config, const std::vector<TestCase>& tests);

// Whether the package was written for DOMjudge: a domjudge-problem.ini or .timelimit, or
// an @EXPECTED_RESULTS@ / @EXPECTED_SCORE@ tag in a file under submissions/.
bool WrittenForDomjudge(const std::string& problem_dir);

}  // namespace judge

#endif  // JUDGE_PACKAGE_H_
