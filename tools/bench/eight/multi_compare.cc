// Side-by-side timing for eight-multi: the reference solver vs the classic baseline
// (per-case bidirectional BFS), each a separate process reading the same boards from
// a file, so process start and the reference's table build count in every run.
//
//   eight_bench_multi [--boards N] [--runs K] [--seed S] [--unsolvable P]
//
// Runs the two programs alternately K times (the first of each pair alternates too),
// checks both outputs with the package's checker, and prints median wall and CPU
// times and the ratio. Exit status 1 when an output is not accepted.
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "checker.h"
#include "generator.h"
#include "eight/parse.h"

extern char** environ;

namespace {

struct Timing {
  double wall_ms = 0;
  double cpu_ms = 0;
};

// Runs program < input > output; exits the benchmark on any failure.
Timing Run(const std::string& program, const std::string& input, const std::string& output) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, input.c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, output.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  char* argv[] = {const_cast<char*>(program.c_str()), nullptr};
  auto start = std::chrono::steady_clock::now();
  pid_t pid;
  if (posix_spawn(&pid, program.c_str(), &actions, nullptr, argv, environ) != 0) {
    std::fprintf(stderr, "cannot start %s: %s\n", program.c_str(), std::strerror(errno));
    std::exit(2);
  }
  int status = 0;
  rusage usage{};
  wait4(pid, &status, 0, &usage);
  auto end = std::chrono::steady_clock::now();
  posix_spawn_file_actions_destroy(&actions);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    std::fprintf(stderr, "%s failed (status %d)\n", program.c_str(), status);
    std::exit(2);
  }
  Timing t;
  t.wall_ms = std::chrono::duration<double, std::milli>(end - start).count();
  t.cpu_ms = (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3 +
             (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
  return t;
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

int main(int argc, char** argv) {
  long boards = 10000, runs = 7, unsolvable = 20;
  unsigned long long seed = 1;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string flag = argv[i];
    if (flag == "--boards") boards = std::atol(argv[i + 1]);
    else if (flag == "--runs") runs = std::atol(argv[i + 1]);
    else if (flag == "--seed") seed = std::strtoull(argv[i + 1], nullptr, 10);
    else if (flag == "--unsolvable") unsolvable = std::atol(argv[i + 1]);
    else {
      std::fprintf(stderr, "unknown flag %s\n", argv[i]);
      return 2;
    }
  }
  eight::GeneratedInput g = eight::GenerateInput(
      seed, {{"cases", std::to_string(boards)}, {"unsolvable", std::to_string(unsolvable)}},
      eight::CaseCount::kOneOrMore);
  if (!g.ok()) {
    std::fprintf(stderr, "%s\n", g.error.c_str());
    return 2;
  }
  std::vector<eight::Board> parsed = eight::ParseBoards(g.text, eight::CaseCount::kOneOrMore).boards;

  char dir_template[] = "/tmp/eight-bench-XXXXXX";
  if (!mkdtemp(dir_template)) return 2;
  std::string dir = dir_template, input = dir + "/boards.in";
  std::ofstream(input, std::ios::binary) << g.text;

  struct Program {
    const char* name;
    std::string path;
    bool shortest;
    std::vector<double> wall, cpu;
  };
  Program programs[] = {{"reference", EIGHT_BENCH_REFERENCE, true, {}, {}},
                        {"baseline", EIGHT_BENCH_BASELINE, false, {}, {}}};
  bool ok = true;
  for (long run = 0; run < runs; ++run) {
    for (int k = 0; k < 2; ++k) {
      Program& p = programs[(k + run) % 2];
      std::string output = dir + "/" + p.name + ".out";
      Timing t = Run(p.path, input, output);
      p.wall.push_back(t.wall_ms);
      p.cpu.push_back(t.cpu_ms);
      if (run == 0) {
        eight::AnswerCheck c = eight::CheckAnswers(parsed, ReadFile(output), {p.shortest});
        std::printf("%-9s output: %s: %s\n", p.name,
                    c.verdict == eight::AnswerVerdict::kAccepted ? "accepted" : "REJECTED",
                    c.message.c_str());
        ok = ok && c.verdict == eight::AnswerVerdict::kAccepted;
      }
      std::remove(output.c_str());
    }
  }
  std::remove(input.c_str());
  rmdir(dir.c_str());

  std::printf("eight-multi: %ld boards (seed %llu, uniform, %ld%% unsolvable), %ld runs each, alternating\n",
              boards, seed, unsolvable, runs);
  for (Program& p : programs)
    std::printf("%-9s median wall %9.2f ms   median cpu %9.2f ms\n", p.name, Median(p.wall),
                Median(p.cpu));
  std::printf("ratio baseline/reference: wall %.1fx, cpu %.1fx\n",
              Median(programs[1].wall) / Median(programs[0].wall),
              Median(programs[1].cpu) / std::max(Median(programs[0].cpu), 1e-3));
  return ok ? 0 : 1;
}
