// judge grade <problem-dir> <file|folder>... [--lang ID] [--json] [--db PATH] [--all]
//             [--jobs N] [--languages FILE] [--no-db] [--no-cache]
// Compiles and grades each file in the sandbox through the pipeline, stores every
// judging, and reports. A file's language: --lang, else the type of the Polygon
// solution the file is (as verify judges it), else its extension. Exit: 0 when every
// file was judged and none got JE (whatever the other verdicts); 3 when the judge
// failed, a file got JE, or a file could not be judged (missing, empty, unknown
// language...), with the error as one line on stderr.
// SIGINT/SIGTERM/SIGHUP/SIGPIPE stop the runs, mark the judgings interrupted and remove
// the scratch: exit 128 + signal. With --json, one file prints a JSON object and
// several files (or a folder) an array of them.
#include <sys/stat.h>

#include <algorithm>
#include <iostream>

#include "cli_util.h"
#include "commands.h"
#include "judge/base/files.h"
#include "judge/base/interrupt.h"
#include "judge/config/polygon.h"
#include "judge/grading/compiler.h"
#include "judge/grading/language_choice.h"
#include "judge/judging/package_loader.h"
#include "judge/judging/pipeline.h"
#include "report_printer.h"

namespace judge::cli {
namespace {

struct GradeArgs {
  std::string problem_dir;
  std::vector<std::string> files;
  std::string lang;
  std::string languages_file;
  std::string db;
  bool no_db = false;
  bool no_cache = false;
  bool json = false;
  bool all = false;
  bool in_process_plugin = false;
  int64_t plugin_time_ms = 0;
  int64_t compile_time_ms = 0;
  int64_t compile_memory_kib = 0;
  int jobs = 1;
};

// Each argument, or the regular non-hidden files of a folder argument (sorted).
Result<std::vector<std::string>> ExpandFiles(const std::vector<std::string>& args, bool* many) {
  std::vector<std::string> out;
  *many = args.size() > 1;
  for (const auto& a : args) {
    if (!fs::IsDirectory(a)) {
      out.push_back(a);
      continue;
    }
    *many = true;
    JUDGE_ASSIGN_OR_RETURN(std::vector<std::string> found, fs::ListFiles(a));
    found.erase(std::remove_if(found.begin(), found.end(), [](const std::string& n) { return n[0] == '.'; }),
                found.end());
    if (found.empty()) return Status::InvalidArgument(a + ": expected submission files in this folder, found none");
    std::string dir = a;
    while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
    for (const auto& f : found) out.push_back(dir + "/" + f);
  }
  return out;
}

PackageLoaderOptions LoaderOptionsOf(const GradeArgs& a) {
  PackageLoaderOptions p;
  p.isolate_plugin = !a.in_process_plugin;
  if (a.plugin_time_ms > 0) {
    p.plugin_limits.cpu_time_ms = a.plugin_time_ms;
    p.plugin_limits.wall_time_ms = 2 * a.plugin_time_ms;
  }
  return p;
}

CompileLimits CompileLimitsOf(const GradeArgs& a) {
  CompileLimits c;
  if (a.compile_time_ms > 0) {
    c.cpu_time_ms = a.compile_time_ms;
    c.wall_time_ms = kCompileWallFactor * a.compile_time_ms;
  }
  if (a.compile_memory_kib > 0) c.memory_kib = a.compile_memory_kib;
  return c;
}

// The language a file is judged in: --lang; else, when the file is one of a Polygon
// package's solutions, the profile its type names, as verify judges it; else "" (its
// extension chooses).
Result<std::string> LanguageOf(const GradeArgs& a, const std::string& file) {
  if (!a.lang.empty()) return a.lang;
  JUDGE_ASSIGN_OR_RETURN(std::optional<PolygonSolution> solution, FindPolygonSolution(a.problem_dir, file));
  return solution ? PolygonLanguage(solution->type) : std::string();
}

// Every file's language, settled before anything is loaded, run or stored. An
// unknown --lang id, or a Polygon package whose <solutions> cannot be read, is an
// error for all; a file whose language is unknown or not installed is an error in its
// place.
Result<std::vector<Result<LanguageProfile>>> ChooseProfiles(const GradeArgs& a, const LanguageSet& languages,
                                                            const std::vector<std::string>& files) {
  JUDGE_RETURN_IF_ERROR(KnownLanguageId(languages, a.lang));
  std::vector<Result<LanguageProfile>> profiles;
  for (const auto& f : files) {
    JUDGE_ASSIGN_OR_RETURN(std::string lang, LanguageOf(a, f));
    Result<LanguageProfile> p = ChooseLanguage(languages, f, lang);
    profiles.push_back(p.ok() ? std::move(p) : Result<LanguageProfile>(p.status().WithContext(f)));
  }
  return profiles;
}

// One task per file; a file that cannot be judged at all (missing, special, empty) is
// an error in its place.
std::vector<Result<JudgeTask>> MakeTasks(const GradeArgs& a, const std::vector<std::string>& files,
                                         const std::vector<Result<LanguageProfile>>& profiles,
                                         const Package* package) {
  std::vector<Result<JudgeTask>> tasks;
  for (std::size_t i = 0; i < files.size(); ++i) {
    Result<NewSubmission> fresh = profiles[i].ok() ? SubmissionOrError(ReadSubmissionFile(files[i], *profiles[i]))
                                                   : Result<NewSubmission>(profiles[i].status());
    if (!fresh.ok()) {
      tasks.push_back(fresh.status());
      continue;
    }
    JudgeTask t;
    t.package = package;
    t.fresh = std::move(fresh).value();
    t.run_all = a.all;
    tasks.push_back(std::move(t));
  }
  return tasks;
}

// Prints the JSON document (an object for one file, an array for several) and returns
// the exit code: 3 when a file could not be judged or got JE.
int Finish(const GradeArgs& a, bool many, const std::vector<std::string>& files,
           const std::vector<Result<JudgedSubmission>>& results) {
  int exit_code = kExitOk;
  Json array = Json::array();
  for (std::size_t i = 0; i < results.size(); ++i) {
    const auto& r = results[i];
    if (!r.ok() || r->judging.verdict == Verdict::kJudgeError) exit_code = kExitJudgeError;
    if (!a.json) continue;
    if (r.ok()) {
      array.push_back(GradeReportJson(*r));
    } else {
      if (!many) ReportError("grade", r.status());
      array.push_back({{"submission", files[i]}, {"verdict", "JE"}, {"error", r.status().message()}});
    }
  }
  if (a.json && (many || results[0].ok())) PrintJson(many ? array : array[0]);
  return exit_code;
}

int RunGrade(const GradeArgs& a) {
  bool many = false;
  auto files = ExpandFiles(a.files, &many);
  if (!files.ok()) return ReportError("grade", files.status());
  auto languages = LoadLanguages(a.languages_file);
  if (!languages.ok()) return ReportError("grade", languages.status());
  auto profiles = ChooseProfiles(a, *languages, *files);
  if (!profiles.ok()) return ReportError("grade", profiles.status());
  InterruptHandler interrupt;  // a signal stops the runs: judgings marked interrupted
  auto store = OpenGradingStore(a.db, a.no_db);
  if (!store.ok()) return ReportError("grade", store.status());
  PipelineOptions popt;
  popt.context.languages = &*languages;  // also: compile errors suggest another profile
  if (!a.no_cache) popt.context.cache_dir = DefaultCacheDir();
  popt.context.store = store->get();
  popt.context.cancel = interrupt.flag();
  popt.jobs = JobsForHost("grade", a.jobs, "--jobs");
  popt.compile_limits = CompileLimitsOf(a);
  Pipeline pipeline(popt);  // also infers a missing time limit while loading
  PackageLoaderOptions lopt = LoaderOptionsOf(a);
  std::string note;
  // A Polygon package's generated tests and answers are made first: shown as they go.
  ProgressLine making(std::cout, StdoutIsTerminal() && !a.json);
  lopt.on_progress = [&making](const std::string& step) { making.Show("making tests: " + step); };
  auto package = PackageLoader(&pipeline, lopt).Load(a.problem_dir, &note);
  making.Clear();
  if (!package.ok()) return interrupt.ExitCode(ReportError("grade", package.status()));
  if (!note.empty() && !a.json) std::cerr << "grade: " << EscapeForTerminal(note) << "\n";
  for (const auto& warning : (*package)->warnings) std::cerr << "grade: warning: " << EscapeForTerminal(warning) << "\n";
  std::vector<Result<JudgeTask>> tasks = MakeTasks(a, *files, *profiles, package->get());
  bool tty = StdoutIsTerminal();
  auto mode = a.json ? ReportObserver::Mode::kJson
                     : popt.jobs == 1 ? ReportObserver::Mode::kLive : ReportObserver::Mode::kBatch;
  ReportObserver observer("grade", mode, tty && !a.json, tty);

  std::vector<JudgeTask> runnable;
  for (auto& t : tasks)
    if (t.ok()) runnable.push_back(*t);
  std::vector<Result<JudgedSubmission>> judged = pipeline.JudgeAll(runnable, &observer);
  std::vector<Result<JudgedSubmission>> results;
  auto next = judged.begin();
  for (auto& t : tasks) {
    if (t.ok()) {
      results.push_back(std::move(*next++));
    } else {
      if (!a.json) ReportError("grade", t.status());
      results.push_back(t.status());
    }
  }
  return interrupt.ExitCode(Finish(a, many, *files, results));
}

}  // namespace

void RegisterGrade(CLI::App& app, int* exit_code) {
  auto args = std::make_shared<GradeArgs>();
  auto* cmd = app.add_subcommand("grade", "Compile and grade submissions against a problem package");
  cmd->add_option("problem", args->problem_dir, "problem package directory")->required();
  cmd->add_option("files", args->files, "submission files, or folders of them")->required();
  cmd->add_option("--lang", args->lang,
                  "language profile id (default: a Polygon solution's type, else by extension; none: a binary)");
  cmd->add_option("--languages", args->languages_file, "an extra languages.yaml");
  cmd->add_flag("--json", args->json, "print the grade object (an array for several files)");
  cmd->add_option("--db", args->db, kDbOptionHelp);
  cmd->add_flag("--no-db", args->no_db, "store nothing");
  cmd->add_flag("--all", args->all, "run every test (default: stop at the first failure)");
  cmd->add_option("--jobs,-j", args->jobs, "submissions graded at once, one sandbox each")
      ->check(CLI::Range(1, 64));
  cmd->add_flag("--no-cache", args->no_cache, "always compile (skip the compile cache)");
  cmd->add_flag("--in-process-plugin", args->in_process_plugin,
                "call the plugin in the judge's process (debugging; a crash takes the judge down)");
  cmd->add_option("--plugin-time-ms", args->plugin_time_ms,
                  "CPU limit of one plugin call (wall: twice that; default 10000)")
      ->check(CLI::Range(int64_t{1}, int64_t{600000}));
  cmd->add_option("--compile-time-ms", args->compile_time_ms, "CPU limit of a compilation (default 30000)")
      ->check(CLI::Range(int64_t{100}, int64_t{600000}));
  cmd->add_option("--compile-memory-kib", args->compile_memory_kib,
                  "memory limit of a compilation (default 2097152)")
      ->check(CLI::Range(int64_t{65536}, int64_t{16777216}));
  cmd->callback([args, exit_code] { *exit_code = RunGrade(*args); });
}

}  // namespace judge::cli
