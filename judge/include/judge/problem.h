// A problem package (Kattis layout, extended; docs/problem-format.md): its problem.yaml and its
// tests. Loading reads the files once; the structs are plain values afterwards.
#ifndef JUDGE_PROBLEM_H_
#define JUDGE_PROBLEM_H_

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "judge/status.h"

namespace judge {

enum class IoMode { kStdio, kFile };
enum class CheckerKind { kPlugin, kExact, kLines, kTokens, kFloat };

struct ProblemLimits {
  int64_t time_ms = 1000;                 // CPU per test
  std::optional<int64_t> total_time_ms;   // CPU for the whole run, when set
  int64_t wall_ms = 0;                    // 0: derived (see problem.yaml docs)
  int64_t memory_kib = 262144;
  int64_t output_kib = 65536;
};

// A test group with points (IOI-style scoring); tests of data/secret/<name>/.
struct TestGroup {
  std::string name;
  double points = 0;
};

struct ProblemConfig {
  std::string dir;          // the package directory, as given
  std::string id;           // the directory's base name, e.g. "eight"
  std::string name;         // human name
  std::string plugin_id;    // empty when the package needs no plugin
  ProblemLimits limits;
  IoMode io_mode = IoMode::kStdio;
  std::string input_file;   // file mode only, e.g. "rotationa.in"
  std::string output_file;  // file mode only, e.g. "rotationa.out"
  CheckerKind checker = CheckerKind::kPlugin;
  double float_absolute_tolerance = 1e-6;  // kFloat
  double float_relative_tolerance = 1e-6;  // kFloat
  // plugin_options of problem.yaml, in file order, values as text.
  std::vector<std::pair<std::string, std::string>> plugin_options;
  std::vector<TestGroup> groups;
};

// Reads <dir>/problem.yaml. Errors name the file, the key, what was expected and
// what was found; unknown keys are errors.
Result<ProblemConfig> LoadProblemConfig(const std::string& dir);

// "key=value\n" lines of plugin_options, as passed across the plugin ABI.
std::string SerializePluginOptions(const ProblemConfig& config);

struct TestCase {
  std::string name;         // e.g. "sample/1", "secret/small/03"
  std::string group;        // "sample", "secret" or the secret group name
  std::string input_path;   // .in
  std::string answer_path;  // .ans; empty when missing
};

// Samples first, then secret tests, each in name order. Error when data/ is missing.
Result<std::vector<TestCase>> ListTests(const ProblemConfig& config);

// Reads a whole file (a test's .in or .ans, a contestant's output) as bytes. Errors
// are one line naming the path and the OS's reason; a FIFO, device or directory is
// refused without blocking. Thread-safe.
Result<std::string> ReadTestFile(const std::string& path);

}  // namespace judge

#endif  // JUDGE_PROBLEM_H_
