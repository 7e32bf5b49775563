// Input validator (a folder program): every number within [-999.999, 999.999]; with
// --exactly-n N the count must be N. Exit 42 valid, 43 not.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "bounds.h"

int main(int argc, char** argv) {
  long exactly = -1;
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], "--exactly-n") == 0) exactly = std::atol(argv[i + 1]);
  long n = 0;
  if (std::scanf("%ld", &n) != 1 || n < 1) return kInvalid;
  if (exactly >= 0 && n != exactly) return kInvalid;
  for (long i = 0; i < n; ++i) {
    double x = 0;
    if (std::scanf("%lf", &x) != 1 || std::fabs(x) > kMaxAbs) return kInvalid;
  }
  return kValid;
}
