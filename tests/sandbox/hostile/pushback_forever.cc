// push_back forever: MLE, and neither the judge nor the host notice.
#include <vector>
int main() {
  std::vector<long> v;
  for (long i = 0;; ++i) v.push_back(i);
}
