// A small testlib-compatible header written for this judge's tests: what an
// interactor and a checker here use (registerInteraction, registerTestlibCmd, inf, ouf,
// ans, tout, readInt, readToken, quitf). Exit codes as testlib: 0 ok, 1 wrong answer,
// 2 presentation error, 3 fail; the verdict line on stderr.
#pragma once
#include <cctype>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

enum TResult { _ok = 0, _wa = 1, _pe = 2, _fail = 3 };

[[noreturn]] inline void quitf(TResult r, const char* fmt, ...) {
  static const char* kNames[] = {"ok", "wrong answer", "wrong output format", "FAIL"};
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  std::fprintf(stderr, "%s %s\n", kNames[r], buf);
  std::exit(r);
}

class InStream {
 public:
  void init(std::FILE* f, TResult on_error) {
    f_ = f;
    on_error_ = on_error;
  }
  void open(const char* path, TResult on_error) {
    std::FILE* f = std::fopen(path, "rb");
    if (!f) quitf(_fail, "cannot open %s", path);
    init(f, on_error);
  }
  std::string readToken() {
    int c;
    while ((c = std::getc(f_)) != EOF && std::isspace(c)) {
    }
    std::string t;
    for (; c != EOF && !std::isspace(c); c = std::getc(f_)) t += static_cast<char>(c);
    if (t.empty()) quitf(on_error_, "unexpected end of file");
    return t;
  }
  int readInt() {
    std::string t = readToken();
    char* end = nullptr;
    long v = std::strtol(t.c_str(), &end, 10);
    if (*end != '\0') quitf(on_error_ == _fail ? _fail : _pe, "expected an integer, found \"%s\"", t.c_str());
    return static_cast<int>(v);
  }

 private:
  std::FILE* f_ = stdin;
  TResult on_error_ = _fail;
};

inline InStream inf, ouf, ans;
inline std::ofstream tout;

// interactor input output_file [answer]: the contestant's output is ouf (stdin).
inline void registerInteraction(int argc, char** argv) {
  if (argc < 3) quitf(_fail, "usage: interactor input output [answer]");
  inf.open(argv[1], _fail);
  tout.open(argv[2]);
  if (!tout) quitf(_fail, "cannot open %s", argv[2]);
  ouf.init(stdin, _wa);
  if (argc > 3) ans.open(argv[3], _fail);
}

// checker input output answer
inline void registerTestlibCmd(int argc, char** argv) {
  if (argc < 4) quitf(_fail, "usage: checker input output answer");
  inf.open(argv[1], _fail);
  ouf.open(argv[2], _pe);
  ans.open(argv[3], _fail);
}
