// Generator of "Proper Divisor" (Polygon's convention: the test on stdout, arguments
// from the command): gen <p> <q> prints p x q; both must be above 1.
#include <cstdlib>

#include "testlib.h"

int main(int argc, char** argv) {
  if (argc != 3) quitf(_fail, "usage: gen <p> <q>");
  const long long p = std::atoll(argv[1]), q = std::atoll(argv[2]);
  if (p < 2 || q < 2) quitf(_fail, "expected factors above 1, found %lld and %lld", p, q);
  std::printf("%lld\n", p * q);
}
