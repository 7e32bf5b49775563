// Stress testing and shrinking (see judge/judging/stress.h for the theory of operation).
#include "judge/judging/stress.h"

#include <algorithm>
#include <cstdlib>
#include <set>

#include "judge/base/files.h"
#include "judge/base/key_value.h"

namespace judge {
namespace {

// Parameters that make generated inputs bigger or harder, smallest sensible value.
struct SizeParam {
  const char* name;
  int64_t min;
};
constexpr SizeParam kSizeParams[] = {{"cases", 1}, {"depth", 0}, {"distance", 0}};

std::optional<int64_t> AsInt(const std::string& s) {
  if (s.empty()) return std::nullopt;
  char* end = nullptr;
  long long v = std::strtoll(s.c_str(), &end, 10);
  if (*end != '\0') return std::nullopt;
  return v;
}

StressParams With(const StressParams& params, const std::string& key, int64_t value) {
  StressParams out;
  bool replaced = false;
  for (const auto& [k, v] : params) {
    if (k == key) {
      if (!replaced) out.emplace_back(k, std::to_string(value));
      replaced = true;
    } else {
      out.emplace_back(k, v);
    }
  }
  if (!replaced) out.emplace_back(key, std::to_string(value));
  return out;
}

// Smaller settings of each size parameter, most aggressive first.
std::vector<StressParams> Candidates(const StressParams& params) {
  std::vector<StressParams> out;
  for (const auto& sp : kSizeParams) {
    std::optional<int64_t> current;
    bool present = false;
    for (const auto& [k, v] : params) {
      if (k == sp.name) {
        present = true;
        current = AsInt(v);
      }
    }
    std::vector<int64_t> values;
    if (present && current) {
      int64_t v = *current;
      for (int64_t c : {sp.min, sp.min + (v - sp.min) / 4, sp.min + (v - sp.min) / 2, v - 1})
        if (c >= sp.min && c < v && std::find(values.begin(), values.end(), c) == values.end())
          values.push_back(c);
    } else if (!present) {
      // Not given: the generator's default is unknown; small values are still smaller.
      for (int64_t c : {sp.min, sp.min + 1, sp.min + 3, sp.min + 7}) values.push_back(c);
    }
    for (int64_t c : values) out.push_back(With(params, sp.name, c));
  }
  return out;
}

class StressRun {
 public:
  StressRun(const Package& pkg, Pipeline* pipeline, const CompiledProgram& program, Sandbox* sandbox,
            const StressOptions& options)
      : pkg_(pkg), pipeline_(pipeline), program_(program), sandbox_(sandbox), options_(options) {
    problem_ = pkg.problem;  // one generated test: no groups, no total limit
    problem_.groups.clear();
    problem_.limits.total_time_ms.reset();
  }

  // Generates, solves, runs and checks one case. A generator that rejects the
  // parameters gives nullopt when tolerate_bad_params (shrinking), else an error.
  Result<std::optional<StressCase>> One(uint64_t seed, const StressParams& params, bool tolerate_bad_params) {
    StressCase c;
    c.seed = seed;
    c.params = params;
    const std::string at = " (seed " + std::to_string(seed) + ")";
    Result<PluginOutput> input = pkg_.plugin->Generate(seed, FormatStressParams(params));
    if (!input.ok()) return input.status().WithContext("generate" + at);
    if (input->refused) {
      if (tolerate_bad_params) return std::optional<StressCase>();
      return Status::InvalidArgument("generate" + at + ": " + input->reason);
    }
    c.input = std::move(input->output);
    Result<PluginOutput> answer = pkg_.plugin->Solve(c.input);
    if (!answer.ok()) return answer.status().WithContext("the reference solver on generated input" + at);
    // The plugin's generator made an input its own solver refuses: the plugin is wrong.
    if (answer->refused) return Status::Internal("the reference solver on generated input" + at + ": " + answer->reason);
    c.answer = std::move(answer->output);
    JUDGE_ASSIGN_OR_RETURN(std::vector<TestCase> tests, WriteTest(c, seed));
    JUDGE_ASSIGN_OR_RETURN(GradeReport r, pipeline_->RunTests(program_, pkg_, problem_, tests, sandbox_, kKeepOutput));
    if (r.tests.empty()) return Status::Internal("stress: the grader ran no test");
    c.outcome = r.tests[0];
    if (c.outcome.verdict == Verdict::kJudgeError)
      return Status::Internal("judging generated input" + at + ": " + c.outcome.message);
    if (c.outcome.verdict != Verdict::kAccepted && !r.outputs.empty()) c.output = r.outputs[0];
    return std::optional<StressCase>(std::move(c));
  }

  Result<StressReport> Go() {
    StressReport report;
    for (int64_t i = 0; i < options_.count; ++i) {
      JUDGE_RETURN_IF_ERROR(CheckCancel());
      if (options_.on_run) options_.on_run(i, false);
      uint64_t seed = options_.seed + static_cast<uint64_t>(i);
      JUDGE_ASSIGN_OR_RETURN(auto c, One(seed, options_.params, false));
      report.runs = i + 1;
      if (c && c->outcome.verdict != Verdict::kAccepted) {
        report.failure = *c;
        break;
      }
    }
    if (!report.failure) return report;
    report.smallest = report.failure;
    JUDGE_RETURN_IF_ERROR(Shrink(&report));
    return report;
  }

 private:
  Status Shrink(StressReport* report) {
    bool improved = true;
    std::set<std::string> tried;
    while (improved && report->shrink_runs < options_.shrink_budget) {
      improved = false;
      for (const StressParams& cand : Candidates(report->smallest->params)) {
        std::string key = FormatStressParams(cand);
        if (!tried.insert(key).second) continue;
        for (int s = 0; s < options_.shrink_seeds && report->shrink_runs < options_.shrink_budget; ++s) {
          uint64_t seed = report->smallest->seed + static_cast<uint64_t>(s) * 7919u;
          JUDGE_RETURN_IF_ERROR(CheckCancel());
          if (options_.on_run) options_.on_run(report->shrink_runs, true);
          ++report->shrink_runs;
          JUDGE_ASSIGN_OR_RETURN(auto c, One(seed, cand, true));
          if (!c) break;  // the generator rejects these parameters
          if (c->outcome.verdict != Verdict::kAccepted && c->input.size() < report->smallest->input.size()) {
            report->smallest = std::move(*c);
            improved = true;
            break;
          }
        }
        if (improved) break;  // restart from the new, smaller parameters
      }
    }
    return Status::Ok();
  }

  Status CheckCancel() const {
    const std::atomic<bool>* cancel = pipeline_->context().cancel;
    if (cancel && cancel->load()) return Status::Cancelled("stress interrupted");
    return Status::Ok();
  }

  // The case as a one-test package in the program's scratch.
  Result<std::vector<TestCase>> WriteTest(const StressCase& c, uint64_t seed) const {
    TestCase test;
    test.name = "stress/" + std::to_string(seed);
    test.group = "stress";
    test.input_path = program_.work_dir() + "/input.in";
    test.answer_path = program_.work_dir() + "/input.ans";
    JUDGE_RETURN_IF_ERROR(fs::WriteFile(test.input_path, c.input));
    JUDGE_RETURN_IF_ERROR(fs::WriteFile(test.answer_path, c.answer));
    return std::vector<TestCase>{test};
  }

  static constexpr int64_t kKeepOutput = 64 * 1024;
  const Package& pkg_;
  Pipeline* pipeline_;
  const CompiledProgram& program_;
  Sandbox* sandbox_;
  const StressOptions& options_;
  ProblemConfig problem_;
};

}  // namespace

std::string FormatStressParams(const StressParams& params) { return FormatKeyValueLines(params); }

Result<StressReport> Stress(const Package& package, Pipeline* pipeline, const CompiledProgram& program,
                            Sandbox* sandbox, const StressOptions& options) {
  if (!package.plugin)
    return Status::Unsupported("problem '" + package.problem.id +
                               "' has no plugin: stress needs its generator and reference solver");
  if (!program.outcome().ok) return Status::InvalidArgument("stress: the submission did not compile");
  StressRun run(package, pipeline, program, sandbox, options);
  return run.Go();
}

}  // namespace judge
