// judge rejudge <submission-id> [--problem DIR] [--db PATH] [--json] [--all]
// Judges a stored submission again from its stored source, as a new judging beside
// the old ones (both kept); this is also how a judging left incomplete by a killed
// judge is completed. The package is --problem DIR, else problems/<problem-id> in the
// working directory, else next to the executable's parent (the source tree).
// Exit: 0 when judged, 1 when there is no such submission, 3 when the judge failed.
#include <filesystem>
#include <iostream>
#include <memory>

#include "cli_util.h"
#include "commands.h"
#include "grade_report.h"
#include "judge/judging.h"

namespace judge::cli {
namespace {

struct RejudgeArgs {
  int64_t id = 0;
  std::string problem_dir;
  std::string db;
  std::string languages_file;
  bool json = false;
  bool all = false;
};

std::string FindProblemDir(const std::string& problem_id) {
  std::error_code ec;
  std::string local = "problems/" + problem_id;
  if (std::filesystem::is_directory(local, ec)) return local;
  auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    for (auto dir = exe.parent_path(); !dir.empty() && dir != dir.root_path(); dir = dir.parent_path()) {
      auto candidate = dir / "problems" / problem_id;
      if (std::filesystem::is_directory(candidate, ec)) return candidate.string();
    }
  }
  return local;
}

int RunRejudge(const RejudgeArgs& a) {
  auto languages = LoadLanguages(a.languages_file);
  if (!languages.ok()) return ReportError("rejudge", languages.status());
  auto path = ResolveStorePath(a.db);
  if (!path.ok()) return ReportError("rejudge", path.status());
  std::error_code ec;
  if (!std::filesystem::exists(*path, ec)) {
    ReportError("rejudge", Status::NotFound("no submission " + std::to_string(a.id) + " in " + *path));
    return kExitNegative;
  }
  auto store = OpenStore(*path);
  if (!store.ok()) return ReportError("rejudge", store.status());
  auto sub = (*store)->GetSubmission(a.id);
  if (!sub.ok()) {
    ReportError("rejudge", sub.status());
    return sub.status().code() == StatusCode::kNotFound ? kExitNegative : kExitJudgeError;
  }
  std::string dir = a.problem_dir.empty() ? FindProblemDir(sub->problem_id) : a.problem_dir;
  auto ctx = LoadJudgeContext(dir, ContextOptions{});
  if (!ctx.ok()) return ReportError("rejudge", ctx.status().WithContext("submission " + std::to_string(a.id)));
  (*ctx)->store = store->get();
  auto sandbox = OpenSandbox();
  if (!sandbox.ok()) return ReportError("rejudge", sandbox.status());

  bool tty = StdoutIsTerminal();
  bool colour = tty && !a.json;
  ProgressObserver progress(std::cout, !a.json, !a.json && tty, colour);
  JudgeOptions o;
  o.run_all = a.all;
  o.compiler.cache_dir = DefaultCacheDir();
  o.progress = &progress;
  std::string note;
  if (!a.json)
    std::cout << "rejudging submission " << a.id << " (" << sub->file_name << ", " << sub->language_id
              << ") on " << (*ctx)->problem.id << "\n";
  auto r = RejudgeSubmission(**ctx, sandbox->get(), a.id, *languages, o, &note);
  progress.Clear();
  if (!r.ok()) return ReportError("rejudge", r.status());
  if (!note.empty()) std::cerr << "judge rejudge: note: " << note << "\n";
  if (a.json) {
    PrintJson(ReportJson(*r));
  } else {
    PrintReportBody(std::cout, *r, false, colour);
  }
  return r->verdict == Verdict::kJudgeError ? kExitJudgeError : kExitOk;
}

}  // namespace

void RegisterRejudge(CLI::App& app, int* exit_code) {
  auto args = std::make_shared<RejudgeArgs>();
  auto* cmd = app.add_subcommand("rejudge", "Judge a stored submission again (a new judging; old ones kept)");
  cmd->add_option("id", args->id, "submission id (see judge history)")->required();
  cmd->add_option("--problem", args->problem_dir, "the problem package (default: problems/<problem-id>)");
  cmd->add_option("--db", args->db, "SQLite database (default: $JUDGE_DB or ~/.local/share/judge/judge.sqlite)");
  cmd->add_option("--languages", args->languages_file, "an extra languages.yaml");
  cmd->add_flag("--json", args->json, "print the grade object");
  cmd->add_flag("--all", args->all, "run every test");
  cmd->callback([args, exit_code] { *exit_code = RunRejudge(*args); });
}

}  // namespace judge::cli
