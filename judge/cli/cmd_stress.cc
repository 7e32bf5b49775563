// judge stress <problem-dir> <file> [--count N] [--seed S] [--param K=V]... [--lang ID]
//              [--json]
// Runs the submission on generated inputs (the plugin's generate, seeds S, S+1, ...),
// checked against the reference solver's answer, until one fails; then prints the
// seed, the parameters, and the smallest failing input found by shrinking the
// generator's parameters (fewer cases, shallower scrambles).
// Exit: 0 when every run passed, 1 when a failing input was found (or the file does
// not compile), 3 when the judge failed.
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>

#include "cli_util.h"
#include "commands.h"
#include "grade_report.h"
#include "judge/compiler.h"
#include "judge/stress.h"

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

nlohmann::json CaseJson(const StressCase& c) {
  nlohmann::json params = nlohmann::json::object();
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
  std::cout << text.substr(0, kMax);
  if (text.size() > kMax) std::cout << "\n... (" << text.size() - kMax << " more bytes)";
  if (text.empty() || text.back() != '\n') std::cout << "\n";
}

int RunStress(const StressArgs& a) {
  StressParams params;
  for (const auto& p : a.params) {
    auto eq = p.find('=');
    if (eq == std::string::npos || eq == 0)
      return ReportError("stress", Status::InvalidArgument("--param: expected KEY=VALUE, found \"" + p + "\""));
    params.emplace_back(p.substr(0, eq), p.substr(eq + 1));
  }
  auto languages = LoadLanguages(a.languages_file);
  if (!languages.ok()) return ReportError("stress", languages.status());
  auto profile = ChooseLanguage(*languages, a.file, a.lang);
  if (!profile.ok()) return ReportError("stress", profile.status().WithContext(a.file));
  auto ctx = LoadJudgeContext(a.problem_dir, ContextOptions{});
  if (!ctx.ok()) return ReportError("stress", ctx.status());
  if (!(*ctx)->plugin)
    return ReportError("stress", Status::Unsupported("problem '" + (*ctx)->problem.id +
                                                     "' has no plugin: stress needs its generator and reference solver"));
  auto sandbox = OpenSandbox();
  if (!sandbox.ok()) return ReportError("stress", sandbox.status());

  std::string templ = DefaultScratchRoot() + "/judge-stress-XXXXXX";
  if (!mkdtemp(templ.data())) return ReportError("stress", Status::IoError(templ + ": cannot create"));
  chmod(templ.c_str(), 0755);
  struct Cleanup {
    std::string dir;
    ~Cleanup() {
      std::error_code ec;
      std::filesystem::remove_all(dir, ec);
    }
  } cleanup{templ};
  std::filesystem::create_directories(templ + "/build");
  std::filesystem::create_directories(templ + "/stress");

  CompilerOptions copt;
  copt.cache_dir = DefaultCacheDir();
  Compiler compiler(sandbox->get(), copt);
  auto compiled = compiler.Compile(a.file, *profile, templ + "/build");
  if (!compiled.ok()) return ReportError("stress", compiled.status());
  if (!compiled->ok) {
    if (a.json) {
      PrintJson({{"submission", a.file}, {"problem", (*ctx)->problem.id}, {"verdict", "CE"},
                 {"compile", {{"ok", false}, {"log", compiled->log}}}});
    } else {
      std::cout << a.file << ": compile error: " << compiled->message << "\n" << compiled->log;
    }
    return kExitNegative;
  }

  bool tty = StdoutIsTerminal() && !a.json;
  StressOptions sopt;
  sopt.count = a.count;
  sopt.seed = a.seed;
  sopt.params = params;
  sopt.shrink_budget = a.shrink_runs;
  if (tty) {
    sopt.on_run = [&](int64_t i, bool shrinking) {
      std::cout << "\r\033[K" << (shrinking ? "shrinking, run " : "run ") << i + 1
                << (shrinking ? "" : "/" + std::to_string(a.count)) << std::flush;
    };
  }
  auto report = Stress(**ctx, sandbox->get(), compiled->program, templ + "/stress", sopt);
  if (tty) std::cout << "\r\033[K" << std::flush;
  if (!report.ok()) return ReportError("stress", report.status());

  if (a.json) {
    nlohmann::json doc = {{"submission", a.file},
                          {"problem", (*ctx)->problem.id},
                          {"language", profile->id},
                          {"runs", report->runs},
                          {"shrink_runs", report->shrink_runs},
                          {"failed", report->failure.has_value()}};
    if (report->failure) doc["failure"] = CaseJson(*report->failure);
    if (report->smallest) doc["smallest"] = CaseJson(*report->smallest);
    PrintJson(doc);
    return report->failure ? kExitNegative : kExitOk;
  }
  if (!report->failure) {
    std::cout << a.file << ": all " << report->runs << " generated inputs passed (seeds " << a.seed << ".."
              << a.seed + static_cast<uint64_t>(report->runs) - 1 << ", params " << ParamsText(params) << ")\n";
    return kExitOk;
  }
  const StressCase& f = *report->failure;
  std::cout << a.file << ": failed on run " << report->runs << ": " << VerdictCode(f.outcome.verdict)
            << (f.outcome.message.empty() ? "" : " (" + f.outcome.message + ")") << "\n";
  std::cout << "  seed " << f.seed << ", params " << ParamsText(f.params) << ", input " << f.input.size()
            << " bytes\n";
  std::cout << "  reproduce: judge generate " << a.problem_dir << " --seed " << f.seed;
  for (const auto& [k, v] : f.params) std::cout << " --param " << k << "=" << v;
  std::cout << "\n";
  const StressCase& s = *report->smallest;
  std::cout << "smallest failing input found after " << report->shrink_runs << " shrinking runs: seed " << s.seed
            << ", params " << ParamsText(s.params) << ": " << VerdictCode(s.outcome.verdict)
            << (s.outcome.message.empty() ? "" : " (" + s.outcome.message + ")") << "\n";
  PrintBlock("input", s.input);
  PrintBlock("expected (reference solver)", s.answer);
  PrintBlock("output", s.output);
  return kExitNegative;
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
