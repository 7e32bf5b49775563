// testlib checker of "Proper Divisor": the output is -1 exactly when the jury's is
// (n is prime), else a divisor d of n with 1 < d < n; anything after it: PE. The
// jury's divisor is ok; another one is right too and gets its points (quitp): Polygon
// counts a test its checker gives points as passed, scored with them.
#include "testlib.h"

int main(int argc, char** argv) {
  registerTestlibCmd(argc, argv);
  long long n = inf.readLong();
  long long jury = ans.readLong();
  long long got = ouf.readLong();
  if (!ouf.seekEof()) quitf(_pe, "extra output after %lld", got);
  if (got == -1) {
    if (jury != -1) quitf(_wa, "-1, but %lld divides %lld", jury, n);
    quitf(_ok, "%lld is prime", n);
  }
  if (got <= 1 || got >= n || n % got != 0) quitf(_wa, "%lld is not a proper divisor of %lld", got, n);
  if (jury == -1) quitf(_fail, "the contestant found %lld dividing %lld, the jury said prime", got, n);
  if (got != jury) quitp(1.0, "%lld divides %lld (the jury's is %lld)", got, n, jury);
  quitf(_ok, "%lld divides %lld", got, n);
}
