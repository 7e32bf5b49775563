// judge grade <problem-dir> <file|folder>... [--lang ID] [--json] [--db PATH] [--all]
//             [--jobs N] [--languages FILE] [--no-db] [--no-cache]
// Compiles and grades each file in the sandbox, stores every judging, and reports.
// Exit: 0 when every file was judged (whatever the verdicts), 3 when the judge failed
// or a file could not be judged (missing, empty, unknown language...): the error is
// one line on stderr. Several files (or a folder) print a JSON array of objects.
#include <sys/stat.h>

#include <atomic>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <mutex>
#include <sstream>
#include <thread>

#include "cli_util.h"
#include "commands.h"
#include "grade_report.h"
#include "judge/judging.h"
#include "judge/language.h"

namespace judge::cli {

// ---- shared report printing (grade_report.h) ----

nlohmann::json ReportJson(const SubmissionReport& r) {
  nlohmann::json doc;
  doc["submission"] = r.submission;
  doc["problem"] = r.problem;
  doc["language"] = r.language;
  doc["verdict"] = std::string(VerdictCode(r.verdict));
  doc["score"] = r.score;
  doc["time_ms"] = r.time_ms;
  doc["memory_kib"] = r.memory_kib;
  doc["compile"] = {{"ok", r.compile_ok}, {"log", r.compile_log}};
  nlohmann::json tests = nlohmann::json::array();
  for (const auto& t : r.tests) {
    tests.push_back({{"name", t.name},
                     {"verdict", std::string(VerdictCode(t.verdict))},
                     {"time_ms", t.cpu_ms},
                     {"wall_ms", t.wall_ms},
                     {"memory_kib", t.memory_kib},
                     {"exit_code", t.exit_code},
                     {"signal", t.signal},
                     {"message", t.message}});
  }
  doc["tests"] = tests;
  return doc;
}

std::string ColouredVerdict(Verdict v, bool colour) {
  std::string code(VerdictCode(v));
  if (!colour) return code;
  const char* c = "\033[1;31m";  // failures: red
  switch (v) {
    case Verdict::kAccepted: c = "\033[1;32m"; break;
    case Verdict::kTimeLimitExceeded:
    case Verdict::kMemoryLimitExceeded:
    case Verdict::kOutputLimitExceeded: c = "\033[1;33m"; break;
    case Verdict::kRuntimeError:
    case Verdict::kCompileError: c = "\033[1;35m"; break;
    case Verdict::kJudgeError: c = "\033[1;41;37m"; break;
    default: break;
  }
  return std::string(c) + code + "\033[0m";
}

void PrintTestLine(std::ostream& out, const TestOutcome& t, bool colour) {
  std::string v = ColouredVerdict(t.verdict, colour);
  std::size_t pad = 4 - std::min<std::size_t>(4, VerdictCode(t.verdict).size());
  std::ostringstream line;
  line << "  " << std::left << std::setw(24) << t.name << " " << v << std::string(pad, ' ')
       << std::right << std::setw(7) << t.cpu_ms << " ms" << std::setw(7) << t.wall_ms << " ms"
       << std::setw(9) << t.memory_kib << " KiB";
  if (!t.message.empty()) line << "  " << t.message;
  out << line.str() << "\n";
}

void PrintReportHeader(std::ostream& out, const SubmissionReport& r) {
  out << r.submission << " (" << r.language;
  if (!r.compiler_version.empty()) out << ", " << r.compiler_version;
  out << ") on " << r.problem << "\n";
}

void PrintReportBody(std::ostream& out, const SubmissionReport& r, bool with_tests, bool colour) {
  if (!r.compile_ok) {
    out << "  compile error: " << r.compile_message << "\n";
    std::istringstream log(r.compile_log);
    std::string line;
    int shown = 0;
    while (std::getline(log, line) && shown < 40) {
      out << "    | " << line << "\n";
      ++shown;
    }
    if (std::getline(log, line)) out << "    | ... (the whole log is stored with the judging)\n";
  }
  if (with_tests)
    for (const auto& t : r.tests) PrintTestLine(out, t, colour);
  std::ostringstream s;
  s << "  verdict " << ColouredVerdict(r.verdict, colour);
  if (r.max_score != 1.0) s << "  score " << r.score << "/" << r.max_score;
  s << "  time " << r.time_ms << " ms  memory " << r.memory_kib << " KiB  (" << r.tests.size()
    << " of " << r.tests_total << " tests run)";
  if (r.compile_cached) s << "  [cached build]";
  if (r.judging_id) s << "  submission " << r.submission_id << ", judging " << r.judging_id;
  out << s.str() << "\n";
}

void ProgressObserver::OnTestStarting(std::size_t index, std::size_t count, const TestCase& test) {
  if (!progress_) return;
  out_ << "\r\033[K[" << index + 1 << "/" << count << "] " << test.name << std::flush;
  drawn_ = true;
}

Status ProgressObserver::OnTestFinished(std::size_t, const TestOutcome& outcome) {
  Clear();
  if (live_lines_) {
    PrintTestLine(out_, outcome, colour_);
    out_.flush();
  }
  return Status::Ok();
}

void ProgressObserver::Clear() {
  if (drawn_) out_ << "\r\033[K" << std::flush;
  drawn_ = false;
}

Result<std::unique_ptr<Store>> OpenGradingStore(const std::string& db, bool no_db) {
  if (no_db) return std::unique_ptr<Store>();
  JUDGE_ASSIGN_OR_RETURN(std::string path, ResolveStorePath(db));
  return OpenStore(path);
}

Result<std::unique_ptr<Sandbox>> OpenSandbox() {
  SandboxOptions options;
  auto sandbox = CreateSandbox(options);
  if (!sandbox.ok()) return sandbox.status().WithContext("creating the sandbox");
  return std::move(sandbox).value();
}

// ---- judge grade ----

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
    struct stat st;
    if (stat(a.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
      *many = true;
      std::vector<std::string> found;
      std::error_code ec;
      for (const auto& e : std::filesystem::directory_iterator(a, ec)) {
        std::string name = e.path().filename().string();
        if (name.empty() || name[0] == '.' || !e.is_regular_file()) continue;
        found.push_back(e.path().string());
      }
      if (ec) return Status::IoError(a + ": cannot list: " + ec.message());
      std::sort(found.begin(), found.end());
      if (found.empty()) return Status::InvalidArgument(a + ": expected submission files in this folder, found none");
      out.insert(out.end(), found.begin(), found.end());
    } else {
      out.push_back(a);
    }
  }
  return out;
}

int RunGrade(const GradeArgs& a) {
  bool many = false;
  auto files = ExpandFiles(a.files, &many);
  if (!files.ok()) return ReportError("grade", files.status());
  auto languages = LoadLanguages(a.languages_file);
  if (!languages.ok()) return ReportError("grade", languages.status());
  // Every file's language is settled before anything runs or is stored.
  std::vector<LanguageProfile> profiles;
  for (const auto& f : *files) {
    auto p = ChooseLanguage(*languages, f, a.lang);
    if (!p.ok()) return ReportError("grade", p.status().WithContext(f));
    profiles.push_back(*p);
  }
  ContextOptions copt;
  copt.isolate_plugin = !a.in_process_plugin;
  if (a.plugin_time_ms > 0) {
    copt.plugin_limits.cpu_time_ms = a.plugin_time_ms;
    copt.plugin_limits.wall_time_ms = 2 * a.plugin_time_ms;
  }
  auto ctx = LoadJudgeContext(a.problem_dir, copt);
  if (!ctx.ok()) return ReportError("grade", ctx.status());
  auto store = OpenGradingStore(a.db, a.no_db);
  if (!store.ok()) return ReportError("grade", store.status());
  (*ctx)->store = store->get();

  JudgeOptions jopt;
  jopt.run_all = a.all;
  if (!a.no_cache) jopt.compiler.cache_dir = DefaultCacheDir();
  if (a.compile_time_ms > 0) {
    jopt.compiler.limits.cpu_time_ms = a.compile_time_ms;
    jopt.compiler.limits.wall_time_ms = 2 * a.compile_time_ms;
  }
  if (a.compile_memory_kib > 0) jopt.compiler.limits.memory_kib = a.compile_memory_kib;

  bool tty = StdoutIsTerminal();
  bool colour = tty && !a.json;
  int jobs = std::max(1, std::min<int>(a.jobs, static_cast<int>(files->size())));
  std::vector<std::optional<Result<SubmissionReport>>> results(files->size());
  std::mutex out_mu;
  std::atomic<std::size_t> next{0};
  std::atomic<bool> sandbox_failed{false};
  Status sandbox_status;

  auto worker = [&] {
    auto sandbox = OpenSandbox();
    if (!sandbox.ok()) {
      std::lock_guard<std::mutex> lock(out_mu);
      sandbox_failed = true;
      sandbox_status = sandbox.status();
      return;
    }
    for (;;) {
      std::size_t i = next++;
      if (i >= files->size()) return;
      const std::string& f = (*files)[i];
      bool live = jobs == 1 && !a.json;
      ProgressObserver progress(std::cout, live, live && tty, colour);
      JudgeOptions o = jopt;
      o.progress = &progress;
      if (live) {
        std::lock_guard<std::mutex> lock(out_mu);
        std::cout << f << " (" << profiles[i].id << ") on " << (*ctx)->problem.id << "\n" << std::flush;
      }
      auto r = JudgeFile(**ctx, sandbox->get(), f, profiles[i], o);
      progress.Clear();
      std::lock_guard<std::mutex> lock(out_mu);
      if (!a.json) {
        if (!r.ok()) {
          std::cout.flush();
          ReportError("grade", r.status());
        } else if (live) {
          PrintReportBody(std::cout, *r, false, colour);
        } else {
          PrintReportHeader(std::cout, *r);
          PrintReportBody(std::cout, *r, true, colour);
        }
        std::cout.flush();
      }
      results[i] = std::move(r);
    }
  };
  std::vector<std::thread> threads;
  for (int j = 1; j < jobs; ++j) threads.emplace_back(worker);
  worker();
  for (auto& t : threads) t.join();
  if (sandbox_failed && !results[0]) return ReportError("grade", sandbox_status);

  int exit_code = kExitOk;
  nlohmann::json array = nlohmann::json::array();
  for (std::size_t i = 0; i < results.size(); ++i) {
    if (!results[i]) {  // a worker lost its sandbox before reaching this file
      exit_code = kExitJudgeError;
      if (a.json) array.push_back({{"submission", (*files)[i]}, {"verdict", "JE"}, {"error", sandbox_status.message()}});
      continue;
    }
    const auto& r = *results[i];
    if (!r.ok()) {
      exit_code = kExitJudgeError;
      if (a.json) {
        if (!many) ReportError("grade", r.status());
        array.push_back({{"submission", (*files)[i]}, {"verdict", "JE"}, {"error", r.status().message()}});
      }
      continue;
    }
    if (r->verdict == Verdict::kJudgeError) exit_code = kExitJudgeError;
    if (a.json) array.push_back(ReportJson(*r));
  }
  if (a.json) {
    if (many) {
      PrintJson(array);
    } else if (results[0] && results[0]->ok()) {
      PrintJson(array[0]);
    }
  }
  return exit_code;
}

}  // namespace

void RegisterGrade(CLI::App& app, int* exit_code) {
  auto args = std::make_shared<GradeArgs>();
  auto* cmd = app.add_subcommand("grade", "Compile and grade submissions against a problem package");
  cmd->add_option("problem", args->problem_dir, "problem package directory")->required();
  cmd->add_option("files", args->files, "submission files, or folders of them")->required();
  cmd->add_option("--lang", args->lang, "language profile id (default: by extension; none: a binary)");
  cmd->add_option("--languages", args->languages_file, "an extra languages.yaml");
  cmd->add_flag("--json", args->json, "print the grade object (an array for several files)");
  cmd->add_option("--db", args->db, "SQLite database (default: $JUDGE_DB or ~/.local/share/judge/judge.sqlite)");
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
