// Compiling and running each profile's hello world (see judge/judging/language_check.h).
#include "judge/judging/language_check.h"

#include "judge/base/files.h"
#include "judge/grading/checker.h"
#include "judge/grading/compiler.h"
#include "judge/judging/package.h"

namespace judge {
namespace {

// A package of one test: empty input, "hello world" expected, tokens compared.
Result<Package> HelloPackage(const std::string& dir) {
  Package pkg;
  pkg.problem.dir = dir;
  pkg.problem.id = "hello";
  pkg.problem.name = "hello world";
  pkg.problem.limits.time_ms = 10000;
  pkg.problem.limits.memory_kib = 1048576;
  pkg.problem.checker = CheckerKind::kTokens;
  pkg.checker = MakeBuiltinChecker(pkg.problem);
  pkg.checker_name = std::string(CheckerKindInfoOf(pkg.problem.checker).name);
  TestCase t{"hello", "sample", dir + "/hello.in", dir + "/hello.ans"};
  JUDGE_RETURN_IF_ERROR(fs::WriteFile(t.input_path, ""));
  JUDGE_RETURN_IF_ERROR(fs::WriteFile(t.answer_path, "hello world\n"));
  pkg.tests.push_back(t);
  return pkg;
}

std::string FirstLines(const std::string& log, std::size_t max_lines) {
  std::string out;
  std::size_t at = 0;
  for (std::size_t n = 0; n < max_lines && at < log.size(); ++n) {
    std::size_t end = log.find('\n', at);
    if (end == std::string::npos) end = log.size();
    out += (out.empty() ? "" : " | ") + log.substr(at, end - at);
    at = end + 1;
  }
  return out;
}

}  // namespace

Result<LanguageCheck> CheckLanguage(const LanguageProfile& profile, Pipeline* pipeline, Sandbox* sandbox) {
  LanguageCheck check;
  LanguageAvailability a = CheckAvailability(profile);
  if (!a.available) return check.outcome = LanguageCheckOutcome::kUnavailable, check.detail = a.reason, check;
  if (profile.hello.empty()) return check.outcome = LanguageCheckOutcome::kNoProgram, check;
  NewSubmission hello{"hello", "hello", profile.hello, profile};
  const Package no_package;  // hello world belongs to no package: no include files, no code limit
  JUDGE_ASSIGN_OR_RETURN(std::unique_ptr<CompiledProgram> program, pipeline->Compile(no_package, hello, sandbox));
  const CompileOutcome& compiled = program->outcome();
  check.compile_ms = compiled.wall_ms;
  if (!compiled.ok) {
    check.detail = "compile error: " + compiled.message + (compiled.log.empty() ? "" : ": " + FirstLines(compiled.log, 3));
    return check;
  }
  JUDGE_ASSIGN_OR_RETURN(Package pkg, HelloPackage(program->work_dir()));
  JUDGE_ASSIGN_OR_RETURN(GradeReport report,
                         pipeline->RunTests(*program, pkg, pkg.problem, pkg.tests, sandbox, 256));
  if (report.tests.empty()) return Status::Internal("the hello world test did not run");
  const TestResult& t = report.tests[0];
  check.run_ms = t.wall_ms;
  if (t.verdict != Verdict::kAccepted) {
    std::string printed = report.outputs.empty() ? "" : report.outputs[0];
    check.detail = std::string(VerdictCode(t.verdict)) + ": " + t.message +
                   (printed.empty() ? "" : "; printed \"" + FirstLines(printed, 2) + "\"");
    return check;
  }
  check.outcome = LanguageCheckOutcome::kPassed;
  check.detail = ToolchainVersion(profile);
  return check;
}

}  // namespace judge
