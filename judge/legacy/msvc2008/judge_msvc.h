// What Microsoft's C++ compiler of POJ's "C++" gave contest code that g++ does not:
// __int64, the itoa family, MSVC's size prefixes in printf and scanf formats (%I64d),
// and the C library that its <iostream> brought in. Included first by entry.cpp, the
// translation unit of the cpp98-poj-msvc profile (docs/grading.md, "Legacy C++
// profiles"). The pre-standard headers (<iostream.h>, ...) are beside this file.
#ifndef JUDGE_MSVC_H_
#define JUDGE_MSVC_H_

// MSVC's <iostream> included these (printf, scanf, memset, strlen, exit, abs, qsort
// worked with <iostream> alone). Included before the macros below, so that a later
// #include <cstdio> (include guards) cannot #undef them.
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>

// MSVC's sized integer types. Macros, not typedefs: `unsigned __int64` must work.
#define __int64 long long
#define __int32 int
#define __int16 short
#define __int8 char

// MSVC's size prefixes in a printf or scanf conversion, rewritten to C99's: I64 -> ll,
// I32 -> none, I (pointer-sized) -> z. glibc reads "I" as its own flag (locale digits)
// and "64" as a width, so "%I64d" would print an int padded to 64 columns and scan
// into half of a long long. out must hold strlen(fmt) + 1 bytes: the rewrite never
// lengthens a format. Returns out.
inline char* judge_msvc_rewrite(const char* fmt, char* out) {
  char* o = out;
  const char* p = fmt;
  while (*p) {
    if (*p != '%') {
      *o++ = *p++;
      continue;
    }
    *o++ = *p++;
    while (*p && std::strchr("-+ #0123456789.*'", *p)) *o++ = *p++;  // flags, width, precision
    if (p[0] == 'I' && p[1] == '6' && p[2] == '4') {
      *o++ = 'l';
      *o++ = 'l';
      p += 3;
    } else if (p[0] == 'I' && p[1] == '3' && p[2] == '2') {
      p += 3;
    } else if (p[0] == 'I') {
      *o++ = 'z';
      p += 1;
    }
    if (*p) *o++ = *p++;  // the conversion, or the second '%' of "%%"
  }
  *o = '\0';
  return out;
}

// A format as glibc needs it, for the duration of one call. Formats without an 'I'
// (nearly all) are used as they are, without copying.
class judge_msvc_format {
 public:
  explicit judge_msvc_format(const char* fmt) : text_(fmt), heap_(0) {
    if (!std::strchr(fmt, 'I')) return;
    std::size_t bytes = std::strlen(fmt) + 1;
    char* out = bytes <= sizeof small_ ? small_ : (heap_ = static_cast<char*>(std::malloc(bytes)));
    if (out) text_ = judge_msvc_rewrite(fmt, out);  // out of memory: the format as written
  }
  ~judge_msvc_format() { std::free(heap_); }
  const char* text() const { return text_; }

 private:
  judge_msvc_format(const judge_msvc_format&);  // not copyable (C++98)
  judge_msvc_format& operator=(const judge_msvc_format&);
  const char* text_;
  char* heap_;
  char small_[256];
};

inline int judge_msvc_printf(const char* fmt, ...) {
  judge_msvc_format f(fmt);
  va_list ap;
  va_start(ap, fmt);
  int n = std::vprintf(f.text(), ap);
  va_end(ap);
  return n;
}

inline int judge_msvc_fprintf(std::FILE* to, const char* fmt, ...) {
  judge_msvc_format f(fmt);
  va_list ap;
  va_start(ap, fmt);
  int n = std::vfprintf(to, f.text(), ap);
  va_end(ap);
  return n;
}

inline int judge_msvc_sprintf(char* to, const char* fmt, ...) {
  judge_msvc_format f(fmt);
  va_list ap;
  va_start(ap, fmt);
  int n = std::vsprintf(to, f.text(), ap);
  va_end(ap);
  return n;
}

inline int judge_msvc_scanf(const char* fmt, ...) {
  judge_msvc_format f(fmt);
  va_list ap;
  va_start(ap, fmt);
  int n = vscanf(f.text(), ap);
  va_end(ap);
  return n;
}

inline int judge_msvc_fscanf(std::FILE* from, const char* fmt, ...) {
  judge_msvc_format f(fmt);
  va_list ap;
  va_start(ap, fmt);
  int n = vfscanf(from, f.text(), ap);
  va_end(ap);
  return n;
}

inline int judge_msvc_sscanf(const char* from, const char* fmt, ...) {
  judge_msvc_format f(fmt);
  va_list ap;
  va_start(ap, fmt);
  int n = vsscanf(from, f.text(), ap);
  va_end(ap);
  return n;
}

// std::printf and `using std::printf` (libstdc++'s <ext/rope> has one) keep working.
namespace std {
using ::judge_msvc_fprintf;
using ::judge_msvc_fscanf;
using ::judge_msvc_printf;
using ::judge_msvc_scanf;
using ::judge_msvc_sprintf;
using ::judge_msvc_sscanf;
}  // namespace std

#define printf judge_msvc_printf
#define fprintf judge_msvc_fprintf
#define sprintf judge_msvc_sprintf
#define scanf judge_msvc_scanf
#define fscanf judge_msvc_fscanf
#define sscanf judge_msvc_sscanf

// The digits of magnitude in base radix (2..36, lower-case letters), after a '-' when
// negative, into to, which the caller sized as MSVC's callers did (33 bytes for 32
// bits, 65 for 64). Another radix gives "". Returns to.
inline char* judge_msvc_to_text(unsigned long long magnitude, bool negative, char* to, int radix) {
  char* o = to;
  if (radix >= 2 && radix <= 36) {
    if (negative) *o++ = '-';
    char digits[64];
    int n = 0;
    do {
      digits[n++] = "0123456789abcdefghijklmnopqrstuvwxyz"[magnitude % radix];
      magnitude /= radix;
    } while (magnitude != 0);
    while (n > 0) *o++ = digits[--n];
  }
  *o = '\0';
  return to;
}

// As MSVC: a negative value is written with '-' in base 10 only; in any other base
// its bits are read as unsigned.
inline char* _itoa(int value, char* to, int radix) {
  if (radix == 10 && value < 0) return judge_msvc_to_text(0U - static_cast<unsigned>(value), true, to, radix);
  return judge_msvc_to_text(static_cast<unsigned>(value), false, to, radix);
}
inline char* _ltoa(long value, char* to, int radix) {
  if (radix == 10 && value < 0) return judge_msvc_to_text(0UL - static_cast<unsigned long>(value), true, to, radix);
  return judge_msvc_to_text(static_cast<unsigned long>(value), false, to, radix);
}
inline char* _i64toa(long long value, char* to, int radix) {
  if (radix == 10 && value < 0)
    return judge_msvc_to_text(0ULL - static_cast<unsigned long long>(value), true, to, radix);
  return judge_msvc_to_text(static_cast<unsigned long long>(value), false, to, radix);
}
inline char* _ultoa(unsigned long value, char* to, int radix) { return judge_msvc_to_text(value, false, to, radix); }
inline char* _ui64toa(unsigned long long value, char* to, int radix) {
  return judge_msvc_to_text(value, false, to, radix);
}
// The old names MSVC still accepted (with a deprecation warning).
inline char* itoa(int value, char* to, int radix) { return _itoa(value, to, radix); }
inline char* ltoa(long value, char* to, int radix) { return _ltoa(value, to, radix); }
inline char* ultoa(unsigned long value, char* to, int radix) { return _ultoa(value, to, radix); }

inline long long _atoi64(const char* text) { return std::strtoll(text, 0, 10); }

#endif  // JUDGE_MSVC_H_
