// The run path's cost, whole processes side by side on one machine (medians of
// interleaved runs, so both sides see the same load):
//   1. `judge run -- ./empty` against spawning ./empty bare, and against isolate
//      1.10's `--run` of the same binary when ISOLATE is set (target <= 1.0x isolate's
//      `--run`: issue 33)
//      beside `judge run --help`: the judge's own start and exit (the executable
//      loaded, its libraries and the C++ runtime started, options parsed), no run
//   2. `judge grade` of 1,000 tiny A+B tests (the binary, --lang binary, no store)
//      against spawning the binary bare on each input, stdin and stdout redirected
//                                                      (target <= 2.0x: issue 33)
//      beside it, with ISOLATE set: the binary run by isolate's `--run` on each input
//      in one box (what a script around isolate does; no output checked)
//   3. the same grade with --jobs 2 against --jobs 1  (target >= 0.9 x the host's own
//      speed-up, below)
//      beside what the host itself allows: the bare loop split between two
//      spawning threads against one (process creation does not scale on every
//      host: on a virtual machine whose page-table updates trap to the hypervisor,
//      two bare spawners can be slower than one)
//
//   runpath_bench [rounds=5] [runs=200] [before-judge]   (as root: the sandbox needs it)
//
// With before-judge (another build's `judge`, its keeper beside it), every figure is
// also taken for that build, interleaved with this one's, and printed beside it: a
// before/after comparison under the same load.
//
// With JUDGE=<path> in the environment, "this build" is the judge there (a copy of
// this build with its keeper, languages.yaml, legacy/ and plugins/ beside it) instead
// of the build tree's.
//
// With ISOLATE=<path to an isolate 1.x binary> in the environment (built from its
// source, with its config file in place: docs/figures.md, "runpath"), figure 1 also
// takes isolate's `--run` of the same binary in the same rounds: in a box without
// cgroups (isolate's default) and in one with them (`--cg`, as the judge always has
// when the host offers them). Boxes ISOLATE_BOX (default 7) and the next one are
// made with --init first and removed with --cleanup at the end. Beside them, isolate
// used once as `judge run` is: a box made (--init), the run with the binary's
// directory bound in (--dir), the box removed (--cleanup), all three timed, in boxes
// ISOLATE_BOX + 2 (without cgroups) and + 3 (--cg).
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace {

namespace sfs = std::filesystem;
using Clock = std::chrono::steady_clock;
constexpr int kTests = 1000;

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Spawns argv with stdin/stdout from/to the given files ("" = inherit, stdout "-" =
// /dev/null; quiet: stderr to /dev/null too), waits, and returns the wall time in ms;
// exits on failure (with check: also when the command fails).
double Spawn(const std::vector<std::string>& argv, const std::string& in = "", const std::string& out = "-",
             bool quiet = false, bool check = true) {
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  if (!in.empty()) posix_spawn_file_actions_addopen(&fa, 0, in.c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 1, out == "-" ? "/dev/null" : out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (quiet) posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  auto t0 = Clock::now();
  pid_t pid = 0;
  if (posix_spawn(&pid, args[0], &fa, nullptr, args.data(), environ) != 0) {
    std::fprintf(stderr, "runpath_bench: cannot spawn %s\n", args[0]);
    std::exit(3);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  double ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  posix_spawn_file_actions_destroy(&fa);
  if (check && (!WIFEXITED(status) || WEXITSTATUS(status) != 0)) {
    std::fprintf(stderr, "runpath_bench: %s failed (status %d)\n", argv[0].c_str(), status);
    std::exit(3);
  }
  return ms;
}

void Write(const std::string& path, const std::string& text) { std::ofstream(path) << text; }

// A package of kTests A+B tests with the exact checker.
void MakePackage(const std::string& dir) {
  sfs::create_directories(dir + "/data/secret");
  Write(dir + "/problem.yaml",
        "name: Sum\nlimits:\n  time_ms: 1000\n  memory_kib: 65536\n  output_kib: 64\nchecker:\n  type: exact\n");
  for (int i = 0; i < kTests; ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "%04d", i);
    Write(dir + "/data/secret/" + name + ".in", std::to_string(i) + " " + std::to_string(2 * i) + "\n");
    Write(dir + "/data/secret/" + name + ".ans", std::to_string(3 * i) + "\n");
  }
}

// isolate 1.x (ISOLATE in the environment): two boxes, one without cgroups and one
// with (--cg), each holding the empty binary.
struct Isolate {
  std::string path;
  int box = 7;
  std::vector<double> run, run_cg, once, once_cg, loop;

  std::vector<std::string> Command(int id, bool cg, const std::vector<std::string>& rest) const {
    std::vector<std::string> argv = {path, "--box-id=" + std::to_string(id)};
    if (cg) argv.push_back("--cg");
    argv.insert(argv.end(), rest.begin(), rest.end());
    return argv;
  }
  // A fresh box; --init prints its directory.
  void Init(int id, bool cg, const std::string& empty) const {
    Spawn(Command(id, cg, {"--cleanup"}), "", "-", true, false);  // a box left by an earlier run
    const std::string out = "/dev/shm/judge-runpath-isolate-init";
    Spawn(Command(id, cg, {"--init"}), "", out, true);
    std::string dir;
    std::getline(std::ifstream(out), dir);
    sfs::remove(out);
    sfs::copy_file(empty, dir + "/box/empty", sfs::copy_options::overwrite_existing);
  }
  void Start(const std::string& empty) const {
    Init(box, false, empty);
    Init(box + 1, true, empty);
    for (int id : {box + 2, box + 3})  // boxes left by an earlier run
      Spawn(Command(id, id == box + 3, {"--cleanup"}), "", "-", true, false);
  }
  // The binary `sum` of dir, bound at /work, run on each input in the box without
  // cgroups: the wall time of the loop in ms.
  double Loop(const std::string& dir, const std::vector<std::string>& ins, const std::string& out) const {
    auto t0 = Clock::now();
    const auto argv = Command(box, false, {"--dir=/work=" + dir, "--run", "--", "/work/sum"});
    for (const auto& in : ins) Spawn(argv, in, out, true);
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  }
  double Run(bool cg) const {
    return Spawn(Command(cg ? box + 1 : box, cg, {"--run", "--", "./empty"}), "", "-", true);
  }
  // --init, --run of dir's ./empty bound at /work, --cleanup: the sum of the three.
  double Once(bool cg, const std::string& dir) const {
    const int id = cg ? box + 3 : box + 2;
    return Spawn(Command(id, cg, {"--init"}), "", "-", true) +
           Spawn(Command(id, cg, {"--dir=/work=" + dir, "--run", "--", "/work/empty"}), "", "-", true) +
           Spawn(Command(id, cg, {"--cleanup"}), "", "-", true);
  }
  void Cleanup() const {
    Spawn(Command(box, false, {"--cleanup"}), "", "-", true);
    Spawn(Command(box + 1, true, {"--cleanup"}), "", "-", true);
  }
};

}  // namespace

// The figures of one judge build.
struct Judge {
  std::string label;  // "after" (this build) or "before"
  std::string path;
  std::vector<double> run, start, g1, g2;
};

int main(int argc, char** argv) {
  const int rounds = argc > 1 ? std::atoi(argv[1]) : 5;
  const int runs = argc > 2 ? std::atoi(argv[2]) : 200;
  // JUDGE=<path>: "this build" is a copy elsewhere (docs/figures.md, runpath: the same
  // binary runs slower from the build tree than from a copy in /tmp, so a comparison
  // copies both builds out of the tree).
  const char* copy = std::getenv("JUDGE");
  std::vector<Judge> judges = {{"this build", copy != nullptr && *copy ? copy : JUDGE_BINARY, {}, {}, {}, {}}};
  if (argc > 3) judges.push_back({"before", argv[3], {}, {}, {}, {}});
  const std::string root = "/dev/shm/judge-runpath-bench";
  sfs::remove_all(root);
  sfs::create_directories(root + "/box");
  sfs::copy_file(EMPTY_BINARY, root + "/box/empty");
  sfs::copy_file(SUM_BINARY, root + "/sum");
  MakePackage(root + "/pkg");
  std::optional<Isolate> isolate;
  if (const char* path = std::getenv("ISOLATE"); path && *path) {
    isolate.emplace();
    isolate->path = path;
    if (const char* box = std::getenv("ISOLATE_BOX"); box && *box) isolate->box = std::atoi(box);
    isolate->Start(root + "/box/empty");
  }

  // 1. One run, whole process.
  std::vector<double> bare;
  auto judge_run = [&](const Judge& j) {
    return std::vector<std::string>{j.path, "run", "--dir", root + "/box", "--", "./empty"};
  };
  for (const Judge& j : judges)
    for (int i = 0; i < 5; ++i) Spawn(judge_run(j));  // warm-up: slots, caches
  // Every measurement of a round, in an order rotated by one each round and reversed
  // every other round: each sits at every place, and after every other, equally often.
  // In a fixed order the judge measured first was about 1.8 ms slower than the second,
  // whichever build it was (the work a keeper does after its run, an isolate run and a
  // bare spawn weigh differently on what comes next).
  std::vector<std::function<void()>> steps = {[&] { bare.push_back(Spawn({root + "/box/empty"})); }};
  for (Judge& j : judges) {
    steps.push_back([&] { j.run.push_back(Spawn(judge_run(j))); });
    steps.push_back([&] { j.start.push_back(Spawn({j.path, "run", "--help"})); });
  }
  if (isolate) {
    steps.push_back([&] { isolate->run.push_back(isolate->Run(false)); });
    steps.push_back([&] { isolate->run_cg.push_back(isolate->Run(true)); });
    steps.push_back([&] { isolate->once.push_back(isolate->Once(false, root + "/box")); });
    steps.push_back([&] { isolate->once_cg.push_back(isolate->Once(true, root + "/box")); });
  }
  const std::size_t n = steps.size();
  for (int i = 0; i < runs; ++i)
    for (std::size_t k = 0; k < n; ++k) steps[(i % 2 == 0 ? i + k : i + n - 1 - k) % n]();
  const double mb = Median(bare);
  std::printf("1. one run, %d interleaved rounds\n", runs);
  std::printf("   bare spawn of an empty static binary : median %7.3f ms\n", mb);
  if (isolate) {
    const double mi = Median(isolate->run), mc = Median(isolate->run_cg);
    std::printf("   isolate --run -- ./empty             : median %7.3f ms, %.2fx bare\n", mi, mi / mb);
    std::printf("   isolate --cg --run -- ./empty        : median %7.3f ms, %.2fx bare\n", mc, mc / mb);
    std::printf("   isolate once: --init, --run, --cleanup: median %7.3f ms (--cg: %.3f ms)\n", Median(isolate->once),
                Median(isolate->once_cg));
  }
  for (const Judge& j : judges) {
    const double mr = Median(j.run), ms = Median(j.start);
    std::printf("   [%s] judge run -- ./empty          : median %7.3f ms, %.2fx bare\n",
                j.label.c_str(), mr, mr / mb);
    std::printf("   [%s] judge run --help (start, exit): median %7.3f ms (%.2fx bare; %.3f ms left for the run)\n",
                j.label.c_str(), ms, ms / mb, mr - ms);
    if (isolate) {
      std::printf("   [%s] judge run over isolate --run: %.2fx, over isolate --cg --run: %.2fx (target <= 1)\n",
                  j.label.c_str(), mr / Median(isolate->run), mr / Median(isolate->run_cg));
      std::printf("   [%s] judge run over isolate once: %.2fx, over isolate --cg once: %.2fx\n", j.label.c_str(),
                  mr / Median(isolate->once), mr / Median(isolate->once_cg));
    }
  }

  // 2 and 3. 1,000 tests: bare loop, grade --jobs 1, grade --jobs 2, interleaved.
  std::vector<std::string> ins;
  for (const auto& e : sfs::directory_iterator(root + "/pkg/data/secret"))
    if (e.path().extension() == ".in") ins.push_back(e.path().string());
  std::sort(ins.begin(), ins.end());
  auto grade = [&](const Judge& j, const char* jobs) {
    return Spawn({j.path, "grade", root + "/pkg", root + "/sum", "--lang", "binary", "--no-db", "--jobs", jobs});
  };
  for (const Judge& j : judges) grade(j, "1");  // warm-up
  // The bare loop by `spawners` threads, each taking every spawners-th input: its
  // wall time in ms.
  auto bare_loop = [&](int spawners) {
    auto t0 = Clock::now();
    std::vector<std::thread> threads;
    for (int t = 0; t < spawners; ++t)
      threads.emplace_back([&, t] {
        const std::string out = root + "/out" + std::to_string(t);
        for (std::size_t i = t; i < ins.size(); i += spawners) Spawn({root + "/sum"}, ins[i], out);
      });
    for (auto& t : threads) t.join();
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  };
  std::vector<double> loop, loop2;
  for (int r = 0; r < rounds; ++r) {
    // The judges' order alternates too (above).
    std::vector<Judge*> order;
    for (std::size_t k = 0; k < judges.size(); ++k) order.push_back(&judges[(r + k) % judges.size()]);
    loop.push_back(bare_loop(1));
    if (isolate) isolate->loop.push_back(isolate->Loop(root, ins, root + "/out-isolate"));
    for (Judge* j : order) j->g1.push_back(grade(*j, "1"));
    loop2.push_back(bare_loop(2));
    for (Judge* j : order) j->g2.push_back(grade(*j, "2"));
  }
  const double ml = Median(loop), ml2 = Median(loop2);
  std::printf("2. %d tiny A+B tests, %d interleaved rounds\n", kTests, rounds);
  std::printf("   bare: the binary spawned on each input: median %8.1f ms (%.3f ms a test)\n", ml, ml / kTests);
  if (isolate)
    std::printf("   isolate --run on each input, one box : median %8.1f ms (%.3f ms a test, %.2fx bare)\n",
                Median(isolate->loop), Median(isolate->loop) / kTests, Median(isolate->loop) / ml);
  for (const Judge& j : judges) {
    const double m1 = Median(j.g1);
    std::printf("   [%s] judge grade --jobs 1   : median %8.1f ms (%.3f ms a test, %.3f ms over bare)\n",
                j.label.c_str(), m1, m1 / kTests, (m1 - ml) / kTests);
    std::printf("   [%s] ratio grade/bare       : %.2fx (target <= 2.0x)\n", j.label.c_str(), m1 / ml);
  }
  std::printf("3. bare loop by 2 spawning threads       : median %8.1f ms\n", ml2);
  std::printf("   the host's own speed-up, 2 over 1     : %.2fx (what --jobs 2 can reach here)\n", ml / ml2);
  for (const Judge& j : judges) {
    const double m1 = Median(j.g1), m2 = Median(j.g2);
    std::printf("   [%s] judge grade --jobs 2   : median %8.1f ms, speed-up over --jobs 1 %.2fx = %.2f x the host's "
                "(target >= 0.9)\n",
                j.label.c_str(), m2, m1 / m2, (m1 / m2) / (ml / ml2));
  }
  if (isolate) isolate->Cleanup();
  sfs::remove_all(root);
  return 0;
}
