// A small testlib-compatible header written for this judge's tests (the same subset as
// tests/packages/testlib/checker/testlib.h): registerTestlibCmd, the inf/ouf/ans streams,
// readInt/readLong/readToken/seekEof, quitf, quitp. Exit codes as testlib: 0 ok, 1 wrong
// answer, 2 presentation error, 3 fail, 7 points; the verdict line on stderr.
#pragma once
#include <cctype>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <string>

enum TResult { _ok = 0, _wa = 1, _pe = 2, _fail = 3, _points = 7 };

[[noreturn]] inline void quitf(TResult r, const char* fmt, ...) {
  static const char* kNames[] = {"ok", "wrong answer", "wrong output format", "FAIL"};
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  std::fprintf(stderr, "%s %s\n", r <= _fail ? kNames[r] : "points", buf);
  std::exit(r);
}

[[noreturn]] inline void quitp(double points, const char* fmt, ...) {
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  std::fprintf(stderr, "points %.6f %s\n", points, buf);
  std::exit(_points);
}

// One input stream; a read that fails is the owner's fault: WA/PE for the
// contestant's output, FAIL for the jury's files.
class InStream {
 public:
  void init(const char* path, TResult on_error) {
    f_ = std::fopen(path, "rb");
    on_error_ = on_error;
    if (!f_) quitf(_fail, "cannot open %s", path);
  }
  std::string readToken() {
    SkipSpace();
    std::string t;
    for (int c = std::getc(f_); c != EOF && !std::isspace(c); c = std::getc(f_)) t += static_cast<char>(c);
    if (t.empty()) quitf(on_error_, "unexpected end of file");
    return t;
  }
  long long readLong() {
    std::string t = readToken();
    char* end = nullptr;
    long long v = std::strtoll(t.c_str(), &end, 10);
    if (*end != '\0') quitf(on_error_ == _fail ? _fail : _pe, "expected an integer, found \"%s\"", t.c_str());
    return v;
  }
  int readInt() { return static_cast<int>(readLong()); }
  bool seekEof() {
    SkipSpace();
    int c = std::getc(f_);
    if (c == EOF) return true;
    std::ungetc(c, f_);
    return false;
  }

 private:
  void SkipSpace() {
    int c;
    while ((c = std::getc(f_)) != EOF && std::isspace(c)) {
    }
    if (c != EOF) std::ungetc(c, f_);
  }
  std::FILE* f_ = nullptr;
  TResult on_error_ = _fail;
};

inline InStream inf, ouf, ans;

// checker input output answer
inline void registerTestlibCmd(int argc, char** argv) {
  if (argc < 4) quitf(_fail, "usage: checker input output answer");
  inf.init(argv[1], _fail);
  ouf.init(argv[2], _pe);
  ans.init(argv[3], _fail);
}
