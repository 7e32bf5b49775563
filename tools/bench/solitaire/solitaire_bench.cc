// Side-by-side benchmark of the Solitaire reference solver against the classic contest
// baseline, whole processes timed: start, input, search, output.
//
//   solitaire_bench --reference PROG --baseline PROG [--cases N] [--runs R] [--seed S]
//
// Writes N uniformly random pairs (a fixed SplitMix64 stream from S) to a temporary
// file, then runs the two programs alternately R times each on that same file (stdin
// from the file, stdout to a file). Each run's wall time is measured around fork ..
// wait4, and its peak resident memory is the child's ru_maxrss from wait4. Prints every
// run, the medians, their ratio and the peak RSS of each program; checks the two
// outputs are identical. Exit 0 when the targets hold (median ratio >= 50 and the
// reference's peak RSS <= 16 MiB), 1 when not, 2 on a usage or run failure.
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "common/rng.h"

namespace {

constexpr double kTargetRatio = 50.0;
constexpr long kTargetReferenceRssKib = 16 * 1024;

struct Measurement {
  double wall_s = 0;
  double cpu_s = 0;
  long max_rss_kib = 0;
};


std::string RandomPairs(int cases, uint64_t seed) {
  common::Rng rng(seed);
  std::string text;
  for (int i = 0; i < 2 * cases; ++i) {
    uint64_t used = 0;
    std::string line;
    for (int piece = 0; piece < 4;) {
      const int cell = static_cast<int>(rng.Next() % 64);
      if (used >> cell & 1) continue;
      used |= uint64_t{1} << cell;
      line += (piece ? " " : "") + std::to_string(cell / 8 + 1) + " " + std::to_string(cell % 8 + 1);
      ++piece;
    }
    text += line + "\n";
  }
  return text;
}

// Runs program with stdin from input and stdout to output; exits on failure.
Measurement Run(const std::string& program, const std::string& input, const std::string& output) {
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid < 0) {
    std::perror("solitaire_bench: fork");
    std::exit(2);
  }
  if (pid == 0) {
    const int in = open(input.c_str(), O_RDONLY);
    const int out = open(output.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || out < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0) _exit(126);
    execl(program.c_str(), program.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  int status = 0;
  rusage usage{};
  if (wait4(pid, &status, 0, &usage) != pid) {
    std::perror("solitaire_bench: wait4");
    std::exit(2);
  }
  const auto end = std::chrono::steady_clock::now();
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    std::fprintf(stderr, "solitaire_bench: %s failed (status %d)\n", program.c_str(), status);
    std::exit(2);
  }
  Measurement m;
  m.wall_s = std::chrono::duration<double>(end - start).count();
  m.cpu_s = usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec +
            usage.ru_stime.tv_usec / 1e6;
  m.max_rss_kib = usage.ru_maxrss;  // Linux reports kilobytes
  return m;
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

std::string Slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
}

[[noreturn]] void Usage() {
  std::fprintf(stderr,
               "usage: solitaire_bench --reference PROG --baseline PROG [--cases N] [--runs R] "
               "[--seed S]\n");
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  std::string reference, baseline;
  int cases = 10000, runs = 3;
  uint64_t seed = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i + 1 >= argc) Usage();
    const char* value = argv[++i];
    if (arg == "--reference") reference = value;
    else if (arg == "--baseline") baseline = value;
    else if (arg == "--cases") cases = std::atoi(value);
    else if (arg == "--runs") runs = std::atoi(value);
    else if (arg == "--seed") seed = std::strtoull(value, nullptr, 10);
    else Usage();
  }
  if (reference.empty() || baseline.empty() || cases < 1 || runs < 1) Usage();

  char dir_template[] = "/tmp/solitaire_bench.XXXXXX";
  const char* dir = mkdtemp(dir_template);
  if (!dir) {
    std::perror("solitaire_bench: mkdtemp");
    return 2;
  }
  const std::string input = std::string(dir) + "/pairs.in";
  const std::string out_reference = std::string(dir) + "/reference.out";
  const std::string out_baseline = std::string(dir) + "/baseline.out";
  std::ofstream(input, std::ios::binary) << RandomPairs(cases, seed);
  std::printf("input: %d uniformly random pairs, seed %llu (%s)\n", cases,
              static_cast<unsigned long long>(seed), input.c_str());

  std::vector<double> wall_reference, wall_baseline;
  long rss_reference = 0, rss_baseline = 0;
  bool same = true;
  for (int run = 1; run <= runs; ++run) {
    // Alternate which program goes first, so neither always runs on a warm cache.
    Measurement r, b;
    if (run % 2) {
      r = Run(reference, input, out_reference);
      b = Run(baseline, input, out_baseline);
    } else {
      b = Run(baseline, input, out_baseline);
      r = Run(reference, input, out_reference);
    }
    wall_reference.push_back(r.wall_s);
    wall_baseline.push_back(b.wall_s);
    rss_reference = std::max(rss_reference, r.max_rss_kib);
    rss_baseline = std::max(rss_baseline, b.max_rss_kib);
    same = same && Slurp(out_reference) == Slurp(out_baseline);
    std::printf("run %d: reference %.3f s wall (%.3f s cpu, %ld KiB), baseline %.3f s wall (%.3f s cpu, %ld KiB)\n",
                run, r.wall_s, r.cpu_s, r.max_rss_kib, b.wall_s, b.cpu_s, b.max_rss_kib);
    std::fflush(stdout);
  }
  const std::string answer = Slurp(out_reference);
  const long yes = std::count(answer.begin(), answer.end(), 'Y');
  const double median_reference = Median(wall_reference), median_baseline = Median(wall_baseline);
  const double ratio = median_baseline / median_reference;
  std::printf("answers: %s (%ld YES of %d)\n", same ? "identical" : "DIFFERENT", yes, cases);
  std::printf("median wall: reference %.3f s, baseline %.3f s, ratio %.1fx (target >= %.0fx)\n",
              median_reference, median_baseline, ratio, kTargetRatio);
  std::printf("peak RSS: reference %ld KiB (target <= %ld KiB), baseline %ld KiB\n", rss_reference,
              kTargetReferenceRssKib, rss_baseline);
  for (const std::string& f : {input, out_reference, out_baseline}) unlink(f.c_str());
  rmdir(dir);
  const bool ok = same && ratio >= kTargetRatio && rss_reference <= kTargetReferenceRssKib;
  std::printf("%s\n", ok ? "targets met" : "TARGETS NOT MET");
  return ok ? 0 : 1;
}
