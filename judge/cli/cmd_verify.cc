// judge verify <problem-dir> [--json] [--jobs N] [--db PATH] [--languages FILE]
// Checks that a package is consistent: every input passes validate, every .ans is a
// right answer by the reference solver and the checker, every submission under
// submissions/<expected>/ gets exactly that verdict. Prints a table (or --json).
// Exit: 0 when all hold, 1 when one does not, 3 when the judge failed (a plugin crash,
// the sandbox, a bad package that cannot be loaded).
// Judgings are stored only with --db.
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>

#include "cli_util.h"
#include "commands.h"
#include "grade_report.h"
#include "judge/verify.h"

namespace judge::cli {
namespace {

struct VerifyArgs {
  std::string problem_dir;
  bool json = false;
  int jobs = 1;
  std::string db;
  std::string languages_file;
  bool no_cache = false;
};

void PrintCheck(const VerifyCheck& c, bool colour) {
  std::string mark = c.ok ? "ok" : (c.judge_error ? "JUDGE ERROR" : "MISMATCH");
  if (colour) mark = (c.ok ? "\033[32m" : "\033[1;31m") + mark + "\033[0m";
  std::ostringstream line;
  line << "  " << std::left << std::setw(11) << c.kind << std::setw(44) << c.subject << std::setw(9)
       << c.expected << std::setw(9) << c.found << mark;
  if (!c.ok && !c.message.empty()) line << "  " << c.message;
  std::cout << line.str() << "\n" << std::flush;
}

int RunVerify(const VerifyArgs& a) {
  auto languages = LoadLanguages(a.languages_file);
  if (!languages.ok()) return ReportError("verify", languages.status());
  auto ctx = LoadJudgeContext(a.problem_dir, ContextOptions{});
  if (!ctx.ok()) return ReportError("verify", ctx.status());
  std::unique_ptr<Store> store;
  if (!a.db.empty()) {
    auto s = OpenGradingStore(a.db, false);
    if (!s.ok()) return ReportError("verify", s.status());
    store = std::move(*s);
    (*ctx)->store = store.get();
  }
  bool colour = StdoutIsTerminal() && !a.json;
  VerifyOptions opt;
  opt.jobs = a.jobs;
  if (!a.no_cache) opt.judge.compiler.cache_dir = DefaultCacheDir();
  if (!a.json) {
    std::cout << "verifying " << (*ctx)->problem.id << " (" << (*ctx)->tests.size() << " tests)\n";
    std::cout << "  " << std::left << std::setw(11) << "check" << std::setw(44) << "subject" << std::setw(9)
              << "expected" << std::setw(9) << "found" << "result\n";
    opt.on_check = [colour](const VerifyCheck& c) { PrintCheck(c, colour); };
  }
  auto report = VerifyPackage(**ctx, *languages, OpenSandbox, opt);
  if (!report.ok()) return ReportError("verify", report.status());
  int failed = 0, errors = 0;
  for (const auto& c : report->checks) {
    failed += !c.ok;
    errors += c.judge_error;
  }
  if (a.json) {
    nlohmann::json doc;
    doc["problem"] = report->problem;
    doc["consistent"] = report->consistent();
    doc["judge_error"] = report->judge_error();
    doc["checks"] = nlohmann::json::array();
    for (const auto& c : report->checks)
      doc["checks"].push_back({{"kind", c.kind},
                               {"subject", c.subject},
                               {"ok", c.ok},
                               {"judge_error", c.judge_error},
                               {"expected", c.expected},
                               {"found", c.found},
                               {"message", c.message},
                               {"time_ms", c.time_ms}});
    PrintJson(doc);
  } else {
    std::cout << report->problem << ": " << report->checks.size() << " checks, ";
    if (failed == 0)
      std::cout << "all hold\n";
    else
      std::cout << failed << " failed" << (errors ? " (" + std::to_string(errors) + " judge errors)" : "") << "\n";
  }
  if (errors) return kExitJudgeError;
  return failed ? kExitNegative : kExitOk;
}

}  // namespace

void RegisterVerify(CLI::App& app, int* exit_code) {
  auto args = std::make_shared<VerifyArgs>();
  auto* cmd = app.add_subcommand("verify", "Check that a problem package is consistent");
  cmd->add_option("problem", args->problem_dir, "problem package directory")->required();
  cmd->add_flag("--json", args->json, "print one JSON object");
  cmd->add_option("--jobs,-j", args->jobs, "submissions graded at once")->check(CLI::Range(1, 64));
  cmd->add_option("--db", args->db, "store the submissions' judgings in this database");
  cmd->add_option("--languages", args->languages_file, "an extra languages.yaml");
  cmd->add_flag("--no-cache", args->no_cache, "always compile (skip the compile cache)");
  cmd->callback([args, exit_code] { *exit_code = RunVerify(*args); });
}

}  // namespace judge::cli
