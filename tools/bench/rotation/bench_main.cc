// rotation_bench: the reference solver against the classic IDA* baseline, side by
// side, process start and table building included.
//
//   rotation_bench [--boards N] [--seed S] [--rounds R] [--dir D]
//
// Writes N uniformly random boards (a shuffle of eight 1s, 2s and 3s; default 200)
// to D/rotation_bench.in, then runs rotation_bench_reference and rotation_bench_baseline
// (found next to this executable) alternately R times (default 5) on that file, each a
// fresh process with stdin from the file and stdout to a file; the same for the
// statically linked pair (*_static). Reports, per linking, the median wall and CPU
// time of each and the ratio of the medians, and checks that both printed the same
// answers. For scale it also times the reference on an input with no boards
// (process start and input parsing only: the table is built on the first board).
// Exit 0 on success, 1 when the answers differ or a run fails.
#include <sys/resource.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "common/rng.h"

namespace {

struct Timing {
  double wall_ms = 0, cpu_ms = 0;
};

std::string Slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Runs program < in > out as a fresh process; false on a failed start or exit != 0.
bool Run(const std::string& program, const std::string& in, const std::string& out,
         Timing* t) {
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid < 0) return false;
  if (pid == 0) {
    const int fd_in = open(in.c_str(), O_RDONLY);
    const int fd_out = open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd_in < 0 || fd_out < 0) _exit(127);
    dup2(fd_in, 0);
    dup2(fd_out, 1);
    execl(program.c_str(), program.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  int status = 0;
  rusage usage{};
  if (wait4(pid, &status, 0, &usage) != pid) return false;
  const auto end = std::chrono::steady_clock::now();
  t->wall_ms = std::chrono::duration<double, std::milli>(end - start).count();
  t->cpu_ms = (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3 +
              (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}


// The same boards on every machine (common/rng.h).
std::string UniformBoards(int count, uint64_t seed) {
  common::Rng rng(seed);
  std::string text;
  for (int b = 0; b < count; ++b) {
    int cells[24];
    for (int i = 0; i < 24; ++i) cells[i] = 1 + i / 8;
    for (int i = 23; i > 0; --i) std::swap(cells[i], cells[rng.Next() % (i + 1)]);
    for (int i = 0; i < 24; ++i) text += std::to_string(cells[i]) + (i < 23 ? " " : "\n");
  }
  return text + "0\n";
}

std::string Directory(const char* argv0) {
  std::string self = argv0;
  char buf[4096];
  const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n > 0) self.assign(buf, n);
  const size_t slash = self.rfind('/');
  return slash == std::string::npos ? "." : self.substr(0, slash);
}

}  // namespace

int main(int argc, char** argv) {
  int boards = 200, rounds = 5;
  uint64_t seed = 2286;
  std::string dir = "/tmp";
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--boards") boards = std::atoi(argv[i + 1]);
    else if (flag == "--seed") seed = std::strtoull(argv[i + 1], nullptr, 10);
    else if (flag == "--rounds") rounds = std::atoi(argv[i + 1]);
    else if (flag == "--dir") dir = argv[i + 1];
    else {
      std::fprintf(stderr, "rotation_bench: unknown flag %s\n", flag.c_str());
      return 2;
    }
  }
  if (boards < 1 || rounds < 1) {
    std::fprintf(stderr, "rotation_bench: --boards and --rounds must be positive\n");
    return 2;
  }
  const std::string bin = Directory(argv[0]);
  const std::string in = dir + "/rotation_bench.in";
  const std::string empty_in = dir + "/rotation_bench.empty.in";
  std::ofstream(in) << UniformBoards(boards, seed);
  std::ofstream(empty_in) << "0\n";

  // Both programs linked the usual way (dynamically) and statically: the reference's
  // total is small enough that the dynamic loader's ~0.7 ms is a large share of it.
  struct Pair {
    const char* linking;
    std::string reference, baseline;
    std::vector<double> ref_wall, ref_cpu, base_wall, base_cpu, start_wall, start_cpu;
  };
  std::vector<Pair> pairs = {
      {"dynamic", bin + "/rotation_bench_reference", bin + "/rotation_bench_baseline"},
      {"static", bin + "/rotation_bench_reference_static",
       bin + "/rotation_bench_baseline_static"}};
  for (int r = 0; r < rounds; ++r) {
    for (Pair& p : pairs) {
      const std::string out_ref = dir + "/rotation_bench.reference." + p.linking + ".out";
      const std::string out_base = dir + "/rotation_bench.baseline." + p.linking + ".out";
      Timing a, b, s;
      if (!Run(p.reference, in, out_ref, &a) || !Run(p.baseline, in, out_base, &b) ||
          !Run(p.reference, empty_in, out_ref + ".empty", &s)) {
        std::fprintf(stderr, "rotation_bench: a %s run failed (round %d)\n", p.linking, r + 1);
        return 1;
      }
      if (Slurp(out_ref) != Slurp(out_base)) {
        std::fprintf(stderr, "rotation_bench: answers differ: %s vs %s\n", out_ref.c_str(),
                     out_base.c_str());
        return 1;
      }
      p.ref_wall.push_back(a.wall_ms);
      p.ref_cpu.push_back(a.cpu_ms);
      p.base_wall.push_back(b.wall_ms);
      p.base_cpu.push_back(b.cpu_ms);
      p.start_wall.push_back(s.wall_ms);
      p.start_cpu.push_back(s.cpu_ms);
      std::printf("round %d, %s: reference %.2f ms wall (%.2f cpu), baseline %.1f ms wall "
                  "(%.1f cpu)\n",
                  r + 1, p.linking, a.wall_ms, a.cpu_ms, b.wall_ms, b.cpu_ms);
    }
  }
  std::printf("%d uniform boards (seed %llu), %d rounds, identical answers\n", boards,
              static_cast<unsigned long long>(seed), rounds);
  for (const Pair& p : pairs) {
    const double rw = Median(p.ref_wall), rc = Median(p.ref_cpu);
    const double bw = Median(p.base_wall), bc = Median(p.base_cpu);
    std::printf("%s linking:\n", p.linking);
    std::printf("  median reference: %.2f ms wall, %.2f ms cpu\n", rw, rc);
    std::printf("  median baseline:  %.1f ms wall, %.1f ms cpu\n", bw, bc);
    std::printf("  ratio baseline/reference: %.0fx wall, %.0fx cpu\n", bw / rw, bc / rc);
    std::printf("  reference process start without boards (no table): %.2f ms wall, %.2f ms "
                "cpu\n",
                Median(p.start_wall), Median(p.start_cpu));
  }
  return 0;
}
