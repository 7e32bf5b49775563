// The kinds of checker a problem can name (problem.yaml `checker.type`), each one
// entry in one table: its name, written once here, is what problem.yaml says and what
// a judging stores; its facts answer the questions callers would otherwise answer by
// switching on the kind (does it compare with the .ans file, does it run a program of
// the package, does verify run it on the answer files).
//
// The table is constant data: every function here is pure and thread-safe, and the
// references it returns live as long as the program.
#ifndef JUDGE_CHECKER_KIND_H_
#define JUDGE_CHECKER_KIND_H_

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace judge {

// kDefault is the Kattis default output validator (tokens, case-insensitive unless
// case_sensitive, float tolerances from the validator flags); kKattis an output
// validator program of the package (exit 42/43); kTestlib a testlib checker (exit
// 0/1/2/3/7). Appended only: the names are stored with each judging.
enum class CheckerKind { kPlugin, kExact, kLines, kTokens, kFloat, kDefault, kKattis, kTestlib };

struct CheckerKindInfo {
  CheckerKind kind;
  std::string_view name;     // problem.yaml's checker.type, and the stored name
  // A comparison the judge makes itself (MakeBuiltinChecker), no plugin, no program.
  bool builtin;
  // Compares the output with the test's .ans file: a test without one cannot be
  // checked (JE). The plugin and the package's programs decide what they need.
  bool needs_answer_file;
  // Runs a program of the package (checker.source or output_validators/) in the
  // sandbox: checking needs a sandbox and a scratch directory, and the program is
  // built first.
  bool runs_program;
  // verify runs it on each answer file as if that were a contestant's output, as
  // problemtools does with output validators (a comparison of the .ans with itself
  // would prove nothing).
  bool checks_answer_files;
};

// Every kind, in the enum's order.
std::span<const CheckerKindInfo> CheckerKinds();

// The entry of a kind.
const CheckerKindInfo& CheckerKindInfoOf(CheckerKind kind);

// The kind named `name` (problem.yaml's checker.type); nullopt for no kind.
std::optional<CheckerKind> CheckerKindNamed(std::string_view name);

// "plugin, exact, lines, ..., kattis or testlib": the names for an error message;
// with a fact, only the kinds that have it (&CheckerKindInfo::runs_program:
// "kattis or testlib").
std::string CheckerKindNameList(bool CheckerKindInfo::*only_with = nullptr);

}  // namespace judge

#endif  // JUDGE_CHECKER_KIND_H_
