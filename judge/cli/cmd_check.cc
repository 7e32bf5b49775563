// judge check <problem-dir> <input> <output> [<answer>]: judges one output with the
// package's checker (its plugin, the built-in checker named in problem.yaml, or the
// package's output validator or testlib checker, run in the sandbox).
// Without <answer>, the reference solver produces it: the package's plugin, or a
// Polygon package's main solution (main_answer.h).
// Exit: 0 AC, 1 WA (also a partial score, shown), 2 PE, 3 JE (the checker could not
// judge: a plugin failure, bad jury data, a missing file). The verdict and message go
// to stderr, or to stdout as one JSON object with --json.
#include <iostream>
#include <memory>

#include "cli_util.h"
#include "commands.h"
#include "main_answer.h"
#include "judge/base/files.h"
#include "judge/base/terminal.h"
#include "judge/config/polygon.h"
#include "judge/judging/package_loader.h"
#include "judge/judging/pipeline.h"

namespace judge::cli {
namespace {

struct CheckOptions {
  std::string problem_dir;
  std::string input_file;
  std::string output_file;
  std::string answer_file;
  bool json = false;
  bool in_process = false;
};

// The answer to judge against: the file given, else the reference solver's (jury
// input the solver rejects is the package's fault: JE, with the reason), else a
// Polygon package's main solution's.
Result<std::string> Answer(const CheckOptions& o, const Package& pkg, const std::string& input) {
  if (!o.answer_file.empty()) return ReadTestFile(o.answer_file);
  if (!pkg.plugin && pkg.problem.format_version == kPolygonFormat) {
    JUDGE_ASSIGN_OR_RETURN(PolygonMainAnswer made, MainSolutionAnswer(pkg.problem, o.input_file, o.input_file));
    return std::move(made.answer);
  }
  if (!pkg.plugin)
    return Status::InvalidArgument("problem '" + pkg.problem.id +
                                   "': expected an <answer> file, found none (the package has no plugin to "
                                   "produce the reference answer, and is no Polygon package with a main "
                                   "solution)");
  Result<PluginOutput> solved = pkg.plugin->Solve(input);
  if (!solved.ok()) return solved.status().WithContext("reference answer for " + o.input_file);
  // Jury input the reference solver refuses: the package's fault, a failure here.
  if (solved->refused) return Status::Internal("reference answer for " + o.input_file + ": " + solved->reason);
  return std::move(solved->output);
}

// The package's checker on the files given; a program of the package (an output
// validator, a testlib checker) runs in the sandbox with a scratch directory.
Result<CheckOutcome> CheckWithPackage(const CheckOptions& o, const Package& pkg, const std::string& input,
                                      const std::string& output, const std::string& answer) {
  if (pkg.problem.interactive)
    return Status::InvalidArgument("problem '" + pkg.problem.id + "' is interactive: its outputs are judged "
                                   "while the submission runs (use judge grade)");
  CheckRequest q;
  q.input = input;
  q.output = output;
  q.answer = answer;
  q.flags = &pkg.problem.validator_flags;
  if (!pkg.checker->runs_program()) return pkg.checker->CheckTest(q);
  JUDGE_ASSIGN_OR_RETURN(std::unique_ptr<Sandbox> sandbox, DefaultSandbox());
  JUDGE_ASSIGN_OR_RETURN(ScratchDir dir, ScratchDir::Make(DefaultScratchRoot(), "judge-check-"));
  const std::string& scratch = dir.path();
  TestCase test;
  test.name = "check";
  test.input_path = o.input_file;
  test.answer_path = scratch + "/answer";
  JUDGE_RETURN_IF_ERROR(fs::WriteFile(test.answer_path, answer));
  q.test = &test;
  q.output_path = o.output_file;
  q.sandbox = sandbox.get();
  q.scratch_dir = scratch;
  return pkg.checker->CheckTest(q);
}

int ExitCode(CheckVerdict v) {
  switch (v) {
    case CheckVerdict::kAccepted: return kExitOk;
    case CheckVerdict::kPresentationError: return kExitPresentation;
    case CheckVerdict::kWrongAnswer:
    case CheckVerdict::kPartial: break;
  }
  return kExitNegative;
}

int RunCheck(const CheckOptions& o) {
  Json doc;
  auto fail = [&](const Status& st) {
    if (o.json) {
      doc["verdict"] = "JE";
      doc["score"] = 0.0;
      doc["message"] = st.message();
      doc["error"] = st.message();
      PrintJson(doc);
    }
    return ReportError("check", st);
  };
  Pipeline nothing_judged{PipelineOptions{}};  // the loader's: with_tests false builds and runs nothing
  PackageLoaderOptions lopt;
  lopt.isolate_plugin = !o.in_process;
  lopt.with_tests = false;  // one given file is judged: no limits to resolve
  auto pkg = PackageLoader(&nothing_judged, lopt).Load(o.problem_dir);
  if (!pkg.ok()) return fail(pkg.status());
  doc["problem"] = (*pkg)->problem.id;
  if ((*pkg)->plugin) {
    doc["plugin"] = (*pkg)->plugin->id();
    doc["plugin_version"] = (*pkg)->plugin->version();
  }
  auto input = ReadTestFile(o.input_file);
  if (!input.ok()) return fail(input.status());
  auto output = ReadTestFile(o.output_file);
  if (!output.ok()) return fail(output.status());
  auto answer = Answer(o, **pkg, *input);
  if (!answer.ok()) return fail(answer.status());
  Result<CheckOutcome> outcome = CheckWithPackage(o, **pkg, *input, *output, *answer);
  if (!outcome.ok()) return fail(outcome.status());

  const bool partial = outcome->verdict == CheckVerdict::kPartial;
  const std::string verdict = partial ? "WA" : std::string(CheckVerdictName(outcome->verdict));
  if (o.json) {
    doc["verdict"] = verdict;
    doc["partial"] = partial;
    doc["score"] = outcome->reported_score.value_or(outcome->score);
    doc["message"] = outcome->message;
    doc["error"] = nullptr;
    PrintJson(doc);
  } else {
    std::cerr << verdict;
    if (partial) std::cerr << " (partial, score " << outcome->reported_score.value_or(outcome->score) << ")";
    if (!outcome->message.empty()) std::cerr << ": " << EscapeForTerminal(outcome->message);
    std::cerr << "\n";
  }
  return ExitCode(outcome->verdict);
}

}  // namespace

void RegisterCheck(CLI::App& app, int* exit_code) {
  auto o = std::make_shared<CheckOptions>();
  auto* cmd = app.add_subcommand("check", "Judge one output (exit 0 AC, 1 WA, 2 PE, 3 JE)");
  cmd->add_option("problem-dir", o->problem_dir, "Problem package directory")->required();
  cmd->add_option("input", o->input_file, "Input file")->required();
  cmd->add_option("output", o->output_file, "The output to judge")->required();
  cmd->add_option("answer", o->answer_file, "Reference answer (default: the reference solver's, or a Polygon package's main "
                 "solution's)");
  cmd->add_flag("--json", o->json,
                "Print one JSON object {problem, plugin, verdict, partial, score, message, error}");
  cmd->add_flag("--in-process", o->in_process,
                "Call the plugin in the judge's process instead of an isolated child");
  cmd->callback([o, exit_code] { *exit_code = RunCheck(*o); });
}

}  // namespace judge::cli
