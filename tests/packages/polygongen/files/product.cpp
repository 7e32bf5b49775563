// A resource of the package (<files><resources>) that multigen.cpp includes: Polygon
// gives every program the resources in its build directory, and compiles only the
// program's own source.
#include <cstdio>
#include <cstdlib>

// p x q, or exit 3 when a factor is not above 1.
long long Product(long long p, long long q) {
  if (p < 2 || q < 2) {
    std::fprintf(stderr, "expected factors above 1, found %lld and %lld\n", p, q);
    std::exit(3);
  }
  return p * q;
}
