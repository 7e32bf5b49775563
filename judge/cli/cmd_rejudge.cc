// judge rejudge <submission-id>... [--problem DIR] [--db PATH] [--json] [--all]
// judge rejudge --incomplete [--problem DIR] [--db PATH] [--json]
// Judges stored submissions again from their stored source, each as a new judging
// beside the old ones (all kept). This is how work is recovered after a crash:
// --incomplete first records every judging whose judge process is gone as incomplete
// (Store::ReapAbandonedJudgings), then judges again every submission whose latest
// judging is incomplete. The package is --problem DIR, else problems/<problem-id> in
// the working directory, else next to the executable's parent (the source tree).
// Exit: 0 when judged, 1 when there is no such submission, 3 when the judge failed.
#include <iostream>
#include <map>
#include <memory>

#include "cli_util.h"
#include "commands.h"
#include "judge/base/files.h"
#include "judge/base/interrupt.h"
#include "judge/base/paths.h"
#include "judge/judging/package_loader.h"
#include "judge/judging/pipeline.h"
#include "judge/store/submission_id.h"
#include "report_printer.h"

namespace judge::cli {
namespace {

struct RejudgeArgs {
  std::vector<std::string> ids;  // as typed (ParseSubmissionId)
  bool incomplete = false;
  std::string problem_dir;
  std::string db;
  std::string languages_file;
  bool json = false;
  bool all = false;
};

std::string FindProblemDir(const std::string& problem_id) {
  std::string local = "problems/" + problem_id;
  if (fs::IsDirectory(local)) return local;
  // The executable's parents: <source>/build/judge finds <source>/problems/<id>.
  for (std::string dir = ExecutableDir(); !dir.empty() && dir != "/"; dir = dir.substr(0, dir.rfind('/'))) {
    if (fs::IsDirectory(dir + "/problems/" + problem_id)) return dir + "/problems/" + problem_id;
    if (dir.find('/') == std::string::npos) break;
  }
  return local;
}

// The submissions whose latest judging is incomplete (after recording the abandoned).
Result<std::vector<int64_t>> IncompleteSubmissions(Store* store) {
  JUDGE_RETURN_IF_ERROR(store->ReapAbandonedJudgings().status());
  JUDGE_ASSIGN_OR_RETURN(std::vector<HistoryEntry> history, store->ListHistory({}));
  std::vector<int64_t> ids;
  for (auto it = history.rbegin(); it != history.rend(); ++it)  // oldest first
    if (it->latest && it->latest->status == JudgingStatus::kIncomplete) ids.push_back(it->submission.id);
  return ids;
}

// One task per id; packages loaded once per problem. NotFound for an unknown id.
// A package without a time limit gets it as grade infers it, with `pipeline`.
Status MakeTasks(const RejudgeArgs& a, Store* store, const std::vector<int64_t>& ids, Pipeline* pipeline,
                 std::map<std::string, std::unique_ptr<const Package>>* packages, std::vector<JudgeTask>* tasks) {
  const PackageLoader loader(pipeline, PackageLoaderOptions{});
  for (int64_t id : ids) {
    JUDGE_ASSIGN_OR_RETURN(Submission sub, store->GetSubmission(id));
    auto& pkg = (*packages)[sub.problem_id];
    if (!pkg) {
      std::string dir = a.problem_dir.empty() ? FindProblemDir(sub.problem_id) : a.problem_dir;
      Result<std::unique_ptr<const Package>> loaded = loader.Load(dir);
      if (!loaded.ok()) return loaded.status().WithContext("submission " + std::to_string(id));
      pkg = std::move(loaded).value();
    }
    JudgeTask t;
    t.package = pkg.get();
    t.stored_id = id;
    t.run_all = a.all;
    tasks->push_back(std::move(t));
  }
  return Status::Ok();
}

int Exit(const Status& st) {
  ReportError("rejudge", st);
  return st.code() == StatusCode::kNotFound ? kExitNegative : kExitJudgeError;
}

int RunRejudge(const RejudgeArgs& a) {
  if (a.ids.empty() == !a.incomplete)
    return Exit(Status::InvalidArgument("expected submission ids or --incomplete, found " +
                                        std::string(a.incomplete ? "both" : "neither")));
  auto languages = LoadLanguages(a.languages_file);
  if (!languages.ok()) return ReportError("rejudge", languages.status());
  auto path = ResolveStorePath(a.db);
  if (!path.ok()) return ReportError("rejudge", path.status());
  if (!fs::Exists(*path)) return Exit(Status::NotFound("no submissions in " + *path + " (no such database)"));
  auto store = OpenStore(*path);
  if (!store.ok()) return ReportError("rejudge", store.status());
  std::vector<int64_t> ids;
  for (const std::string& text : a.ids) {
    Result<int64_t> id = ParseSubmissionId(text);
    if (!id.ok()) return ReportError("rejudge", id.status());
    if (*id == 0) return Exit(Status::NotFound("no submission " + text + " in " + *path));
    ids.push_back(*id);
  }
  if (a.incomplete) {
    auto found = IncompleteSubmissions(store->get());
    if (!found.ok()) return ReportError("rejudge", found.status());
    ids = std::move(found).value();
  }
  // A signal while the packages load (a time limit inferred) stops that too.
  InterruptHandler interrupt;
  PipelineOptions popt;
  popt.context.languages = &*languages;
  popt.context.cache_dir = DefaultCacheDir();
  popt.context.store = store->get();
  popt.context.cancel = interrupt.flag();
  Pipeline pipeline(popt);
  std::map<std::string, std::unique_ptr<const Package>> packages;
  std::vector<JudgeTask> tasks;
  Status made = MakeTasks(a, store->get(), ids, &pipeline, &packages, &tasks);
  if (!made.ok()) return interrupt.ExitCode(Exit(made));

  bool tty = StdoutIsTerminal();
  ReportObserver observer("rejudge", a.json ? ReportObserver::Mode::kJson : ReportObserver::Mode::kLive,
                          tty && !a.json, tty);
  auto results = pipeline.JudgeAll(tasks, &observer);
  int exit_code = kExitOk;
  Json array = Json::array();
  for (const auto& r : results) {
    if (!r.ok() || r->judging.verdict == Verdict::kJudgeError) exit_code = kExitJudgeError;
    if (!r.ok() && a.json) ReportError("rejudge", r.status());
    if (r.ok()) array.push_back(GradeReportJson(*r));
  }
  if (a.json) PrintJson(a.incomplete || ids.size() > 1 ? array : array.empty() ? Json::object() : array[0]);
  return interrupt.ExitCode(exit_code);
}

}  // namespace

void RegisterRejudge(CLI::App& app, int* exit_code) {
  auto args = std::make_shared<RejudgeArgs>();
  auto* cmd = app.add_subcommand("rejudge", "Judge stored submissions again (a new judging; old ones kept)");
  cmd->add_option("ids", args->ids, "submission ids (see judge history)");
  cmd->add_flag("--incomplete", args->incomplete,
                "judge again every submission whose latest judging is incomplete (a killed judge's work)");
  cmd->add_option("--problem", args->problem_dir, "the problem package (default: problems/<problem-id>)");
  cmd->add_option("--db", args->db, kDbOptionHelp);
  cmd->add_option("--languages", args->languages_file, "an extra languages.yaml");
  cmd->add_flag("--json", args->json, "print the grade object (an array for several)");
  cmd->add_flag("--all", args->all, "run every test");
  cmd->callback([args, exit_code] { *exit_code = RunRejudge(*args); });
}

}  // namespace judge::cli
