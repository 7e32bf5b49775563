// A problem package (Kattis layout, extended; docs/problem-format.md): its problem.yaml,
// the files of other tools it honours (DOMjudge's .timelimit and domjudge-problem.ini,
// Kattis's testdata.yaml) and its tests. Loading reads the files once; the structs are
// plain values afterwards.
//
// problem.yaml is read in one pass that knows three vocabularies side by side: this
// judge's own keys (limits.time_ms, plugin, checker, ...), the Kattis legacy keys
// (validation, validator_flags, limits.time_multiplier, ...) and the Kattis 2023-07
// keys (problem_format_version, type lists, credits, limits.time_limit, ...). Units are
// converted where they are read (limits.memory MiB -> memory_kib, limits.time_limit s
// -> time_ms), so everything after loading speaks in the judge's units.
#ifndef JUDGE_PROBLEM_H_
#define JUDGE_PROBLEM_H_

#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "judge/base/status.h"
#include "judge/config/checker_kind.h"  // CheckerKind

namespace judge {

enum class IoMode { kStdio, kFile };

// Where the per-test time limit came from (docs/problem-format.md, "Time limits").
enum class TimeLimitSource {
  kProblemYaml,     // limits.time_ms, or limits.time_limit (seconds)
  kDomjudgeFile,    // <package>/.timelimit (seconds)
  kDomjudgeIni,     // timelimit = ... in <package>/domjudge-problem.ini
  kInferred,        // none given: the Kattis rule, from the slowest accepted submission
};

struct ProblemLimits {
  int64_t time_ms = 1000;                 // CPU per test (0 while it is to be inferred)
  std::optional<int64_t> total_time_ms;   // CPU for the whole run, when set
  int64_t wall_ms = 0;                    // 0: derived (see problem.yaml docs)
  int64_t memory_kib = 262144;            // problem.yaml's default is 2 GiB (LoadProblemConfig)
  int64_t output_kib = 8192;              // problem.yaml's default: 8 MiB (the specification's)
  // limits.set_on_32_bit: the limits were set on a judge that ran 32-bit programs; every
  // run then gets kThirtyTwoBitAllowancePercent more memory (docs/grading.md).
  bool set_on_32_bit = false;
};

// The wall-clock limit of a test when problem.yaml gives none: ten times the CPU limit,
// and at least five seconds more. A safety net that no program computing on a busy host
// reaches (a CPU-bound program beside 4 busy loops per core needed 6 to 8 times its CPU
// time here; docs/grading.md, "Time limits"); TLE is decided by CPU time. The one place
// of this rule. Pure.
inline int64_t DefaultWallMs(int64_t time_ms) {
  return time_ms * 10 > time_ms + 5000 ? time_ms * 10 : time_ms + 5000;
}

// The memory a 64-bit build of a program needs beyond its 32-bit build, allowed on top
// of a limit set on a 32-bit judge, in percent (docs/grading.md, "Limits set on a 32-bit
// judge"): the legacy profiles' memory_allowance_percent, and every profile's when the
// package says limits.set_on_32_bit.
inline constexpr int kThirtyTwoBitAllowancePercent = 50;

// How the time limit is set and checked (the Kattis rules; docs/problem-format.md).
struct TimeLimitRule {
  TimeLimitSource source = TimeLimitSource::kProblemYaml;
  // Inference: limit = slowest accepted CPU time x ac_to_time_limit, rounded.
  // Legacy: limits.time_multiplier (default 5), rounded to the nearest whole second,
  // at least 1 s. 2023-07: time_multipliers.ac_to_time_limit (default 2), rounded up to
  // a multiple of time_resolution.
  double ac_to_time_limit = 5.0;
  int64_t resolution_ms = 1000;
  bool round_up = false;  // 2023-07: the smallest multiple >= the product
  // verify: an accepted submission should run within limit / ac_margin and a
  // time_limit_exceeded one beyond limit x tle_margin, else it is "sensitive to the time
  // limit". Legacy: both limits.time_safety_margin (default 2); 2023-07: ac_to_time_limit
  // and time_multipliers.time_limit_to_tle (default 1.5).
  double ac_margin = 2.0;
  double tle_margin = 2.0;
};

// Limits of the package's own programs (output and input validators, checkers,
// interactors): limits.validation_* and limits.compilation_* of problem.yaml.
struct ToolLimits {
  int64_t run_time_ms = 60000;        // validation_time (s), CPU and wall per run
  int64_t run_memory_kib = 2097152;   // validation_memory (MiB)
  int64_t run_output_kib = 8192;      // validation_output (MiB)
  int64_t compile_time_ms = 60000;    // compilation_time (s)
  int64_t compile_memory_kib = 2097152;  // compilation_memory (MiB)
  int validation_passes = 2;          // multi-pass: the most passes of one test
};

// A test group with points (IOI-style scoring, our own `groups:` key); tests of
// data/secret/<name>/. The name "secret" stands for the tests directly in data/secret.
struct TestGroup {
  std::string name;
  double points = 0;
  // Polygon's points-policy="each-test": the group scores the points of each of its AC
  // tests (TestCase::points), and a failed test does not skip the rest of the group.
  // Otherwise (complete-group) it scores `points` when all its tests are AC.
  bool each_test = false;
  // Polygon's <dependencies>: groups all of whose tests must be AC for this one to
  // score anything.
  std::vector<std::string> dependencies;
};

// A program of the package (output validator, checker, interactor, input validator):
// one source file, or a folder (several sources, or `build`/`run` scripts).
struct PackageProgram {
  std::string name;  // the file or folder's base name
  std::string path;  // host path of the file or folder
  bool is_dir = false;
  // The language profile's id to build it with (a Polygon source's type names one);
  // "": chosen by the files' extensions.
  std::string language;
  // Host paths of files put beside a single source file in its build directory, by
  // their base names, for it to #include (a Polygon package's <files><resources>:
  // testlib.h, a shared gen.cpp); never compiled on their own. Empty: none.
  std::vector<std::string> resources;
};

// problem.yaml's deprecated `grading:` keys, which problemtools still applies to every
// test data group: accept_score, reject_score, range, on_reject (first_error: break,
// grade: continue).
struct LegacyGrading {
  std::optional<double> accept_score, reject_score;
  std::optional<std::pair<double, double>> range;
  std::optional<bool> on_reject_break;
};

// An interactive problem's interactor: a Kattis output validator run interactively,
// or a testlib interactor (then checker may name a testlib checker run afterwards).
enum class InteractorKind { kNone, kKattis, kTestlib };

struct ProblemConfig {
  std::string dir;          // the package directory, as given
  std::string id;           // the directory's base name, e.g. "eight"
  std::string name;         // human name (default: the id)
  std::string plugin_id;    // empty when the package needs no plugin
  // problem.yaml's `source`: the text of each (a string, or a map's name), in file
  // order, e.g. "SWERC 2002 (POJ 1198)". A compile error's suggestion follows the
  // judge it names (compile_hint.h).
  std::vector<std::string> sources;
  std::string format_version = "legacy";  // problem_format_version
  bool scoring = false;     // type: scoring
  bool interactive = false; // type: interactive, validation: custom interactive
  bool custom_score = false;  // validation: custom score (the validator writes score.txt)
  // type: multi-pass (2023-07), validation: custom multi-pass (legacy): the output
  // validator may write nextpass.in, the submission's input of the next pass.
  bool multi_pass = false;
  bool objective_min = false; // grading.objective: min (legacy scoring problems)
  LegacyGrading legacy_grading;
  ProblemLimits limits;
  TimeLimitRule time_rule;
  ToolLimits tool_limits;
  std::optional<int64_t> code_kib;  // limits.code: the largest submission accepted (default 128 KiB;
                                    // LoadPackage: DOMjudge's 256 KiB for a DOMjudge package)
  bool code_kib_given = false;      // limits.code was in problem.yaml
  IoMode io_mode = IoMode::kStdio;
  std::string input_file;   // file mode only, e.g. "rotationa.in"
  std::string output_file;  // file mode only, e.g. "rotationa.out"
  CheckerKind checker = CheckerKind::kPlugin;
  double float_absolute_tolerance = 1e-6;  // kFloat
  double float_relative_tolerance = 1e-6;  // kFloat
  // validator_flags of problem.yaml (legacy), split on whitespace: passed to the output
  // validator (default or custom) before the test group's own flags.
  std::vector<std::string> validator_flags;
  // kKattis / kTestlib: the program (output_validators/<name>, output_validator/, or
  // checker.source).
  std::optional<PackageProgram> checker_program;
  InteractorKind interactor = InteractorKind::kNone;
  std::optional<PackageProgram> interactor_program;  // kTestlib (kKattis uses checker_program)
  // Polygon's <validators>: testlib validators, each run by verify with a test's input
  // on stdin (exit 0: valid). Kattis input validators are listed by LoadPackage instead.
  std::vector<PackageProgram> testlib_validators;
  // The custom grader in graders/ (testdata.yaml `grading: custom`), when there is one.
  std::optional<PackageProgram> grader_program;
  // plugin_options of problem.yaml, in file order, values as text.
  std::vector<std::pair<std::string, std::string>> plugin_options;
  std::vector<TestGroup> groups;
  // Read and kept, not acted on (docs/problem-format.md lists them): languages
  // (Kattis codes; empty: all), keywords, allow_file_writing, constants.
  std::vector<std::string> languages;
  std::vector<std::string> notes;  // what was read but is not supported, one line each
  // A Polygon package's tests and answers that the judge made (judge/judging/polygon_tests.h),
  // at their paths relative to the package: where LoadPolygonTests looks for a file the
  // package lacks. "": none made. Set by the loader, never read from the package.
  std::string made_tests_dir;
};

// Reads <dir>/problem.yaml (and .timelimit / domjudge-problem.ini when problem.yaml sets
// no time limit). Every error of the file is reported at once, one line each
// ("<file>: <key path>: expected <what>, found <what>"), in one InvalidArgument Status
// whose message holds them separated by newlines. Unknown keys are errors.
Result<ProblemConfig> LoadProblemConfig(const std::string& dir);

// "key=value\n" lines of plugin_options, as passed across the plugin ABI.
std::string SerializePluginOptions(const ProblemConfig& config);

// The Kattis default grader's flags (testdata.yaml grader_flags; the last of
// conflicting modes wins).
struct GraderFlags {
  enum class VerdictMode { kWorstError, kFirstError, kAlwaysAccept };
  enum class ScoreMode { kSum, kAvg, kMin, kMax };
  VerdictMode verdict = VerdictMode::kWorstError;
  ScoreMode score = ScoreMode::kSum;
  bool ignore_sample = false;           // root only: the sample group does not count
  bool accept_if_any_accepted = false;
};

// What DOMjudge reads of one group's own testdata.yaml: it inherits nothing from the
// parent folder, and a folder without the file is no group of its scoring at all.
struct DomjudgeGroupSettings {
  std::optional<double> accept_score;   // unset: a leaf group without score.txt scores nothing
  GraderFlags::ScoreMode aggregation = GraderFlags::ScoreMode::kSum;
  bool ignore_sample = false;
  bool on_reject_continue = false;
};

// A test data group (a folder under data/) with its testdata.yaml settings, inherited
// key by key from the closest ancestor that sets them, else the Kattis defaults.
struct TestGroupConfig {
  std::string path;        // "data", "data/sample", "data/secret", "data/secret/g1", ...
  int parent = -1;         // index into the group list; -1 for "data"
  bool has_file = false;   // this folder has its own testdata.yaml / test_group.yaml
  bool on_reject_break = true;   // on_reject: break (default) | continue
  GraderFlags grader;            // grader_flags
  std::vector<std::string> grader_flag_words;  // grader_flags as written (a custom grader's arguments)
  bool custom_grader = false;    // grading: custom (the package's graders/ program)
  double accept_score = 1;
  double reject_score = 0;
  double range_min = -std::numeric_limits<double>::infinity();  // range: "min max"
  double range_max = std::numeric_limits<double>::infinity();
  std::vector<std::string> output_validator_flags;
  // input_validator_flags: for every validator ("" key), or per validator name.
  std::map<std::string, std::vector<std::string>> input_validator_flags;
  DomjudgeGroupSettings domjudge;  // this folder's own file only (has_file)
};

struct TestCase {
  std::string name;         // e.g. "sample/1", "secret/small/03"
  std::string group;        // "sample", "secret" or the first folder under secret
  std::string input_path;   // .in
  std::string answer_path;  // .ans; empty when missing
  int group_index = -1;     // the innermost TestGroupConfig holding it (-1: not listed)
  double points = 0;        // Polygon: the test's own points (its group's each-test score)
};

// The tests and their groups. groups[0] is "data"; a group comes before its children
// and groups are in the order their first test is run.
struct TestData {
  std::vector<TestCase> tests;
  std::vector<TestGroupConfig> groups;
  bool has_group_files = false;  // some folder has a testdata.yaml / test_group.yaml
  // Sample interaction protocols (data/sample/*.interaction): shown, never run.
  std::vector<std::string> interaction_files;
  // What was read and ignored (unknown keys of the group files), one line each.
  std::vector<std::string> notes;
  // What looks like a mistake of the package's author and is ignored, one line each
  // naming the file relative to the package: an answer without its input
  // ("data/secret/x.ans: answer without an input data/secret/x.in; ignored").
  std::vector<std::string> warnings;
};

// Samples first, then secret tests, each in name order, folders (groups, any depth)
// sorted with the files by name. Links are followed when their target lies inside
// the package; a link leading outside it is an error. Error when data/ is missing.
Result<TestData> LoadTestData(const ProblemConfig& config);
// LoadTestData's tests only.
Result<std::vector<TestCase>> ListTests(const ProblemConfig& config);

// Reads a whole file (a test's .in or .ans, a contestant's output) as bytes. Errors
// are one line naming the path and the OS's reason; a FIFO, device or directory is
// refused without blocking. Thread-safe.
Result<std::string> ReadTestFile(const std::string& path);

// The programs in a folder of programs of the package (output_validators/,
// input_validators/): every non-hidden file or folder, in name order; a link must lead
// inside the package. A missing folder lists none.
Result<std::vector<PackageProgram>> ListPrograms(const std::string& package_dir, const std::string& folder);

// Whether path, after following every link, lies inside dir (both resolved). Used to
// follow symbolic links of a package only within it.
bool InsidePackage(const std::string& dir, const std::string& path);

}  // namespace judge

#endif  // JUDGE_PROBLEM_H_
