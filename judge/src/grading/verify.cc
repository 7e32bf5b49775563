// Verifying a problem package (see judge/verify.h).
#include "judge/verify.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>

#include "judge/base/files.h"

namespace judge {
namespace {

struct SubmissionFile {
  std::string subject;  // "accepted/sol.cpp"
  std::string path;
  std::optional<Verdict> expected;
  std::string folder;
};

Result<std::vector<SubmissionFile>> ListSubmissions(const std::string& dir) {
  std::vector<SubmissionFile> out;
  std::string root = dir + "/submissions";
  if (!fs::IsDirectory(root)) return out;
  JUDGE_ASSIGN_OR_RETURN(auto entries, fs::ListFiles(root));  // files directly under: none expected
  for (const auto& f : entries) {
    SubmissionFile s;
    s.subject = f;
    s.path = root + "/" + f;
    s.folder = "";
    out.push_back(s);
  }
  JUDGE_ASSIGN_OR_RETURN(std::vector<std::string> folders, fs::ListDirs(root));
  for (const auto& folder : folders) {
    JUDGE_ASSIGN_OR_RETURN(auto files, fs::ListFiles(root + "/" + folder));
    for (const auto& f : files) {
      if (f.empty() || f[0] == '.') continue;
      SubmissionFile s;
      s.subject = folder + "/" + f;
      s.path = root + "/" + folder + "/" + f;
      s.expected = ParseVerdictFolderName(folder);
      s.folder = folder;
      out.push_back(s);
    }
  }
  return out;
}

}  // namespace

bool VerifyReport::consistent() const {
  return std::all_of(checks.begin(), checks.end(), [](const VerifyCheck& c) { return c.ok; });
}

bool VerifyReport::judge_error() const {
  return std::any_of(checks.begin(), checks.end(), [](const VerifyCheck& c) { return c.judge_error; });
}

Result<VerifyReport> VerifyPackage(const JudgeContext& ctx, const LanguageSet& languages,
                                   const SandboxFactory& sandboxes, const VerifyOptions& options) {
  VerifyReport report;
  report.problem = ctx.problem.id;
  std::mutex mu;
  auto add = [&](VerifyCheck c) {
    std::lock_guard<std::mutex> lock(mu);
    if (options.on_check) options.on_check(c);
    report.checks.push_back(std::move(c));
  };

  // 1. Inputs are valid; 2. answers agree with the reference solver.
  PluginCaller* plugin = ctx.plugin.get();
  for (const auto& t : ctx.tests) {
    Result<std::string> input = fs::ReadFile(t.input_path);
    if (!input.ok()) {
      add({"validate", t.name, false, true, "valid", "unreadable", input.status().message()});
      continue;
    }
    if (plugin) {
      Result<ValidateOutcome> v = plugin->Validate(*input);
      if (!v.ok())
        add({"validate", t.name, false, true, "valid", "JE", v.status().message()});
      else
        add({"validate", t.name, v->valid, false, "valid", v->valid ? "valid" : "invalid", v->message});
    }
    if (t.answer_path.empty()) {
      add({"answer", t.name, false, false, ".ans", "missing", "no " + t.name + ".ans beside the input"});
      continue;
    }
    Result<std::string> ans = fs::ReadFile(t.answer_path);
    if (!ans.ok()) {
      add({"answer", t.name, false, true, "AC", "unreadable", ans.status().message()});
      continue;
    }
    if (!plugin) continue;  // no reference solver to compare with
    Result<std::string> solved = plugin->Solve(*input);
    if (!solved.ok()) {
      bool invalid = solved.status().code() == StatusCode::kInvalidArgument;
      add({"answer", t.name, false, !invalid, "AC", invalid ? "invalid input" : "JE",
           "reference solver: " + solved.status().message()});
      continue;
    }
    // The .ans must be a right answer: judged by the package's checker against the
    // solver's answer (any right answer is accepted when answers are not unique).
    Result<CheckOutcome> c = ctx.checker->Check(*input, *ans, *solved);
    if (!c.ok()) {
      add({"answer", t.name, false, true, "AC", "JE", c.status().message()});
      continue;
    }
    bool ok = c->verdict == JUDGE_CHECK_ACCEPTED;
    std::string found = ok ? "AC" : (c->verdict == JUDGE_CHECK_PRESENTATION_ERROR ? "PE" : "WA");
    add({"answer", t.name, ok, false, "AC", found, c->message});
  }

  // 3. Every submission gets exactly the verdict of its folder.
  JUDGE_ASSIGN_OR_RETURN(std::vector<SubmissionFile> subs, ListSubmissions(ctx.problem.dir));
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    auto sandbox = sandboxes();
    for (;;) {
      std::size_t i = next++;
      if (i >= subs.size()) return;
      const SubmissionFile& s = subs[i];
      VerifyCheck c;
      c.kind = "submission";
      c.subject = s.subject;
      c.expected = s.expected ? std::string(VerdictCode(*s.expected)) : "?";
      if (!s.expected) {
        c.found = "-";
        c.message = s.folder.empty()
                        ? "not in a verdict folder (expected submissions/<verdict>/" + s.subject + ")"
                        : "folder `" + s.folder + "` names no verdict (expected accepted, wrong_answer, ...)";
        add(c);
        continue;
      }
      if (!sandbox.ok()) {
        c.judge_error = true;
        c.found = "JE";
        c.message = sandbox.status().message();
        add(c);
        continue;
      }
      auto profile = ChooseLanguage(languages, s.path, "");
      if (!profile.ok()) {
        c.judge_error = profile.status().code() != StatusCode::kInvalidArgument;
        c.found = "-";
        c.message = profile.status().message();
        add(c);
        continue;
      }
      JudgeOptions o = options.judge;
      o.progress = nullptr;
      o.run_all = false;
      auto r = JudgeFile(ctx, sandbox->get(), s.path, *profile, o);
      if (!r.ok()) {
        c.judge_error = true;
        c.found = "JE";
        c.message = r.status().message();
      } else {
        c.found = std::string(VerdictCode(r->verdict));
        c.ok = r->verdict == *s.expected;
        c.judge_error = r->verdict == Verdict::kJudgeError;
        c.time_ms = r->time_ms;
        if (!r->compile_ok) {
          c.message = r->compile_message;
        } else {
          for (const auto& t : r->tests) {
            if (t.verdict != Verdict::kAccepted) {
              c.message = t.name + ": " + t.message;
              break;
            }
          }
        }
      }
      add(c);
    }
  };
  int jobs = std::max(1, std::min<int>(options.jobs, static_cast<int>(subs.size())));
  std::vector<std::thread> threads;
  for (int j = 1; j < jobs; ++j) threads.emplace_back(worker);
  worker();
  for (auto& t : threads) t.join();
  // Submission checks in file order, whatever order the jobs finished in.
  std::stable_sort(report.checks.begin(), report.checks.end(), [&](const VerifyCheck& a, const VerifyCheck& b) {
    auto rank = [&](const VerifyCheck& c) -> std::size_t {
      if (c.kind != "submission") return 0;
      for (std::size_t i = 0; i < subs.size(); ++i)
        if (subs[i].subject == c.subject) return i + 1;
      return subs.size() + 1;
    };
    return rank(a) < rank(b);
  });
  return report;
}

}  // namespace judge
