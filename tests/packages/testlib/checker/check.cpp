// testlib checker: the output is a sum of two distinct elements, as close to the target
// as the jury's; a pair not quite as close gets partial points; not a sum: WA; junk: PE.
#include <cstdlib>
#include <set>
#include <vector>

#include "testlib.h"

int main(int argc, char** argv) {
  registerTestlibCmd(argc, argv);
  int n = inf.readInt();
  long long target = inf.readLong();
  std::vector<long long> a(static_cast<std::size_t>(n));
  for (auto& x : a) x = inf.readLong();
  long long best = ans.readLong();
  long long got = ouf.readLong();
  if (!ouf.seekEof()) quitf(_pe, "extra output after the sum");
  std::set<long long> sums;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) sums.insert(a[static_cast<std::size_t>(i)] + a[static_cast<std::size_t>(j)]);
  if (!sums.count(got)) quitf(_wa, "%lld is not the sum of two elements", got);
  long long want = std::llabs(best - target), have = std::llabs(got - target);
  if (have < want) quitf(_fail, "the contestant beat the jury: %lld", got);
  if (have > want) quitp(0.5, "%lld is a sum, but %lld is closer to %lld", got, best, target);
  quitf(_ok, "%lld", got);
}
