// A small helper for this package's output validator (the Kattis protocol): the
// judgement by exit code, the message into <feedback_dir>/judgemessage.txt.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <string>

namespace check {

inline std::string feedback_dir;

[[noreturn]] inline void Verdict(int code, const std::string& message) {
  std::FILE* f = std::fopen((feedback_dir + "judgemessage.txt").c_str(), "w");
  if (f) {
    std::fputs(message.c_str(), f);
    std::fclose(f);
  }
  std::exit(code);
}
[[noreturn]] inline void Accept(const std::string& m) { Verdict(42, m); }
[[noreturn]] inline void Wrong(const std::string& m) { Verdict(43, m); }

}  // namespace check
