// Helpers for the end-to-end tests: run the built `judge` executable, make small
// problem packages and submissions in a temporary directory.
#ifndef JUDGE_TESTS_CLI_CLI_UTIL_H_
#define JUDGE_TESTS_CLI_CLI_UTIL_H_

#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace judge::clitest {

inline std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

inline void WriteAll(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
}

inline std::string Quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') out += "'\\''";
    else out += c;
  }
  return out + "'";
}

struct Ran {
  int exit_code = -1;
  std::string out;
  std::string err;
};

class Sandbox {
 public:
  Sandbox() {
    std::string t = "/tmp/judge-cli-test-XXXXXX";
    char* p = mkdtemp(t.data());
    dir_ = p ? p : "/tmp";
    chmod(dir_.c_str(), 0755);
  }
  ~Sandbox() {
    std::string cmd = "rm -rf " + Quote(dir_);
    if (system(cmd.c_str()) != 0) {
    }
  }
  const std::string& dir() const { return dir_; }
  std::string Path(const std::string& rel) const { return dir_ + "/" + rel; }
  std::string Mkdir(const std::string& rel) const {
    std::string cmd = "mkdir -p " + Quote(Path(rel));
    if (system(cmd.c_str()) != 0) return "";
    return Path(rel);
  }
  std::string File(const std::string& rel, const std::string& text) const {
    auto slash = rel.rfind('/');
    if (slash != std::string::npos) Mkdir(rel.substr(0, slash));
    WriteAll(Path(rel), text);
    return Path(rel);
  }

  // Runs `judge args...` with extra environment assignments; captures both streams.
  Ran Judge(const std::vector<std::string>& args, const std::string& env = "") const {
    static int n = 0;
    ++n;
    std::string out = Path("stdout." + std::to_string(n));
    std::string err = Path("stderr." + std::to_string(n));
    std::string cmd = env + " " + Quote(JUDGE_EXE);
    for (const auto& a : args) cmd += " " + Quote(a);
    cmd += " >" + Quote(out) + " 2>" + Quote(err) + " </dev/null";
    int status = system(cmd.c_str());
    Ran r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out = ReadAll(out);
    r.err = ReadAll(err);
    return r;
  }

 private:
  std::string dir_;
};

inline std::string Problems() { return JUDGE_PROBLEMS_DIR; }

inline int CountLines(const std::string& s) {
  int n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

}  // namespace judge::clitest

#endif  // JUDGE_TESTS_CLI_CLI_UTIL_H_
