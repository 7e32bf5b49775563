// judge stress <problem-dir> <file> [--count N] [--seed S] [--param K=V]... [--lang ID]
//              [--json]
// Runs the submission on generated inputs (the plugin's generate, seeds S, S+1, ...),
// checked against the reference solver's answer, until one fails; then prints the
// seed, the parameters, and the smallest failing input found by shrinking the
// generator's parameters (fewer cases, shallower scrambles).
// Exit: 0 when every run passed, 1 when a failing input was found (or the file does
// not compile), 3 when the judge failed.
#include <iostream>
#include <memory>

#include "cli_util.h"
#include "commands.h"
#include "judge/base/interrupt.h"
#include "judge/base/key_value.h"
#include "judge/base/terminal.h"
#include "judge/grading/language_choice.h"
#include "judge/judging/package_loader.h"
#include "judge/judging/stress.h"

namespace judge::cli {
namespace {

struct StressArgs {
  std::string problem_dir;
  std::string file;
  int64_t count = 100;
  uint64_t seed = 1;
  std::vector<std::string> params;
  std::string lang;
  std::string languages_file;
  bool json = false;
  int64_t shrink_runs = 100;
};

std::string ParamsText(const StressParams& p) {
  if (p.empty()) return "(generator defaults)";
  std::string out;
  for (const auto& [k, v] : p) out += (out.empty() ? "" : " ") + k + "=" + v;
  return out;
}

Json CaseJson(const StressCase& c) {
  Json params = Json::object();
  for (const auto& [k, v] : c.params) params[k] = v;
  return {{"seed", c.seed},
          {"params", params},
          {"input", c.input},
          {"answer", c.answer},
          {"output", c.output},
          {"verdict", std::string(VerdictCode(c.outcome.verdict))},
          {"message", c.outcome.message},
          {"time_ms", c.outcome.cpu_ms},
          {"memory_kib", c.outcome.memory_kib}};
}

void PrintBlock(const std::string& title, const std::string& text) {
  std::cout << title << " (" << text.size() << " bytes):\n";
  constexpr std::size_t kMax = 4000;
  std::cout << EscapeForTerminal(text.substr(0, kMax), /*keep_newlines=*/true);
  if (text.size() > kMax) std::cout << "\n... (" << text.size() - kMax << " more bytes)";
  if (text.empty() || text.back() != '\n') std::cout << "\n";
}

void PrintFailure(const StressArgs& a, const StressReport& report, const StressParams& params) {
  const StressCase& f = *report.failure;
  std::cout << a.file << ": failed on run " << report.runs << ": " << VerdictCode(f.outcome.verdict)
            << (f.outcome.message.empty() ? "" : " (" + EscapeForTerminal(f.outcome.message) + ")") << "\n";
  std::cout << "  seed " << f.seed << ", params " << ParamsText(f.params) << ", input " << f.input.size() << " bytes\n";
  std::cout << "  reproduce: judge generate " << a.problem_dir << " --seed " << f.seed;
  for (const auto& [k, v] : f.params) std::cout << " --param " << k << "=" << v;
  std::cout << "\n";
  const StressCase& s = *report.smallest;
  std::cout << "smallest failing input found after " << report.shrink_runs << " shrinking runs: seed " << s.seed
            << ", params " << ParamsText(s.params) << ": " << VerdictCode(s.outcome.verdict)
            << (s.outcome.message.empty() ? "" : " (" + EscapeForTerminal(s.outcome.message) + ")") << "\n";
  PrintBlock("input", s.input);
  PrintBlock("expected (reference solver)", s.answer);
  PrintBlock("output", s.output);
  (void)params;
}

Json ReportDoc(const StressArgs& a, const std::string& problem, const std::string& language,
               const StressReport& report) {
  Json doc = {{"submission", a.file},         {"problem", problem},
              {"language", language},         {"runs", report.runs},
              {"shrink_runs", report.shrink_runs}, {"failed", report.failure.has_value()}};
  if (report.failure) doc["failure"] = CaseJson(*report.failure);
  if (report.smallest) doc["smallest"] = CaseJson(*report.smallest);
  return doc;
}

// Compile errors are the submission's: exit 1 with the log.
int ReportCompileError(const StressArgs& a, const std::string& problem, const CompileOutcome& compiled) {
  if (a.json)
    PrintJson({{"submission", a.file}, {"problem", problem}, {"verdict", "CE"},
               {"compile", {{"ok", false}, {"log", compiled.log}}}});
  else
    std::cout << a.file << ": compile error: " << compiled.message << "\n" << compiled.log;
  return kExitNegative;
}

int RunStress(const StressArgs& a) {
  StressParams params;
  for (const auto& p : a.params) {
    auto kv = SplitKeyValue(p);
    if (!kv) return ReportError("stress", Status::InvalidArgument("--param: expected KEY=VALUE, found \"" + p + "\""));
    params.push_back(*kv);
  }
  auto languages = LoadLanguages(a.languages_file);
  if (!languages.ok()) return ReportError("stress", languages.status());
  auto profile = ChooseLanguage(*languages, a.file, a.lang);
  if (!profile.ok()) return ReportError("stress", profile.status().WithContext(a.file));
  auto submission = SubmissionOrError(ReadSubmissionFile(a.file, *profile));
  if (!submission.ok()) return ReportError("stress", submission.status());
  // A signal while the package loads (a time limit inferred) stops that too.
  InterruptHandler interrupt;
  PipelineOptions popt;
  popt.context.languages = &*languages;
  popt.context.cache_dir = DefaultCacheDir();
  popt.context.cancel = interrupt.flag();
  Pipeline pipeline(popt);
  auto package = PackageLoader(&pipeline, PackageLoaderOptions{}).Load(a.problem_dir);
  if (!package.ok()) return interrupt.ExitCode(ReportError("stress", package.status()));
  const std::string& problem = (*package)->problem.id;
  if (!(*package)->plugin)
    return ReportError("stress", Status::Unsupported("problem '" + problem +
                                                     "' has no plugin: stress needs its generator and reference solver"));
  auto sandbox = DefaultSandbox();
  if (!sandbox.ok()) return ReportError("stress", sandbox.status());
  auto compiled = pipeline.Compile(**package, *submission, sandbox->get());
  if (!compiled.ok()) return interrupt.ExitCode(ReportError("stress", compiled.status()));
  if (!(*compiled)->outcome().ok) return ReportCompileError(a, problem, (*compiled)->outcome());

  ProgressLine progress(std::cout, StdoutIsTerminal() && !a.json);
  StressOptions sopt;
  sopt.count = a.count;
  sopt.seed = a.seed;
  sopt.params = params;
  sopt.shrink_budget = a.shrink_runs;
  sopt.on_run = [&](int64_t i, bool shrinking) {
    progress.Show((shrinking ? "shrinking, run " : "run ") + std::to_string(i + 1) +
                  (shrinking ? "" : "/" + std::to_string(a.count)));
  };
  auto report = Stress(**package, &pipeline, **compiled, sandbox->get(), sopt);
  progress.Clear();
  if (!report.ok()) return interrupt.ExitCode(ReportError("stress", report.status()));
  if (a.json) {
    PrintJson(ReportDoc(a, problem, profile->id, *report));
  } else if (!report->failure) {
    std::cout << a.file << ": all " << report->runs << " generated inputs passed (seeds " << a.seed << ".."
              << a.seed + static_cast<uint64_t>(report->runs) - 1 << ", params " << ParamsText(params) << ")\n";
  } else {
    PrintFailure(a, *report, params);
  }
  return report->failure ? kExitNegative : kExitOk;
}

}  // namespace

void RegisterStress(CLI::App& app, int* exit_code) {
  auto args = std::make_shared<StressArgs>();
  auto* cmd = app.add_subcommand("stress", "Run a submission on generated inputs until it fails, then shrink");
  cmd->add_option("problem", args->problem_dir, "problem package directory")->required();
  cmd->add_option("file", args->file, "the submission")->required();
  cmd->add_option("--count", args->count, "generated inputs to try")->check(CLI::Range(int64_t{1}, int64_t{100000000}));
  cmd->add_option("--seed", args->seed, "first seed");
  cmd->add_option("--param", args->params, "generator parameter KEY=VALUE (repeatable)");
  cmd->add_option("--shrink-runs", args->shrink_runs, "runs spent shrinking a failure at most (default 100)")
      ->check(CLI::Range(int64_t{0}, int64_t{100000}));
  cmd->add_option("--lang", args->lang, "language profile id");
  cmd->add_option("--languages", args->languages_file, "an extra languages.yaml");
  cmd->add_flag("--json", args->json, "print one JSON object");
  cmd->callback([args, exit_code] { *exit_code = RunStress(*args); });
}

}  // namespace judge::cli
