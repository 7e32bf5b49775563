// The judge's own cost per test, beyond the sandboxed run itself.
//
// Builds a package of 200 tiny tests ("a b" -> "a+b", exact checker) in a temporary
// directory, compiles an accepted C++ solution once, and grades it four ways, side by
// side in one run, printing the median of several repetitions:
//   fake       Grade() with a zero-cost fake sandbox (it writes the right answer):
//              everything the judge does per test except the run
//   fake+db    the same through the pipeline with the SQLite store (a durable write per test)
//   real       Grade() with the real sandbox; the time inside Sandbox::Run() is summed
//              and subtracted: overhead = (total - runs) / tests
//   real+db    the same through the pipeline with the SQLite store
// For the fake variants the fake's own Run() time is subtracted as well.
// Target: overhead at most 1 ms per test.
//
// Usage: grading_bench [repetitions [variant]]   (default 5, every variant)
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <mutex>
#include <sstream>
#include <string>
#include <vector>

#include "judge/base/files.h"
#include "judge/grading/compiler.h"
#include "judge/grading/grader.h"
#include "judge/judging/package.h"
#include "judge/judging/pipeline.h"
#include "judge/sandbox/sandbox.h"
#include "judge/store/store.h"

namespace {

using Clock = std::chrono::steady_clock;
constexpr int kTests = 200;

void Write(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}
std::string Read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}
double Ms(Clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); }

// Writes the right answer: what a perfect, instantaneous program would do.
class FakeSandbox : public judge::Sandbox {
 public:
  judge::Result<judge::RunResult> Run(const judge::RunSpec& spec) override {
    long a = 0, b = 0;
    std::string in = Read(spec.stdin_path);
    std::sscanf(in.c_str(), "%ld %ld", &a, &b);
    Write(spec.stdout_path, std::to_string(a + b) + "\n");
    judge::RunResult r;
    r.exit_code = 0;
    r.time_method = r.memory_method = "fake";
    return r;
  }
};

// Times every Run() of the real sandbox.
class TimingSandbox : public judge::Sandbox {
 public:
  explicit TimingSandbox(judge::Sandbox* inner) : inner_(inner) {}
  judge::Result<judge::RunResult> Run(const judge::RunSpec& spec) override {
    auto t0 = Clock::now();
    auto r = inner_->Run(spec);
    in_run_ += Clock::now() - t0;
    return r;
  }
  Clock::duration in_run_{};

 private:
  judge::Sandbox* inner_;
};

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  int reps = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
  std::string only = argc > 2 ? argv[2] : "";
  // Where the judge puts its scratch directories (JUDGE_SCRATCH_DIR overrides).
  std::string templ = judge::DefaultScratchRoot() + "/judge-grading-bench-XXXXXX";
  if (!mkdtemp(templ.data())) return 1;
  std::string dir = templ;
  if (::chmod(dir.c_str(), 0755) != 0 || !judge::fs::MakeDirs(dir + "/pkg/data/secret").ok() ||
      !judge::fs::MakeDirs(dir + "/scratch").ok())
    return 1;

  judge::Package ctx;
  ctx.problem.dir = dir + "/pkg";
  ctx.problem.id = "bench-sum";
  ctx.problem.checker = judge::CheckerKind::kExact;
  ctx.problem.limits.time_ms = 1000;
  ctx.problem.limits.memory_kib = 65536;
  Write(dir + "/pkg/problem.yaml", "name: Bench\nlimits:\n  time_ms: 1000\n  memory_kib: 65536\nchecker:\n  type: exact\n");
  for (int i = 0; i < kTests; ++i) {
    char name[16];
    std::snprintf(name, sizeof name, "%03d", i);
    judge::TestCase t;
    t.name = std::string("secret/") + name;
    t.group = "secret";
    t.input_path = dir + "/pkg/data/secret/" + name + ".in";
    t.answer_path = dir + "/pkg/data/secret/" + name + ".ans";
    Write(t.input_path, std::to_string(i) + " " + std::to_string(2 * i) + "\n");
    Write(t.answer_path, std::to_string(3 * i) + "\n");
    ctx.tests.push_back(t);
  }
  ctx.checker = judge::MakeBuiltinChecker(ctx.problem);
  ctx.package_hash = "bench";

  auto real = judge::CreateSandbox(judge::SandboxOptions{});
  if (!real.ok()) {
    std::cerr << "grading_bench: " << real.status().message() << "\n";
    return 3;
  }
  std::string source = dir + "/sum.cpp";
  Write(source, "#include <cstdio>\nint main(){long a,b; scanf(\"%ld %ld\",&a,&b); printf(\"%ld\\n\",a+b);}\n");
  judge::LanguageProfile cpp;
  cpp.id = "cpp20";
  cpp.source_name = "main.cpp";
  cpp.compile = {"g++", "-x", "c++", "-O2", "-static", "-std=gnu++20", "-o", "{binary}", "{source}"};
  cpp.run = {"./{binary}"};
  judge::Compiler compiler(real->get(), judge::CompilerOptions{});
  if (!judge::fs::MakeDirs(dir + "/build").ok()) return 1;
  auto compiled = compiler.Compile(Read(source), cpp, dir + "/build");
  if (!compiled.ok() || !compiled->ok) {
    std::cerr << "grading_bench: cannot compile the solution\n";
    return 3;
  }
  std::string binary = compiled->program.dir + "/main";

  auto grade = [&](judge::Sandbox* sandbox) {
    judge::GradeRequest req;
    req.problem = &ctx.problem;
    req.tests = &ctx.tests;
    req.program = &compiled->program;
    req.sandbox = sandbox;
    req.checker = ctx.checker.get();
    judge::GradeOptions opt;
    opt.scratch_dir = dir + "/scratch";
    auto r = judge::Grade(req, opt);
    if (!r.ok() || r->verdict != judge::Verdict::kAccepted || r->tests.size() != kTests) {
      std::cerr << "grading_bench: grading failed: " << (r.ok() ? "not AC" : r.status().message()) << "\n";
      std::exit(3);
    }
  };
  auto store = judge::OpenStore(dir + "/bench.sqlite");
  if (!store.ok()) {
    std::cerr << "grading_bench: " << store.status().message() << "\n";
    return 3;
  }
  judge::PipelineOptions popt;
  popt.context.store = store->get();
  popt.context.scratch_root = dir + "/scratch";
  judge::Pipeline pipeline(popt);
  auto judge_file = [&](judge::Sandbox* sandbox) {
    judge::JudgeTask task;
    task.package = &ctx;
    task.fresh = judge::NewSubmission{binary, "main", Read(binary), judge::BinaryProfile()};
    auto r = pipeline.Judge(task, sandbox);
    if (!r.ok() || r->judging.verdict != judge::Verdict::kAccepted) {
      std::cerr << "grading_bench: judging failed: " << (r.ok() ? "not AC" : r.status().message()) << "\n";
      std::exit(3);
    }
  };

  struct Row {
    const char* name;
    std::vector<double> total_ms, run_ms;
  };
  std::vector<Row> rows = {{"fake", {}, {}}, {"fake+db", {}, {}}, {"real", {}, {}}, {"real+db", {}, {}}};
  for (int rep = 0; rep < reps; ++rep) {
    for (auto& row : rows) {
      std::string name = row.name;
      if (!only.empty() && name != only) continue;
      FakeSandbox fake;
      TimingSandbox timed(name.rfind("fake", 0) == 0 ? static_cast<judge::Sandbox*>(&fake) : real->get());
      judge::Sandbox* sandbox = &timed;
      auto t0 = Clock::now();
      if (name.find("+db") != std::string::npos)
        judge_file(sandbox);
      else
        grade(sandbox);
      row.total_ms.push_back(Ms(Clock::now() - t0));
      row.run_ms.push_back(Ms(timed.in_run_));
    }
  }
  std::printf("grading %d tiny tests (exact checker) in %s, median of %d runs each\n", kTests,
              judge::DefaultScratchRoot().c_str(), reps);
  std::printf("%-9s %12s %14s %18s\n", "variant", "total ms", "in Run() ms", "judge ms per test");
  for (const auto& row : rows) {
    if (row.total_ms.empty()) continue;
    std::vector<double> over;
    for (std::size_t i = 0; i < row.total_ms.size(); ++i)
      over.push_back((row.total_ms[i] - row.run_ms[i]) / kTests);
    std::printf("%-9s %12.1f %14.1f %18.3f\n", row.name, Median(row.total_ms), Median(row.run_ms), Median(over));
  }
  std::printf("target: at most 1 ms per test beyond the sandboxed run\n");
  (void)judge::fs::RemoveTree(dir);  // best effort: the figures are printed
  return 0;
}
