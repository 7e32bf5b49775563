// Checkers: decide whether a contestant's output is right for one test.
//
// Built-in checkers compare against the package's .ans file (problem.yaml
// checker.type: exact, lines, tokens, float, and default: the Kattis default output
// validator); the plugin checker asks the problem's plugin through a PluginCaller
// (isolated by default); the package's own programs (a Kattis output validator, a
// testlib checker, an interactor) run in the sandbox (tool_checker.h).
//
// Two kinds of failure are kept apart, as everywhere in the judge:
//  - a CheckOutcome (AC, WA, PE, partial): what the output deserves;
//  - a non-OK Status from Check(): the checker could not judge (a crashed or hung
//    plugin, a plugin that reports "checker failure", unreadable jury data). The test
//    is JE, never WA.
#ifndef JUDGE_CHECKER_H_
#define JUDGE_CHECKER_H_

#include <atomic>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "judge/base/status.h"
#include "judge/config/check.h"
#include "judge/config/checker_kind.h"
#include "judge/config/problem.h"
#include "judge/plugin/plugin_host.h"
#include "judge/sandbox/sandbox.h"

namespace judge {

// The built-in comparisons. Pure functions of their arguments; thread-safe. The
// message says where the first difference is ("line 3: expected \"5\", found \"4\"").
//
// exact:  byte-for-byte; when the bytes differ but the tokens are equal: PE.
// lines:  line by line, ignoring trailing spaces/tabs/CR on each line and trailing
//         empty lines; equal tokens but different line breaks: PE.
// tokens: whitespace-separated tokens, any amount/kind of whitespace.
// float:  as tokens, but two tokens that both read fully as numbers are equal when
//         |out - ans| <= absolute or |out - ans| <= relative * |ans|; nan/inf must
//         match in kind.
CheckOutcome CompareExact(std::string_view output, std::string_view answer);
CheckOutcome CompareLines(std::string_view output, std::string_view answer);
CheckOutcome CompareTokens(std::string_view output, std::string_view answer);
CheckOutcome CompareFloats(std::string_view output, std::string_view answer,
                           double absolute_tolerance, double relative_tolerance);

// The Kattis default output validator's options, from its flags (problem.yaml
// validator_flags, then the test group's output_validator_flags): case_sensitive,
// space_change_sensitive, float_relative_tolerance e, float_absolute_tolerance e,
// float_tolerance e (both). A negative tolerance is unset.
struct DefaultValidatorOptions {
  bool case_sensitive = false;
  bool space_change_sensitive = false;
  double float_absolute_tolerance = -1;
  double float_relative_tolerance = -1;
};
// An unknown flag or a tolerance that is not a number >= 0 is InvalidArgument naming it.
Result<DefaultValidatorOptions> ParseDefaultValidatorFlags(const std::vector<std::string>& flags);

// The Kattis default output validator, exactly: whitespace-separated tokens (space,
// \t, \n, \v, \f, \r) compared one by one, ASCII case ignored unless case_sensitive;
// with space_change_sensitive every run of whitespace (leading and trailing too) must
// be byte for byte the answer's. With a tolerance set, an answer token that reads
// whole as a finite number is matched by any output token that does within either
// tolerance (|o - a| <= abs, or <= rel * |a|), so any float formatting passes. Never PE.
CheckOutcome CompareKattisDefault(std::string_view output, std::string_view answer,
                                  const DefaultValidatorOptions& options);

// Everything one check may need: the test (paths, group), the bytes, and for the
// checkers that run a program, where the output lies, the sandbox and a scratch
// directory. Borrowed for the call.
struct CheckRequest {
  const TestCase* test = nullptr;
  // The test group's output_validator_flags (after problem.yaml's validator_flags).
  const std::vector<std::string>* flags = nullptr;
  std::string_view input, output, answer;
  std::string output_path;   // a host file holding `output` (the program's stdout or file)
  Sandbox* sandbox = nullptr;
  std::string scratch_dir;   // an existing directory the checker may use and leave dirty
  const std::atomic<bool>* cancel = nullptr;
  // Multi-pass (Kattis): pass > 1 keeps the validator's feedback directory of the pass
  // before; nextpass.in is handed back as CheckOutcome::next_pass_input.
  int pass = 0;  // 0: not multi-pass; else 1, 2, ...
};

// An interactive test: the submission's run, prepared by the grader, and where the
// interactor may work. Borrowed for the call.
struct InteractRequest {
  const TestCase* test = nullptr;
  const std::vector<std::string>* flags = nullptr;
  RunSpec submission;        // stdin/stdout are the checker's to connect
  Sandbox* sandbox = nullptr;
  std::string scratch_dir;
  const std::atomic<bool>* cancel = nullptr;
  int pass = 0;  // as CheckRequest::pass
};

// What an interaction produced: the submission's own run (its time, memory, exit),
// the interactor's judgement, and the Kattis rule's inputs.
struct InteractOutcome {
  RunResult submission;
  Result<CheckOutcome> check = Status::Internal("not checked");  // an error: JE
  bool interactor_first = false;  // the interactor exited before the submission
  // A testlib interactor's output file (its second argument, what a checker reads
  // afterwards), in a directory of the request's scratch_dir; "" for a Kattis one.
  // The interactor wrote it: a host path to open without following links.
  std::string interactor_output_path;
};

// One test's checking, however it is done. Thread safety: Check() may be called
// concurrently only if the implementation says so (the built-in ones may be).
class Checker {
 public:
  virtual ~Checker() = default;
  // "exact", "tokens", ..., or "plugin eight 1.0.0"; stored with each judging.
  virtual std::string Describe() const = 0;
  // Its row in the table of kinds (checker_kind.h); an interactive checker is the
  // kind of its validator (kattis or testlib). The questions below are answered from
  // that row, so callers ask the checker instead of switching on the kind.
  virtual CheckerKind kind() const = 0;
  // True when each test must come with its .ans file (the comparisons): the grader
  // makes a test without one JE before checking.
  bool needs_answer_file() const { return CheckerKindInfoOf(kind()).needs_answer_file; }
  // True when checking runs a program of the package: CheckTest() then needs
  // CheckRequest's sandbox, scratch_dir and output_path.
  bool runs_program() const { return CheckerKindInfoOf(kind()).runs_program; }
  // True when verify should run it on each answer file as a contestant's output.
  bool checks_answer_files() const { return CheckerKindInfoOf(kind()).checks_answer_files; }
  virtual Result<CheckOutcome> Check(std::string_view input, std::string_view output,
                                     std::string_view answer) = 0;
  // The grader's entry: by default Check() on the bytes. Checkers that need the test's
  // flags or run a program override it.
  virtual Result<CheckOutcome> CheckTest(const CheckRequest& request) {
    return Check(request.input, request.output, request.answer);
  }
  // Interactive checkers run the submission with the interactor (true), and the
  // grader calls Interact() instead of running the submission itself.
  virtual bool interactive() const { return false; }
  // True when CheckTest() may be called from several threads at once (the grader's
  // parallel tests); otherwise the grader calls it one at a time.
  virtual bool concurrent() const { return false; }
  // A non-OK Status: the judge failed (the sandbox could not run either program).
  virtual Result<InteractOutcome> Interact(const InteractRequest& request) {
    (void)request;
    return Status::Internal("this checker is not interactive");
  }
};

// The built-in checker named by config.checker (kExact, kLines, kTokens, kFloat, or
// kDefault with config.validator_flags and each test's group flags). A kind that is
// not built in (CheckerKindInfo::builtin false: a caller's bug) gives a checker whose
// every check is an Internal error naming the kind, so the tests are JE: it never
// judges by some other comparison.
std::unique_ptr<Checker> MakeBuiltinChecker(const ProblemConfig& config);

// The plugin's check with options ("key=value" lines). The caller is borrowed and
// must outlive the checker. A checker failure or a failed call is a non-OK Status
// naming the plugin; a partial outcome stays partial (the grader scores it).
std::unique_ptr<Checker> MakePluginChecker(PluginCaller* caller, std::string options);

}  // namespace judge

#endif  // JUDGE_CHECKER_H_
