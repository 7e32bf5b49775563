// judge verify <problem-dir> [--json] [--jobs N] [--db PATH] [--languages FILE] [--no-margins]
// Checks that a package is consistent (judge/judging/verify.h): every input passes validate
// and the input validators, every .ans is a right answer, every submission gets a
// verdict its folder allows, with the Kattis time margins (a submission sensitive to
// the time limit is a warning). Prints a table (or --json).
// Exit: 0 when all hold, 1 when one does not, 3 when the judge failed (a plugin crash,
// the sandbox, a bad package that cannot be loaded).
// Judgings are stored only with --db.
#include <iostream>
#include <memory>

#include "cli_util.h"
#include "commands.h"
#include "judge/base/interrupt.h"
#include "judge/base/terminal.h"
#include "judge/judging/package_loader.h"
#include "judge/judging/verify.h"
#include "report_printer.h"

namespace judge::cli {
namespace {

struct VerifyArgs {
  std::string problem_dir;
  bool json = false;
  int jobs = 1;
  std::string db;
  std::string languages_file;
  bool no_cache = false;
  bool no_margins = false;
};

const Table& CheckTable() {
  static const Table kTable({{"check", 10}, {"subject", 43}, {"expected", 8}, {"found", 8}, {"result"}});
  return kTable;
}

void PrintCheck(const VerifyCheck& c, bool colour) {
  Table::Cell mark = c.ok ? Table::Cell(c.found == "skipped" ? "skipped" : "ok", Style::kGood)
                          : Table::Cell(c.judge_error ? "JUDGE ERROR" : "MISMATCH", Style::kBad);
  if (!c.ok || c.found == "skipped" || c.kind == "note" || c.kind == "time_limit" || c.kind == "sample")
    mark.text += "  " + c.message;
  if (!c.warning.empty()) mark.text += "  warning: " + c.warning;
  CheckTable().PrintRow(std::cout, {c.kind, c.subject, c.expected, c.found, mark}, colour);
  std::cout.flush();
}

Json ReportDoc(const VerifyReport& report) {
  Json doc;
  doc["problem"] = report.problem;
  doc["consistent"] = report.consistent();
  doc["judge_error"] = report.judge_error();
  doc["checks"] = Json::array();
  for (const auto& c : report.checks) {
    Json check = {{"kind", c.kind},         {"subject", c.subject}, {"ok", c.ok},
                  {"judge_error", c.judge_error}, {"expected", c.expected}, {"found", c.found},
                  {"message", c.message}, {"time_ms", c.time_ms}, {"warning", c.warning}};
    if (c.score) check["score"] = *c.score;
    doc["checks"].push_back(std::move(check));
  }
  return doc;
}

int RunVerify(const VerifyArgs& a) {
  auto languages = LoadLanguages(a.languages_file);
  if (!languages.ok()) return ReportError("verify", languages.status());
  InterruptHandler interrupt;
  std::unique_ptr<Store> store;
  if (!a.db.empty()) {
    auto s = OpenGradingStore(a.db, false);
    if (!s.ok()) return ReportError("verify", s.status());
    store = std::move(*s);
  }
  PipelineOptions popt;
  popt.context.languages = &*languages;
  if (!a.no_cache) popt.context.cache_dir = DefaultCacheDir();
  popt.context.store = store.get();
  popt.context.cancel = interrupt.flag();
  popt.jobs = JobsForHost("verify", a.jobs, "--jobs");
  Pipeline pipeline(popt);
  PackageLoaderOptions lopt;
  lopt.resolve_time_limit = false;  // verify infers a missing limit itself, and says how
  // A Polygon package's generated tests and answers are made first: shown as they go.
  ProgressLine making(std::cout, StdoutIsTerminal() && !a.json);
  lopt.on_progress = [&making](const std::string& step) { making.Show("making tests: " + step); };
  auto package = PackageLoader(&pipeline, lopt).Load(a.problem_dir);
  making.Clear();
  if (!package.ok()) return interrupt.ExitCode(ReportError("verify", package.status()));
  bool colour = StdoutIsTerminal() && !a.json;
  VerifyOptions opt;
  opt.margins = !a.no_margins;
  if (!a.json) {
    std::cout << "verifying " << EscapeForTerminal((*package)->problem.id) << " (" << (*package)->tests.size() << " tests)\n";
    CheckTable().PrintHeader(std::cout, colour);
    opt.on_check = [colour](const VerifyCheck& c) { PrintCheck(c, colour); };
  }
  auto report = VerifyPackage(**package, &pipeline, opt);
  if (!report.ok()) return interrupt.ExitCode(ReportError("verify", report.status()));
  int failed = 0, errors = 0, warnings = 0;
  for (const auto& c : report->checks) {
    failed += !c.ok;
    errors += c.judge_error;
    warnings += !c.warning.empty();
  }
  if (a.json) {
    PrintJson(ReportDoc(*report));
  } else {
    std::cout << EscapeForTerminal(report->problem) << ": " << report->checks.size() << " checks, ";
    if (failed == 0)
      std::cout << "all hold";
    else
      std::cout << failed << " failed" << (errors ? " (" + std::to_string(errors) + " judge errors)" : "");
    std::cout << (warnings ? ", " + std::to_string(warnings) + " warning(s)" : "") << "\n";
  }
  if (errors) return interrupt.ExitCode(kExitJudgeError);
  return interrupt.ExitCode(failed ? kExitNegative : kExitOk);
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
  cmd->add_flag("--no-margins", args->no_margins,
                "judge submissions with the plain time limit (no time_safety_margin runs)");
  cmd->callback([args, exit_code] { *exit_code = RunVerify(*args); });
}

}  // namespace judge::cli
