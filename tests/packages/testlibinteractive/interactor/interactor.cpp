// testlib interactor: the submission asks "? i" for the i-th number (at most n + 1
// questions) and ends with "! x"; the interactor writes x and the count to its output
// file for the checker.
#include <iostream>
#include <vector>

#include "testlib.h"

int main(int argc, char** argv) {
  registerInteraction(argc, argv);
  int n = inf.readInt();
  std::vector<int> a(static_cast<std::size_t>(n));
  for (auto& x : a) x = inf.readInt();
  std::cout << n << std::endl;
  for (int asked = 0;; ++asked) {
    std::string what = ouf.readToken();
    if (what == "!") {
      int x = ouf.readInt();
      tout << x << " " << asked << "\n";
      tout.close();
      quitf(_ok, "answered %d after %d questions", x, asked);
    }
    if (what != "?") quitf(_wa, "expected ? or !, found %s", what.c_str());
    if (asked == n + 1) quitf(_wa, "more than %d questions", n + 1);
    int i = ouf.readInt();
    if (i < 1 || i > n) quitf(_wa, "index %d out of range", i);
    std::cout << a[static_cast<std::size_t>(i - 1)] << std::endl;
  }
}
